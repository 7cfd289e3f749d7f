// What every method handler reads: the chain, the bridge (the devnet's faucet), and the context object
// Solana wraps account reads in ({ slot, apiVersion }) at the commitment the caller asked for.
import type { ChainRuntime } from '../runtime';
import type { Bridge } from '../bridge';
import { slotAt, type Commitment } from './commitment';
import { big } from './wire';

/** The Solana release whose RPC this one follows (getVersion, every context's apiVersion). */
export const SOLANA_CORE_VERSION = '2.2.0';

export interface RpcDeps {
  chain: ChainRuntime;
  bridge: Bridge;
  /** called after anything changed the chain, so the devnet saves it */
  changed: () => void;
  /** resolves once every change so far is on disk: an answer waits for it, so what it told survives a crash */
  durable?: () => Promise<void>;
}

export interface MethodContext extends RpcDeps {
  context(commitment?: Commitment): { slot: ReturnType<typeof big>; apiVersion: string };
  decimalsOf(mint: string): number | undefined;
}

export function methodContext(deps: RpcDeps): MethodContext {
  return {
    ...deps,
    context: (commitment) => ({
      slot: big(slotAt(deps.chain.slot(), commitment)),
      apiVersion: SOLANA_CORE_VERSION,
    }),
    decimalsOf: (mint) => deps.chain.mintDecimals(mint),
  };
}
