// The two processes the campaign kills: the devnet (the exchange and its chain, on its data folder and the
// ports it had, so the app finds it again) and the browser host (the app's core, on its data folder and the
// same keychain items). Each is started as the app's launcher and a person's shell start them, and killed with
// SIGKILL: no handler runs, nothing is flushed.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface Running {
  child: ChildProcess;
  /** the lines it printed last (what a failure shows) */
  tail: string[];
}

/** Spawns `node --import tsx <args>` and waits for every line pattern to have been printed. */
async function startNode(
  args: string[],
  env: NodeJS.ProcessEnv,
  wanted: RegExp[],
  what: string,
): Promise<{ running: Running; matches: RegExpExecArray[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  const keep = (line: string): void => {
    tail.push(line);
    if (tail.length > 30) tail.shift();
  };
  createInterface({ input: child.stderr! }).on('line', keep);
  const matches: (RegExpExecArray | undefined)[] = wanted.map(() => undefined);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${what} did not start within 60 s:\n${tail.join('\n')}`)),
      60_000,
    );
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code ?? signal}) while starting:\n${tail.join('\n')}`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      keep(line);
      wanted.forEach((pattern, i) => (matches[i] ??= pattern.exec(line) ?? undefined));
      if (matches.every(Boolean)) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve();
      }
    });
  });
  return { running: { child, tail }, matches: matches as RegExpExecArray[] };
}

export interface DevnetPlace {
  dataDir: string;
  port: number;
  rpcPort: number;
}

export interface StartedDevnet extends Running {
  baseUrl: string;
  rpcUrl: string;
  port: number;
  rpcPort: number;
}

/** The devnet on its data folder; port 0 takes free ones, and a restart asks for the ones it had. */
export async function startDevnetProcess(place: DevnetPlace, env: NodeJS.ProcessEnv): Promise<StartedDevnet> {
  const { running, matches } = await startNode(
    [
      'src/devnet/cli.ts',
      '--data',
      place.dataDir,
      '--port',
      String(place.port),
      '--rpc-port',
      String(place.rpcPort),
    ],
    env,
    [/^PERPETUA_DEVNET_URL=(\S+)$/, /^PERPETUA_SOLANA_RPC_URL=(\S+)$/],
    'the devnet',
  );
  const baseUrl = matches[0]![1]!;
  const rpcUrl = matches[1]![1]!;
  return {
    ...running,
    baseUrl,
    rpcUrl,
    port: Number(new URL(baseUrl).port),
    rpcPort: Number(new URL(rpcUrl).port),
  };
}

export interface StartedHost extends Running {
  /** the address with its one-time token */
  url: string;
}

/** The browser host (the app's core) on its data folder, pointed at the devnet. */
export async function startHostProcess(
  options: { dataDir: string; rendererDir: string; devnet: { baseUrl: string; rpcUrl: string } },
  env: NodeJS.ProcessEnv,
): Promise<StartedHost> {
  const { running, matches } = await startNode(
    [
      'src/host/cli.ts',
      '--data-dir',
      options.dataDir,
      '--renderer-dir',
      options.rendererDir,
      '--devnet-url',
      options.devnet.baseUrl,
      '--solana-rpc-url',
      options.devnet.rpcUrl,
    ],
    env,
    [/^PERPETUA_HOST_URL=(\S+)$/],
    'the host',
  );
  return { ...running, url: matches[0]![1]! };
}

/** SIGKILL, and wait until it is gone. */
export async function killHard(running: Running): Promise<void> {
  const { child } = running;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
}

/** SIGTERM (the devnet writes its state, the host closes), SIGKILL after 10 s. */
export async function stopGently(running: Running): Promise<void> {
  const { child } = running;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const stuck = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await gone;
  clearTimeout(stuck);
}
