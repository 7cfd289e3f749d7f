// Builders for the typed lines of summaries and results, so every module states a fact the same way.
import type { Line } from '../../shared/ipc/actions';

export const text = (key: string, label: string, value: string): Line => ({
  key,
  label,
  value: { type: 'text', text: value },
});
export const amount = (key: string, label: string, tokenId: number, value: bigint): Line => ({
  key,
  label,
  value: { type: 'amount', tokenId, amount: value },
});
/** accountId null: a new account of the wallet */
export const account = (key: string, label: string, accountId: number | null): Line => ({
  key,
  label,
  value: { type: 'account', accountId },
});
export const address = (key: string, label: string, value: string): Line => ({
  key,
  label,
  value: { type: 'address', address: value },
});
export const percent = (key: string, label: string, bps: number): Line => ({
  key,
  label,
  value: { type: 'percent', bps },
});
export const number = (key: string, label: string, value: bigint, decimals = 0): Line => ({
  key,
  label,
  value: { type: 'number', value, decimals },
});
