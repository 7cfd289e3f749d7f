// The embedded devnet under Electron runs as a utility process (utilityProcess.fork), not as the Electron
// binary with ELECTRON_RUN_AS_NODE: the release build turns the RunAsNode fuse off, so the binary can no
// longer be made into a general Node interpreter, and a utility process is Chromium's sandboxable,
// app-owned child that dies with the app. This adapts it to the launcher's child-process shape.
import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import type { UtilityProcess, ForkOptions } from 'electron';
import type { DevnetProcess, SpawnDevnet } from '../devnet-launcher';

type Fork = (
  modulePath: string,
  args?: string[],
  options?: ForkOptions,
) => Pick<UtilityProcess, 'pid' | 'stdout' | 'stderr' | 'kill' | 'once'>;

/** Starts the bundled devnet module as a utility process; `command` is its path, as the launcher passes it. */
export function utilityDevnet(fork: Fork): SpawnDevnet {
  return (modulePath, args, env) => {
    // only what the devnet reads: never the app's whole environment
    const childEnv: Record<string, string> = {};
    for (const name of ['PERPETUA_DEVNET_VAULT_EPOCH_SECONDS', 'NODE_ENV', 'HOME', 'PATH', 'TMPDIR'])
      if (env[name] !== undefined) childEnv[name] = env[name]!;
    const child = fork(modulePath, args, { stdio: 'pipe', serviceName: 'Perpetua devnet', env: childEnv });
    const events = new EventEmitter();
    const view = {
      pid: child.pid,
      stdout: child.stdout as unknown as Readable | null,
      stderr: child.stderr as unknown as Readable | null,
      exitCode: null as number | null,
      signalCode: null,
      // utilityProcess.kill() sends SIGTERM, which a stopped (hung) process never acts on: the supervisor's
      // SIGKILL goes to the process itself
      kill: (signal?: NodeJS.Signals) =>
        signal === 'SIGKILL' && child.pid !== undefined ? process.kill(child.pid, 'SIGKILL') : child.kill(),
      once: (event: string, listener: (...args: unknown[]) => void) => {
        events.once(event, listener);
        return view;
      },
    };
    child.once('exit', (code: number) => {
      view.exitCode = code;
      events.emit('exit', code, null);
    });
    child.once('error', (type: string) =>
      events.emit('error', new Error(`the devnet process failed (${type})`)),
    );
    return view as unknown as DevnetProcess;
  };
}
