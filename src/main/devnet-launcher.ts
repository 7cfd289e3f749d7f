// Starts the embedded devnet as a child process on a free loopback port and stops it with the app. The
// child prints `PERPETUA_DEVNET_URL=<url>` once it listens; it also watches its stdin so it exits if we die.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

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
  extraArgs?: string[];
  startTimeoutMs?: number;
  /** where the child's own output goes (never secrets: the devnet holds none of the user's) */
  log?: (line: string) => void;
}

export interface LaunchedDevnet {
  baseUrl: string;
  /** the devnet's settlement chain (Solana JSON-RPC), printed on the line before the exchange's */
  solanaRpcUrl: string;
  pid: number;
  stop(): Promise<void>;
}

const URL_LINE = /^PERPETUA_DEVNET_URL=(http:\/\/127\.0\.0\.1:\d+)$/;
const RPC_LINE = /^PERPETUA_SOLANA_RPC_URL=(http:\/\/127\.0\.0\.1:\d+)$/;

export async function launchDevnet(options: LaunchOptions): Promise<LaunchedDevnet> {
  const args = [...options.args, '--port', String(options.port ?? 0)];
  if (options.exitWithStdin !== false) args.push('--exit-with-stdin');
  if (options.dataDir) args.push('--data', options.dataDir);
  args.push(...(options.extraArgs ?? []));
  const child = (options.spawnProcess ?? spawnNode)(options.command, args, options.env ?? process.env);
  const log = options.log ?? (() => {});
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    stderr.push(text);
    if (stderr.length > 50) stderr.shift();
    log(text.trimEnd());
  });

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
      } else log(line);
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`the devnet could not be started: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(
          `the devnet exited before it was ready (${signal ?? `code ${code}`}): ${stderr.join('').trim().slice(-500) || 'no output'}`,
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

/** How plain Node (the browser host, tests) runs the devnet from source. */
export function nodeDevnetCommand(repoRoot: string): DevnetCommand {
  return { command: process.execPath, args: ['--import', 'tsx', `${repoRoot}/src/devnet/cli.ts`] };
}
