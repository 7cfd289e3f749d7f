import { describe, expect, it } from 'vitest';
import {
  MINUS,
  directionOf,
  formatBps,
  formatCount,
  formatFigure,
  formatMarketFigure,
  formatPpm,
  formatPpmChange,
  formatShares,
  formatSol,
  formatToken,
} from '../../../src/shared/figures';

const USDC = { symbol: 'USDC', decimals: 6 };
const ETH = { symbol: 'ETH', decimals: 9 };

describe('formatFigure: scaled bigint in, text for reading out', () => {
  it('writes a negative value with the true minus sign U+2212, never a hyphen', () => {
    const text = formatToken(-10_640_000n, USDC, { quote: true });
    expect(text).toBe(`${MINUS}10.64 USDC`);
    expect(text.codePointAt(0)).toBe(0x2212);
    expect(text).not.toContain('-');
  });

  it('writes zero without a sign, even when asked for signs, and with its cents', () => {
    expect(formatToken(0n, USDC, { quote: true, signed: true })).toBe('0.00 USDC');
    expect(formatBps(0)).toBe('0.00%');
  });

  it('puts a plus before a positive signed figure', () => {
    expect(formatToken(1_500_000n, USDC, { quote: true, signed: true })).toBe('+1.50 USDC');
  });

  it('groups thousands in huge values without losing a digit (no floating point)', () => {
    const huge = 123_456_789_012_345_678_901_234_567n; // far beyond 2^53
    expect(formatFigure(huge, 6, { digits: 2 })).toBe('123,456,789,012,345,678,901.23');
    expect(formatFigure(-huge, 6, { digits: 2 })).toBe(`${MINUS}123,456,789,012,345,678,901.23`);
  });

  it('shows the quote currency to two places, cut toward zero: never more than is there', () => {
    expect(formatToken(27_277_935_306n, USDC, { quote: true })).toBe('27,277.93 USDC');
    expect(formatToken(1_009_999n, USDC, { quote: true })).toBe('1.00 USDC');
    expect(formatToken(-1_009_999n, USDC, { quote: true })).toBe(`${MINUS}1.00 USDC`);
    expect(formatToken(500_000_000n, USDC, { quote: true })).toBe('500.00 USDC');
  });

  it('keeps the places a small non-zero value needs rather than showing it as nothing', () => {
    expect(formatToken(4_000n, USDC, { quote: true })).toBe('0.004 USDC');
    expect(formatToken(-1n, USDC, { quote: true })).toBe(`${MINUS}0.000001 USDC`);
  });

  it('shows an amount about to be signed exactly, with at least its cents', () => {
    expect(formatToken(25_123_456n, USDC, { quote: true, exact: true })).toBe('25.123456 USDC');
    expect(formatToken(25_000_000n, USDC, { quote: true, exact: true })).toBe('25.00 USDC');
  });

  it('shows other tokens with every place they have, at least two', () => {
    expect(formatToken(1_500_000_000n, ETH, { quote: false })).toBe('1.50 ETH');
    expect(formatToken(312_500n, ETH, { quote: false })).toBe('0.0003125 ETH');
  });

  it('writes prices and sizes with every place of the market’s decimals, so a column lines up', () => {
    expect(formatMarketFigure(650_531n, 1)).toBe('65,053.1');
    expect(formatMarketFigure(650_530n, 1)).toBe('65,053.0');
    expect(formatMarketFigure(2_000n, 4, { unit: 'BTC', signed: true })).toBe('+0.2000 BTC');
    expect(formatMarketFigure(-2_000n, 4, { unit: 'BTC' })).toBe(`${MINUS}0.2000 BTC`);
    expect(formatMarketFigure(12n, 0)).toBe('12');
  });

  it('writes health and distances as percentages with separators', () => {
    expect(formatBps(436_406)).toBe('4,364.06%');
    expect(formatBps(-250n, { signed: true })).toBe(`${MINUS}2.50%`);
    expect(formatBps(250n, { signed: true })).toBe('+2.50%');
    expect(formatPpm(12_345)).toBe('1.2345%');
  });

  it('groups counts', () => {
    expect(formatCount(12_345)).toBe('12,345');
    expect(formatCount(0)).toBe('0');
  });
});

describe('changes: signed, cut toward zero, and which way they point', () => {
  it('writes a change in ppm as a signed percentage with two places, never larger than it is', () => {
    expect(formatPpmChange(4_019n)).toBe('+0.40%');
    expect(formatPpmChange(-19_417n)).toBe(`${MINUS}1.94%`);
    expect(formatPpmChange(0n)).toBe('0.00%');
    // a change too small for two places still shows, rather than reading as none
    expect(formatPpmChange(3n)).toBe('+0.0003%');
  });

  it('names the direction a figure points for its colour', () => {
    expect([directionOf(5n), directionOf(-1n), directionOf(0n)]).toEqual(['gain', 'loss', 'flat']);
  });
});

/** how many places a figure shows after its decimal point */
const places = (text: string) => /\.(\d+)/.exec(text)?.[1]?.length ?? 0;

describe('vault shares', () => {
  it('are written with every place of the quote token, never cut', () => {
    expect(formatShares(50_111_698n, 6)).toBe('50.111698');
    expect(formatShares(10_000_000n, 6)).toBe('10.000000');
    expect(formatShares(1_234_567_891n, 6)).toBe('1,234.567891');
  });

  it('show the same places whatever the value, so a review (50.11167), its result and a table agree', () => {
    // a review's estimate ends in a zero place that the result's figure fills: both keep six places
    const review = formatShares(50_111_670n, 6);
    const result = formatShares(50_111_698n, 6);
    expect(review).toBe('50.111670');
    expect(places(review)).toBe(places(result));
    expect(places(formatShares(7n, 6))).toBe(6);
  });
});

describe('SOL', () => {
  it('is written with six places, the same for a whole SOL, what is left after a fee, and the fee', () => {
    expect(formatSol(1_000_000_000n)).toBe('1.000000 SOL');
    expect(formatSol(999_995_000n)).toBe('0.999995 SOL');
    expect(formatSol(2_999_980_000n)).toBe('2.999980 SOL');
    expect(formatSol(5_000n)).toBe('0.000005 SOL');
    expect(new Set([1_000_000_000n, 999_995_000n, 2_999_980_000n].map((v) => places(formatSol(v))))).toEqual(
      new Set([6]),
    );
  });

  it('never hides a lamport: places past six show when they are not zero', () => {
    expect(formatSol(1_000_000_001n)).toBe('1.000000001 SOL');
    expect(formatSol(1n)).toBe('0.000000001 SOL');
  });

  it('is the formatter every SOL and token figure goes through: no screen or main module writes its own', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
      );
    const own = [...files('src/renderer/src'), ...files('src/main')].filter((file) =>
      /symbol: 'SOL'|SOL_DECIMALS|decimals: 9\b/.test(readFileSync(file, 'utf8')),
    );
    expect(own).toEqual([]);
  });
});
