// The demo scenario plays into a fresh devnet as real signed actions: several wallets, several accounts
// each, open positions, a resting order, vault shares with a pending withdrawal, and history of every kind.
// A devnet restarted on the same data folder is not seeded twice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startExchange, type TestExchange } from './support/exchange';
import { demoSessions, demoWallets, loadDemoScenario } from '../../src/support/demo-scenario';

let ex: TestExchange | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await ex?.close();
  ex = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const wallets = demoWallets(loadDemoScenario());

describe('demo scenario', () => {
  it('seeds wallets with several accounts, positions, orders, vault shares and history', async () => {
    ex = await startExchange({ demo: true });
    expect(wallets.map((w) => w.label)).toEqual(['Demo Alice', 'Demo Bob', 'Demo Carol']);
    const alice = (await ex.client.user(wallets[0]!.publicKey))!;
    expect(alice.accountIds).toHaveLength(3);
    expect(alice.sessions).toHaveLength(1);
    // the app knows each demo wallet's session as the demo's (demoSessions), not as a stranger's
    const known = demoSessions(loadDemoScenario());
    for (const w of wallets) {
      const user = (await ex.client.user(w.publicKey))!;
      expect(user.sessions.map((x) => x.sessionKey)).toEqual([known.get(w.publicKey)]);
    }

    const main = await ex.account(alice.accountIds[0]!);
    expect(main.positions.map((p) => p.marketId).sort()).toEqual([0, 2]);
    expect(main.openOrders).toHaveLength(1);
    expect(main.balances.find((b) => b.tokenId === 2)?.amount).toBe(150_000_000n); // 1.5 ETH
    const second = await ex.account(alice.accountIds[1]!);
    expect(second.positions).toEqual([expect.objectContaining({ marketId: 1, size: -1_500n })]);

    const vaults = await ex.getJson<unknown[]>(`/account/${alice.accountIds[2]}/vault-user-states`);
    expect(vaults).toHaveLength(2);
    for (const kind of [
      'deposit',
      'withdrawal',
      'transfer',
      'pnl',
      'position',
      'vault/deposit',
      'vault/withdrawal',
    ]) {
      const rows = await ex.getJson<{ items: unknown[] }>(
        `/account/${alice.accountIds[kind.startsWith('vault') ? 2 : 0]}/history/${kind}`,
      );
      expect(rows.items.length, kind).toBeGreaterThan(0);
    }
    // the demo's withdrawal is paid out while it is built: when the app first connects nothing of the demo's
    // past is still to happen, so no payout of it arrives as news (issue 17, item 9)
    const withdrawals = await ex.getJson<{ items: { status: string }[] }>(
      `/account/${alice.accountIds[0]}/history/withdrawal`,
    );
    expect(withdrawals.items.map((w) => w.status)).toEqual(['processed']);
    // Bob paid Alice: a transfer to another person's account
    const transfers = await ex.getJson<{ items: { direction: string; fromAccountId: number }[] }>(
      `/account/${alice.accountIds[0]}/history/transfer`,
    );
    expect(
      transfers.items.some((t) => t.direction === 'received' && !alice.accountIds.includes(t.fromAccountId)),
    ).toBe(true);
  });

  it('is played once: a restarted demo devnet keeps its data and does not seed again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'perpetua-demo-'));
    dirs.push(dataDir);
    ex = await startExchange({ demo: true, dataDir });
    const first = await ex.getJson<{ accountIds: number[] }>(`/user/${wallets[1]!.publicKey}`);
    const count = await ex.getJson<number>('/accounts/count');
    await ex.close();
    ex = await startExchange({ demo: true, dataDir });
    expect(await ex.getJson(`/user/${wallets[1]!.publicKey}`)).toMatchObject({
      accountIds: first.accountIds,
    });
    expect(await ex.getJson<number>('/accounts/count')).toBe(count);
  });
});
