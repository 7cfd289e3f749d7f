// How a vault is doing in its current epoch: its PnL since the epoch began, the change of its NAV per share
// (in quote and as a fraction of where it began), and what that change is worth on a holding's shares.
//
// The exchange states the vault's PnL since it began (equity − net deposits), now and at the end of every
// ended epoch (the epoch row's `pnl` is that same running figure, taken after the epoch's withdrawals were
// converted), so the epoch's PnL is the difference. Deposits and conversions move equity and net deposits
// alike, so they never show as profit. Only the last ended epoch is read (the histories list oldest first):
// `since` the current epoch's start; with no epoch ended yet the epoch began with the vault's first deposit.
import type { ExchangeClient } from '../exchange/exchange-client';

/** What an epoch's start is read from. */
export type EpochReads = Pick<ExchangeClient, 'vaultEpochs' | 'vaultFirstDeposit'>;

/** Where the current epoch began: the vault's NAV per share and its PnL since it began, at that moment. */
export interface EpochStart {
  /** engine seconds */
  time: number;
  /** the epoch that ended there; null when none has, and the epoch began with the vault */
  endedEpoch: number | null;
  navPerShare: bigint;
  pnl: bigint;
}

export interface EpochPerformance {
  since: number;
  sinceVaultStart: boolean;
  /** quote units */
  pnl: bigint;
  /** quote per share, in the vault's navDecimals */
  navChange: bigint;
  /** the NAV change as parts per million of the NAV at the start, cut toward zero; null from a zero NAV */
  changePpm: bigint | null;
}

/** The current epoch's performance from the vault now and where the epoch began. Exact; bigint only. */
export function epochPerformance(
  now: { pnl: bigint; navPerShare: bigint },
  start: EpochStart,
): EpochPerformance {
  const navChange = now.navPerShare - start.navPerShare;
  return {
    since: start.time,
    sinceVaultStart: start.endedEpoch === null,
    pnl: now.pnl - start.pnl,
    navChange,
    // bigint division cuts toward zero: a gain or a loss is never shown larger than it is
    changePpm: start.navPerShare === 0n ? null : (navChange * 1_000_000n) / start.navPerShare,
  };
}

/**
 * What the epoch's NAV change is worth on `shares` (quote units; one share counts in quote units), cut
 * toward zero. For shares bought during the epoch it is the change at the epoch's NAV, not their own gain.
 */
export function shareChange(shares: bigint, navChange: bigint, navDecimals: number): bigint {
  return (shares * navChange) / 10n ** BigInt(navDecimals);
}

interface VaultNow {
  vaultId: number;
  navDecimals: number;
  epochEnd: number;
  epochSeconds: number;
}

const rfc3339 = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * Reads where the vault's current epoch began: the last ended epoch's row, or, with none ended, the vault's
 * first deposit. Null when the exchange shows neither (a vault not seeded yet), or shows ended epochs but
 * none at the current epoch's start (then a figure would be a guess).
 */
export async function readEpochStart(client: EpochReads, vault: VaultNow): Promise<EpochStart | null> {
  const epochStart = vault.epochEnd - vault.epochSeconds;
  let last: { epoch: number; endTime: number; navPerShare: bigint; pnl: bigint } | null = null;
  let cursor: string | undefined;
  // rows are stamped when the epoch was rolled, at or after its end: from the current epoch's start there
  // is the last roll's row (a few, when several epochs were rolled at once; pages are followed for those)
  do {
    const page = await client.vaultEpochs(vault.vaultId, vault.navDecimals, {
      since: rfc3339(epochStart),
      ...(cursor ? { startInclusive: cursor } : {}),
    });
    for (const row of page.items) if (last === null || row.epoch > last.epoch) last = row;
    cursor = page.nextStartInclusive ?? undefined;
  } while (cursor);
  if (last)
    return { time: last.endTime, endedEpoch: last.epoch, navPerShare: last.navPerShare, pnl: last.pnl };

  // nothing since the epoch's start: either no epoch has ended (the first page of all is empty too) ...
  const anyEnded = await client.vaultEpochs(vault.vaultId, vault.navDecimals, { pageSize: 1 });
  if (anyEnded.items.length > 0) return null;
  // ... and the epoch began with the vault
  const first = await client.vaultFirstDeposit(vault.vaultId, vault.navDecimals);
  return first && { time: first.time, endedEpoch: null, navPerShare: first.navPerShare, pnl: 0n };
}

/**
 * Epoch starts already read, per exchange client and vault epoch: they never change once an epoch has
 * begun, so a page refreshed every few seconds reads each only once.
 */
export class EpochStarts {
  private readonly known = new WeakMap<EpochReads, Map<string, EpochStart>>();

  async of(client: EpochReads, vault: VaultNow & { epoch: number }): Promise<EpochStart | null> {
    let byVault = this.known.get(client);
    if (!byVault) this.known.set(client, (byVault = new Map()));
    const key = `${vault.vaultId}:${vault.epoch}:${vault.epochEnd}`;
    const cached = byVault.get(key);
    if (cached) return cached;
    const start = await readEpochStart(client, vault);
    if (start) {
      // one entry per vault: the epoch before this one is not asked for again
      for (const k of byVault.keys()) if (k.startsWith(`${vault.vaultId}:`)) byVault.delete(k);
      byVault.set(key, start);
    }
    return start;
  }
}
