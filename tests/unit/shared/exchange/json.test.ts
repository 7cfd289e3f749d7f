// The app's reading of the public JSON: numbers from their text, never a double; scaled exactly with the
// /info decimals; too many fraction digits or a megabyte-long number is a malformed answer with a clear
// message; and the margin figures the public record does not carry, computed from `margins` and positions.
import { describe, expect, it } from 'vitest';
import { ExchangeJsonError, parseExchangeJson } from '../../../../src/shared/exchange/json';
import { MoneyFormatError, scaledFromDecimal } from '../../../../src/shared/money';
import { createExchangeClient } from '../../../../src/main/exchange/exchange-client';
import { createHttpClient } from '../../../../src/main/exchange/http-client';
import { marginFrom } from '../../../../src/main/exchange/risk';
import { liquidationPrice } from '../../../../src/shared/liquidation-price';
import { AppFailure } from '../../../../src/shared/result';

describe('scaledFromDecimal', () => {
  it.each([
    ['72433.6', 1, 724_336n],
    ['1.5', 6, 1_500_000n],
    ['-0.000001', 6, -1n],
    ['0', 8, 0n],
    ['1e-7', 8, 10n],
    ['1.5E+3', 0, 1_500n],
    ['100.000', 2, 10_000n],
    // beyond a double's 2^53 and exact
    ['123456789012345678.123456', 6, 123_456_789_012_345_678_123_456n],
  ] as const)('%s with %i decimals is %s', (text, decimals, scaled) => {
    expect(scaledFromDecimal(text, decimals)).toBe(scaled);
  });

  it('refuses more fraction digits than the decimals allow, and anything that is not a number', () => {
    expect(() => scaledFromDecimal('0.1234567', 6)).toThrow(MoneyFormatError);
    expect(() => scaledFromDecimal('1e-9', 8)).toThrow(MoneyFormatError);
    for (const bad of ['', '1.', '.5', '0x10', 'NaN', '1,5', ' 1'])
      expect(() => scaledFromDecimal(bad, 6), bad).toThrow(MoneyFormatError);
  });
});

describe('parseExchangeJson', () => {
  it('keeps each number as the text it was sent as', () => {
    const parsed = parseExchangeJson('{"a":0.1,"b":12345678901234567890}') as {
      a: { value: string };
      b: { value: string };
    };
    expect([parsed.a.value, parsed.b.value]).toEqual(['0.1', '12345678901234567890']);
  });

  it('refuses a 1 MiB number before converting it', () => {
    expect(() => parseExchangeJson(`{"amount":${'9'.repeat(1 << 20)}}`)).toThrow(ExchangeJsonError);
  });
});

/** a fake exchange answering fixed JSON texts: what a hostile or broken server could send */
function clientFor(bodies: Record<string, string>) {
  const fetchImpl = async (url: string) => {
    const path = new URL(url).pathname;
    const body = bodies[path];
    return new Response(body ?? 'null', { status: body === undefined ? 404 : 200 });
  };
  return createExchangeClient(createHttpClient({ baseUrl: 'http://exchange.test', fetchImpl }));
}
const INFO = JSON.stringify({
  markets: [
    {
      marketId: 0,
      symbol: 'BTC-PERP',
      priceDecimals: 1,
      sizeDecimals: 4,
      baseTokenId: 1,
      quoteTokenId: 0,
      imf: 0.05,
      mmf: 0.025,
      cmf: 0.0375,
    },
  ],
  tokens: [
    { tokenId: 0, symbol: 'USDC', decimals: 6, mintAddr: '1'.repeat(32), weightBps: 10000 },
    { tokenId: 1, symbol: 'BTC', decimals: 8, mintAddr: '2'.repeat(32), weightBps: 10000 },
  ],
});
const account = (amount: string, margins = { mf: '1000', imf: '325.5', mmf: '162.75' }) =>
  `{"updateId":7,"orders":[],"positions":[{"marketId":0,"openOrders":0,"actionId":9,"perp":{"baseSize":0.1,"price":65000,"updatedFundingRateIndex":0,"fundingPaymentPnl":-1.25,"sizePricePnl":10,"isLong":true}}],"balances":[{"tokenId":0,"token":"USDC","amount":${amount}}],"margins":{"omf":${margins.mf},"mf":${margins.mf},"imf":${margins.imf},"cmf":0,"mmf":${margins.mmf},"pon":6500,"pn":6500,"bankruptcy":false}}`;
