// The custody core against the devnet, through the IPC dispatcher: a wallet, a deposit, a session, a
// withdrawal whose fee shown is the fee charged, a transfer into a new account, and a revoked session whose
// later signature the exchange refuses.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import bs58 from 'bs58';
import { startDevnet, type RunningDevnet } from '../../src/devnet/server';
import { SigningKey } from '../../src/protocol/keys';
import { encodeActionRaw } from '../../src/protocol/codec';
import { signAction } from '../../src/protocol/signing';
import { buildActionBody } from '../../src/protocol/framing';
import { decodeReceipt } from '../../src/protocol/codec';
import { chainTokenBalance } from '../support/chain';
import { PASSPHRASE, startApp, type TestApp } from './support/app';
import { accountLine, amountLine } from '../support/action-lines';
import { phraseSecretForms } from './support/phrase-forms';

let devnet: RunningDevnet;
let app: TestApp;
const logged: string[] = [];
const secrets: string[] = [];
const events: { name: string; payload: unknown }[] = [];
const USDC = 0;
const usdc = (n: number) => BigInt(n) * 1_000_000n;

async function until<T>(fn: () => Promise<T>, done: (v: T) => boolean, ms = 8_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation(
      (...args: unknown[]) => void logged.push(args.map(String).join(' ')),
    );
  }
  devnet = await startDevnet({ config: { depositDelayMs: 200, withdrawalDelayMs: 200 } });
  app = await startApp(devnet);
  app.core.events.subscribe((name, payload) => events.push({ name, payload }));
});
afterAll(async () => {
  vi.restoreAllMocks();
  await app?.close();
  await devnet?.close();
});

