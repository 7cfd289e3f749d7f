// Every JSON endpoint and stream message the devnet shares with the public engine, checked against the
// public field tables (shared/public-engine/rest.md §3 and websocket.md §4), which are written out below by
// hand rather than imported from the project's schemas: a field that goes missing, is renamed or changes
// JSON type fails here even when the project's own schemas and the devnet drift together. Extra fields are
// allowed (the interface's additions ride along). Endpoints only the interface lists are held to the same
// style: camelCase names, times as strings, amounts as JSON numbers, never a scaled integer in a string.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TestWallet,
  USDC,
  placedOrder,
  startExchange,
  trader,
  usdc,
  type TestExchange,
} from './support/exchange';
import { openStreams } from './support/ws';
import type { ActionKind } from '../../src/protocol/types';
import { defaultConfig } from '../../src/devnet/config';

// ---- a small shape language for the tables

type T =
  | 'number'
  | 'string'
  | 'boolean'
  | 'null'
  | { enum: readonly string[] }
  | { obj: Fields }
  | { arr: T }
  | { tuple: readonly T[] }
  | { map: T };
/** a field: its type, and whether it may be absent (opt) or null (nullable), as the tables say */
type F = T | { t: T; opt?: true; nullable?: true };
type Fields = Record<string, F>;

const opt = (t: T, nullable = true): F => ({ t, opt: true, ...(nullable ? { nullable: true } : {}) });
const nul = (t: T): F => ({ t, nullable: true });
const obj = (fields: Fields): T => ({ obj: fields });
const arr = (t: T): T => ({ arr: t });
const page = (item: T, cursor: T = 'string'): T => obj({ items: arr(item), nextStartInclusive: opt(cursor) });

function problems(value: unknown, type: T, path: string): string[] {
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  if (typeof type === 'string')
    return kind === type ? [] : [`${path}: expected ${type}, got ${kind} ${JSON.stringify(value)}`];
  if ('enum' in type)
    return typeof value === 'string' && type.enum.includes(value)
      ? []
      : [`${path}: expected one of ${type.enum.join('|')}, got ${JSON.stringify(value)}`];
  if ('arr' in type)
    return Array.isArray(value)
      ? value.flatMap((v, i) => problems(v, type.arr, `${path}[${i}]`))
      : [`${path}: expected an array, got ${kind}`];
  if ('tuple' in type)
    return Array.isArray(value) && value.length === type.tuple.length
      ? value.flatMap((v, i) => problems(v, type.tuple[i]!, `${path}[${i}]`))
      : [`${path}: expected a ${type.tuple.length}-tuple, got ${JSON.stringify(value)}`];
  if (kind !== 'object') return [`${path}: expected an object, got ${kind}`];
  const record = value as Record<string, unknown>;
  if ('map' in type) return Object.entries(record).flatMap(([k, v]) => problems(v, type.map, `${path}.${k}`));
  return Object.entries(type.obj).flatMap(([name, field]) => {
    const f = typeof field === 'object' && 't' in field ? field : { t: field };
    if (!(name in record)) return f.opt ? [] : [`${path}.${name}: missing`];
    if (record[name] === null && f.nullable) return [];
    return problems(record[name], f.t, `${path}.${name}`);
  });
}

// ---- rest.md §3, as tables

const Side = { enum: ['ask', 'bid'] } as const;
const FillMode = { enum: ['Limit', 'PostOnly', 'ImmediateOrCancel', 'FillOrKill'] } as const;

