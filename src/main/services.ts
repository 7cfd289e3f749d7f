// Builds every main-process service from explicit dependencies. One instance per app run; the Electron app
// and the browser host both get theirs from createCore.
//
// Two kinds of service: those that belong to the person (lock, wallets, audit log, address book, settings)
// live for the whole run; those bound to one exchange (its client, clock and schema, sessions made on it,
// nonces and pending submissions, deposits being watched, the account streams, equity samples) are rebuilt
// by connect() when the network changes, with their files in that network's own folder. A confirmation
// prepared against one exchange can then never be signed for another, and a nonce or session id from one
// never meets the other.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { AppLock, type LockState } from './lock/app-lock';
import type { KdfPolicy } from './lock/kdf';
import type { SecretStore } from './keychain/secret-store';
import { WalletService, walletSecretItem, type WalletInfo } from './wallets/wallet-service';
import { PhraseService } from './wallets/phrase-service';
import { SealedStore } from './keychain/sealed-store';
import { AuditLog } from './audit/audit-log';
import { createHttpClient, type FetchLike } from './exchange/http-client';
import { createKeepAliveFetch } from './exchange/keep-alive-fetch';
import { createExchangeClient, type ExchangeClient } from './exchange/exchange-client';
import { EngineClock } from './exchange/engine-clock';
import { Reachability, type LocalExchange } from './exchange/reachability';
import { NonceJournal } from './nonces/nonce-journal';
import { Submitter } from './pipeline/submitter';
import { SessionManager, sessionSecretItems } from './sessions/session-manager';
import { ActionPipeline } from './pipeline/pipeline';
import { Funds, type TrackedDeposit } from './funds/funds';
import { createChainClient } from './funds/chain-client';
import { AccountWatcher, type AccountUpdate } from './exchange/account-watcher';
import { AddressBook } from './address-book';
import { SettingsStore } from './settings/settings-store';
import { EquitySamples } from './portfolio/equity-samples';
import { accountDetailReader, type AccountDetail } from './portfolio/account-detail';
import { FreshAccountReads } from './portfolio/fresh-reads';
import { FINISHED_TRIGGERS_SHOWN, FinishedTriggers } from './triggers/finished-triggers';
import type { ProtocolSchema } from '../protocol/schema';
import { loadExchangeSchema } from './exchange/exchange-schema';
import type { MarketsInfo } from '../shared/exchange/info';
import { AppFailure } from '../shared/result';
import { demoSessionLookup } from './network/demo-wallets';

/** How long the one probe may take while the exchange is known to be away ("fails at once", in effect). */
const PROBE_MS = 1_500;

export interface ServiceDeps {
  dataDir: string;
  store: SecretStore;
  fetchImpl?: FetchLike;
  kdf?: KdfPolicy;
  onLockState?: (state: LockState) => void;
  onDeposit?: (deposit: TrackedDeposit) => void;
  onAccountUpdate?: (update: AccountUpdate) => void;
  onExchangeStatus?: (connected: boolean, detail?: string) => void;
  /** the app's own local exchange being restarted or given up on, for the words of a request it stopped */
  localExchange?: () => LocalExchange;
  /** the lock's and the confirmations' clock (tests move it to age an unlock or a review) */
  now?: () => number;
}

/** Everything bound to one exchange. */
export interface ExchangeServices {
  baseUrl: string;
  /** where this exchange's state is kept */
  networkDir: string;
  client: ExchangeClient;
  clock: EngineClock;
  journal: NonceJournal;
  submitter: Submitter;
  sessions: SessionManager;
  pipeline: ActionPipeline;
  funds: Funds;
  watcher: AccountWatcher;
  equity: EquitySamples;
  /** accounts in detail, each read the moment a live update of it arrives (fresh-reads.ts) */
  accountReads: FreshAccountReads<AccountDetail>;
  /** each account's newest finished triggers, remembering where its history's last page starts */
  finishedTriggers: FinishedTriggers;
  info(): Promise<MarketsInfo>;
  schema(): Promise<ProtocolSchema>;
}

