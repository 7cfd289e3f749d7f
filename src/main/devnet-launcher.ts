// Starts the embedded devnet as a child process on a free loopback port (or the ports it had, when it is
// restarted) and stops it with the app. The child prints `PERPETUA_DEVNET_URL=<url>` once it listens; it also
// watches its stdin so it exits if we die. Its end and its last output lines are told to whoever supervises it.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { EmbeddedDevnet, LaunchDevnet } from './network/devnet-supervisor';

export interface DevnetCommand {
  /** executable: process.execPath under Node; the bundled devnet module for an Electron utility process */
  command: string;
  /** arguments before the devnet's own (e.g. ['--import', 'tsx', 'src/devnet/cli.ts']) */
  args: string[];
  env?: NodeJS.ProcessEnv;
}

/** The part of a child process the launcher uses: a Node child process, or an adapter (Electron's utilityProcess). */
export type DevnetProcess = Pick<
  ChildProcess,
  'stdout' | 'stderr' | 'pid' | 'exitCode' | 'signalCode' | 'kill' | 'once'
>;

export type SpawnDevnet = (command: string, args: string[], env: NodeJS.ProcessEnv) => DevnetProcess;

const spawnNode: SpawnDevnet = (command, args, env) =>
  spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });

export interface LaunchOptions extends DevnetCommand {
  /** how the process is started; a Node child process by default */
  spawnProcess?: SpawnDevnet;
  /**
   * pass --exit-with-stdin so the devnet stops if the app dies without signalling (default); off for
   * processes that have no stdin of ours and die with the app anyway (Electron utility processes)
   */
  exitWithStdin?: boolean;
  dataDir?: string;
  port?: number;
  /** the Solana JSON-RPC's port (0 or absent: any free one); a restart asks for the one it had */
  rpcPort?: number;
  extraArgs?: string[];
  startTimeoutMs?: number;
  /** where the child's own output goes (never secrets: the devnet holds none of the user's) */
  log?: (line: string) => void;
}

/** A started devnet child (its Solana RPC is printed on the line before the exchange's), with its pid. */
export interface LaunchedDevnet extends EmbeddedDevnet {
  pid: number;
}

/** How many of the child's last output lines are kept to be shown when it will not run. */
const RECENT_LINES = 20;
// eslint-disable-next-line no-control-regex -- the escape character is what is being matched
const ANSI_CODES = /\x1b\[[0-9;]*[A-Za-z]/g;

/** A devnet that ended before it was ready; its last output lines are what a person needs to see. */
export class DevnetStartError extends Error {
  constructor(
    message: string,
    readonly recentLog: string[],
  ) {
    super(message);
  }
}

const URL_LINE = /^PERPETUA_DEVNET_URL=(http:\/\/127\.0\.0\.1:\d+)$/;
const RPC_LINE = /^PERPETUA_SOLANA_RPC_URL=(http:\/\/127\.0\.0\.1:\d+)$/;

export async function launchDevnet(options: LaunchOptions): Promise<LaunchedDevnet> {
  const args = [...options.args, '--port', String(options.port ?? 0)];
  if (options.rpcPort) args.push('--rpc-port', String(options.rpcPort));
  if (options.exitWithStdin !== false) args.push('--exit-with-stdin');
  if (options.dataDir) args.push('--data', options.dataDir);
  args.push(...(options.extraArgs ?? []));
  const child = (options.spawnProcess ?? spawnNode)(options.command, args, options.env ?? process.env);
  const log = options.log ?? (() => {});
  const recent: string[] = [];
  const remember = (text: string): void => {
    // a person reads these lines in the window: the colours Node gives a stack trace are noise there
    const line = text.replace(ANSI_CODES, '');
    if (line.trim() === '') return;
    recent.push(line);
    if (recent.length > RECENT_LINES) recent.shift();
  };
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    stderr.push(text);
    if (stderr.length > 50) stderr.shift();
    for (const line of text.trimEnd().split('\n')) remember(line);
    log(text.trimEnd());
  });
  // listened for from the start: a child that ends before it is ready has ended too
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code: number | null, signal: NodeJS.Signals | null) =>
      resolve(signal ? `killed by ${signal}` : `exited with code ${code}`),
    ),
  );

  let solanaRpcUrl: string | null = null;
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`the devnet did not report its address within ${options.startTimeoutMs ?? 20_000} ms`),
      );
    }, options.startTimeoutMs ?? 20_000);
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const rpc = RPC_LINE.exec(line.trim());
      if (rpc) {
        solanaRpcUrl = rpc[1]!;
        return;
      }
      const match = URL_LINE.exec(line.trim());
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      } else {
        remember(line);
        log(line);
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`the devnet could not be started: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new DevnetStartError(
          `the devnet exited before it was ready (${signal ?? `code ${code}`}): ${stderr.join('').trim().slice(-500) || 'no output'}`,
          [...recent],
        ),
      );
    });
  });

  let stopped: Promise<void> | null = null;
  if (solanaRpcUrl === null) {
    child.kill('SIGKILL');
    throw new Error('the devnet did not report its Solana RPC address');
  }
  return {
    baseUrl,
    solanaRpcUrl,
    pid: child.pid!,
    dataDir: options.dataDir ?? null,
    exited,
    recentLog: () => [...recent],
    kill: () => void child.kill('SIGKILL'),
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      });
      return stopped;
    },
  };
}

/**
 * The embedded devnet as both hosts run it: plain or with demo data, each on its own folder under dataRoot,
 * on the ports asked for (a restart asks for the ones it had, so the app's addresses stay valid).
 */
export function embeddedDevnetLauncher(
  command: Omit<LaunchOptions, 'dataDir'>,
  dataRoot: string,
): (options: Parameters<LaunchDevnet>[0]) => Promise<LaunchedDevnet> {
  return ({ demo, port, rpcPort }) =>
    launchDevnet({
      ...command,
      dataDir: join(dataRoot, demo ? 'devnet-demo' : 'devnet'),
      ...(port ? { port } : {}),
      ...(rpcPort ? { rpcPort } : {}),
      extraArgs: [...(command.extraArgs ?? []), ...(demo ? ['--demo'] : [])],
    });
}

/** How plain Node (the browser host, tests) runs the devnet from source. */
export function nodeDevnetCommand(repoRoot: string): DevnetCommand {
  return { command: process.execPath, args: ['--import', 'tsx', `${repoRoot}/src/devnet/cli.ts`] };
}