const MarketInfo = obj({
  marketId: 'number',
  symbol: 'string',
  priceDecimals: 'number',
  sizeDecimals: 'number',
  baseTokenId: 'number',
  quoteTokenId: 'number',
  imf: 'number',
  mmf: 'number',
  cmf: 'number',
});
const TokenInfo = obj({
  tokenId: 'number',
  symbol: 'string',
  decimals: 'number',
  mintAddr: 'string',
  weightBps: 'number',
});
const MarketsInfo = obj({ markets: arr(MarketInfo), tokens: arr(TokenInfo) });
const ActionsItem = obj({ actionId: 'number', physicalTime: 'string', payload: 'string' });
const SideSummary = obj({ sum: 'number', count: 'number' });
const OrderbookInfo = obj({
  updateId: 'number',
  asks: arr({ tuple: ['number', 'number'] }),
  bids: arr({ tuple: ['number', 'number'] }),
  asksSummary: SideSummary,
  bidsSummary: SideSummary,
});
const MarketStats = obj({
  indexPrice: 'number',
  indexPriceConf: 'number',
  frozen: opt('boolean', false),
  volumeBase24h: 'number',
  volumeQuote24h: 'number',
  high24h: 'number',
  low24h: 'number',
  close24h: 'number',
  prevClose24h: opt('number'),
  perpStats: opt(
    obj({
      mark_price: opt('number'),
      aggregated_funding_index: 'number',
      funding_rate: 'number',
      next_funding_time: 'string',
      open_interest: 'number',
    }),
  ),
});
const TokenStats = obj({
  symbol: 'string',
  decimals: 'number',
  mintAddr: 'string',
  weightBps: 'number',
  oracleSymbol: 'string',
  indexPrice: opt(obj({ median: 'number', confidence: 'number' })),
});
// UserSession { pubkey, expiry } plus the interface's sessionId and optional refreshDeadline
const User = obj({
  accountIds: arr('number'),
  sessions: {
    map: obj({
      pubkey: 'string',
      expiry: 'string',
      sessionId: 'string',
      refreshDeadline: opt('string', false),
    }),
  },
});
const OrderInfo = obj({
  addedAt: 'string',
  updatedAt: 'string',
  tradeId: 'string',
  traderId: 'number',
  marketId: 'number',
  orderId: 'string',
  side: Side,
  placedSize: 'number',
  filledSize: opt('number'),
  updateActionId: 'string',
  isReduceOnly: 'boolean',
  fillMode: FillMode,
  placedPrice: 'number',
  originalSizeLimit: opt('number'),
  originalPriceLimit: opt('number'),
  placementOrigin: { enum: ['User', 'Trigger', 'Liquidation'] },
  finalizationReason: opt({ enum: ['Filled', 'Canceled', 'Taken'] }),
  marketSymbol: 'string',
  tokenSymbol: 'string',
});
// OpenOrder.clientOrderId: a numeric string or null (the interface, v18), not the 0.3.1 number
const Account = obj({
  updateId: 'number',
  orders: arr(
    obj({
      orderId: 'string',
      marketId: 'number',
      side: Side,
      size: 'number',
      price: 'number',
      originalOrderSize: 'number',
      clientOrderId: opt('string'),
    }),
  ),
  positions: arr(
    obj({
      marketId: 'number',
      openOrders: 'number',
      perp: opt(
        obj({
          baseSize: 'number',
          price: 'number',
          updatedFundingRateIndex: 'number',
          fundingPaymentPnl: 'number',
          sizePricePnl: 'number',
          isLong: 'boolean',
        }),
      ),
      actionId: 'number',
    }),
  ),
  balances: arr(obj({ tokenId: 'number', token: 'string', amount: 'number' })),
  margins: obj({
    omf: 'number',
    mf: 'number',
    imf: 'number',
    cmf: 'number',
    mmf: 'number',
    pon: 'number',
    pn: 'number',
    bankruptcy: 'boolean',
  }),
});
const Trade = obj({
  time: 'string',
  actionId: 'string',
  tradeId: 'string',
  takerId: 'number',
  takerSide: Side,
  makerId: 'number',
  marketId: 'number',
  orderId: 'string',
  price: 'number',
  baseSize: 'number',
});
// /trades: the interface names the array `trades` and adds accountId, since, until; the public `items` too
const TradesPage = obj({
  trades: arr(Trade),
  items: arr(Trade),
  accountId: opt('number', false),
  since: 'string',
  until: 'string',
  nextStartInclusive: opt('string'),
});
const AccountPnlHistInfo = obj({
  time: 'string',
  fundingRate: 'number',
  fundingSize: opt('number'),
  side: opt(Side),
  fundingIndexChange: opt('number'),
  fundingPnl: 'number',
  market: obj({ market_id: 'number', market_symbol: 'string' }),
});
// TriggerInfo, with the interface's kind spellings (StopLoss/TakeProfit), and its triggerId
const TriggerInfo = obj({
  accountId: 'number',
  marketId: 'number',
  triggerPrice: 'number',
  limitPrice: opt('number'),
  side: Side,
  kind: { enum: ['StopLoss', 'TakeProfit'] },
  actionId: 'string',
  createdAt: 'string',
  triggerId: 'string',
});
const WithdrawalInfo = obj({
  time: 'string',
  actionId: 'string',
  accountId: 'number',
  tokenId: 'number',
  amount: 'number',
  balance: 'number',
  fee: 'number',
  destPubkey: opt('string'),
});
const DepositInfo = obj({
  time: 'string',
  actionId: 'string',
  accountId: 'number',
  tokenId: 'number',
  amount: 'number',
  balance: 'number',
  eventIndex: 'number',
});
const margins = Object.fromEntries(
  ['Omf', 'Mmf', 'Imf', 'Cmf', 'Pon', 'Mf', 'Pn'].flatMap((m) => [
    [`pre${m}`, 'number'],
    [`post${m}`, 'number'],
  ]),
) as Fields;
const LiquidationInfo = obj({
  time: 'string',
  actionId: 'string',
  liquidatorId: 'number',
  liquidateeId: 'number',
  fee: 'number',
  liquidationKind: { enum: ['place_order', 'cancel_order', 'bankruptcy'] },
  marketId: opt('number'),
  tokenId: opt('number'),
  orderId: opt('string'),
  orderPrice: opt('number'),
  orderSize: opt('number'),
  orderQuote: opt('number'),
  ...margins,
});
const StateInfo = obj({
  version: 'string',
  state: obj({
    version: 'number',
    action_id: 'number',
    action_nonce: 'number',
    timestamp: 'number',
    paused: 'boolean',
  }),
});
const StateHistInfo = obj({ versions: arr({ tuple: ['number', 'string'] }) });
const StateDownloadMeta = obj({ hash: arr('number'), link: 'string', version: opt('string') });
const FeeBrackets = arr({ tuple: ['number', obj({ maker_fee_bps: 'number', taker_fee_bps: 'number' })] });
const AccountFeeTiers = page(obj({ accountId: 'number', feeTier: 'number' }), 'number');
const AdminInfo = arr(obj({ key: 'string', roles: arr('string') }));
const AccountVolumeInfo = arr(obj({ marketId: 'number', volumeBase: 'number', volumeQuote: 'number' }));
const MarketHistoryInfo = obj({
  marketId: 'number',
  time: 'string',
  actionId: 'string',
  fundingIndex: 'number',
  fundingRate: 'number',
  indexPrice: 'number',
  markPrice: 'number',
});

