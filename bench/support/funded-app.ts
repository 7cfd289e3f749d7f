// A data folder the way a person's would look after some use: the passphrase set, the embedded devnet chosen,
// and `wallets` wallets of `accountsPerWallet` funded accounts each, every account holding an open position.
// Built once through the real core (with the real OS keychain under scripts/with-keyring.sh) and its embedded
// devnet child, then copied for each measured launch, so every run starts from the same state.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bs58 from 'bs58';
import { createCore } from '../../src/main/core';
import { createDispatcher } from '../../src/main/ipc-dispatch';
import { launchDevnet, nodeDevnetCommand } from '../../src/main/devnet-launcher';
import { createKeyringStore } from '../../src/main/keychain/secret-store';
import { SigningKey, generateKeypair } from '../../src/protocol/keys';
import { decodeReceipt, encodeActionRaw } from '../../src/protocol/codec';
import { signAction } from '../../src/protocol/signing';
import { buildActionBody } from '../../src/protocol/framing';
import type { ActionKind } from '../../src/protocol/types';
import type { ArgsOf, ResultOf } from '../../src/shared/ipc/contract';
import type { MethodName } from '../../src/shared/ipc/contract';
import { newAccount } from '../../tests/support/action-lines';
import type { Result } from '../../src/shared/result';

export const PASSPHRASE = 'bench passphrase 42';
const USDC = 0;
const usdc = (n: number) => BigInt(n) * 1_000_000n;

export interface FundedApp {
  /** the prepared folder; copy it (copyDataDir) before starting an app on it */
  dataDir: string;
  keychainService: string;
  accounts: number;
}

/** `dataDir` as the host CLI lays it out: the app's state under app/, the embedded devnet's under devnet/. */
export async function buildFundedApp(
  repoRoot: string,
  { wallets, accountsPerWallet }: { wallets: number; accountsPerWallet: number },
): Promise<FundedApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'perpetua-bench-fixture-'));
  const keychainService = `perpetua-bench-${process.pid}-${Date.now()}`;
  const core = createCore({
    version: 'bench',
    host: 'browser-host',
    launchDevnet: ({ demo }) =>
      launchDevnet({
        ...nodeDevnetCommand(repoRoot),
        dataDir: join(dataDir, demo ? 'devnet-demo' : 'devnet'),
        extraArgs: demo ? ['--demo'] : [],
      }),
    dataDir: join(dataDir, 'app'),
    store: createKeyringStore(keychainService),
  });
  await core.start();
  const dispatch = createDispatcher(core.handlers);
  const ok = async <M extends MethodName>(method: M, args?: ArgsOf<M>): Promise<ResultOf<M>> => {
    const result = (await dispatch(method, args)) as Result<ResultOf<M>>;
    if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
    return result.value;
  };
  try {
    await ok('lock.setup', { passphrase: PASSPHRASE });
    await ok('settings.setNetwork', { kind: 'embedded-devnet' });
    const baseUrl = core.connection!.baseUrl;
    const schema = await core.connection!.schema();
    const now = async () => BigInt((await (await fetch(`${baseUrl}/timestamp`)).json()) as number);
    const send = async (kind: ActionKind, key: SigningKey, framing: 'hex' | 'session', nonce: number) => {
      const raw = encodeActionRaw(schema, { currentTimestamp: await now(), nonce, kind });
      const res = await fetch(`${baseUrl}/action`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: buildActionBody(raw, signAction(raw, key, framing)),
      });
      return decodeReceipt(schema, Buffer.from(await res.arrayBuffer()));
    };

    for (let w = 0; w < wallets; w += 1) {
      const seed = generateKeypair().secretSeed;
      const walletKey = new SigningKey(seed);
      const { walletId } = await ok('wallets.import', {
        label: `Wallet ${w + 1}`,
        secret: bs58.encode(seed),
        passphrase: PASSPHRASE,
      });
      const total = usdc(2_000 * accountsPerWallet);
      await ok('funds.faucet', { walletId, tokenId: USDC, amount: total });
      await ok('funds.deposit', { walletId, tokenId: USDC, amount: total });
      let first: number | undefined;
      for (let tries = 0; first === undefined && tries < 200; tries += 1) {
        const mine = (await ok('portfolio.get')).wallets.find((x) => x.wallet.walletId === walletId);
        first = mine?.accounts.find((a) => a.balances.some((b) => b.amount > 0n))?.accountId;
        if (first === undefined) await new Promise((r) => setTimeout(r, 100));
      }
      if (first === undefined) throw new Error('the deposit was never credited');
      await ok('sessions.create', { walletId, label: 'Bench' });
      const accounts = [first];
      for (let a = 1; a < accountsPerWallet; a += 1) {
        const prepared = await ok('actions.prepare', {
          kind: 'transfer',
          walletId,
          fromAccountId: first,
          tokenId: USDC,
          amount: usdc(1_500),
        });
        accounts.push(newAccount(await ok('actions.confirm', { confirmationId: prepared.confirmationId })));
      }
      // a position in every account, signed as the person's own trading bot would (the app places no orders)
      const sessionKey = new SigningKey(generateKeypair().secretSeed);
      const created = await send(
        {
          type: 'createSession',
          userPubkey: walletKey.publicKey,
          sessionPubkey: sessionKey.publicKey,
          expiryTimestamp: (await now()) + 86_400n,
        },
        walletKey,
        'hex',
        1_000_000,
      );
      if (created.kind.type !== 'createSessionResult') throw new Error('the bot session was refused');
      let nonce = 0;
      for (const accountId of accounts) {
        const placed = await send(
          {
            type: 'placeOrder',
            sessionId: created.kind.sessionId,
            marketId: accountId % 2,
            side: accountId % 3 === 0 ? 'ASK' : 'BID',
            fillMode: 'IMMEDIATE_OR_CANCEL',
            isReduceOnly: false,
            price: 0n,
            size: 10n,
            senderAccountId: accountId,
          },
          sessionKey,
          'session',
          (nonce += 1),
        );
        if (placed.kind.type !== 'placeOrderResult')
          throw new Error(
            `the order was refused: ${JSON.stringify(placed.kind, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`,
          );
      }
    }
    const portfolio = await ok('portfolio.get');
    const withPositions = portfolio.wallets.flatMap((w) => w.accounts).filter((a) => a.positions.length > 0);
    if (withPositions.length !== wallets * accountsPerWallet)
      throw new Error(
        `expected ${wallets * accountsPerWallet} accounts with positions, found ${withPositions.length}`,
      );
    await ok('lock.lock');
  } finally {
    await core.close();
  }
  return { dataDir, keychainService, accounts: wallets * accountsPerWallet };
}

/** A fresh copy of the prepared folder, for one run. */
export function copyDataDir(fixture: FundedApp): string {
  const copy = mkdtempSync(join(tmpdir(), 'perpetua-bench-run-'));
  cpSync(fixture.dataDir, copy, { recursive: true });
  return copy;
}