export interface Services extends ExchangeServices {
  lock: AppLock;
  wallets: WalletService;
  phrases: PhraseService;
  audit: AuditLog;
  addressBook: AddressBook;
  settings: SettingsStore;
  readonly connected: boolean;
  /**
   * Points every exchange-bound service at the exchange at baseUrl, keeping its state in networkDir, with
   * the Solana RPC its deposits go through (null: none known).
   */
  connect(baseUrl: string, networkDir: string, solanaRpcUrl?: string | null): void;
  close(): void;
}

/** The folders that hold some network's sessions file, this run's or not. */
function networkDirs(dataDir: string): string[] {
  const root = join(dataDir, 'networks');
  const nested = existsSync(root) ? readdirSync(root).map((name) => join(root, name)) : [];
  return [dataDir, ...nested].filter((dir) => existsSync(join(dir, 'sessions.json')));
}

export function createServices(deps: ServiceDeps): Services {
  // Wallet and session secrets go through the sealed layer; only the lock itself reads the raw keychain.
  const secrets = new SealedStore(deps.store);
  const lock = new AppLock({
    store: deps.store,
    secrets,
    // keys stored in plain by earlier versions, sealed at the next unlock
    plainSecretNames: (): string[] => [
      ...wallets.list().map((w: WalletInfo) => walletSecretItem(w.publicKey)),
      ...networkDirs(deps.dataDir).flatMap(sessionSecretItems),
    ],
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.kdf ? { kdf: deps.kdf } : {}),
    ...(deps.onLockState ? { onChange: deps.onLockState } : {}),
  });
  const audit = new AuditLog(join(deps.dataDir, 'audit.jsonl'));
  const addressBook = new AddressBook(deps.dataDir);
  const settings = new SettingsStore(deps.dataDir);
  let bound: (ExchangeServices & { close(): void }) | null = null;

  const demoSessionOf = demoSessionLookup();
  const sessionDeps = (x: Pick<ExchangeServices, 'client' | 'clock' | 'submitter'>) => ({
    demoSessionOf,
    store: secrets,
    lock,
    wallets,
    audit,
    client: x.client,
    clock: x.clock,
    submitter: x.submitter,
  });

  // A removed wallet's session keys leave the keychain for every network, not only the one in use.
  const forgetWallet = async (wallet: WalletInfo): Promise<void> => {
    if (!bound) return;
    await bound.sessions.forgetWallet(wallet, true);
    for (const dir of networkDirs(deps.dataDir)) {
      if (dir === bound.networkDir) continue;
      await new SessionManager({ ...sessionDeps(bound), dataDir: dir }).forgetWallet(wallet);
    }
  };
  const wallets = new WalletService({
    store: secrets,
    lock,
    dataDir: deps.dataDir,
    onRemoved: forgetWallet,
  });
  // the phrase goes into the same store as wallet secrets, so it is kept exactly as they are
  const phrases = new PhraseService({ store: secrets, lock, wallets, dataDir: deps.dataDir });

  function bind(
    baseUrl: string,
    networkDir: string,
    solanaRpcUrl: string | null,
  ): ExchangeServices & { close(): void } {
    // the exchange's reads go over a few connections kept open while this network is bound
    const keepAlive = deps.fetchImpl ? null : createKeepAliveFetch();
    const fetchImpl = deps.fetchImpl ?? keepAlive!.fetch;
    // `watcher` is made below, once the client it reads with exists; the probe only runs after it reported.
    const reachability = new Reachability({
      probe: () =>
        fetchImpl(`${baseUrl.replace(/\/+$/, '')}/timestamp`, { signal: AbortSignal.timeout(PROBE_MS) }).then(
          () => true,
          () => false,
        ),
      onBack: () => watcher.retryNow(),
      ...(deps.localExchange ? { localExchange: deps.localExchange } : {}),
    });
    const client = createExchangeClient(
      createHttpClient({ baseUrl, fetchImpl, gate: () => reachability.check() }),
    );
    const clock = new EngineClock({ fetchTimestamp: () => client.timestamp() });
    const journal = new NonceJournal(join(networkDir, 'nonces.json'));
    // The schema comes from the exchange's own /schema.proto, loaded once and checked for what the app needs.
    let schema: Promise<ProtocolSchema> | null = null;
    const getSchema = (): Promise<ProtocolSchema> => {
      schema ??= client
        .schemaProto()
        .then((text) => loadExchangeSchema(text, baseUrl))
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
    // A lock that lands while an action is on its way to the signer stops it there.
    const submitter = new Submitter({
      client,
      clock,
      journal,
      schema: getSchema,
      beforeSign: () => lock.requireUnlocked(),
    });
    const sessions = new SessionManager({
      ...sessionDeps({ client, clock, submitter }),
      dataDir: networkDir,
    });
    const pipeline = new ActionPipeline({
      client,
      wallets,
      sessions,
      lock,
      submitter,
      audit,
      info: getInfo,
      known: addressBook,
      accountNames: () => settings.accountNames(),
      ...(deps.now ? { now: deps.now } : {}),
    });
    const funds = new Funds({
      file: join(networkDir, 'deposits.json'),
      client,
      chain: solanaRpcUrl ? createChainClient(solanaRpcUrl) : null,
      info: getInfo,
      wallets,
      lock,
      audit,
      onDeposit: deps.onDeposit ?? (() => {}),
      accountNames: () => settings.accountNames(),
    });
    funds.resume();
    const equity = new EquitySamples(join(networkDir, 'equity.json'));
    const accountReads = new FreshAccountReads(accountDetailReader({ client, wallets, equity }));
    const watcher = new AccountWatcher(
      client,
      (update, detail) => {
        // the window reads a changed account's figures as soon as it hears of the change: the read starts
        // now, while the event is on its way (a resync is read only if it shows something newer)
        if (update.type !== 'resync') accountReads.updated(update.accountId);
        // a credited deposit that none of this app's deposits sent is told as one from elsewhere
        deps.onAccountUpdate?.(
          update.type === 'depositCredited' &&
            detail?.chainTxId !== undefined &&
            !funds.list().some((d) => d.txId === detail.chainTxId)
            ? { ...update, fromElsewhere: true }
            : update,
        );
      },
      (connected, detail, answered) => {
        reachability.update(connected, answered);
        deps.onExchangeStatus?.(connected, detail);
      },
    );
    const finishedTriggers = new FinishedTriggers(client, FINISHED_TRIGGERS_SHOWN);
    return {
      baseUrl: client.baseUrl,
      networkDir,
      client,
      clock,
      journal,
      submitter,
      sessions,
      pipeline,
      funds,
      watcher,
      equity,
      accountReads,
      finishedTriggers,
      info: getInfo,
      schema: getSchema,
      close: () => {
        funds.close();
        watcher.close();
        keepAlive?.close();
        equity.flush();
      },
    };
  }

  const current = (): ExchangeServices => {
    if (!bound) throw new AppFailure('EXCHANGE_UNREACHABLE', 'Perpetua is not connected to an exchange yet.');
    return bound;
  };

  // Nothing about the person's accounts streams while the app is locked.
  lock.onLock(() => bound?.watcher.watch([]));

  return {
    lock,
    wallets,
    phrases,
    audit,
    addressBook,
    settings,
    get connected() {
      return bound !== null;
    },
    get baseUrl() {
      return current().baseUrl;
    },
    get networkDir() {
      return current().networkDir;
    },
    get client() {
      return current().client;
    },
    get clock() {
      return current().clock;
    },
    get journal() {
      return current().journal;
    },
    get submitter() {
      return current().submitter;
    },
    get sessions() {
      return current().sessions;
    },
    get pipeline() {
      return current().pipeline;
    },
    get funds() {
      return current().funds;
    },
    get watcher() {
      return current().watcher;
    },
    get equity() {
      return current().equity;
    },
    get accountReads() {
      return current().accountReads;
    },
    get finishedTriggers() {
      return current().finishedTriggers;
    },
    info: () => current().info(),
    schema: () => current().schema(),
    connect(baseUrl, networkDir, solanaRpcUrl = null) {
      const previous = bound;
      bound = bind(baseUrl, networkDir, solanaRpcUrl);
      previous?.close();
    },
    close: () => {
      bound?.close();
    },
  };
}