// ---- websocket.md §4

const ids = { last_update_id: 'number', update_id: 'number' } as const;
const TradesMessage = obj({
  trades: obj({
    ...ids,
    market_symbol: 'string',
    trades: arr(obj({ side: Side, price: 'number', size: 'number', order_id: 'string' })),
  }),
});
const Level = obj({ price: 'number', size: 'number' });
const DeltaMessage = obj({
  delta: obj({
    e: { enum: ['delta'] },
    ...ids,
    market_symbol: 'string',
    asks: arr(Level),
    bids: arr(Level),
    timestamp: 'number',
  }),
});
const Resting = obj({ side: Side, current_size: 'number', price: 'number', market_id: 'number' });
const AccountMessage = obj({
  account: obj({
    ...ids,
    account_id: 'number',
    fills: {
      map: obj({
        side: Side,
        quantity: 'number',
        remaining: 'number',
        price: 'number',
        order_id: 'string',
        market_id: 'number',
        maker_id: 'number',
        taker_id: 'number',
        // the interface (v18): a numeric string, where 0.3.1 typed a number
        sender_tracking_id: nul('string'),
      }),
    },
    places: { map: Resting },
    cancels: { map: Resting },
    balances: { map: 'number' },
  }),
});
const CandleMessage = obj({
  res: { enum: ['1', '5', '15', '30', '60', '1D', '1W', '1M'] },
  mid: 'number',
  t: 'number',
  o: 'number',
  h: 'number',
  l: 'number',
  c: 'number',
  v: 'number',
});
// the interface's vault@ stream in the same style: the kind key, ids inside, the vault told by vault_id
const VaultMessage = obj({ vault: obj({ ...ids, vault_id: 'number', state: obj({ vaultId: 'number' }) }) });

