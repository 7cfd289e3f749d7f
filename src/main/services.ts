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
import { WalletService, type WalletInfo } from './wallets/wallet-service';
import { PhraseService } from './wallets/phrase-service';
import { PassphraseReset } from './lock/passphrase-reset';
import { CompromisedWallets } from './wallets/compromised-wallets';
import { SealedStore } from './keychain/sealed-store';
import { AuditLog } from './audit/audit-log';
import { createHttpClient, type FetchLike } from './exchange/http-client';
import { createKeepAliveFetch } from './exchange/keep-alive-fetch';
import { createExchangeClient, type ExchangeClient } from './exchange/exchange-client';
import { EngineClock } from './exchange/engine-clock';
import { Reachability, type LocalExchange } from './exchange/reachability';
import { LiveReads } from './exchange/live-reads';
import { NonceJournal } from './nonces/nonce-journal';
import { Submitter } from './pipeline/submitter';
import { SessionManager } from './sessions/session-manager';
import { StrangerRecord } from './sessions/stranger-record';
import { StrangerWatch, type StrangerSession } from './sessions/stranger-watch';
import { ActionPipeline } from './pipeline/pipeline';
import { Funds, type TrackedDeposit } from './funds/funds';
import { createChainClient } from './funds/chain-client';
import { createChainWatch } from './funds/chain-watch';
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
import { ownership, type NetworkKind, type Ownership } from './wallets/ownership';

/** How long the one probe may take while the exchange is known to be away ("fails at once", in effect). */
const PROBE_MS = 1_500;

export interface ServiceDeps {
  dataDir: string;
  store: SecretStore;
  fetchImpl?: FetchLike;
  kdf?: KdfPolicy;
  onLockState?: (state: LockState) => void;
  onDeposit?: (deposit: TrackedDeposit) => void;
  onChainBalances?: (walletId: string) => void;
  onAccountUpdate?: (update: AccountUpdate) => void;
  onExchangeStatus?: (connected: boolean, detail?: string) => void;
  /** a wallet's sessions changed on the exchange, with the strangers' sessions first noticed (stranger-watch) */
  onSessionsChanged?: (walletId: string, strangers: StrangerSession[]) => void;
  /** false: sessions made elsewhere are not watched for (tests that count the exchange's reads) */
  watchStrangers?: boolean;
  /** how far a portfolio read that takes a while has come (accounts read of all) */
  onPortfolioProgress?: (read: number, total: number) => void;
  /** the app's own local exchange being restarted or given up on, for the words of a request it stopped */
  localExchange?: () => LocalExchange;
  /** the lock's and the confirmations' clock (tests move it to age an unlock or a review) */
  now?: () => number;
}

