// Every exchange endpoint the app uses, typed and parsed with the shared schemas. A malformed or hostile
// answer is an EXCHANGE_BAD_RESPONSE, never a crash. POST /action is never retried here: whether a lost
// answer means "not executed" is for the nonce journal to settle.
import { z } from 'zod';
import { InfoJsonSchema, TimestampSchema, infoFromJson, type MarketsInfo } from '../../shared/exchange/info';
import { UserJsonSchema, userFromJson, type User } from '../../shared/exchange/user';
import { AccountJsonSchema } from '../../shared/exchange/account';
import {
  MarketHistoryPageJsonSchema,
  MarketStatsJsonSchema,
  OrderbookJsonSchema,
} from '../../shared/exchange/markets';
import { Num, U64Num, UInt } from '../../shared/exchange/json';
import { HISTORY_PAGE_SCHEMAS, PnlSummaryJsonSchema, type HistoryKind } from '../../shared/exchange/history';
import { SettlementDepositSchema, SettlementVaultsSchema } from '../../shared/exchange/settlement';
import {
  AccountVaultUserStateInfoSchema,
  VaultDepositPageSchema,
  VaultEpochPageSchema,
  VaultViewStateSchema,
} from '../../shared/exchange/vaults';
import { FinaliseTriggerPageSchema, TriggerListSchema } from '../../shared/exchange/triggers';
import { MoneyFormatError, scaledFromDecimal } from '../../shared/money';
import { AppFailure } from '../../shared/result';
import type { HttpClient } from './http-client';
import { accountFromJson, type Account } from './account-model';
import { historyFromJson } from './history-model';
import { scalerFor } from './scale';
import { healthLevel } from '../../shared/risk-levels';
import { holdingFromJson, vaultFromJson, vaultMarkFromJson } from './vault-model';
import type { LiveReads } from './live-reads';

export type { HistoryKind };

/** Fee rates are read in hundred-millionths of the notional. */
export const FEE_RATE_DECIMALS = 8;

/** `ActionsItem` (the devnet adds signer, nonce, kind and the receipt, which the app does not read) */
const ActionItemSchema = z.object({
  actionId: U64Num,
  physicalTime: z.string(),
  payload: z.string(),
});

/**
 * How long a market's stats, once read, answer every reader: the marks of a refresh of many accounts are read
 * once per market, not once per account, and the home screen's market figures (refreshed as often as the
 * portfolio, every 10 s) share that read.
 */
const STATS_KEPT_MS = 5_000;
/** A market's hourly rows change once an hour: read at most once a minute. */
const HOURS_KEPT_MS = 60_000;

type AccountJson = z.output<typeof AccountJsonSchema>;

/** The markets the account holds a position in. */
const heldMarkets = (json: AccountJson): number[] =>
  json.positions.filter((p) => p.perp && Number(p.perp.baseSize) !== 0).map((p) => p.marketId);

/**
 * Whether the account's figures move only with its positions' marks: every balance is of the quote token
 * (any other is valued at its own price).
 */
const movesOnlyWithMarks = (json: AccountJson, quoteTokenId: number): boolean =>
  json.balances.every((b) => b.tokenId === quoteTokenId || Number(b.amount) === 0);

/** `read`, with an answer under way or at most `ms` old shared by every caller of the same key. */
function keptFor<K, T>(ms: number, read: (key: K) => Promise<T>): (key: K) => Promise<T> {
  const reads = new Map<K, { read: Promise<T>; at: number }>();
  return (key) => {
    const recent = reads.get(key);
    if (recent && performance.now() - recent.at <= ms) return recent.read;
    const entry = { read: read(key), at: performance.now() };
    reads.set(key, entry);
    entry.read.then(
      () => (entry.at = performance.now()),
      () => reads.get(key) === entry && reads.delete(key),
    );
    return entry.read;
  };
}

/**
 * `live`: what the account streams vouch for (live-reads.ts); without it every read goes to the exchange.
 */
