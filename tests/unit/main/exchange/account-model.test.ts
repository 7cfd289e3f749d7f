// The app's account at a later mark than its read's must be the exchange's own account at that mark: the
// devnet's GET /account view (its margin rules, its rounding) is the independent oracle here.
import { describe, expect, it } from 'vitest';
import { accountFromJson } from '../../../../src/main/exchange/account-model';
import { accountJson } from '../../../../src/devnet/funds/account-view';
import { defaultConfig } from '../../../../src/devnet/config';
import { emptyState, type EngineState } from '../../../../src/devnet/state';
import { initialOracleState } from '../../../../src/devnet/trading/oracle';
import { emptyPosition } from '../../../../src/devnet/trading/state';
import { AccountJsonSchema } from '../../../../src/shared/exchange/account';
import { parseExchangeJson } from '../../../../src/shared/exchange/json';
import { stringify } from 'lossless-json';
import { decimalFromScaled } from '../../../../src/shared/money';
import type { MarketsInfo } from '../../../../src/shared/exchange/info';

const config = defaultConfig();
const info: MarketsInfo = {
  version: '',
  quoteTokenId: config.quoteTokenId,
  markets: config.markets,
  tokens: config.tokens,
};
const BTC = 0;
const ETH = 1;

/** One account: 20,000 USDC, long 0.5 BTC from 64,000.0 and short 3 ETH from 3,150.00. */
function exchange(usdc = 20_000_000_000n): EngineState {
  const state = emptyState();
  state.oracle = initialOracleState(
    config.markets,
    config.tokens,
    config.referencePrices,
    config.quoteTokenId,
    0,
    config.oracle,
  );
  state.accounts[1] = { id: 1, owner: 'owner', balances: { 0: usdc }, updateId: 7 };
  state.positions[1] = {
    [BTC]: { ...emptyPosition(0n), size: 5_000n, entryPrice: 640_000n },
    [ETH]: { ...emptyPosition(0n), size: -3_000n, entryPrice: 315_000n },
  };
  return state;
}

/** The exchange's answer to GET /account/1 as the devnet writes it and the app parses it. */
const read = (state: EngineState) =>
  AccountJsonSchema.parse(parseExchangeJson(stringify(accountJson(state, config, state.accounts[1]!))!));

/** Each market's mark as the decimal text MarketStats gives. */
const marksOf = (state: EngineState) =>
  new Map(
    config.markets.map((m) => [
      m.marketId,
      decimalFromScaled(state.oracle!.markets[m.marketId]!.mark, m.priceDecimals),
    ]),
  );

function moveMarks(state: EngineState, btc: bigint, eth: bigint): void {
  state.oracle!.markets[BTC]!.mark = btc;
  state.oracle!.markets[ETH]!.mark = eth;
}

describe('an account read at one mark, shown at another', () => {
  it.each([
    ['both up', 702_345n, 333_317n],
    ['both down', 600_001n, 290_009n],
    ['BTC up, ETH down, by a tick', 650_001n, 319_999n],
  ])("has the exchange's own figures at the new mark (%s)", (_, btc, eth) => {
    const state = exchange();
    const before = read(state);
    moveMarks(state, btc, eth);
    const after = read(state);
    const marksAfter = marksOf(state);

    const moved = accountFromJson(1, before, info, marksAfter, true);
    const exact = accountFromJson(1, after, info, marksAfter);
    expect(moved).toEqual(exact);
    // the figures did move: PnL, equity and requirements are not the read's
    const unmoved = accountFromJson(1, before, info, marksAfter);
    expect(unmoved.margin).not.toEqual(exact.margin);
    expect(unmoved.positions.map((p) => p.unrealizedPnl)).not.toEqual(
      exact.positions.map((p) => p.unrealizedPnl),
    );
  });

  it("is moved from the exchange's mark at the read, whatever the market's stats said beside it", () => {
    // the stats read beside the account may be seconds older or newer than the account's read: a kept
    // account whose figures were moved from the stats' mark would keep that error until read again
    const state = exchange();
    moveMarks(state, 650_513n, 320_000n);
    const before = read(state);
    moveMarks(state, 663_053n, 310_000n); // the mark the stats gave at the read, and still give
    const after = read(state);
    expect(accountFromJson(1, before, info, marksOf(state), true)).toEqual(
      accountFromJson(1, after, info, marksOf(state)),
    );
  });

  it('falls toward liquidation as the exchange says: health and liquidation price at the new mark', () => {
    const state = exchange(2_000_000_000n); // 2,000 USDC behind the same positions
    const before = read(state);
    const marksBefore = marksOf(state);
    moveMarks(state, 610_000n, 345_000n);
    const after = read(state);
    const moved = accountFromJson(1, before, info, marksOf(state), true);
    expect(moved.margin.healthBps).toBe(accountFromJson(1, after, info, marksOf(state)).margin.healthBps);
    expect(moved.margin.healthBps!).toBeLessThan(
      accountFromJson(1, before, info, marksBefore).margin.healthBps!,
    );
  });

  it('read just now, takes the figures as the exchange stated them', () => {
    const state = exchange();
    const json = read(state);
    moveMarks(state, 700_000n, 300_000n);
    const account = accountFromJson(1, json, info, marksOf(state));
    expect(account.positions.find((p) => p.marketId === BTC)!.unrealizedPnl).toBe(
      accountFromJson(1, json, info, marksOf(exchange())).positions.find((p) => p.marketId === BTC)!
        .unrealizedPnl,
    );
    expect(account.positions.find((p) => p.marketId === BTC)!.markPrice).toBe(700_000n);
  });
});
