// Money leaves the person's wallets only with the passphrase, entered for that one confirmation and checked
// in main: every withdrawal to an address that is none of their wallets', every transfer to an account no
// wallet here owns. Moving money between their own accounts does not ask (own-wallets.test.ts shows the
// same for a withdrawal to one of their wallets). Against the real devnet; a second app plays the other person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { accountLine } from '../support/action-lines';
import { PASSPHRASE, depositCredited, startApp, type TestApp } from './support/app';

let devnet: RunningDevnet;
let app: TestApp;
let other: TestApp;
let walletId = '';
let account = 0;
let stranger = 0;
/** the other person's wallet address, as a withdrawal's destination */
let strangerAddress = '';
const usdc = (n: number) => BigInt(n) * 1_000_000n;

async function funded(target: TestApp): Promise<{ walletId: string; account: number }> {
  await target.ok('lock.setup', { passphrase: PASSPHRASE });
  const pending = await target.ok('wallets.create', { label: 'Main', passphrase: PASSPHRASE });
  const wallet = await target.ok('wallets.confirmBackup', {
    pendingId: pending.pendingId,
    confirmation: pending.secretKey.slice(-6),
  });
  await depositCredited(target, wallet.walletId, usdc(50));
  return {
    walletId: wallet.walletId,
    account: (await target.ok('portfolio.get')).wallets[0]!.accounts[0]!.accountId,
  };
}

const balanceOf = async (accountId: number): Promise<bigint> =>
  (await app.ok('portfolio.account', { accountId })).balances.find((b) => b.tokenId === 0)?.amount ?? 0n;

beforeAll(async () => {
  devnet = await startDevnet({ config: { depositDelayMs: 0, withdrawalDelayMs: 0 } });
  app = await startApp(devnet);
  other = await startApp(devnet);
  ({ walletId, account } = await funded(app));
  ({ account: stranger } = await funded(other));
  strangerAddress = (await other.ok('wallets.list'))[0]!.publicKey;
});
afterAll(async () => {
  await app?.close();
  await other?.close();
  await devnet?.close();
});

const passphraseRequired = {
  ok: false,
  error: { code: 'LOCKED', details: { passphraseRequired: true } },
};

describe('money leaving the wallets needs the passphrase for that confirmation', () => {
  it('a withdrawal to someone else’s address right after unlocking still asks; a wrong one is refused; the review survives both', async () => {
    const before = await balanceOf(account);
    const summary = await app.ok('actions.prepare', {
      kind: 'withdraw',
      walletId,
      accountId: account,
      tokenId: 0,
      amount: usdc(3),
      destination: strangerAddress,
    });
    expect(summary.moneyLeaves).toBe(true);
    const id = summary.confirmationId;
    expect(await app.call('actions.confirm', { confirmationId: id })).toMatchObject(passphraseRequired);
    expect(
      await app.call('actions.confirm', { confirmationId: id, passphrase: 'wrong passphrase' }),
    ).toMatchObject({ ok: false, error: { code: 'LOCKED', message: 'That passphrase is not correct.' } });
    expect(await balanceOf(account)).toBe(before);
    await app.ok('actions.confirm', { confirmationId: id, passphrase: PASSPHRASE });
    expect(await balanceOf(account)).toBe(before - usdc(3));
  });

  it('a transfer to someone else’s account asks, and names a first-time recipient as such', async () => {
    const first = await app.ok('actions.prepare', {
      kind: 'transfer',
      walletId,
      fromAccountId: account,
      tokenId: 0,
      amount: usdc(1),
      toAccountId: stranger,
    });
    expect(first.moneyLeaves).toBe(true);
    expect(first.warnings.join(' ')).toMatch(/not sent to it before/);
    expect(await app.call('actions.confirm', { confirmationId: first.confirmationId })).toMatchObject(
      passphraseRequired,
    );
    await app.ok('actions.confirm', { confirmationId: first.confirmationId, passphrase: PASSPHRASE });
    // known now, so no longer first-time: the passphrase is still asked for
    const again = await app.ok('actions.prepare', {
      kind: 'transfer',
      walletId,
      fromAccountId: account,
      tokenId: 0,
      amount: usdc(1),
      toAccountId: stranger,
    });
    expect(again.moneyLeaves).toBe(true);
    expect(again.warnings.join(' ')).not.toMatch(/not sent to it before/);
    expect(await app.call('actions.confirm', { confirmationId: again.confirmationId })).toMatchObject(
      passphraseRequired,
    );
  });

  it('moving money between one’s own accounts does not ask', async () => {
    const summary = await app.ok('actions.prepare', {
      kind: 'transfer',
      walletId,
      fromAccountId: account,
      tokenId: 0,
      amount: usdc(1),
    });
    expect(summary.moneyLeaves).toBe(false);
    const result = await app.ok('actions.confirm', { confirmationId: summary.confirmationId });
    const own = accountLine(result, 'to')!;
    const back = await app.ok('actions.prepare', {
      kind: 'transfer',
      walletId,
      fromAccountId: own,
      tokenId: 0,
      amount: usdc(1),
      toAccountId: account,
    });
    expect(back.moneyLeaves).toBe(false);
    await app.ok('actions.confirm', { confirmationId: back.confirmationId });
  });
});
