// The engine's logical time: the authority for action timestamps (GET /timestamp). Injected so tests can
// move it forward instead of sleeping.
export interface Clock {
  /** milliseconds since the Unix epoch */
  nowMs(): number;
}

export const systemClock: Clock = { nowMs: () => Date.now() };

/** A clock tests can advance by hand. */
export class ManualClock implements Clock {
  constructor(private ms: number = Date.UTC(2026, 0, 1)) {}
  nowMs(): number {
    return this.ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

export const engineSeconds = (clock: Clock): number => Math.floor(clock.nowMs() / 1000);
