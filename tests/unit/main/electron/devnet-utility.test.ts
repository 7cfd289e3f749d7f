// The embedded devnet of a packaged build (issue 14 item 14) runs as Electron's utility process, checked
// without an Electron binary (none can be fetched here) through a stand-in for utilityProcess.fork.
import { describe, expect, it, vi } from 'vitest';
import { PassThrough } from 'node:stream';
import { EventEmitter } from 'node:events';
import { utilityDevnet } from '../../../../src/main/electron/devnet-utility';
import { launchDevnet } from '../../../../src/main/devnet-launcher';

describe('the embedded devnet as a utility process', () => {
  function standInFork() {
    const child = Object.assign(new EventEmitter(), {
      pid: 4242,
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      kill: vi.fn(() => {
        queueMicrotask(() => child.emit('exit', 0));
        return true;
      }),
    });
    const fork = vi.fn(() => child as never);
    return { fork, child };
  }

  it('is forked with utilityProcess (no ELECTRON_RUN_AS_NODE, no stdin watch) and stops with the app', async () => {
    const { fork, child } = standInFork();
    const launching = launchDevnet({
      command: '/app/out/main/devnet.js',
      args: [],
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', SECRET_TOKEN: 'x' },
      spawnProcess: utilityDevnet(fork),
      exitWithStdin: false,
      dataDir: '/data/devnet',
    });
    // as the devnet prints them: its Solana RPC, then the exchange
    child.stdout.write('PERPETUA_SOLANA_RPC_URL=http://127.0.0.1:4568\n');
    child.stdout.write('PERPETUA_DEVNET_URL=http://127.0.0.1:4567\n');
    const devnet = await launching;
    expect(devnet.baseUrl).toBe('http://127.0.0.1:4567');
    expect(devnet.solanaRpcUrl).toBe('http://127.0.0.1:4568');
    expect(devnet.pid).toBe(4242);
    const [modulePath, args, options] = fork.mock.calls[0]! as unknown as [
      string,
      string[],
      { env: Record<string, string>; serviceName: string; stdio: string },
    ];
    expect(modulePath).toBe('/app/out/main/devnet.js');
    expect(args).toEqual(['--port', '0', '--data', '/data/devnet']);
    expect(args).not.toContain('--exit-with-stdin');
    expect(options.stdio).toBe('pipe');
    expect(options.serviceName).toBe('Perpetua devnet');
    expect(options.env.ELECTRON_RUN_AS_NODE).toBeUndefined();
    expect(options.env.SECRET_TOKEN).toBeUndefined();
    await devnet.stop();
    expect(child.kill).toHaveBeenCalled();
  });

  it('a devnet that exits before it is ready is a clear error', async () => {
    const { fork, child } = standInFork();
    const launching = launchDevnet({
      command: '/x.js',
      args: [],
      spawnProcess: utilityDevnet(fork),
      exitWithStdin: false,
    });
    child.stderr.write('boom\n');
    setTimeout(() => child.emit('exit', 1), 20);
    await expect(launching).rejects.toThrow(/exited before it was ready/);
  });
});