// ---- the interface's own endpoints: the public style

const ID_FIELD = /(^|[a-z])(Id|Ids|id)$|^(cursor|nextStartInclusive|version|sessionId|name|symbol|payload)$/;
function styleProblems(value: unknown, path: string): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => styleProblems(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(/^[a-z][a-zA-Z0-9]*$/.test(k) ? [] : [`${path}.${k}: not camelCase`]),
    // an amount or price as a decimal string is the old, scaled-integer style
    ...(typeof v === 'string' && /^-?\d+$/.test(v) && !ID_FIELD.test(k)
      ? [`${path}.${k}: a number in a string (${v})`]
      : []),
    ...styleProblems(v, `${path}.${k}`),
  ]);
}

// ---- a devnet with something in every table

let ex: TestExchange;
let account: number;
let orderId: string;
let wallet: TestWallet;
let liquidated: number;
const BTC = 0;

beforeAll(async () => {
  // funding every minute, so an interval passes while sessions are young
  ex = await startExchange({
    config: defaultConfig({
      oracle: { seed: 7, maxStepBps: 0, fundingIntervalSeconds: 60, maxFundingPpm: 100 },
    }),
  });
  const t = await trader(ex, 10_000);
  wallet = t.w;
  account = t.account;
  const filled = await placedOrder(ex, wallet, { size: 1_000n, clientOrderId: 5n });
  orderId = filled.kind.orderId.toString();
  await placedOrder(ex, wallet, { fillMode: 'LIMIT', price: 500_000n, size: 10n, clientOrderId: 6n });
  await ex.submit(
    wallet.sessionBody({
      type: 'addTrigger',
      sessionId: wallet.session!.id,
      marketId: BTC,
      key: { side: 'ASK', kind: 'STOP_LOSS' },
      prices: { triggerPrice: 600_000n },
    }),
  );
  await ex.submit(
    wallet.sessionBody({ type: 'withdraw', sessionId: wallet.session!.id, tokenId: USDC, amount: usdc(10) }),
  );
  const vaultId = (await ex.getJson<{ vaultId: number }[]>('/vaults'))[0]!.vaultId;
  await ex.submit(
    wallet.sessionBody({ type: 'vaultDeposit', sessionId: wallet.session!.id, vaultId, amount: usdc(100) }),
  );
  // a funding interval with the position open, then a liquidation of a thin account
  for (let i = 0; i < 3; i += 1) ex.advance(60_000);
  const thin = await trader(ex, 400);
  await placedOrder(ex, thin.w, { size: 1_000n });
  liquidated = thin.account;
  const liq = (await ex.account(thin.account)).positions[0]!.liquidationPrice!;
  await ex.postJson('/devnet/index-price', { marketId: BTC, price: (liq - 300n).toString() });
  ex.advance(2_000);
});
afterAll(() => ex.close());

