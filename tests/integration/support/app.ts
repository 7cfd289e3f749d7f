// A whole main-process core against a real devnet on loopback, driven through the dispatcher exactly as the
// renderer would drive it. Uses the real OS keychain when scripts/with-keyring.sh provides one, otherwise an
// in-memory store (the keychain itself is covered by keychain.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createCore, type Core, type CoreDeps } from '../../../src/main/core';
import type { LaunchDevnet } from '../../../src/main/network/devnet-supervisor';
import { createDispatcher } from '../../../src/main/ipc-dispatch';
import { createKeyringStore, type SecretStore } from '../../../src/main/keychain/secret-store';
import { FAST_KDF, MemorySecretStore } from '../../support/memory-store';
import type { ArgsOf, ResultOf } from '../../../src/shared/ipc/contract';
import type { MethodName } from '../../../src/shared/ipc/contract';
import type { Result } from '../../../src/shared/result';
import type { FetchLike } from '../../../src/main/exchange/http-client';

export const PASSPHRASE = 'integration passphrase';

export interface TestApp {
  core: Core;
  dataDir: string;
  store: SecretStore;
  results: unknown[];
  call<M extends MethodName>(method: M, args?: ArgsOf<M>): Promise<Result<ResultOf<M>>>;
  ok<M extends MethodName>(method: M, args?: ArgsOf<M>): Promise<ResultOf<M>>;
  close(): Promise<void>;
}

/**
 * The exchange's address, or a running devnet (its address and its Solana RPC), fixed for the run; or a
 * launcher with which the app runs (and supervises) the embedded devnets itself, whose choice the app then
 * makes as a person does (Settings → Network).
 */
export type AppExchange = string | { baseUrl: string; rpcUrl: string } | { launchDevnet: LaunchDevnet };

export async function startApp(
  exchange: AppExchange,
  options: {
    dataDir?: string;
    store?: SecretStore;
    now?: () => number;
    fetchImpl?: FetchLike;
    /** watch for sessions made elsewhere (off by default: its reads would cross tests that count reads) */
    watchStrangers?: boolean;
    supervision?: CoreDeps['supervision'];
  } = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'perpetua-app-'));
  const store =
    options.store ??
    (process.env.PERPETUA_KEYRING_TEST === '1'
      ? createKeyringStore(`perpetua-it-${randomUUID()}`)
      : new MemorySecretStore());
  const core = createCore({
    version: 'test',
    host: 'browser-host',
    ...(typeof exchange === 'string'
      ? { exchange: { kind: 'custom', baseUrl: exchange } }
      : 'launchDevnet' in exchange
        ? { launchDevnet: exchange.launchDevnet }
        : { exchange: { kind: 'custom', baseUrl: exchange.baseUrl, solanaRpcUrl: exchange.rpcUrl } }),
    ...(options.supervision ? { supervision: options.supervision } : {}),
    dataDir,
    store,
    kdf: FAST_KDF,
    watchStrangers: options.watchStrangers ?? false,
    ...(options.now ? { now: options.now } : {}),
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
  });
  await core.start();
  const dispatch = createDispatcher(core.handlers);
  const results: unknown[] = [];
  const call = async <M extends MethodName>(method: M, args?: ArgsOf<M>) => {
    const result = (await dispatch(method, args)) as Result<ResultOf<M>>;
    results.push(result);
    return result;
  };
  return {
    core,
    dataDir,
    store,
    results,
    call,
    async ok(method, args) {
      const result = await call(method, args);
      if (!result.ok) throw new Error(`${method} failed: ${result.error.code} ${result.error.message}`);
      return result.value;
    },
    async close() {
      await core.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new wallet created through the app (with the passphrase, PASSPHRASE unless said) and its backup
 * confirmed, as a person does on first run.
 */
export async function createWallet(
  app: TestApp,
  label: string,
  passphrase = PASSPHRASE,
): Promise<{ walletId: string; secretKey: string }> {
  const pending = await app.ok('wallets.create', { label, passphrase });
  const { walletId } = await app.ok('wallets.confirmBackup', {
    pendingId: pending.pendingId,
    confirmation: pending.secretKey.slice(-6),
  });
  return { walletId, secretKey: pending.secretKey };
}

/**
 * Faucet tokens to the wallet on the chain and deposit them, then wait until the exchange credits that
 * deposit: the credit comes after the chain confirms, so anything that needs the exchange account (a
 * session, a transfer) must wait for it rather than for the deposit's answer.
 */
export async function depositCredited(
  app: TestApp,
  walletId: string,
  amount: bigint,
  tokenId = 0,
): Promise<void> {
  await app.ok('funds.faucet', { walletId, tokenId, amount });
  const { depositId } = await app.ok('funds.deposit', { walletId, tokenId, amount });
  for (let waited = 0; waited < 20_000; waited += 50) {
    const deposit = (await app.ok('funds.deposits')).find((d) => d.depositId === depositId);
    if (deposit?.status === 'credited') return;
    if (deposit?.status === 'failed') throw new Error(`deposit ${depositId} failed`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`deposit ${depositId} was not credited within 20 s`);
}
