// The renderer's one handle on the app: the preload's window.wallet under Electron, the host bridge otherwise.
import type { Result } from '../../../shared/result';
import { checkedApi, type WalletApi } from '../../../shared/ipc/checked-api';
import { createHostBridge } from './host-bridge';

declare global {
  interface Window {
    wallet?: WalletApi;
  }
}

// The preload's answers are parsed against the contract here, as the host bridge parses its own.
export const wallet: WalletApi = window.wallet
  ? checkedApi(window.wallet as unknown as Record<string, unknown>)
  : createHostBridge();

/** For TanStack Query: a failed Result becomes a thrown Error carrying the plain message and code. */
export class WalletError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function unwrap<T>(promise: Promise<Result<T>>): Promise<T> {
  const result = await promise;
  if (!result.ok) throw new WalletError(result.error.code, result.error.message);
  return result.value;
}