const check = async (path: string, type: T) => {
  const res = await ex.get(path);
  expect([path, res.status]).toEqual([path, 200]);
  return problems(await res.json(), type, path);
};

/** Where /openapi.json's schema leaves out a field the table requires, or gives it another JSON type. */
interface OpenApiSchema {
  type?: string;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  items?: OpenApiSchema;
  nullable?: boolean;
}
function describedProblems(s: OpenApiSchema | undefined, type: T, path: string): string[] {
  if (!s) return [`${path}: not described`];
  if (typeof type === 'string') {
    const json = s.type === 'integer' ? 'number' : s.type;
    return type === 'null' || json === type ? [] : [`${path}: described as ${s.type}, is ${type}`];
  }
  if ('enum' in type) return s.type === 'string' ? [] : [`${path}: described as ${s.type}`];
  if ('arr' in type) return describedProblems(s.items, type.arr, `${path}[]`);
  if (!('obj' in type)) return [];
  return Object.entries(type.obj).flatMap(([name, field]) => {
    const f = typeof field === 'object' && 't' in field ? field : { t: field };
    const sub = s.properties?.[name];
    if (!sub) return [`${path}.${name}: not described`];
    const required = f.opt || s.required?.includes(name) ? [] : [`${path}.${name}: not required`];
    return [...required, ...describedProblems(sub, f.t, `${path}.${name}`)];
  });
}

let table: [string, T][] = [];

