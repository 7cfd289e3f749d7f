// Builds every main-process service from explicit dependencies. One instance per app run; the Electron app
// and the browser host both get theirs from createCore.
import { join } from 'node:path';
import { AppLock, type LockState } from './lock/app-lock';
import type { ScryptParams } from './lock/passphrase-hash';
import type { SecretStore } from './keychain/secret-store';
import { WalletService } from './wallets/wallet-service';
import { AuditLog } from './audit/audit-log';
import { createHttpClient, type FetchLike } from './exchange/http-client';
import { createExchangeClient, type ExchangeClient } from './exchange/exchange-client';
import { EngineClock } from './exchange/engine-clock';
import { NonceJournal } from './nonces/nonce-journal';
import { Submitter } from './pipeline/submitter';
import { SessionManager } from './sessions/session-manager';
import { ActionPipeline } from './pipeline/pipeline';
import { Funds, type TrackedDeposit } from './funds/funds';
import { AccountWatcher, type AccountUpdate } from './exchange/account-watcher';
import { AddressBook } from './address-book';
import { loadSchema, type ProtocolSchema } from '../protocol/schema';
import type { MarketsInfo } from '../shared/exchange/info';

export interface ServiceDeps {
  exchangeBaseUrl: string;
  dataDir: string;
  store: SecretStore;
  fetchImpl?: FetchLike;
  scrypt?: ScryptParams;
  onLockState?: (state: LockState) => void;
  onDeposit?: (deposit: TrackedDeposit) => void;
  onAccountUpdate?: (update: AccountUpdate) => void;
  onExchangeStatus?: (connected: boolean, detail?: string) => void;
  /** the lock's clock (tests move it to age an unlock) */
  now?: () => number;
}

export interface Services {
  client: ExchangeClient;
  lock: AppLock;
  wallets: WalletService;
  audit: AuditLog;
  clock: EngineClock;
  journal: NonceJournal;
  submitter: Submitter;
  sessions: SessionManager;
  pipeline: ActionPipeline;
  funds: Funds;
  watcher: AccountWatcher;
  addressBook: AddressBook;
  info(): Promise<MarketsInfo>;
  schema(): Promise<ProtocolSchema>;
  close(): void;
}

export function createServices(deps: ServiceDeps): Services {
  const client = createExchangeClient(
    createHttpClient({
      baseUrl: deps.exchangeBaseUrl,
      ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
    }),
  );
  const lock = new AppLock({
    store: deps.store,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.scrypt ? { scrypt: deps.scrypt } : {}),
    ...(deps.onLockState ? { onChange: deps.onLockState } : {}),
  });
  const audit = new AuditLog(join(deps.dataDir, 'audit.jsonl'));
  const clock = new EngineClock({ fetchTimestamp: () => client.timestamp() });
  const journal = new NonceJournal(join(deps.dataDir, 'nonces.json'));

  // The schema comes from the exchange's own /schema.proto, loaded once and checked for what the app needs.
  let schema: Promise<ProtocolSchema> | null = null;
  const getSchema = (): Promise<ProtocolSchema> => {
    schema ??= client
      .schemaProto()
      .then(loadSchema)
      .catch((error: unknown) => {
        schema = null;
        throw error;
      });
    return schema;
  };
  let info: Promise<MarketsInfo> | null = null;
  const getInfo = (): Promise<MarketsInfo> => {
    info ??= client.info().catch((error: unknown) => {
      info = null;
      throw error;
    });
    return info;
  };

  const submitter = new Submitter({ client, clock, journal, schema: getSchema });
  // Sessions need the wallet service and the wallet service tells sessions when a wallet goes: late binding.
  let sessions: SessionManager | null = null;
  const wallets = new WalletService({
    store: deps.store,
    lock,
    dataDir: deps.dataDir,
    onRemoved: (w) => sessions!.forgetWallet(w),
  });
  sessions = new SessionManager({
    store: deps.store,
    lock,
    wallets,
    client,
    clock,
    submitter,
    audit,
    dataDir: deps.dataDir,
  });
  const addressBook = new AddressBook(deps.dataDir);
  const pipeline = new ActionPipeline({
    client,
    wallets,
    sessions,
    lock,
    submitter,
    audit,
    info: getInfo,
    known: addressBook,
  });
  const funds = new Funds({ client, wallets, lock, audit, onDeposit: deps.onDeposit ?? (() => {}) });

  const watcher = new AccountWatcher(client, deps.onAccountUpdate ?? (() => {}), deps.onExchangeStatus);
  // Nothing about the person's accounts streams while the app is locked.
  lock.onLock(() => watcher.watch([]));

  return {
    client,
    lock,
    wallets,
    audit,
    clock,
    journal,
    submitter,
    sessions,
    pipeline,
    funds,
    watcher,
    addressBook,
    info: getInfo,
    schema: getSchema,
    close: () => {
      funds.close();
      watcher.close();
    },
  };
}