export function createExchangeClient(http: HttpClient, live?: LiveReads) {
  const notFoundAsNull = async <T>(fn: () => Promise<T>): Promise<T | null> => {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof AppFailure && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  };

  // /info is fixed for the life of an exchange: read once, and again only after a failure
  let infoOnce: Promise<MarketsInfo> | null = null;
  const info = (): Promise<MarketsInfo> => {
    infoOnce ??= http.getJson('/info', InfoJsonSchema).then((json) => {
      try {
        return infoFromJson(json);
      } catch (error) {
        throw new AppFailure(
          'EXCHANGE_BAD_RESPONSE',
          `The exchange's answer to /info is malformed: ${(error as Error).message.slice(0, 200)}.`,
        );
      }
    });
    infoOnce.catch(() => (infoOnce = null));
    return infoOnce;
  };

  /** a market's public MarketStats: a read under way or just made is shared */
  const marketStats = keptFor(STATS_KEPT_MS, (marketId: number) =>
    http.getJson(`/market/${marketId}/stats`, MarketStatsJsonSchema),
  );
  const hours = keptFor(HOURS_KEPT_MS, (key: string) => {
    const [marketId, pageSize] = key.split(':');
    return http.getJson(`/market/${marketId}/history/PT1H`, MarketHistoryPageJsonSchema, { pageSize });
  });
  const mark = async (marketId: number): Promise<string> => {
    const stats = await marketStats(marketId);
    return stats.perpStats?.mark_price ?? stats.indexPrice;
  };
  /** the mark price text of each market */
  const marks = async (marketIds: number[]): Promise<Map<number, string>> =>
    new Map(await Promise.all([...new Set(marketIds)].map(async (id) => [id, await mark(id)] as const)));

  const user = async (pubkey: string): Promise<User | null> => {
    const json = await notFoundAsNull(() =>
      http.getJson(`/user/${encodeURIComponent(pubkey)}`, UserJsonSchema),
    );
    const found = json === null ? null : userFromJson(json);
    live?.accountListRead(pubkey, found?.accountIds ?? null);
    return found;
  };

  /**
   * The account in the app's model: amounts scaled, margin figures computed from `margins` at the current
   * mark prices. What its stream vouches for is not read again (or `fresh`: read now): a flat account
   * until its stream says it changed, and one holding positions too, its figures moved with the mark from
   * those of its read, as long as nothing else in it moves with prices (a balance of a token other than
   * the quote one is valued at that token's price, which the app does not follow) and it is not close to
   * liquidation, where only the exchange's own figures will do.
   */
  const account = async (accountId: number, fresh = false): Promise<Account> => {
    let readNow = false;
    const read = async () => {
      readNow = true;
      const [json, markets] = await Promise.all([
        http.getJson(`/account/${accountId}`, AccountJsonSchema),
        info(),
      ]);
      return { json, quoteTokenId: markets.quoteTokenId };
    };
    const answer = await (live
      ? live.read('account', accountId, read, {
          fresh,
          keep: ({ json, quoteTokenId }) => movesOnlyWithMarks(json, quoteTokenId),
        })
      : read());
    const [markets, marksNow] = await Promise.all([info(), marks(heldMarkets(answer.json))]);
    const shown = accountFromJson(accountId, answer.json, markets, marksNow, !readNow);
    const level = healthLevel(shown.margin.healthBps);
    return readNow || level === 'safe' || level === 'none' ? shown : account(accountId, true);
  };

  return {
    baseUrl: http.baseUrl,
    info,
    timestamp: () => http.getJson('/timestamp', TimestampSchema),
    schemaProto: () => http.getText('/schema.proto'),
    /** null when the exchange does not know the wallet yet (no deposit so far) */
    user,
    /**
     * The wallet's account ids (null: the exchange does not know the wallet), as any recent read of its
     * GET /user said while its accounts' streams say nothing changed: a new account elsewhere shows within
     * minutes (live-reads.ts). For sessions, which change without an account's stream saying so, read user().
     */
    walletAccounts: async (pubkey: string): Promise<number[] | null> =>
      live?.accountList(pubkey) ?? (await user(pubkey))?.accountIds ?? null,
    account,
    /** the public MarketStats of a market: mark and index price, the 24 h range, funding */
    marketStats,
    /** the market's hourly rows (mark price, funding), newest first */
    marketHours: (marketId: number, pageSize: number) => hours(`${marketId}:${pageSize}`),
    /** the market's resting orders as [price, size] levels, scaled (asks cheapest first, bids dearest first) */
    orderbook: async (marketId: number) => {
      const path = `/market/${marketId}/orderbook`;
      const [json, markets] = await Promise.all([http.getJson(path, OrderbookJsonSchema), info()]);
      const s = scalerFor(markets, path);
      const levels = (side: [string, string][]) =>
        side.map(([price, size]) => ({
          price: s.price(price, marketId, 'a book price'),
          size: s.size(size, marketId, 'a book size'),
        }));
      return {
        asks: levels(json.asks).sort((a, b) => (a.price < b.price ? -1 : a.price > b.price ? 1 : 0)),
        bids: levels(json.bids).sort((a, b) => (a.price > b.price ? -1 : a.price < b.price ? 1 : 0)),
      };
    },
    /**
     * The account's taker fee on the market in hundred-millionths of the notional (5 bps: 50,000), read
     * exactly; the exchange writes a charge negative and a rebate positive.
     */
    takerFeeRate: async (marketId: number, accountId: number) => {
      const rate = await http.getJson(`/market/${marketId}/fees/taker/${accountId}`, Num);
      try {
        return -scaledFromDecimal(rate, FEE_RATE_DECIMALS);
      } catch (error) {
        if (!(error instanceof MoneyFormatError)) throw error;
        throw new AppFailure(
          'EXCHANGE_BAD_RESPONSE',
          'The exchange stated a taker fee more precise than 1e-8.',
        );
      }
    },
    /** the wallet that owns an account (base58) */
    accountOwner: (accountId: number) => http.getJson(`/account/${accountId}/pubkey`, z.string().max(64)),
    accountExists: async (accountId: number) =>
      (await notFoundAsNull(() => http.getJson(`/account/${accountId}/pubkey`, z.string()))) !== null,
    /**
     * In scaled units of the quote token (or of `token` when given: the fee a withdrawal of that token is
     * charged), read exactly from the number's text.
     */
    withdrawalFee: async (accountId: number, decimals: number, token?: number) => {
      const fee = await http.getJson(
        `/account/${accountId}/fees/withdrawal`,
        Num,
        token === undefined ? undefined : { tokenId: String(token) },
      );
      try {
        const scaled = scaledFromDecimal(fee, decimals);
        if (scaled >= 0n) return scaled;
      } catch (error) {
        if (!(error instanceof MoneyFormatError)) throw error;
      }
      throw new AppFailure(
        'EXCHANGE_BAD_RESPONSE',
        'The exchange stated a withdrawal fee that is negative or more precise than its token.',
      );
    },
    history: async <K extends HistoryKind>(
      accountId: number,
      kind: K,
      /** since and until: RFC3339 */
      query: { startInclusive?: string; pageSize?: number; since?: string; until?: string } = {},
    ) => {
      const path = `/account/${accountId}/history/${kind}`;
      const [json, markets] = await Promise.all([
        http.getJson(path, HISTORY_PAGE_SCHEMAS[kind] as (typeof HISTORY_PAGE_SCHEMAS)[K], query),
        info(),
      ]);
      return historyFromJson(
        kind,
        json as z.output<(typeof HISTORY_PAGE_SCHEMAS)[K]>,
        scalerFor(markets, path),
      );
    },
    /** cumulative realized PnL (trading, funding, fees) over a window, with its running series */
    pnlSummary: async (accountId: number, query: { since?: string; until?: string } = {}) => {
      const path = `/account/${accountId}/pnl/summary`;
      const read = () => http.getJson(path, PnlSummaryJsonSchema, query);
      // realized PnL moves only with the account's fills, fees and funding, each an update of its stream
      const whole = query.since === undefined && query.until === undefined;
      const [json, markets] = await Promise.all([
        live && whole ? live.read('pnl', accountId, read) : read(),
        info(),
      ]);
      const s = scalerFor(markets, path);
      return {
        total: s.quote(json.total, 'total'),
        series: json.series.map((p) => ({ time: p.time, total: s.quote(p.total, 'a series total') })),
      };
    },
    vaults: async () => {
      const [json, markets] = await Promise.all([
        http.getJson('/vaults', z.array(VaultViewStateSchema).max(1000)),
        info(),
      ]);
      return json.map((v) => vaultFromJson(v, scalerFor(markets, '/vaults')));
    },
    vault: async (vaultId: number) => {
      const path = `/vault/${vaultId}`;
      const [json, markets] = await Promise.all([http.getJson(path, VaultViewStateSchema), info()]);
      return vaultFromJson(json, scalerFor(markets, path));
    },
    /**
     * The vault's ended epochs from `since` on (oldest first), each as the NAV per share and the vault's
     * PnL since it began, at the epoch's end.
     */
    vaultEpochs: async (
      vaultId: number,
      navDecimals: number,
      query: { since?: string; startInclusive?: string; pageSize?: number } = {},
    ) => {
      const path = `/vault/${vaultId}/history/epoch`;
      const [json, markets] = await Promise.all([http.getJson(path, VaultEpochPageSchema, query), info()]);
      const s = scalerFor(markets, path);
      return {
        items: json.items.map((r) => ({
          epoch: r.epoch,
          endTime: r.endTime,
          ...vaultMarkFromJson(vaultId, r, navDecimals, s),
        })),
        nextStartInclusive: json.nextStartInclusive ?? null,
      };
    },
    /** the vault's first deposit (the owner's seed): where its NAV per share and PnL began; null if none */
    vaultFirstDeposit: async (vaultId: number, navDecimals: number) => {
      const path = `/vault/${vaultId}/history/deposit`;
      const [json, markets] = await Promise.all([
        http.getJson(path, VaultDepositPageSchema, { pageSize: 1 }),
        info(),
      ]);
      const first = json.items[0];
      if (!first) return null;
      const s = scalerFor(markets, path);
      return { time: first.time, ...vaultMarkFromJson(vaultId, { ...first, pnl: '0' }, navDecimals, s) };
    },
    /** the account's holdings in every vault it has used */
    vaultHoldings: async (accountId: number) => {
      const path = `/account/${accountId}/vault-user-states`;
      const read = () => http.getJson(path, z.array(AccountVaultUserStateInfoSchema).max(1000));
      // none stays none until the account deposits into a vault (an update of its stream); a holding's
      // value moves with the vault's NAV, so one is read each time
      const [json, markets] = await Promise.all([
        live ? live.read('vaultHoldings', accountId, read, { keep: (held) => held.length === 0 }) : read(),
        info(),
      ]);
      return json.map((h) => holdingFromJson(h, scalerFor(markets, path)));
    },
    /** the account's active triggers */
    triggers: (accountId: number) => http.getJson(`/account/${accountId}/triggers`, TriggerListSchema),
    triggerFinalisations: (accountId: number, query: { startInclusive?: string; pageSize?: number } = {}) =>
      http.getJson(`/account/${accountId}/triggers/history/finalisations`, FinaliseTriggerPageSchema, query),
    /** the signer's highest accepted nonce (0 if none) */
    signerNonce: async (signer: string) =>
      http.getJson('/event/last-acked-nonce', UInt(0xffffffff), { signer }),
    lastAckedEvent: () => http.getJson('/event/last-acked-nonce', U64Num),
    lastExecutedId: () => notFoundAsNull(() => http.getJson('/action/last-executed-id', U64Num)),
    actions: (from: bigint, to: bigint) =>
      http.getJson('/action', z.array(ActionItemSchema), { from: from.toString(), to: to.toString() }),
    submit: (body: Uint8Array) => http.postBytes('/action', body),
    /** the exchange's deposit vault token account per token */
    settlementVaults: () => http.getJson('/settlement/vaults', SettlementVaultsSchema),
    /** what the exchange made of a deposit transaction; null while it has not seen it */
    settlementDeposit: (signature: string) =>
      notFoundAsNull(() =>
        http.getJson(
          `/settlement/deposit/${encodeURIComponent(signature)}`,
          z.array(SettlementDepositSchema).min(1),
        ),
      ),
  };
}

export type ExchangeClient = ReturnType<typeof createExchangeClient>;
