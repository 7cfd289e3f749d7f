// Time-driven vault work: epochs roll over, the strategy account trades.
import type { TickContext } from '../engine/tick';

export function advanceVaults(_tick: TickContext): void {}
