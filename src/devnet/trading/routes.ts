// Markets and tokens: what is traded (/info), the engine's time, prices, funding, market history and fee
// tiers, and the devnet's control of the index price. Everything reads the oracle as of the engine's time.
import type { DevnetConfig } from '../config';
import type { Exchange } from '../engine/exchange';
import type { HttpRequest } from '../http/router';
import { HttpError } from '../http/errors';
import { each, page, parseTime, type Cursor } from '../http/paging';
import { JSON_BODY, PAGE_SIZE, startInclusive } from '../http/contract';
import { json, parseJsonBody, type Route } from '../http/route';
import { marketNotFound, type PathParams } from '../http/path';
import type { WireMarketLive, WireMarketStats } from '../../shared/exchange/markets';
import { BPS_DECIMALS } from '../engine/bps';
import { FULL_WEIGHT_BPS, fundingRateJson, infoJson } from './views';
import { feeTierOf, openInterest, priceAtOrBefore, volumeSince } from './stats';
import { human, time, unitsOf, whole } from '../json';
import type { MarketPriceState } from './state';

const DAY_SECONDS = 86_400;
/** the integer part of an account id cursor (fee tiers page by account id, written as a JSON number) */
const ACCOUNT_ID_CURSOR = /^\d{1,10}$/;