describe('custody core against the devnet', () => {
  let walletId = '';
  let walletKey = '';
  let account = 0;

  it('sets up, creates a wallet (shown once), faucets and deposits until credited', async () => {
    expect((await app.ok('lock.state')).status).toBe('uninitialized');
    await app.ok('lock.setup', { passphrase: PASSPHRASE });
    const pending = await app.ok('wallets.create', { label: 'Main', passphrase: PASSPHRASE });
    secrets.push(pending.secretKey);
    const wallet = await app.ok('wallets.confirmBackup', {
      pendingId: pending.pendingId,
      confirmation: pending.secretKey.slice(-6),
    });
    walletId = wallet.walletId;
    walletKey = wallet.publicKey;

    await app.ok('funds.faucet', { walletId, tokenId: USDC, amount: usdc(500) });
    const deposit = await app.ok('funds.deposit', { walletId, tokenId: USDC, amount: usdc(200) });
    // sent and accepted by the chain: tracked by its signature until the chain confirms it
    expect(deposit).toMatchObject({
      status: 'submitted',
      txId: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/),
    });
    const credited = await until(
      () => app.ok('funds.deposits'),
      (d) => d[0]?.status === 'credited',
    );
    expect(credited[0]).toMatchObject({ status: 'credited', amount: usdc(200) });
    const portfolio = await app.ok('portfolio.get');
    expect(portfolio.wallets[0]!.accounts[0]!.balances).toEqual([{ tokenId: USDC, amount: usdc(200) }]);
    account = portfolio.wallets[0]!.accounts[0]!.accountId;
  });

  it('creates a session whose key stays in the keychain; the list shows it as created here', async () => {
    const session = await app.ok('sessions.create', { walletId, label: 'Laptop', expiresInSeconds: 3600 });
    expect(session).toMatchObject({ createdHere: true, label: 'Laptop', status: 'active' });
    const listed = await app.ok('sessions.list');
    expect(listed.map((s) => s.sessionId)).toEqual([session.sessionId]);
    // sealed in the keychain: the raw item is not the key, the passphrase-opened store gives it back
    const raw = await app.store.get(`session:${session.sessionKey}`);
    const stored = await app.core.lock.secrets.get(`session:${session.sessionKey}`);
    expect(stored).not.toBeNull();
    expect(raw).toMatch(/^sealed1\./);
    secrets.push(stored!);
  });

  it('withdraws with the fee shown before signing, and the destination receives exactly amount minus fee', async () => {
    const destination = bs58.encode(new SigningKey(Buffer.alloc(32, 3)).publicKey);
    const fee = await app.ok('funds.withdrawalFee', { accountId: account });
    const summary = await app.ok('actions.prepare', {
      kind: 'withdraw',
      walletId,
      accountId: account,
      tokenId: USDC,
      amount: usdc(50),
      destination,
    });
    expect(summary).toMatchObject({ kind: 'withdraw', needsFreshUnlock: false, moneyLeaves: true });
    expect(amountLine(summary, 'fee')).toBe(fee.fee);
    expect(amountLine(summary, 'receive')).toBe(usdc(50) - fee.fee);
    expect(amountLine(summary, 'balanceAfter')).toBe(usdc(150));
    expect(summary.warnings.join(' ')).toMatch(/not withdrawn to this address before/);
    const result = await app.ok('actions.confirm', {
      confirmationId: summary.confirmationId,
      passphrase: PASSPHRASE,
    });
    expect(result.kind).toBe('withdraw');
    expect(amountLine(result, 'fee')).toBe(fee.fee);
    expect(amountLine(result, 'receive')).toBe(usdc(50) - fee.fee);
    // the confirmation is single use
    expect(
      (await app.call('actions.confirm', { confirmationId: summary.confirmationId, passphrase: PASSPHRASE }))
        .ok,
    ).toBe(false);
    // read from the chain: the payout created the destination's token account with amount minus fee
    const chain = await until(
      () => chainTokenBalance(devnet, destination, USDC),
      (b) => b !== 0n,
    );
    expect(chain).toBe(usdc(50) - fee.fee);
  });

  it('refuses to sign a withdrawal whose fee rose after it was reviewed, and nothing moves', async () => {
    const summary = await app.ok('actions.prepare', {
      kind: 'withdraw',
      walletId,
      accountId: account,
      tokenId: USDC,
      amount: usdc(20),
    });
    const setDebt = (amount: bigint) =>
      fetch(`${devnet.baseUrl}/devnet/protocol-debt`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amount: amount.toString() }),
      });
    const balance = async () =>
      (await app.ok('portfolio.account', { accountId: account })).balances.find((b) => b.tokenId === USDC)!
        .amount;
    const before = await balance();
    const lastAction = async () =>
      (await fetch(`${devnet.baseUrl}/action/last-executed-id`).then((r) => r.json())) as string;
    const actionBefore = await lastAction();
    expect((await setDebt(usdc(50_000))).status).toBe(200); // the protocol turns unhealthy: the fee grows
    try {
      const refused = await app.call('actions.confirm', {
        confirmationId: summary.confirmationId,
        passphrase: PASSPHRASE,
      });
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'CONFLICT', message: expect.stringMatching(/fee rose since you reviewed it/) },
      });
      expect(await balance()).toBe(before);
      expect(await lastAction()).toBe(actionBefore); // nothing was signed or sent
    } finally {
      await setDebt(0n);
    }
  });

  it('transfers into a new account and the portfolio shows both', async () => {
    const summary = await app.ok('actions.prepare', {
      kind: 'transfer',
      walletId,
      fromAccountId: account,
      tokenId: USDC,
      amount: usdc(30),
    });
    expect(accountLine(summary, 'to')).toBeNull();
    const result = await app.ok('actions.confirm', {
      confirmationId: summary.confirmationId,
      passphrase: PASSPHRASE,
    });
    const created = accountLine(result, 'to');
    expect(created).not.toBeNull();
    const portfolio = await app.ok('portfolio.get');
    const accounts = portfolio.wallets[0]!.accounts;
    expect(accounts.map((a) => [a.accountId, a.balances[0]?.amount])).toEqual([
      [account, usdc(120)],
      [created, usdc(30)],
    ]);
    expect(portfolio.equity).toBe(usdc(150));
    // the account stream told the renderer about it, live
    const live = await until(
      async () =>
        events
          .filter((e) => e.name === 'accountUpdate')
          .map((e) => e.payload as { accountId: number; type: string }),
      (updates) => updates.some((u) => u.accountId === account && u.type === 'transferSent'),
    );
    expect(live).toContainEqual(expect.objectContaining({ accountId: account, type: 'transferSent' }));
  });

  it('refuses bad intents clearly and sends nothing', async () => {
    const before = (await app.ok('audit.list', {})).total;
    const tooMuch = await app.call('actions.prepare', {
      kind: 'withdraw',
      walletId,
      accountId: account,
      tokenId: USDC,
      amount: usdc(10_000),
    });
    expect(tooMuch).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    const badAddress = await app.call('actions.prepare', {
      kind: 'withdraw',
      walletId,
      accountId: account,
      tokenId: USDC,
      amount: usdc(5),
      destination: 'notanaddress0OIl',
    });
    expect(badAddress).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    const unknown = await app.call('actions.prepare', {
      kind: 'transfer',
      walletId,
      fromAccountId: account,
      tokenId: USDC,
      amount: usdc(5),
      toAccountId: 987654,
    });
    expect(unknown).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'Account 987654 does not exist.' },
    });
    const negative = await app.call('actions.prepare', {
      kind: 'transfer',
      walletId,
      fromAccountId: account,
      tokenId: USDC,
      amount: -5n,
    });
    expect(negative).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect((await app.ok('audit.list', {})).total).toBe(before);
  });

  it('revokes the session; an action signed by it afterwards is refused by the exchange', async () => {
    const [session] = await app.ok('sessions.list');
    const secret = await app.core.lock.secrets.get(`session:${session!.sessionKey}`);
    await app.ok('sessions.revoke', { walletId, sessionId: session!.sessionId });
    expect(await app.ok('sessions.list')).toEqual([]);
    expect(await app.store.get(`session:${session!.sessionKey}`)).toBeNull();

    // someone who copied the session key tries to use it anyway
    const leaked = new SigningKey(bs58.decode(secret!));
    const schema = await app.core.connection!.schema();
    const raw = encodeActionRaw(schema, {
      currentTimestamp: BigInt((await fetch(`${devnet.baseUrl}/timestamp`).then((r) => r.json())) as number),
      nonce: 1000,
      kind: {
        type: 'transfer',
        sessionId: BigInt(session!.sessionId),
        fromAccountId: account,
        tokenId: USDC,
        amount: 1n,
      },
    });
    const res = await fetch(`${devnet.baseUrl}/action`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: buildActionBody(raw, signAction(raw, leaked, 'session')),
    });
    expect(decodeReceipt(schema, Buffer.from(await res.arrayBuffer())).kind).toEqual({
      type: 'err',
      error: 'SESSION_REVOKED',
    });
  });

  it('the audit log recorded every signed action, and exports it', async () => {
    const { entries } = await app.ok('audit.list', {});
    expect(entries.map((e) => `${e.kind}:${e.result}`).reverse()).toEqual([
      // what touched a key before anything was signed: the passphrase chosen, the wallet shown and stored
      'passphraseChosen:ok',
      'walletKeyShown:ok',
      'walletCreated:ok',
      'deposit:ok',
      'createSession:ok',
      'withdraw:ok',
      'transfer:ok',
      'selfRevoke:ok',
    ]);
    expect((await app.ok('audit.export')).csv.split('\n')[0]).toMatch(/^time,description,wallet,kind/);
  });

  it('no secret, recovery phrase or passphrase reached an IPC result other than the reveals, an event, a log line, or any file of the app data folder', async () => {
    const exported = await app.ok('wallets.export', { walletId, passphrase: PASSPHRASE });
    expect(exported.publicKey).toBe(walletKey);
    // recovery phrases: one made here (revealed once, then exported), one imported with a BIP39 passphrase
    // (never revealed), and a wallet derived from it later
    const made = await app.ok('phrases.create', { label: 'Phrase', wordCount: 24, passphrase: PASSPHRASE });
    await app.ok('phrases.confirmBackup', {
      pendingId: made.pendingId,
      answers: made.checkPositions.map((p) => made.mnemonic[p - 1]!),
    });
    const imported = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
    // on the Ledger path, and its solana-keygen default (the key that is the seed's start)
    for (const scheme of ['bip44', 'keygen'] as const) {
      const found = await app.ok('phrases.discover', {
        phrase: imported,
        bip39Passphrase: 'a hidden extra word',
      });
      await app.ok('phrases.importWallets', {
        discoveryId: found.discoveryId,
        scheme,
        indices: [0],
        label: `Imported ${scheme}`,
        passphrase: PASSPHRASE,
      });
    }
    const importedId = (await app.ok('phrases.list')).find((p) => p.scheme === 'bip44')!.phraseId;
    await app.ok('phrases.addNextWallet', { phraseId: importedId, label: 'Next' });
    const madeId = (await app.ok('phrases.list')).find((p) => p.scheme === 'bip44-change')!.phraseId;
    expect((await app.ok('phrases.export', { phraseId: madeId, passphrase: PASSPHRASE })).mnemonic).toEqual(
      made.mnemonic,
    );
    const revealedPhrase = made.mnemonic.join(' ');
    const phraseForms = [
      ...phraseSecretForms(revealedPhrase, '', 'bip44-change', [0]),
      ...phraseSecretForms(imported, 'a hidden extra word', 'bip44', [0, 1]),
      ...phraseSecretForms(imported, 'a hidden extra word', 'keygen', [0]),
    ];
    const forms = secrets.flatMap((s) => {
      const bytes = Buffer.from(bs58.decode(s));
      return [
        s,
        bytes.toString('hex'),
        bytes.toString('base64'),
        bytes.subarray(0, 32).toString('hex'),
        bytes.subarray(0, 32).toString('base64'),
      ];
    });
    const revealed = new Set([secrets[0]]);
    const results = app.results.filter(
      (r) =>
        !(
          r &&
          typeof r === 'object' &&
          'value' in r &&
          (((r as { value: { secretKey?: string } }).value?.secretKey &&
            revealed.has((r as { value: { secretKey: string } }).value.secretKey)) ||
            (r as { value: { mnemonic?: string[] } }).value?.mnemonic?.join(' ') === revealedPhrase)
        ),
    );
    const json = (value: unknown) =>
      JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
    const haystacks = [json(results), json(events), logged.join('\n')];
    const { readdirSync, readFileSync } = await import('node:fs');
    const files = readdirSync(app.dataDir, { recursive: true, withFileTypes: true }).filter((e) =>
      e.isFile(),
    );
    expect(files.length).toBeGreaterThan(3); // settings, wallets, sessions, nonces, audit...
    for (const file of files)
      haystacks.push(readFileSync(`${file.parentPath}/${file.name}`).toString('latin1'));
    expect(events.length).toBeGreaterThan(0);
    // the passphrase itself appears nowhere either: not even in the requests that carried it
    const passphraseForms = [
      PASSPHRASE,
      Buffer.from(PASSPHRASE).toString('hex'),
      Buffer.from(PASSPHRASE).toString('base64'),
    ];
    for (const haystack of haystacks)
      for (const form of [...forms, ...phraseForms, ...passphraseForms])
        expect(haystack.includes(form)).toBe(false);
  });

  it('withdraws another token with the fee stated and charged in that token', async () => {
    const ETH = 2;
    const eth = (n: number) => BigInt(Math.round(n * 1e4)) * 10_000n; // 8 decimals
    await app.ok('funds.faucet', { walletId, tokenId: ETH, amount: eth(1) });
    await app.ok('funds.deposit', { walletId, tokenId: ETH, amount: eth(1), accountId: account });
    await until(
      async () => (await app.ok('portfolio.account', { accountId: account })).balances,
      (b) => b.some((x) => x.tokenId === ETH && x.amount === eth(1)),
    );
    const destination = bs58.encode(new SigningKey(Buffer.alloc(32, 4)).publicKey);
    const fee = await app.ok('funds.withdrawalFee', { accountId: account, tokenId: ETH });
    // 1 USDC at the devnet's 3,200 USDC reference price for ETH, rounded up: 0.0003125 ETH
    expect(fee).toEqual({ tokenId: ETH, fee: 31_250n });
    const summary = await app.ok('actions.prepare', {
      kind: 'withdraw',
      walletId,
      accountId: account,
      tokenId: ETH,
      amount: eth(0.5),
      destination,
    });
    const line = (key: string) => summary.lines.find((l) => l.key === key)?.value;
    expect(line('fee')).toEqual({ type: 'amount', tokenId: ETH, amount: 31_250n });
    expect(line('receive')).toEqual({ type: 'amount', tokenId: ETH, amount: eth(0.5) - 31_250n });
    const result = await app.ok('actions.confirm', {
      confirmationId: summary.confirmationId,
      passphrase: PASSPHRASE,
    });
    expect(result.kind).toBe('withdraw');
    expect(amountLine(result, 'fee')).toBe(31_250n);
    expect(amountLine(result, 'receive')).toBe(eth(0.5) - 31_250n);
    const chain = await until(
      () => chainTokenBalance(devnet, destination, ETH),
      (b) => b !== 0n,
    );
    expect(chain).toBe(eth(0.5) - 31_250n);
  });
});
