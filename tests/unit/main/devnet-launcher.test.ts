import { describe, expect, it } from 'vitest';
import { launchDevnet, nodeDevnetCommand } from '../../../src/main/devnet-launcher';

const repoRoot = process.cwd();

describe('devnet launcher', () => {
  it('starts the real devnet on a free loopback port, which answers, and stops it', async () => {
    const devnet = await launchDevnet(nodeDevnetCommand(repoRoot));
    expect(devnet.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const live = await fetch(`${devnet.baseUrl}/live`);
    expect(live.status).toBe(200);
    // and its settlement chain's Solana JSON-RPC, printed beside it
    expect(devnet.solanaRpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(devnet.solanaRpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"getHealth"}',
    });
    expect(await health.json()).toEqual({ jsonrpc: '2.0', result: 'ok', id: 1 });
    await devnet.stop();
    await expect(fetch(devnet.solanaRpcUrl)).rejects.toThrow();
    await expect(fetch(`${devnet.baseUrl}/live`)).rejects.toThrow();
    expect(() => process.kill(devnet.pid, 0)).toThrow();
  });

  it('reports a child that exits before it is ready, with its own words', async () => {
    await expect(launchDevnet({ ...nodeDevnetCommand(repoRoot), port: 70000 })).rejects.toThrow(
      /exited before it was ready.*--port must be a whole number/s,
    );
  });

  it('asked for ports (a restart), listens on them; a kill ends it at once, and `exited` says how', async () => {
    const first = await launchDevnet(nodeDevnetCommand(repoRoot));
    const port = Number(new URL(first.baseUrl).port);
    const rpcPort = Number(new URL(first.solanaRpcUrl).port);
    await first.stop();
    const again = await launchDevnet({ ...nodeDevnetCommand(repoRoot), port, rpcPort });
    expect(again.baseUrl).toBe(first.baseUrl);
    expect(again.solanaRpcUrl).toBe(first.solanaRpcUrl);
    expect(again.dataDir).toBeNull();
    again.kill();
    expect(await again.exited).toBe('killed by SIGKILL');
    await expect(fetch(`${again.baseUrl}/live`)).rejects.toThrow();
  }, 60_000);

  it('a child that ends before it is ready carries its last output lines for the supervisor to show', async () => {
    const error = (await launchDevnet({ ...nodeDevnetCommand(repoRoot), port: 70000 }).catch(
      (e: unknown) => e,
    )) as { recentLog?: string[] };
    expect(error.recentLog?.join('\n')).toMatch(/--port must be a whole number/);
  });

  it('reports a command that cannot be run', async () => {
    await expect(launchDevnet({ command: '/nonexistent/node', args: [] })).rejects.toThrow(
      /could not be started/,
    );
  });
});
