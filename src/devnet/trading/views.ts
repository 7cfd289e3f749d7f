// What the exchange says about its markets and tokens (/info), as the public MarketsInfo: margin fractions
// as numbers, every token at full weight; and the trading history rows (pnl, position, funding,
// liquidation, fee tier) as the public history endpoints write them.
import { SERVICE_VERSION, type DevnetConfig } from '../config';
import type { WireInfo } from '../../shared/exchange/info';
import { BPS_DECIMALS } from '../engine/bps';
import { cmfBps } from './margin';
import { human, sideJson, time, unitsOf, whole } from '../json';
import type {
  FeeTierChangeRecord,
  FundingRecord,
  LiquidationRecord,
  PnlRecord,
  PositionChangeRecord,
  PositionState,
} from './state';
import type { PnlSummary } from './pnl';
import type {
  WireFeeTierHistory,
  WireFundingInfo,
  WireLiquidationInfo,
  WirePnlInfo,
  WirePositionHistory,
} from '../../shared/exchange/history';

/** every token counts at its full value towards margin on the devnet */
export const FULL_WEIGHT_BPS = 10_000;

export function infoJson(config: DevnetConfig): WireInfo {
  return {
    markets: config.markets.map((m) => ({
      marketId: m.marketId,
      symbol: m.symbol,
      priceDecimals: m.priceDecimals,
      sizeDecimals: m.sizeDecimals,
      baseTokenId: m.baseTokenId,
      quoteTokenId: m.quoteTokenId,
      imf: human(BigInt(m.imfBps), BPS_DECIMALS),
      mmf: human(BigInt(m.mmfBps), BPS_DECIMALS),
      cmf: human(BigInt(cmfBps(m)), BPS_DECIMALS),
    })),
    tokens: config.tokens.map((t) => ({
      tokenId: t.tokenId,
      symbol: t.symbol,
      decimals: t.decimals,
      mintAddr: t.mint,
      weightBps: FULL_WEIGHT_BPS,
      name: t.name,
    })),
    version: SERVICE_VERSION,
  };
}

/** a funding rate as JSON: a fraction of notional per interval (the devnet keeps it in ppm) */
export const fundingRateJson = (ppm: number) => human(BigInt(ppm), 6);

type Triple = [bigint, bigint, bigint];
/** where a pnl or position row sits in its history: (actionId, subActionId, marketId) */
export const tripleOf = (r: { actionId: bigint; subActionId: number; marketId: number }): Triple => [
  r.actionId,
  BigInt(r.subActionId),
  BigInt(r.marketId),
];
/** the ActionIdSubActionIdMarketIdCursor of a row, "actionId:subActionId:marketId" */
export const tripleCursor = (r: Parameters<typeof tripleOf>[0]): string => tripleOf(r).join(':');

/** The trading history rows as the public history endpoints write them, in human units. */
export function historyViews(config: DevnetConfig) {
  const u = unitsOf(config);
  return {
    pnl: (r: PnlRecord): WirePnlInfo => ({
      time: time(r.time),
      actionId: r.actionId.toString(),
      accountId: r.accountId,
      pricePnlDelta: u.quote(r.tradingPnl),
      fundingPnlDelta: whole(0),
      pnl: u.quote(r.tradingPnl - r.fee),
      marketId: r.marketId,
      subActionId: r.subActionId,
      fee: u.quote(r.fee),
      cursor: tripleCursor(r),
    }),
    position: (r: PositionChangeRecord): WirePositionHistory => ({
      time: time(r.time),
      actionId: r.actionId.toString(),
      subActionId: r.subActionId,
      marketId: r.marketId,
      sizeBefore: u.size(r.sizeBefore, r.marketId),
      sizeAfter: u.size(r.sizeAfter, r.marketId),
      price: u.price(r.price, r.marketId),
      entryPrice: u.price(r.entryPrice, r.marketId),
      reason: r.reason,
      cursor: tripleCursor(r),
    }),
    funding: (r: FundingRecord): WireFundingInfo => ({
      time: time(r.time),
      // the rate of the interval settled (ppm, as /markets/live writes it)
      fundingRate: fundingRateJson(r.ratePpm),
      fundingSize: u.size(r.size < 0n ? -r.size : r.size, r.marketId),
      side: sideJson(r.size < 0n ? 'ASK' : 'BID'),
      // the market's funding index moved this much since the position last settled (raw)
      fundingIndexChange: whole(r.indexChange),
      fundingPnl: u.quote(r.payment),
      market: { market_id: r.marketId, market_symbol: u.symbolOf(r.marketId) },
    }),
    /** `liquidatorId`: the account that took the position over (the devnet's market maker) */
    liquidation: (r: LiquidationRecord, liquidatorId: number): WireLiquidationInfo => {
      const { pre, post } = r;
      return {
        time: time(r.time),
        actionId: r.actionId.toString(),
        liquidatorId,
        liquidateeId: r.accountId,
        fee: u.quote(r.fee),
        liquidationKind: 'place_order',
        marketId: r.marketId,
        tokenId: null,
        orderId: null,
        orderPrice: u.price(r.price, r.marketId),
        orderSize: u.size(r.size, r.marketId),
        orderQuote: null,
        preOmf: u.quote(pre.omf),
        preMmf: u.quote(pre.mmf),
        preImf: u.quote(pre.imf),
        preCmf: u.quote(pre.cmf),
        prePon: u.quote(pre.pon),
        preMf: u.quote(pre.mf),
        prePn: u.quote(pre.pn),
        postOmf: u.quote(post.omf),
        postMmf: u.quote(post.mmf),
        postImf: u.quote(post.imf),
        postCmf: u.quote(post.cmf),
        postPon: u.quote(post.pon),
        postMf: u.quote(post.mf),
        postPn: u.quote(post.pn),
      };
    },
    /** AccountPositionSummaryResult's entry for one market */
    positionSummary: (marketId: number, p: PositionState) => ({
      marketId,
      tradingPnl: {
        sinceChange: u.quote(p.realizedSinceChange),
        sinceOpen: u.quote(p.realizedSinceOpen),
        allTime: u.quote(p.realizedPnl),
      },
      fundingPnl: {
        sinceChange: u.quote(p.fundingSinceChange),
        sinceOpen: u.quote(p.fundingSinceOpen),
        allTime: u.quote(p.fundingPnl),
      },
    }),
    /** AccountPnlSummaryResult over since..until, with the running total as a series */
    pnlSummary: (window: { since: number; until: number }, s: PnlSummary) => ({
      since: time(window.since),
      until: time(window.until),
      tradingPnl: u.quote(s.trading),
      fundingPnl: u.quote(s.funding),
      fees: u.quote(s.fees),
      total: u.quote(s.trading + s.funding - s.fees),
      series: s.series.map((p) => ({ time: time(p.time), total: u.quote(p.total) })),
    }),
    feeTier: (r: FeeTierChangeRecord): WireFeeTierHistory => ({
      time: time(r.time),
      fromTier: r.fromTier,
      toTier: r.toTier,
      volume30d: u.quote(r.volume30d),
    }),
  };
}
