// One exchange connection: everything bound to one exchange (its client, clock and schema, sessions made on
// it, nonces and pending submissions, deposits being watched, the account streams, equity samples), with its
// files in that network's own folder. core.ts makes one when the network changes and closes the one before,
// so a confirmation prepared against one exchange can never be signed for another, and a nonce or session id
// from one never meets the other. What belongs to the person (lock, wallets, audit log, address book,
// settings) lives for the whole run and is given here.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppLock } from './lock/app-lock';
import type { WalletInfo, WalletService } from './wallets/wallet-service';
import type { CompromisedWallets } from './wallets/compromised-wallets';
import type { SealedStore } from './keychain/sealed-store';
import type { AuditLog } from './audit/audit-log';
import { createHttpClient, type FetchLike } from './exchange/http-client';
import { createKeepAliveFetch } from './exchange/keep-alive-fetch';
import { createExchangeClient, type ExchangeClient } from './exchange/exchange-client';
import { EngineClock } from './exchange/engine-clock';
import { Reachability, type LocalExchange } from './exchange/reachability';
import { LiveReads } from './exchange/live-reads';
import { NonceJournal } from './nonces/nonce-journal';
import { Submitter } from './pipeline/submitter';
import { signedActions } from './pipeline/signed-action';
import { SessionManager, type SessionManagerDeps } from './sessions/session-manager';
import { StrangerRecord } from './sessions/stranger-record';
import { StrangerWatch, type StrangerSession } from './sessions/stranger-watch';
import { ActionPipeline } from './pipeline/pipeline';
import { Funds, type TrackedDeposit } from './funds/funds';
import { createChainClient } from './funds/chain-client';
import { createChainWatch } from './funds/chain-watch';
import { AccountWatcher, type AccountUpdate } from './exchange/account-watcher';
import type { AddressBook } from './address-book';
import type { SettingsStore } from './settings/settings-store';
import { EquitySamples } from './portfolio/equity-samples';
import { accountDetailReader, type AccountDetail } from './portfolio/account-detail';
import { FreshAccountReads } from './portfolio/fresh-reads';
import { FINISHED_TRIGGERS_SHOWN, FinishedTriggers } from './triggers/finished-triggers';
import type { ProtocolSchema } from '../protocol/schema';
import { loadExchangeSchema } from './exchange/exchange-schema';
import type { MarketsInfo } from '../shared/exchange/info';
import { ownership, type NetworkKind, type Ownership } from './wallets/ownership';
import type { ConnectionPlace } from './network/network';

/** How long the one probe may take while the exchange is known to be away ("fails at once", in effect). */
const PROBE_MS = 1_500;

/** What a connection uses of the app run: the person's stores, and whom to tell what it hears. */
export interface ConnectionDeps {
  lock: AppLock;
  wallets: WalletService;
  /** wallet and session secrets, sealed under the passphrase */
  secrets: SealedStore;
  audit: AuditLog;
  compromised: CompromisedWallets;
  addressBook: AddressBook;
  settings: Pick<SettingsStore, 'accountNames'>;
  demoSessionOf: NonNullable<SessionManagerDeps['demoSessionOf']>;
  fetchImpl?: FetchLike;
  /** the lock's and the confirmations' clock (tests move it to age an unlock or a review) */
  now?: () => number;
  /** false: sessions made elsewhere are not watched for (tests that count the exchange's reads) */
  watchStrangers?: boolean;
  /** the app's own local exchange being restarted or given up on, for the words of a request it stopped */
  localExchange?: () => LocalExchange;
  onDeposit?: (deposit: TrackedDeposit) => void;
  onChainBalances?: (walletId: string) => void;
  onAccountUpdate?: (update: AccountUpdate) => void;
  onExchangeStatus?: (connected: boolean, detail?: string) => void;
  /** a wallet's sessions changed on the exchange, with the strangers' sessions first noticed (stranger-watch) */
  onSessionsChanged?: (walletId: string, strangers: StrangerSession[]) => void;
}

export interface Connection {
  baseUrl: string;
  network: NetworkKind;
  networkDir: string;
  /** whether an account or address is the person's own on this exchange: the one rule (wallets/ownership.ts) */
  ownership: Ownership<WalletInfo>;
  client: ExchangeClient;
  clock: EngineClock;
  journal: NonceJournal;
  submitter: Submitter;
  sessions: SessionManager;
  strangerWatch: StrangerWatch;
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
  /**
   * Ends a removed wallet's sessions on this exchange and takes their keys out of the keychain, and out of
   * every folder in `otherDirs` (other networks' sessions, which are not ended: their exchange is elsewhere).
   */
  forgetWallet(wallet: WalletInfo, otherDirs: string[]): Promise<void>;
  close(): void;
}

/** The folders that hold some network's sessions file, this run's or not. */
export function networkDirs(dataDir: string): string[] {
  const root = join(dataDir, 'networks');
  const nested = existsSync(root) ? readdirSync(root).map((name) => join(root, name)) : [];
  return [dataDir, ...nested].filter((dir) => existsSync(join(dir, 'sessions.json')));
}

export function createConnection(deps: ConnectionDeps, at: ConnectionPlace): Connection {
  const { lock, wallets, audit } = deps;
  const { baseUrl, networkDir, solanaRpcUrl } = at;
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
  // every action is signed, sent and recorded the same way: a session's as any other (signed-action.ts)
  const signed = signedActions({ submitter, audit, ...(deps.now ? { now: deps.now } : {}) });
  const sessionDeps = {
    demoSessionOf: deps.demoSessionOf,
    store: deps.secrets,
    lock,
    wallets,
    audit,
    client,
    clock,
    signed,
  };
  const strangers = new StrangerRecord(join(networkDir, 'strangers.json'));
  const sessions = new SessionManager({
    ...sessionDeps,
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
  const owns = ownership({ wallets, compromised: deps.compromised, client });
  const accountNames = () => deps.settings.accountNames();
  const pipeline = new ActionPipeline({
    client,
    wallets,
    ownership: owns,
    sessions,
    lock,
    submitter,
    signed,
    audit,
    info: getInfo,
    known: deps.addressBook,
    accountNames,
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
    accountNames,
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
    network: at.network,
    ownership: owns,
    networkDir,
    client,
    clock,
    journal,
    submitter,
    sessions,
    strangerWatch,
    pipeline,
    funds,
    watcher,
    equity,
    accountReads,
    finishedTriggers,
    info: getInfo,
    schema: getSchema,
    async forgetWallet(wallet, otherDirs) {
      await sessions.forgetWallet(wallet, true);
      for (const dir of otherDirs) {
        if (dir === networkDir) continue;
        await new SessionManager({ ...sessionDeps, dataDir: dir }).forgetWallet(wallet);
      }
    },
    close: () => {
      strangerWatch.close();
      funds.close();
      watcher.close();
      keepAlive?.close();
      equity.flush();
    },
  };
}