const STATS =
  '{"indexPrice":65100,"indexPriceConf":0,"volumeBase24h":0,"volumeQuote24h":0,"high24h":65100,"low24h":65000,"close24h":65100,"perpStats":{"mark_price":65100,"aggregated_funding_index":0,"funding_rate":0,"next_funding_time":"2026-11-22T13:00:00Z","open_interest":0.1}}';

describe('the exchange client on the public JSON', () => {
  it('reads an account exactly, with health, free collateral and liquidation price computed in main', async () => {
    const client = clientFor({
      '/info': INFO,
      '/account/3': account('990.123456'),
      '/market/0/stats': STATS,
    });
    const a = await client.account(3);
    expect(a.balances).toEqual([{ tokenId: 0, amount: 990_123_456n }]);
    expect(a.margin).toEqual({
      equity: 1_000_000_000n,
      initialRequirement: 325_500_000n,
      maintenanceRequirement: 162_750_000n,
      freeCollateral: 674_500_000n,
      healthBps: 61_443,
    });
    const [p] = a.positions;
    expect(p).toMatchObject({
      size: 1_000n,
      entryPrice: 650_000n,
      markPrice: 651_000n,
      fundingPnl: -1_250_000n,
    });
    expect(p!.liquidationPrice).toBe(
      liquidationPrice({
        size: 1_000n,
        markPrice: 651_000n,
        equity: 1_000_000_000n,
        maintenance: 162_750_000n,
        market: { priceDecimals: 1, sizeDecimals: 4, mmfBps: 250 },
        quoteDecimals: 6,
      }),
    );
    expect(p!.liquidationPrice).toBeLessThan(651_000n);
  });

  it('calls a value with more fraction digits than /info allows a malformed answer, naming it', async () => {
    const client = clientFor({
      '/info': INFO,
      '/account/3': account('990.1234567'),
      '/market/0/stats': STATS,
    });
    const failure = await client.account(3).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppFailure);
    expect(failure).toMatchObject({ code: 'EXCHANGE_BAD_RESPONSE' });
    expect((failure as AppFailure).message).toMatch(/\/account\/3.*USDC balance.*990\.1234567.*6 decimals/);
  });

  it('calls a megabyte-long number a malformed answer without converting it', async () => {
    const client = clientFor({ '/info': INFO, '/account/3': account('9'.repeat(1 << 20)) });
    await expect(client.account(3)).rejects.toMatchObject({
      code: 'EXCHANGE_BAD_RESPONSE',
      message: expect.stringMatching(/number of 1048576 characters/),
    });
  });
});

describe('margin figures from the public margins', () => {
  it('free collateral is mf − imf; health is mf over mmf in basis points, none with nothing required', () => {
    expect(marginFrom({ mf: 500n, imf: 600n, mmf: 300n })).toMatchObject({
      freeCollateral: -100n,
      healthBps: 16_666,
    });
    expect(marginFrom({ mf: 500n, imf: 0n, mmf: 0n }).healthBps).toBeNull();
  });

  it('a short is liquidated above the mark, a long below; none when collateral covers any move', () => {
    const market = { priceDecimals: 1, sizeDecimals: 4, mmfBps: 250 };
    const at = (size: bigint, equity: bigint) =>
      liquidationPrice({
        size,
        markPrice: 650_000n,
        equity,
        maintenance: 162_500_000n,
        market,
        quoteDecimals: 6,
      });
    expect(at(-1_000n, 400_000_000n)!).toBeGreaterThan(650_000n);
    expect(at(1_000n, 400_000_000n)!).toBeLessThan(650_000n);
    expect(at(1_000n, 100_000_000_000n)).toBeNull();
  });
});
