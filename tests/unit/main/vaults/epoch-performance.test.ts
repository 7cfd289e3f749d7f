import { describe, expect, it } from 'vitest';
import {
  EpochStarts,
  epochPerformance,
  readEpochStart,
  shareChange,
  type EpochStart,
} from '../../../../src/main/vaults/epoch-performance';
import type { ExchangeClient } from '../../../../src/main/exchange/exchange-client';

const NAV = 6; // navDecimals
const nav = (text: string) => BigInt(text.replace('.', '')); // "1.020000" → 1020000n
const usdc = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;
const HOUR = 3600;
const EPOCH_END = 1_800_000_000;
const vault = { vaultId: 1, navDecimals: NAV, epoch: 4, epochEnd: EPOCH_END, epochSeconds: HOUR };

interface Row {
  epoch: number;
  endTime: number;
  /** when the roll stamped it */
  time: number;
  navPerShare: bigint;
  pnl: bigint;
}

/** An exchange holding these epoch rows (oldest first) and this first deposit, serving pages of `size`. */
function exchange(rows: Row[], firstDeposit: { time: number; navPerShare: bigint } | null, size = 50) {
  const asked: { since?: string; startInclusive?: string; pageSize?: number }[] = [];
  const client = {
    vaultEpochs: async (
      _vaultId: number,
      _navDecimals: number,
      query: { since?: string; startInclusive?: string; pageSize?: number } = {},
    ) => {
      asked.push(query);
      const since = query.since ? Date.parse(query.since) / 1000 : 0;
      const from = Number(query.startInclusive ?? 0);
      const matching = rows.map((r, i) => ({ ...r, id: i })).filter((r) => r.time >= since && r.id >= from);
      const page = matching.slice(0, query.pageSize ?? size);
      const next = matching[page.length];
      return { items: page, nextStartInclusive: next ? String(next.id) : null };
    },
    vaultFirstDeposit: async () => {
      asked.push({ pageSize: -1 });
      return firstDeposit && { ...firstDeposit, pnl: 0n };
    },
  };
  return { client: client as unknown as ExchangeClient, asked };
}

const start = (navPerShare: bigint, pnl: bigint, endedEpoch: number | null = 3): EpochStart => ({
  time: EPOCH_END - HOUR,
  endedEpoch,
  navPerShare,
  pnl,
});

describe('the PnL over the current epoch', () => {
  it('is the PnL since the vault began less that at the last epoch end, with the NAV change and its share', () => {
    const p = epochPerformance(
      { pnl: usdc(2_512.34), navPerShare: nav('1.024100') },
      start(nav('1.020000'), usdc(2_500)),
    );
    expect(p).toEqual({
      since: EPOCH_END - HOUR,
      sinceVaultStart: false,
      pnl: usdc(12.34),
      navChange: 4_100n,
      changePpm: 4_019n, // +0.4019%
    });
  });

  it('with no epoch ended yet, is everything since the vault began', () => {
    const p = epochPerformance(
      { pnl: usdc(87.5), navPerShare: nav('1.000875') },
      start(nav('1.000000'), 0n, null),
    );
    expect(p).toMatchObject({ sinceVaultStart: true, pnl: usdc(87.5), navChange: 875n, changePpm: 875n });
  });

  it('shows a loss as a loss, even when the vault is still up since it began', () => {
    const p = epochPerformance(
      { pnl: usdc(1_000), navPerShare: nav('1.010000') },
      start(nav('1.030000'), usdc(3_000)),
    );
    expect(p.pnl).toBe(-usdc(2_000));
    expect(p.navChange).toBe(-20_000n);
    expect(p.changePpm).toBe(-19_417n); // −1.94174…%: cut toward zero, never shown as a bigger loss
  });

  it('cuts the percentage toward zero on both sides', () => {
    const up = epochPerformance({ pnl: 1n, navPerShare: 4n }, start(3n, 0n));
    const down = epochPerformance({ pnl: -1n, navPerShare: 2n }, start(3n, 0n));
    expect(up.changePpm).toBe(333_333n);
    expect(down.changePpm).toBe(-333_333n);
  });

  it('has no percentage from a NAV of zero', () => {
    expect(epochPerformance({ pnl: 0n, navPerShare: 5n }, start(0n, 0n)).changePpm).toBeNull();
  });

  it('values the NAV change on a holding, cut toward zero (a gain or a loss never shown larger)', () => {
    // 1,500.5 shares × 0.0041 USDC per share = 6.15205 USDC
    expect(shareChange(1_500_500_000n, 4_100n, NAV)).toBe(6_152_050n);
    // 1 share unit × a third-of-a-unit move: below a unit either way, so 0, not ±1
    expect(shareChange(333_333n, 3n, NAV)).toBe(0n);
    expect(shareChange(3n, -333_333n, NAV)).toBe(0n);
    expect(shareChange(2_000_000n, -1_234_567n, NAV)).toBe(-2_469_134n);
  });
});

