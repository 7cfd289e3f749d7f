// The home screen's total equity: the accounts' equity and the vault shares' value, never one without the
// other. Vault holdings are read apart from the portfolio and arrive later; a total drawn before them would
// show a smaller number that then jumps up (625.00, then 674.99 half a second after unlock), which reads as
// money arriving or a figure that cannot be trusted. Until every part is read, the total says so instead.

/** what a vault holding adds to the total: its shares' value now and what is ready to claim */
export interface HoldingValue {
  value: bigint;
  claimable: bigint;
}

export type TotalEquity =
  | { state: 'read'; total: bigint; vaults: bigint }
  /** the vault shares are still being read: no total yet */
  | { state: 'reading' }
  /** the vault shares could not be read: the total is not known */
  | { state: 'unknown' };

/**
 * The total from its parts: `holdings` undefined while the vault shares are being read, `failed` when that
 * read failed (a later successful read gives holdings again, and the total).
 */
export function totalEquity(
  accounts: bigint,
  holdings: readonly HoldingValue[] | undefined,
  failed: boolean,
): TotalEquity {
  if (holdings === undefined) return failed ? { state: 'unknown' } : { state: 'reading' };
  const vaults = holdings.reduce((sum, h) => sum + h.value + h.claimable, 0n);
  return { state: 'read', total: accounts + vaults, vaults };
}
