// An account its stream vouches for is not read again, positions and all: its figures follow the mark in
// the app. Only the exchange's own figures will do close to liquidation, or when a balance moves with a
// price the app does not follow. A loopback exchange answers with the devnet's own views.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { stringify } from 'lossless-json';
import { createExchangeClient } from '../../../../src/main/exchange/exchange-client';
import { createHttpClient } from '../../../../src/main/exchange/http-client';
import { LiveReads } from '../../../../src/main/exchange/live-reads';
import { accountJson } from '../../../../src/devnet/funds/account-view';
import { defaultConfig } from '../../../../src/devnet/config';
import { emptyState, type EngineState } from '../../../../src/devnet/state';
import { initialOracleState } from '../../../../src/devnet/trading/oracle';
import { emptyPosition } from '../../../../src/devnet/trading/state';
import { infoJson } from '../../../../src/devnet/trading/views';
import { decimalFromScaled } from '../../../../src/shared/money';

const config = defaultConfig();
const BTC = 0;

/** The exchange: one account (id 1), long 0.5 BTC from 64,000.0, and what it was asked. */
let state: EngineState;
const asked: string[] = [];

function reset(balances: Record<number, bigint>): void {
  state = emptyState();
  state.oracle = initialOracleState(
    config.markets,
    config.tokens,
    config.referencePrices,
    0,
    0,
    config.oracle,
  );
  state.accounts[1] = { id: 1, owner: 'owner', balances, updateId: 3 };
  state.positions[1] = { [BTC]: { ...emptyPosition(0n), size: 5_000n, entryPrice: 640_000n } };
  state.oracle.markets[BTC]!.mark = 650_000n;
}

function stats(marketId: number): string {
  const market = config.markets.find((m) => m.marketId === marketId)!;
  const mark = decimalFromScaled(state.oracle!.markets[marketId]!.mark, market.priceDecimals);
  return `{"indexPrice":${mark},"indexPriceConf":0,"volumeBase24h":0,"volumeQuote24h":0,"high24h":${mark},"low24h":${mark},"close24h":${mark},"perpStats":{"mark_price":${mark},"aggregated_funding_index":0,"funding_rate":0,"next_funding_time":"2026-11-29T13:00:00Z","open_interest":0}}`;
}

let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url!.split('?')[0]!;
    asked.push(path);
    const body =
      path === '/info'
        ? stringify(infoJson(config))!
        : path === '/account/1'
          ? stringify(accountJson(state, config, state.accounts[1]!))!
          : /^\/market\/\d+\/stats$/.test(path)
            ? stats(Number(path.split('/')[2]))
            : null;
    res.writeHead(body === null ? 404 : 200, { 'content-type': 'application/json' });
    res.end(body ?? '{"error":"NotFound"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  vi.useRealTimers();
  asked.length = 0;
});

/** A client whose account 1 is followed on a live stream connection; marks are read again after 5 s. */
function client() {
  vi.useFakeTimers({ toFake: ['performance'] });
  const live = new LiveReads();
  live.follow([1]);
  live.connectionChanged([1], true);
  return { exchange: createExchangeClient(createHttpClient({ baseUrl }), live), live };
}

const accountReads = () => asked.filter((p) => p === '/account/1').length;

/** the mark moves, and the client's kept market stats (5 s) are old enough to be read again */
function markTo(price: bigint): void {
  state.oracle!.markets[BTC]!.mark = price;
  vi.advanceTimersByTime(6_000);
}

describe('an account with a position, followed live', () => {
  it("is not read again as the mark moves: its PnL and margin are the exchange's at the new mark", async () => {
    reset({ 0: 20_000_000_000n });
    const { exchange } = client();
    const first = await exchange.account(1);
    markTo(668_850n);
    const later = await exchange.account(1);
    expect(accountReads()).toBe(1);
    expect(later.positions[0]!.markPrice).toBe(668_850n);
    expect(later.positions[0]!.unrealizedPnl).toBe(first.positions[0]!.unrealizedPnl + 942_500_000n); // 0.5 × 1,885.0
    // what the exchange itself says at that mark
    const exact = await exchange.account(1, true);
    expect(accountReads()).toBe(2);
    expect(later).toEqual(exact);
  });

  it('is read again once its stream says it changed', async () => {
    reset({ 0: 20_000_000_000n });
    const { exchange, live } = client();
    await exchange.account(1);
    live.changed(1);
    await exchange.account(1);
    expect(accountReads()).toBe(2);
  });

  it('close to liquidation at the new mark, is read again at every look', async () => {
    // 2,000 USDC behind 0.5 BTC: healthy at 65,000.0 (health 307%), not after a fall to 62,800.0 (178%)
    reset({ 0: 2_000_000_000n });
    const { exchange } = client();
    const first = await exchange.account(1);
    expect(first.margin.healthBps!).toBeGreaterThan(20_000);
    markTo(628_000n);
    const later = await exchange.account(1);
    expect(later.margin.healthBps!).toBeLessThanOrEqual(20_000);
    expect(accountReads()).toBe(2);
    await exchange.account(1);
    expect(accountReads()).toBe(3);
  });

  it('holding a token other than the quote one (valued at its own price), is read again at every look', async () => {
    reset({ 0: 20_000_000_000n, 2: 100_000_000n });
    const { exchange } = client();
    await exchange.account(1);
    await exchange.account(1);
    expect(accountReads()).toBe(2);
  });
});
