// Starts the app as a user would without Electron: the browser host CLI, whose core launches the embedded
// devnet, with a fresh data folder. Each read of `url` gives a fresh one-time address: the host spends a
// token at the first load (trading it for a session cookie), and every test opens its own browser context.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { randomUUID } from 'node:crypto';

export interface RunningApp {
  /** a fresh one-time address on every read */
  readonly url: string;
  /** what the host printed on stderr so far (warnings), line by line; it is echoed to the test's stderr */
  stderr: string[];
  exchangeUrl: string;
  /** the settlement chain's Solana JSON-RPC the app uses (the embedded devnet's) */
  solanaRpcUrl: string;
  dataDir: string;
  /** the host process (its embedded devnet is a child of it) */
  pid: number;
  stop(): Promise<void>;
}

const HOST_CLI = 'src/host/cli.ts';

/** env: changes to the host's environment (undefined removes a variable), e.g. to take its keychain away */
export async function startApp(
  extraArgs: string[] = [],
  options: { env?: Record<string, string | undefined> } = {},
): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'perpetua-e2e-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', HOST_CLI, '--data-dir', dataDir, ...extraArgs],
    {
      cwd: process.cwd(),
      // each run gets its own keychain items, so runs never see each other's passphrase or wallets
      env: withChanges(
        { ...process.env, PERPETUA_KEYCHAIN_SERVICE: `perpetua-e2e-${randomUUID()}` },
        options.env ?? {},
      ),
      // a line on stdin asks the host for another one-time address
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const stderr: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => {
    stderr.push(line);
    process.stderr.write(`${line}\n`);
  });
  let exchangeUrl = '';
  let solanaRpcUrl = '';
  let rpcLine = false;
  // Addresses are asked for ahead of use so that reading `url` stays synchronous. The host prints its first
  // address as soon as it serves the lock screen, and the exchange and Solana RPC lines once the core has
  // started: wait for all of them.
  const spare: string[] = [];
  const askForMore = (n: number): void => {
    if (child.stdin?.writable) child.stdin.write('\n'.repeat(n));
  };
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the host did not start within 30 s')), 30_000);
    let started = false;
    let firstAddress = '';
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const exchange = /^exchange: (\S+)/.exec(line);
      if (exchange) exchangeUrl = exchange[1]!;
      const rpc = /^solana rpc: (http\S+)/.exec(line);
      if (rpc) solanaRpcUrl = rpc[1]!;
      if (line.startsWith('solana rpc: ')) rpcLine = true;
      const match = /^PERPETUA_HOST_URL=(\S+)$/.exec(line);
      if (match) {
        if (firstAddress) spare.push(match[1]!);
        else firstAddress = match[1]!;
      }
      if (started || !firstAddress || !exchangeUrl || !rpcLine) return;
      started = true;
      clearTimeout(timer);
      askForMore(16);
      resolve(firstAddress);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the host exited with code ${code}`));
    });
  });
  spare.unshift(first);
  return {
    get url() {
      const next = spare.shift();
      if (spare.length < 8) askForMore(16);
      if (next === undefined) throw new Error('the host has not answered with a fresh address yet');
      return next;
    },
    stderr,
    exchangeUrl,
    solanaRpcUrl,
    dataDir,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.stdin?.end();
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function withChanges(env: NodeJS.ProcessEnv, changes: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const result = { ...env };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete result[name];
    else result[name] = value;
  }
  return result;
}
