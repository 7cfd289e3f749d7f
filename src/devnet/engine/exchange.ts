// What a feature's routes may ask of the running exchange: the engine, prices walked to now, and the
// devnet's controls. Devnet implements it; the routes depend on this, not on the wiring above them.
import type { Engine } from './engine';
import type { EngineState } from '../state';

export interface Exchange {
  readonly engine: Engine;
  /** the oracle as of the engine's time (walked there first) */
  oracle(): NonNullable<EngineState['oracle']>;
  /** take a snapshot now, as a read of the snapshots needs */
  persist(): void;
  /** take a snapshot soon, after a change made outside POST /action */
  schedulePersist(): void;
  setIndexPrice(marketId: number, price: bigint): boolean;
  setProtocolDebt(amount: bigint): void;
}
