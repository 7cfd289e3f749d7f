// Prices, funding, market history and fee tiers. Everything reads the oracle as of the engine's time.
import { accountIdValue } from '../http/params';
import type { DevnetConfig } from '../config';
import type { Devnet } from '../devnet';
import type { HttpRequest } from '../http/router';
import { HttpError } from '../http/errors';
import { MAX_PAGE_ENTRIES, parsePageSize, parseTime } from '../http/paging';
import { PAGE_SIZE, startInclusive } from '../http/contract';
import type { Route } from '../routes';
import type { MarketPriceState } from './oracle';
import type { WireMarketLive, WireMarketStats } from '../../shared/exchange/markets';
import { human, time, unitsOf, whole } from '../json';

const json = (value: unknown) => ({ status: 200, json: value });

export function marketRoutes(devnet: Devnet, config: DevnetConfig): Route[] {
  const market = (req: HttpRequest): { id: number; price: MarketPriceState } => {
    const raw = req.params.market_id ?? '';
    if (!/^\d{1,10}$/.test(raw) || Number(raw) > 2147483647)
      throw new HttpError('BadRequest', `"${raw}" is not a market id (0 to 2147483647)`);
    const price = devnet.oracle().markets[Number(raw)];
    if (!price)
      throw new HttpError('MarketNotFound', `market ${raw} does not exist`, undefined, {
        market_id: Number(raw),
      });
    return { id: Number(raw), price };
  };
  const u = unitsOf(config);
  /** funding per interval as a fraction of notional (ppm on the devnet) */
  const fundingRate = (p: MarketPriceState) => human(BigInt(p.fundingRatePpm), 6);
  const live = (id: number, p: MarketPriceState): WireMarketLive => {
    const book = devnet.engine.state.books[id];
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
  /** long size across all accounts (equal to the short size) */
  const openInterest = (id: number): bigint =>
    Object.values(devnet.engine.state.positions).reduce((sum, byMarket) => {
      const size = byMarket[id]?.size ?? 0n;
      return size > 0n ? sum + size : sum;
    }, 0n);
  /** base size and price × size (market units) traded in the last 24 hours */
  const volume24h = (id: number): { base: bigint; quote: bigint } => {
    const since = devnet.engine.nowSeconds() - 86_400;
    let base = 0n;
    let quote = 0n;
    const trades = devnet.engine.state.trades;
    for (let i = trades.length - 1; i >= 0 && trades[i]!.time >= since; i -= 1)
      if (trades[i]!.marketId === id) {
        base += trades[i]!.size;
        quote += trades[i]!.size * trades[i]!.price;
      }
    return { base, quote };
  };
  const tierOf = (accountId: number) => devnet.engine.state.feeTiers[accountId] ?? 0;
  const account = (req: HttpRequest): number => {
    const id = accountIdValue(req.params.account_id);
    if (!devnet.engine.account(id)) throw new HttpError('UserNotFound', `account ${id} does not exist`);
    return id;
  };

  return [
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
        const volume = volume24h(id);
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
            open_interest: u.size(openInterest(id), id),
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
        const size = parsePageSize(req.query.get('pageSize'), 24);
        const candles = [...p.candles].reverse().slice(0, Math.min(size, MAX_PAGE_ENTRIES));
        return json({
          items: candles.map((c) => ({
            marketId: id,
            time: time(c.start),
            actionId: '0',
            // the devnet keeps no hourly funding record: the current index and rate are not history
            fundingIndex: whole(0),
            fundingRate: whole(0),
            // scaled by the price decimals, as the public text says of this field
            indexPrice: whole(c.close),
            markPrice: u.price(c.close, id),
            open: u.price(c.open, id),
            high: u.price(c.high, id),
            low: u.price(c.low, id),
            close: u.price(c.close, id),
          })),
        });
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
        // a bar's close is the price at its end: the last bar that ended by then, or the one running then
        const bar = [...p.candles].reverse().find((c) => c.start <= at);
        const price = bar === undefined ? null : at >= bar.start + 3600 ? bar.close : bar.open;
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
          weightBps: 10_000,
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
        return json(human(-BigInt(role === 'maker' ? tier.makerBps : tier.takerBps), 4));
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
        const sizeText = req.query.get('pageSize');
        if (
          sizeText !== null &&
          (!/^\d{1,3}$/.test(sizeText) || Number(sizeText) < 1 || Number(sizeText) > 255)
        )
          throw new HttpError('BadRequest', 'pageSize must be an integer from 1 to 255');
        const startText = req.query.get('startInclusive');
        if (startText !== null && !/^\d{1,10}$/.test(startText))
          throw new HttpError('BadRequest', 'startInclusive must be an account id');
        const limit = Math.min(Number(sizeText ?? MAX_PAGE_ENTRIES), MAX_PAGE_ENTRIES);
        const rows = Object.keys(devnet.engine.state.accounts)
          .map(Number)
          .sort((a, b) => a - b)
          .filter(
            (id) =>
              (startText === null || id >= Number(startText)) &&
              (tierText === null || tierOf(id) === Number(tierText)),
          )
          .map((id) => ({ accountId: id, feeTier: tierOf(id) }));
        const next = rows[limit];
        return json(
          next
            ? { items: rows.slice(0, limit), nextStartInclusive: next.accountId }
            : { items: rows.slice(0, limit) },
        );
      },
    },
  ];
}