describe('REST against rest.md', () => {
  it('every shared endpoint answers its public schema', async () => {
    const pubkey = wallet.address;
    table = [
      ['/info', MarketsInfo],
      ['/action?from=1&to=5', arr(ActionsItem)],
      ['/action/last-executed-id', 'number'],
      ['/timestamp', 'number'],
      ['/event/last-acked-nonce', 'number'],
      [`/market/${BTC}/fees/taker/${account}`, 'number'],
      [`/market/${BTC}/orderbook`, OrderbookInfo],
      [`/market/${BTC}/stats`, MarketStats],
      ['/tokens/1/stats', TokenStats],
      [`/user/${pubkey}`, User],
      [`/account/${account}/fees/withdrawal`, 'number'],
      [`/account/${account}/orders`, page(OrderInfo)],
      [`/account/${account}`, Account],
      [`/account/${account}/history/funding`, page(AccountPnlHistInfo)],
      [`/account/${account}/triggers`, arr(TriggerInfo)],
      ['/triggers/active', page(TriggerInfo)],
      ['/accounts/count', 'number'],
      [`/account/${account}/pubkey`, 'string'],
      [`/order/${orderId}`, OrderInfo],
      [`/order/${orderId}/trades`, page(Trade)],
      [`/trades?takerId=${account}`, TradesPage],
      ['/state/download', StateDownloadMeta],
      ['/state/info', StateInfo],
      ['/state/info/hist', StateHistInfo],
      ['/fee/brackets/info', FeeBrackets],
      [`/account/${account}/fee/tier`, 'number'],
      ['/accounts/fee-tiers', AccountFeeTiers],
      ['/admin', AdminInfo],
      [`/account/volume?accountId=${account}`, AccountVolumeInfo],
      [`/account/${account}/history/withdrawal`, page(WithdrawalInfo)],
      [`/account/${account}/history/deposit`, page(DepositInfo)],
      [`/account/${liquidated}/history/liquidation`, page(LiquidationInfo)],
      [`/market/${BTC}/history/PT1H`, page(MarketHistoryInfo)],
      [
        `/market/${BTC}/price/prev?atOrBefore=${new Date(Number(ex.now()) * 1000).toISOString()}`,
        obj({ marketId: 'number', price: opt('number') }),
      ],
    ];
    const found: string[] = [];
    for (const [path, type] of table) found.push(...(await check(path, type)));
    expect(found).toEqual([]);
  });

  it('/openapi.json describes each of them with the same fields and JSON types', async () => {
    const doc = await ex.getJson<{
      paths: Record<
        string,
        { get: { responses: Record<string, { content?: Record<string, { schema?: OpenApiSchema }> }> } }
      >;
    }>('/openapi.json');
    // a literal path wins over a template (/account/volume over /account/{account_id})
    const params = (t: string) => t.split('{').length;
    const templates = Object.keys(doc.paths)
      .sort((a, b) => params(a) - params(b))
      .map((template) => ({
        template,
        match: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      }));
    const found: string[] = [];
    for (const [url, type] of table) {
      const path = url.split('?')[0]!;
      const template = templates.find((t) => t.match.test(path))?.template;
      const schema = template
        ? doc.paths[template]!.get.responses['200']!.content?.['application/json']?.schema
        : undefined;
      found.push(...describedProblems(schema, type, template ?? path));
    }
    expect(found).toEqual([]);
  });

  it('the tables are not checked against empty lists', async () => {
    for (const path of [
      `/account/${account}/history/funding`,
      `/account/${account}/history/withdrawal`,
      `/account/${account}/history/deposit`,
      `/account/${liquidated}/history/liquidation`,
      `/account/${account}/orders`,
      '/triggers/active',
    ])
      expect([path, (await ex.getJson<{ items: unknown[] }>(path)).items.length]).not.toEqual([path, 0]);
    const acc = await ex.getJson<{ orders: unknown[]; positions: unknown[] }>(`/account/${account}`);
    expect(acc.orders.length * acc.positions.length).toBeGreaterThan(0);
    // a filled order names its trade; the trade names the order
    const filled = await ex.getJson<{ tradeId: string }>(`/order/${orderId}`);
    const trades = await ex.getJson<{ items: { tradeId: string; orderId: string }[] }>(
      `/order/${orderId}/trades`,
    );
    expect(trades.items.map((t) => t.tradeId)).toContain(filled.tradeId);
  });

  it('error bodies are the public ones', async () => {
    const cases: [string, number, T][] = [
      ['/account/99999', 404, 'null'],
      [`/user/${new TestWallet(ex).address}`, 404, 'null'],
      ['/tokens/42/stats', 404, 'null'],
      ['/order/999999', 404, 'null'],
      ['/market/99/orderbook', 404, obj({ market_id: 'number' })],
      ['/account/abc', 400, 'null'],
      ['/action?from=1&to=100000', 400, obj({ requested: 'number', maximal: 'number' })],
      ['/state/download?timestamp=1', 501, obj({ message: 'string' })],
      // public endpoints the interface does not list: a defined 501, not a 404
      [`/account/${account}/pnl`, 501, obj({ message: 'string' })],
      [`/account/${account}/pnl/funding/history/PT1H`, 501, obj({ message: 'string' })],
      [`/account/${account}/triggers/history`, 501, obj({ message: 'string' })],
      ['/tv', 501, obj({ message: 'string' })],
      [`/market/${BTC}/price/prev`, 400, 'null'],
    ];
    for (const [path, status, type] of cases) {
      const res = await ex.get(path);
      expect([path, res.status]).toEqual([path, status]);
      expect(problems(await res.json(), type, path)).toEqual([]);
    }
    const media = await ex.postAction(new Uint8Array([1, 2]), 'text/plain');
    expect(media.status).toBe(415);
    expect(problems(await media.json(), obj({ expected: 'string' }), 'POST /action')).toEqual([]);
    const big = await ex.postAction(new Uint8Array(2_000));
    expect(big.status).toBe(413);
    expect(problems(await big.json(), obj({ limit: 'number' }), 'POST /action')).toEqual([]);
  });

  it('a renamed or re-typed field fails the check (the checker checks)', () => {
    expect(problems({ tokenId: 0, token: 'USDC', amount: '10' }, obj({ amount: 'number' }), 'b')).toEqual([
      'b.amount: expected number, got string "10"',
    ]);
    expect(problems({ tokenID: 0 }, obj({ tokenId: 'number' }), 'b')).toEqual(['b.tokenId: missing']);
    expect(problems({ side: 'ASK' }, obj({ side: Side }), 'o')).toHaveLength(1);
    expect(styleProblems({ amount: '1000000', accountId: '7', time: '2026-01-01T00:00:00Z' }, 'r')).toEqual([
      'r.amount: a number in a string (1000000)',
    ]);
  });
});

