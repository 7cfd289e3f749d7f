// The engine clock: action timestamps follow the exchange's clock, not the local one, however the local
// clock drifts or jumps.
import { describe, expect, it } from 'vitest';
import { EngineClock } from '../../../../src/main/exchange/engine-clock';

/** A local clock and an engine clock the test moves independently; each fetch costs `rttMs` of local time. */
function clocks(start = { localMs: 1_000_000, engineMs: 5_000_000_000 }, rttMs = 200) {
  const t = { local: start.localMs, engine: start.engineMs, fetches: 0 };
  const clock = new EngineClock({
    now: () => t.local,
    fetchTimestamp: async () => {
      t.fetches += 1;
      t.local += rttMs / 2;
      t.engine += rttMs / 2;
      const seconds = Math.floor(t.engine / 1000);
      t.local += rttMs / 2;
      t.engine += rttMs / 2;
      return seconds;
    },
  });
  const advance = (localMs: number, engineMs = localMs) => {
    t.local += localMs;
    t.engine += engineMs;
  };
  return { t, clock, advance, engineSeconds: () => BigInt(Math.floor(t.engine / 1000)) };
}

describe('engine clock', () => {
  it('follows the engine, not the local clock, from one sample', async () => {
    const { t, clock, advance, engineSeconds } = clocks();
    expect(await clock.seconds()).toBe(engineSeconds());
    advance(12_345);
    expect(await clock.seconds()).toBe(engineSeconds());
    expect(t.fetches).toBe(1); // within maxAge the offset is reused
  });

  it('corrects drift by resampling once the sample is older than maxAge', async () => {
    const { t, clock, advance, engineSeconds } = clocks();
    await clock.seconds();
    // the local clock runs fast: 61 s locally while the engine moves 31 s
    advance(61_000, 31_000);
    expect(await clock.seconds()).toBe(engineSeconds());
    expect(t.fetches).toBe(2);
  });

  it('measures again after invalidate (a TIMESTAMP_* rejection)', async () => {
    const { t, clock, advance, engineSeconds } = clocks();
    await clock.seconds();
    advance(1_000, 600_000); // the engine jumped ten minutes (a manual engine clock, a restart)
    expect(await clock.seconds()).not.toBe(engineSeconds()); // not noticed within maxAge...
    clock.invalidate();
    expect(await clock.seconds()).toBe(engineSeconds()); // ...until told
    expect(t.fetches).toBe(2);
  });

  it('measures again when the local clock is set back, instead of keeping a wrong offset', async () => {
    const { t, clock, advance, engineSeconds } = clocks();
    await clock.seconds();
    advance(-300_000, 1_000); // local clock stepped back five minutes; the engine moved on a second
    expect(await clock.seconds()).toBe(engineSeconds());
    expect(t.fetches).toBe(2);
  });
});