/** Everything bound to one exchange. */
export interface ExchangeServices {
  baseUrl: string;
  /** which network this exchange is: a wallet that belongs to another one is not the person's here */
  network: NetworkKind;
  /** whether an account or address is the person's own on this exchange: the one rule (wallets/ownership.ts) */
  ownership: Ownership<WalletInfo>;
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
  /** "Forgot passphrase?": erases every key and the passphrase */
  reset: PassphraseReset;
  /** the wallets the leaked wallet-key drill marked: never the person's own again */
  compromised: CompromisedWallets;
  audit: AuditLog;
  addressBook: AddressBook;
  settings: SettingsStore;
  readonly connected: boolean;
  /** tells the screens how far a portfolio read that takes a while has come */
  portfolioProgress(read: number, total: number): void;
  /**
   * Points every exchange-bound service at the exchange at baseUrl, which is the network `network`, keeping
   * its state in networkDir, with the Solana RPC its deposits go through (null: none known).
   */
  connect(baseUrl: string, network: NetworkKind, networkDir: string, solanaRpcUrl?: string | null): void;
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
  // each line names its wallet by the label it has as the line is written
  const audit = new AuditLog(join(deps.dataDir, 'audit.jsonl'), {
    labelOf: (publicKey: string): string | undefined =>
      wallets.list().find((w: WalletInfo) => w.publicKey === publicKey)?.label,
  });
  const lock = new AppLock({
    audit,
    store: deps.store,
    secrets,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.kdf ? { kdf: deps.kdf } : {}),
    ...(deps.onLockState ? { onChange: deps.onLockState } : {}),
    // a reset cut short by a crash is finished before the keychain is read
    beforeInit: (): Promise<void> => reset.resumeIfInterrupted(),
  });
  const addressBook = new AddressBook(deps.dataDir);
  const settings = new SettingsStore(deps.dataDir);
  const compromised = new CompromisedWallets(deps.dataDir);
  let bound: (ExchangeServices & { strangerWatch: StrangerWatch; close(): void }) | null = null;

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
    network: () => bound?.network ?? null,
    onRemoved: forgetWallet,
    onAdded: async (wallet) => bound?.strangerWatch.added(wallet),
  });
  // the phrase goes into the same store as wallet secrets, so it is kept exactly as they are
  const phrases = new PhraseService({ store: secrets, lock, wallets, dataDir: deps.dataDir });
  const reset: PassphraseReset = new PassphraseReset({
    dataDir: deps.dataDir,
    store: deps.store,
    secrets,
    lock,
    wallets,
    phrases,
    audit,
    sessionFiles: () => networkDirs(deps.dataDir).map((dir) => join(dir, 'sessions.json')),
    submissions: () =>
      bound && { sending: bound.submitter.sending, unsettled: bound.journal.pending().length },
  });

  function bind(
    baseUrl: string,
    network: NetworkKind,
    networkDir: string,
    solanaRpcUrl: string | null,
  ): ExchangeServices & { strangerWatch: StrangerWatch; close(): void } {
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
    // what the account streams vouch for is not read again (the watcher below tells it what they do)
    const live = new LiveReads();
    const client = createExchangeClient(
      createHttpClient({ baseUrl, fetchImpl, gate: () => reachability.check() }),
      live,
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
    const equity = new EquitySamples(join(networkDir, 'equity.json'));
    const accountReads = new FreshAccountReads(accountDetailReader({ client, wallets, equity }));
    // A lock that lands while an action is on its way to the signer stops it there.
    const submitter = new Submitter({
      client,
      clock,
      journal,
      schema: getSchema,
      beforeSign: () => lock.requireUnlocked(),
      afterExecuted: () => accountReads.stale(),
    });
    const strangers = new StrangerRecord(join(networkDir, 'strangers.json'));
    const sessions = new SessionManager({
      ...sessionDeps({ client, clock, submitter }),
      dataDir: networkDir,
      noticed: (walletPublicKey, sessionId) => strangers.noticed(walletPublicKey, sessionId),
    });
    const strangerWatch = new StrangerWatch({
      wallets: () => wallets.list(),
      unlocked: () => lock.state().status === 'unlocked',
      read: (wallet) => sessions.sessionsOf(wallet),
      record: strangers,
      audit,
      onChange: (walletId, noticed) => deps.onSessionsChanged?.(walletId, noticed),
    });
    if (deps.watchStrangers !== false) strangerWatch.start();
    const owns = ownership({ wallets, compromised, client });
    const pipeline = new ActionPipeline({
      client,
      wallets,
      ownership: owns,
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
      watch: solanaRpcUrl ? createChainWatch(solanaRpcUrl) : null,
      info: getInfo,
      wallets,
      lock,
      audit,
      onDeposit: deps.onDeposit ?? (() => {}),
      onChainBalances: deps.onChainBalances ?? (() => {}),
      accountNames: () => settings.accountNames(),
    });
    funds.resume();
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
      live,
    );
    const finishedTriggers = new FinishedTriggers(client, FINISHED_TRIGGERS_SHOWN);
    return {
      baseUrl: client.baseUrl,
      network,
      ownership: owns,
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
      strangerWatch,
      info: getInfo,
      schema: getSchema,
      close: () => {
        strangerWatch.close();
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
    reset,
    compromised,
    audit,
    addressBook,
    settings,
    get connected() {
      return bound !== null;
    },
    portfolioProgress: (read, total) => deps.onPortfolioProgress?.(read, total),
    get baseUrl() {
      return current().baseUrl;
    },
    get network() {
      return current().network;
    },
    get ownership() {
      return current().ownership;
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
    connect(baseUrl, network, networkDir, solanaRpcUrl = null) {
      const previous = bound;
      bound = bind(baseUrl, network, networkDir, solanaRpcUrl);
      previous?.close();
    },
    close: () => {
      bound?.close();
    },
  };
}
