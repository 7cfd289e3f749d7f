// What is the person's stays theirs (issue 28): a stranger's key cannot be made "own" without the passphrase,
// so money into a stranger's account keeps asking for it; and the demo wallets, whose keys anyone can derive,
// are the person's on the demo devnet only. Against the real devnet, through the real core; a second app
// plays the attacker, who knows their own key and phrase (and the demo's).
import { inProcessDevnet } from '../support/embedded-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { demoWallets, loadDemoScenario } from '../../src/support/demo-scenario';
import { PASSPHRASE, createWallet, startApp, type TestApp } from './support/app';

const usdc = (n: number) => BigInt(n) * 1_000_000n;
/** the attacker's recovery phrase (a BIP39 test vector) */
const ATTACKER_PHRASE = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

/** Puts 50 USDC into a new exchange account of the wallet; returns the account. */
async function fund(target: TestApp, walletId: string): Promise<number> {
  await target.ok('funds.faucet', { walletId, tokenId: 0, amount: usdc(50) });
  await target.ok('funds.deposit', { walletId, tokenId: 0, amount: usdc(50) });
  for (let i = 0; i < 100; i += 1) {
    const mine = (await target.ok('portfolio.get')).wallets.find((w) => w.wallet.walletId === walletId);
    const account = mine?.accounts.find((a) => a.balances.some((b) => b.amount > 0n));
    if (account) return account.accountId;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the deposit was not credited');
}

const passphraseRequired = { ok: false, error: { code: 'LOCKED', details: { passphraseRequired: true } } };
const wrongPassphrase = { ok: false, error: { code: 'LOCKED', message: 'That passphrase is not correct.' } };

async function balanceOf(app: TestApp, accountId: number): Promise<bigint> {
  const account = await app.ok('portfolio.account', { accountId });
  return account.balances.find((b) => b.tokenId === 0)?.amount ?? 0n;
}

/** A transfer of 1 USDC into `to`, reviewed: asks whether it leaves and whether confirming it alone works. */
async function transferInto(app: TestApp, walletId: string, from: number, to: number) {
  return app.ok('actions.prepare', {
    kind: 'transfer',
    walletId,
    fromAccountId: from,
    tokenId: 0,
    amount: usdc(1),
    toAccountId: to,
  });
}

describe('a stranger’s key does not become the person’s own without the passphrase', () => {
  let devnet: RunningDevnet;
  let app: TestApp;
  let attacker: TestApp;
  let walletId = '';
  let account = 0;
  let attackerSecret = '';
  let attackerAccount = 0;
  let phraseAccount = 0;

  beforeAll(async () => {
    devnet = await startDevnet({ config: { depositDelayMs: 0, withdrawalDelayMs: 0 } });
    [app, attacker] = await Promise.all([startApp(devnet), startApp(devnet)]);
    await Promise.all([
      app.ok('lock.setup', { passphrase: PASSPHRASE }),
      attacker.ok('lock.setup', { passphrase: 'the attacker’s own passphrase' }),
    ]);
    walletId = (await createWallet(app, 'Main')).walletId;
    const stolen = await createWallet(attacker, 'Attacker', 'the attacker’s own passphrase');
    attackerSecret = stolen.secretKey;
    const found = await attacker.ok('phrases.discover', { phrase: ATTACKER_PHRASE });
    const [fromPhrase] = await attacker.ok('phrases.importWallets', {
      discoveryId: found.discoveryId,
      scheme: 'bip44-change',
      indices: [0],
      label: 'Attacker phrase',
      passphrase: 'the attacker’s own passphrase',
    });
    [account, attackerAccount, phraseAccount] = await Promise.all([
      fund(app, walletId),
      fund(attacker, stolen.walletId),
      fund(attacker, fromPhrase!.walletId),
    ]);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await attacker?.close();
    await devnet?.close();
  });

  it('a secret key: refused without the passphrase or with a wrong one; transfer and sweep into its account still ask', async () => {
    const wallets = await app.ok('wallets.list');
    const noPassphrase = { label: 'Mine now', secret: attackerSecret } as never;
    expect(await app.call('wallets.import', noPassphrase)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
    expect(
      await app.call('wallets.import', { label: 'Mine now', secret: attackerSecret, passphrase: 'a guess' }),
    ).toMatchObject(wrongPassphrase);
    expect(await app.ok('wallets.list')).toEqual(wallets);

    expect(await app.ok('portfolio.lookupAccount', { accountId: attackerAccount })).toMatchObject({
      exists: true,
      ownWalletId: null,
    });
    const before = await balanceOf(app, account);
    const transfer = await transferInto(app, walletId, account, attackerAccount);
    expect(transfer.moneyLeaves).toBe(true);
    expect(await app.call('actions.confirm', { confirmationId: transfer.confirmationId })).toMatchObject(
      passphraseRequired,
    );

    const sweep = await app.ok('drills.reviewSweep', {
      accountIds: [account],
      targetAccountId: attackerAccount,
    });
    expect(sweep.moneyLeaves).toBe(true);
    expect(sweep.transfers.map((t) => t.moneyLeaves)).toEqual([true]);
    expect(await app.call('drills.startSweep', { reviewId: sweep.reviewId })).toMatchObject({
      ok: false,
      error: { code: 'LOCKED', details: { passphraseRequired: true } },
    });
    expect(await balanceOf(app, account)).toBe(before);
  });

  it('a recovery phrase: its wallets are found, not added without the passphrase; with it, the person’s decision', async () => {
    const wallets = await app.ok('wallets.list');
    const found = await app.ok('phrases.discover', { phrase: ATTACKER_PHRASE });
    const choice = {
      discoveryId: found.discoveryId,
      scheme: 'bip44-change' as const,
      indices: [0],
      label: 'Mine',
    };
    expect(await app.call('phrases.importWallets', choice as never)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
    expect(await app.call('phrases.importWallets', { ...choice, passphrase: 'a guess' })).toMatchObject(
      wrongPassphrase,
    );
    expect(await app.ok('wallets.list')).toEqual(wallets);
    expect(await app.ok('phrases.list')).toEqual([]);
    const transfer = await transferInto(app, walletId, account, phraseAccount);
    expect(transfer.moneyLeaves).toBe(true);
    expect(await app.call('actions.confirm', { confirmationId: transfer.confirmationId })).toMatchObject(
      passphraseRequired,
    );

    // the wrong passphrase left the discovery to try again with: the right one adds the wallet, and from then
    // on its accounts are the person's own, because they said so
    const [added] = await app.ok('phrases.importWallets', { ...choice, passphrase: PASSPHRASE });
    expect(await app.ok('portfolio.lookupAccount', { accountId: phraseAccount })).toMatchObject({
      ownWalletId: added!.walletId,
    });
    expect((await transferInto(app, walletId, account, phraseAccount)).moneyLeaves).toBe(false);
    // and removing it is a money decision again
    expect(
      await app.call('wallets.remove', {
        walletId: added!.walletId,
        confirmPublicKey: added!.publicKey,
        passphrase: 'a guess',
      }),
    ).toMatchObject(wrongPassphrase);
    await app.ok('wallets.remove', {
      walletId: added!.walletId,
      confirmPublicKey: added!.publicKey,
      passphrase: PASSPHRASE,
    });
    expect((await transferInto(app, walletId, account, phraseAccount)).moneyLeaves).toBe(true);
  });

  it('a new wallet’s key or words are not revealed without the passphrase: a copied reveal would be an own wallet', async () => {
    const wallets = await app.ok('wallets.list');
    for (const args of [{ label: 'Mine' }, { label: 'Mine', wordCount: 12 }])
      expect(
        await app.call(args.wordCount ? 'phrases.create' : 'wallets.create', args as never),
      ).toMatchObject({
        ok: false,
        error: { code: 'INVALID_ARGUMENT' },
      });
    expect(await app.call('wallets.create', { label: 'Mine', passphrase: 'a guess' })).toMatchObject(
      wrongPassphrase,
    );
    expect(
      await app.call('phrases.create', { label: 'Mine', wordCount: 12, passphrase: 'a guess' }),
    ).toMatchObject(wrongPassphrase);
    expect(await app.ok('wallets.list')).toEqual(wallets);
  });

  it('a withdrawal to one of the person’s wallets does not ask; to anyone else’s address it does', async () => {
    const savings = await createWallet(app, 'Savings');
    const savingsKey = (await app.ok('wallets.list')).find((w) => w.walletId === savings.walletId)!.publicKey;
    expect(await app.ok('funds.checkDestination', { address: savingsKey })).toEqual({
      usedBefore: false,
      ownWalletId: savings.walletId,
    });
    const before = await balanceOf(app, account);
    const own = await app.ok('actions.prepare', {
      kind: 'withdraw',
      walletId,
      accountId: account,
      tokenId: 0,
      amount: usdc(2),
      destination: savingsKey,
    });
    expect(own.moneyLeaves).toBe(false);
    expect(own.warnings).toEqual([]);
    await app.ok('actions.confirm', { confirmationId: own.confirmationId });
    expect(await balanceOf(app, account)).toBe(before - usdc(2));

    const strangerKey = (await attacker.ok('wallets.list'))[0]!.publicKey;
    expect((await app.ok('funds.checkDestination', { address: strangerKey })).ownWalletId).toBeNull();
    const away = await app.ok('actions.prepare', {
      kind: 'withdraw',
      walletId,
      accountId: account,
      tokenId: 0,
      amount: usdc(2),
      destination: strangerKey,
    });
    expect(away.moneyLeaves).toBe(true);
    expect(await app.call('actions.confirm', { confirmationId: away.confirmationId })).toMatchObject(
      passphraseRequired,
    );
  });
});

describe('the demo wallets are the person’s on the demo devnet only', () => {
  let plain: RunningDevnet;
  const demos: RunningDevnet[] = [];
  let app: TestApp;
  let attacker: TestApp;

  beforeAll(async () => {
    plain = await startDevnet({ config: { depositDelayMs: 0, withdrawalDelayMs: 0 } });
    // the person's app starts the devnets as Settings → Network does; the plain one is the exchange the
    // attacker uses too
    app = await startApp({
      launchDevnet: async ({ demo }) => {
        if (!demo) return inProcessDevnet(plain);
        const started = await startDevnet({ demo: true });
        demos.push(started);
        return inProcessDevnet(started, () => started.close());
      },
    });
    attacker = await startApp(plain);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await attacker?.close();
    for (const d of demos) await d.close();
    await plain?.close();
  });

  it('back on the plain devnet, Demo Alice is no wallet of the person’s, and a transfer to her account asks', async () => {
    await app.ok('lock.setup', { passphrase: PASSPHRASE });
    await app.ok('settings.setNetwork', { kind: 'embedded-devnet-demo' });
    const alice = demoWallets(loadDemoScenario()).find((w) => w.label === 'Demo Alice')!;
    expect((await app.ok('wallets.list')).map((w) => w.publicKey)).toContain(alice.publicKey);

    await app.ok('settings.setNetwork', { kind: 'embedded-devnet' });
    expect(await app.ok('wallets.list')).toEqual([]);
    const { walletId } = await createWallet(app, 'Main');
    const account = await fund(app, walletId);
    expect((await app.ok('portfolio.get')).wallets.map((w) => w.wallet.label)).toEqual(['Main']);

    // the attacker derives Demo Alice's key from its public name, in their own app on the same exchange
    await attacker.ok('lock.setup', { passphrase: 'the attacker’s own passphrase' });
    const aliceThere = await attacker.ok('wallets.import', {
      label: 'Demo Alice',
      secret: alice.secret,
      passphrase: 'the attacker’s own passphrase',
    });
    const aliceAccount = await fund(attacker, aliceThere.walletId);

    expect(await app.ok('portfolio.lookupAccount', { accountId: aliceAccount })).toMatchObject({
      ownWalletId: null,
    });
    const transfer = await transferInto(app, walletId, account, aliceAccount);
    expect(transfer.moneyLeaves).toBe(true);
    expect(await app.call('actions.confirm', { confirmationId: transfer.confirmationId })).toMatchObject(
      passphraseRequired,
    );
    expect((await app.ok('funds.checkDestination', { address: alice.publicKey })).ownWalletId).toBeNull();
    // and the person cannot take the demo's key for their own here either
    expect(
      await app.call('wallets.import', { label: 'Alice', secret: alice.secret, passphrase: PASSPHRASE }),
    ).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  }, 60_000);
});
