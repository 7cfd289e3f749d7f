// What the vault actions share: how shares, epochs and times are stated, reading a vault with the account's
// holding in it, and the result of an action that mints or queues shares.
import { formatShares } from '../../shared/figures';
import { formatDateTime, fromSeconds } from '../../shared/time';
import type { ActionContext } from './context';
import type { ResultView } from './action-module';
import { number } from './lines';

export const duration = (s: number) => (s % 3600 === 0 ? `${s / 3600} h` : `${s} s`);
/** A moment the exchange states in seconds, written as every screen writes one. */
export const when = (seconds: number) => formatDateTime(fromSeconds(seconds));

/** The vault, and the account's holding in it (undefined: none). */
export async function vaultHolding(ctx: ActionContext, vaultId: number, accountId: number) {
  const vault = await ctx.client.vault(vaultId);
  const holding = (await ctx.client.vaultHoldings(accountId)).find((h) => h.vaultId === vaultId);
  return { vault, holding };
}

/** A result naming the shares the receipt reports; `sentence` words them (null: the receipt was lost). */
export function sharesResult(
  title: string,
  shares: bigint | null,
  decimals: number,
  sentence: (shares: string | null) => string,
): ResultView {
  return {
    title,
    message: sentence(shares !== null ? formatShares(shares, decimals) : null),
    lines: shares !== null ? [number('shares', 'Shares', shares, decimals)] : [],
  };
}