export function marketRoutes(devnet: Exchange, config: DevnetConfig, path: PathParams): Route[] {
  const market = (req: HttpRequest): { id: number; price: MarketPriceState } => {
    const id = path.marketId(req);
    return { id, price: devnet.oracle().markets[id]! };
  };
  const u = unitsOf(config);
  const state = () => devnet.engine.state;
  /** funding per interval as a fraction of notional (ppm on the devnet) */
  const fundingRate = (p: MarketPriceState) => fundingRateJson(p.fundingRatePpm);
  const live = (id: number, p: MarketPriceState): WireMarketLive => {
    const book = state().books[id];
    return {
      marketId: id,
      symbol: u.symbolOf(id),
      indexPrice: u.price(p.index, id),
      markPrice: u.price(p.mark, id),
      fundingRate: fundingRate(p),
      nextFundingTime: time(p.nextFundingTime),
      clob: {
        bestBid: book?.bids[0] ? u.price(book.bids[0].price, id) : null,
        bestAsk: book?.asks[0] ? u.price(book.asks[0].price, id) : null,
      },
    };
  };
  const tierOf = (accountId: number) => feeTierOf(state(), accountId);
  const account = path.accountId;

  return [
    {
      method: 'GET',
      path: '/info',
      tag: 'markets',
      summary: 'MarketsInfo: markets and tokens with ids and decimals',
      handler: () => json(infoJson(config)),
    },
    {
      method: 'GET',
      path: '/timestamp',
      tag: 'markets',
      summary: "The engine's logical time in seconds: the authority for signing",
      ok: {
        description: 'Seconds since the Unix epoch',
        contentType: 'application/json',
        schema: { type: 'integer' },
      },
      handler: () => json(devnet.engine.nowSeconds()),
    },
    {
      method: 'GET',
      path: '/markets/live',
      tag: 'markets',
      summary: 'MarketsLiveInfo: index and mark price and funding of every market',
      handler: () => json(Object.entries(devnet.oracle().markets).map(([id, p]) => live(Number(id), p))),
    },
    {
      method: 'GET',
      path: '/market/{market_id}/live',
      tag: 'markets',
      summary: 'MarketLiveInfo; 404 MarketNotFound',
      errors: ['BadRequest', 'MarketNotFound'],
      handler: (req) => {
        const m = market(req);
        return json(live(m.id, m.price));
      },
    },
    {
      method: 'GET',
      path: '/market/{market_id}/stats',
      tag: 'markets',
      summary: 'MarketStats: prices, 24 h range, open interest, volume; 404 MarketNotFound',
      errors: ['BadRequest', 'MarketNotFound'],
      handler: (req) => {
        const { id, price: p } = market(req);
        const m = config.markets.find((x) => x.marketId === id)!;
        const volume = volumeSince(state(), id, devnet.engine.nowSeconds() - DAY_SECONDS);
        const stats: WireMarketStats = {
          indexPrice: u.price(p.index, id),
          // the devnet's oracle is a single deterministic source: no confidence interval
          indexPriceConf: whole(0),
          frozen: false,
          volumeBase24h: u.size(volume.base, id),
          volumeQuote24h: human(volume.quote, m.priceDecimals + m.sizeDecimals),
          high24h: u.price(p.high24h, id),
          low24h: u.price(p.low24h, id),
          close24h: u.price(p.index, id),
          prevClose24h: null,
          perpStats: {
            mark_price: u.price(p.mark, id),
            // what a unit position has paid since the start, price units scaled by 1e6 (raw)
            aggregated_funding_index: whole(p.cumulativeFunding),
            funding_rate: fundingRate(p),
            next_funding_time: time(p.nextFundingTime),
            open_interest: u.size(openInterest(state(), id), id),
          },
        };
        return json(stats);
      },
    },
    {
      method: 'GET',
      path: '/market/{market_id}/history/PT1H',
      tag: 'markets',
      summary:
        'MarketHistoryInfo rows, one per hour, newest first (the last two weeks); open/high/low/close are devnet extras',
      query: [PAGE_SIZE],
      errors: ['BadRequest', 'MarketNotFound'],
      handler: (req) => {
        const { id, price: p } = market(req);
        const newestFirst = [...p.candles].reverse();
        return json(
          page(
            req.query,
            devnet.engine.nowSeconds(),
            newestFirst,
            { defaultSize: 24 },
            each((c) => ({
              marketId: id,
              time: time(c.start),
              actionId: '0',
              // the funding index (raw) and rate as of the bar's last second
              fundingIndex: whole(c.fundingIndex ?? 0n),
              fundingRate: fundingRateJson(c.fundingRatePpm ?? 0),
              // scaled by the price decimals, as the public text says of this field
              indexPrice: whole(c.close),
              markPrice: u.price(c.close, id),
              open: u.price(c.open, id),
              high: u.price(c.high, id),
              low: u.price(c.low, id),
              close: u.price(c.close, id),
            })),
          ),
        );
      },
    },
    {
      method: 'GET',
      path: '/market/{market_id}/price/prev',
      tag: 'markets',
      summary:
        'PreviousMarketPrice: the index price at or before atOrBefore (RFC3339), from the hourly bars; null before the first',
      query: [
        {
          name: 'atOrBefore',
          required: true,
          description: 'The time to look back from (RFC3339)',
          schema: { type: 'string', format: 'date-time' },
        },
      ],
      errors: ['BadRequest', 'MarketNotFound'],
      handler: (req) => {
        const { id, price: p } = market(req);
        const raw = req.query.get('atOrBefore');
        if (raw === null) throw new HttpError('BadRequest', 'atOrBefore is required');
        const at = parseTime('atOrBefore', raw, 0);
        const price = priceAtOrBefore(p.candles, at);
        return json({ marketId: id, price: price === null ? null : u.price(price, id) });
      },
    },
    {
      method: 'GET',
      path: '/tokens/{token_id}/stats',
      tag: 'markets',
      summary: 'TokenStats: price in quote units, from the market that trades it; 404 TokenNotFound',
      errors: ['TokenNotFound'],
      handler: (req) => {
        const token = config.tokens.find((t) => String(t.tokenId) === req.params.token_id);
        if (!token) throw new HttpError('TokenNotFound', `token ${req.params.token_id} does not exist`);
        const base = {
          symbol: token.symbol,
          decimals: token.decimals,
          mintAddr: token.mint,
          weightBps: FULL_WEIGHT_BPS,
          oracleSymbol: `${token.symbol}/USD`,
        };
        if (token.tokenId === config.quoteTokenId)
          return json({ ...base, indexPrice: { median: whole(1), confidence: whole(0) } });
        const m = config.markets.find((x) => x.baseTokenId === token.tokenId);
        if (!m) throw new HttpError('TokenNotFound', `no market prices ${token.symbol}`);
        return json({
          ...base,
          indexPrice: {
            median: u.price(devnet.oracle().markets[m.marketId]!.index, m.marketId),
            confidence: whole(0),
          },
        });
      },
    },
    {
      method: 'GET',
      path: '/market/{market_id}/fees/{fee_kind}/{account_id}',
      tag: 'markets',
      summary:
        "The account's fee rate for a fill role (maker or taker) as a fraction of notional; negative means charged",
      ok: {
        description: 'The fee rate as a fraction of notional (negative: charged)',
        contentType: 'application/json',
        schema: { type: 'number' },
      },
      errors: ['BadRequest', 'MarketNotFound', 'UserNotFound'],
      handler: (req) => {
        market(req);
        const role = req.params.fee_kind;
        if (role !== 'maker' && role !== 'taker')
          throw new HttpError('BadRequest', 'fee_kind is maker or taker');
        const tier = config.feeTiers.find((t) => t.tierId === tierOf(account(req)))!;
        // bps to a fraction; a charge is reported negative, a rebate positive
        return json(human(-BigInt(role === 'maker' ? tier.makerBps : tier.takerBps), BPS_DECIMALS));
      },
    },
    {
      method: 'GET',
      path: '/fee/brackets/info',
      tag: 'markets',
      summary: 'Fee tiers as [FeeTierId, FeeTierConfig] pairs',
      handler: () =>
        json(
          config.feeTiers.map((t) => [
            t.tierId,
            {
              maker_fee_bps: t.makerBps,
              taker_fee_bps: t.takerBps,
              // devnet extras: the tier's name and the 30-day quote volume that reaches it
              name: t.name,
              minVolume: u.quote(t.minVolume),
            },
          ]),
        ),
    },
    {
      method: 'GET',
      path: '/account/{account_id}/fee/tier',
      tag: 'accounts',
      summary: "The account's FeeTierId; 404 UserNotFound",
      ok: { description: 'A FeeTierId', contentType: 'application/json', schema: { type: 'integer' } },
      errors: ['BadRequest', 'UserNotFound'],
      handler: (req) => json(tierOf(account(req))),
    },
    {
      method: 'GET',
      path: '/accounts/fee-tiers',
      tag: 'accounts',
      summary: 'Accounts and their fee tier, paged by account id; ?tier filters',
      query: [
        {
          name: 'tier',
          description: 'Only accounts in this fee tier',
          schema: { type: 'integer', enum: config.feeTiers.map((t) => t.tierId) },
        },
        PAGE_SIZE,
        startInclusive({ type: 'integer', minimum: 0 }, 'An AccountId.'),
      ],
      errors: ['BadRequest'],
      handler: (req) => {
        const tierText = req.query.get('tier');
        if (tierText !== null && !config.feeTiers.some((t) => String(t.tierId) === tierText))
          throw new HttpError('BadRequest', `unknown fee tier "${tierText}"`);
        const rows = Object.keys(state().accounts)
          .map(Number)
          .sort((a, b) => a - b)
          .filter((id) => tierText === null || tierOf(id) === Number(tierText));
        return json(
          page(
            req.query,
            devnet.engine.nowSeconds(),
            rows,
            { cursor: ACCOUNT_ID_CURSOR_SPEC },
            each((id) => ({ accountId: id, feeTier: tierOf(id) })),
          ),
        );
      },
    },
    {
      method: 'POST',
      path: '/devnet/index-price',
      tag: 'devnet',
      summary:
        'Devnet control: set a market’s index and mark price (scaled by priceDecimals); the walk continues from it, and triggers, liquidations and quotes react at once',
      body: JSON_BODY('The market and its new index price', {
        type: 'object',
        required: ['marketId', 'price'],
        properties: {
          marketId: { type: 'integer' },
          price: { type: 'string', pattern: '^[1-9]\\d{0,30}$', description: 'scaled by priceDecimals' },
        },
      }),
      errors: ['AcceptedMediaType', 'BadRequest', 'MarketNotFound'],
      handler: (req) => {
        const body = parseJsonBody(req) as { marketId?: unknown; price?: unknown };
        if (typeof body.marketId !== 'number' || !Number.isInteger(body.marketId))
          throw new HttpError('BadRequest', 'marketId must be an integer');
        if (typeof body.price !== 'string' || !/^[1-9]\d{0,30}$/.test(body.price))
          throw new HttpError('BadRequest', 'price must be a positive scaled integer string');
        if (!devnet.setIndexPrice(body.marketId, BigInt(body.price))) throw marketNotFound(body.marketId);
        return json({ marketId: body.marketId, price: body.price });
      },
    },
  ];
}

/** fee tiers page by account id, its next cursor written as a JSON number */
const ACCOUNT_ID_CURSOR_SPEC: Cursor<number, number> = {
  parse(raw: string): number {
    if (!ACCOUNT_ID_CURSOR.test(raw))
      throw new HttpError('BadRequest', 'startInclusive must be an account id');
    return Number(raw);
  },
  reached: (id, start) => id >= start,
  of: (id) => id,
};