describe('the interface’s own endpoints in the same style', () => {
  it('camelCase, times as strings, amounts as JSON numbers', async () => {
    const vaultId = (await ex.getJson<{ vaultId: number }[]>('/vaults'))[0]!.vaultId;
    const paths = [
      '/health',
      '/live',
      '/markets/live',
      `/market/${BTC}/live`,
      `/account/${account}/orders/open`,
      `/account/${account}/position/summary`,
      `/account/${account}/pnl/summary`,
      ...['transfer', 'pnl', 'position', 'fee-tier', 'vault/deposit', 'vault/withdrawal'].map(
        (k) => `/account/${account}/history/${k}`,
      ),
      `/account/${account}/triggers/history/placements`,
      `/account/${account}/triggers/history/finalisations`,
      '/account/system',
      '/account/system/history/transfer',
      '/vaults',
      `/vault/${vaultId}`,
      `/vault/${vaultId}/user/${account}`,
      `/account/${account}/vault-user-states`,
      ...['config', 'deposit', 'withdrawal', 'epoch'].map((k) => `/vault/${vaultId}/history/${k}`),
    ];
    const found: string[] = [];
    for (const path of paths) {
      const res = await ex.get(path);
      expect([path, res.status]).toEqual([path, 200]);
      found.push(...styleProblems(await res.json(), path));
    }
    expect(found).toEqual([]);
  });
});

describe('streams against websocket.md', () => {
  it('trades, delta, account and candle messages carry the public payloads, ids inside', async () => {
    const raw: unknown[] = [];
    const vaultId = (await ex.getJson<{ vaultId: number }[]>('/vaults'))[0]!.vaultId;
    const sub = await openStreams(
      ex,
      `trades@BTC-PERP&deltas@BTC-PERP&account@${account}&candle@BTC-PERP:1&vault@${vaultId}`,
    );
    sub.ws.on('message', (data) => raw.push(JSON.parse(data.toString())));
    await placedOrder(ex, wallet, { size: 100n });
    await placedOrder(ex, wallet, { fillMode: 'LIMIT', price: 500_100n, size: 10n });
    await ex.submit(
      wallet.sessionBody({
        type: 'vaultDeposit',
        sessionId: wallet.session!.id,
        vaultId,
        amount: usdc(10),
      } as ActionKind),
    );
    ex.advance(3_000);
    await sub.next(6);
    sub.ws.close();
    const by = (key: string) => raw.filter((m) => typeof m === 'object' && m !== null && key in m);
    const kinds: [string, T][] = [
      ['trades', TradesMessage],
      ['delta', DeltaMessage],
      ['account', AccountMessage],
      ['res', CandleMessage],
      ['vault', VaultMessage],
    ];
    const found: string[] = [];
    for (const [key, type] of kinds) {
      const messages = by(key);
      expect([key, messages.length > 0]).toEqual([key, true]);
      messages.forEach((m, i) => found.push(...problems(m, type, `${key}#${i}`)));
    }
    expect(found).toEqual([]);
    // an account fill is keyed orderId:makerId:rawPrice (the interface)
    const fills = by('account').flatMap((m) =>
      Object.keys((m as { account: { fills: object } }).account.fills),
    );
    expect(fills.every((k) => /^\d+:\d+:\d+$/.test(k))).toBe(true);
  });
});