describe('where the current epoch began', () => {
  const rolled = (epoch: number, time: number, navText: string, pnl: bigint): Row => ({
    epoch,
    endTime: EPOCH_END - HOUR * (4 - epoch),
    time,
    navPerShare: nav(navText),
    pnl,
  });

  it('reads only the rows from the current epoch start on, and takes the last ended epoch', async () => {
    const rows = [
      rolled(1, EPOCH_END - 3 * HOUR + 2, '1.010000', usdc(1_000)),
      rolled(2, EPOCH_END - 2 * HOUR + 1, '1.020000', usdc(2_000)),
      rolled(3, EPOCH_END - HOUR + 5, '1.015000', usdc(1_500)),
    ];
    const { client, asked } = exchange(rows, { time: 0, navPerShare: nav('1.000000') });
    expect(await readEpochStart(client, vault)).toEqual({
      time: EPOCH_END - HOUR,
      endedEpoch: 3,
      navPerShare: nav('1.015000'),
      pnl: usdc(1_500),
    });
    expect(asked).toEqual([{ since: new Date((EPOCH_END - HOUR) * 1000).toISOString() }]);
  });

  it('follows the pages of epochs rolled all at once to the last of them', async () => {
    const late = EPOCH_END - 10; // the exchange rolled epochs 1..3 together, late
    const rows = [1, 2, 3].map((e) => rolled(e, late, `1.00${e}000`, usdc(e)));
    const { client, asked } = exchange(rows, null, 2);
    expect(await readEpochStart(client, vault)).toMatchObject({ endedEpoch: 3, pnl: usdc(3) });
    expect(asked).toHaveLength(2);
  });

  it('with no epoch ended, starts at the vault’s first deposit with nothing made yet', async () => {
    const { client } = exchange([], { time: 1_700_000_000, navPerShare: nav('1.000000') });
    expect(await readEpochStart(client, vault)).toEqual({
      time: 1_700_000_000,
      endedEpoch: null,
      navPerShare: nav('1.000000'),
      pnl: 0n,
    });
  });

  it('gives no start rather than a guess when epochs ended but none at the current epoch’s start', async () => {
    const rows = [rolled(1, EPOCH_END - 3 * HOUR + 2, '1.010000', usdc(1_000))];
    const { client } = exchange(rows, { time: 0, navPerShare: nav('1.000000') });
    expect(await readEpochStart(client, vault)).toBeNull();
  });

  it('is read once per epoch and read again when the epoch changes', async () => {
    const rows = [rolled(3, EPOCH_END - HOUR, '1.015000', usdc(1_500))];
    const { client, asked } = exchange(rows, null);
    const starts = new EpochStarts();
    await starts.of(client, vault);
    await starts.of(client, vault);
    expect(asked).toHaveLength(1);
    rows.push({ ...rolled(4, EPOCH_END, '1.016000', usdc(1_600)), endTime: EPOCH_END });
    const next = { ...vault, epoch: 5, epochEnd: EPOCH_END + HOUR };
    expect(await starts.of(client, next)).toMatchObject({ endedEpoch: 4, pnl: usdc(1_600) });
    expect(asked).toHaveLength(2);
  });
});
