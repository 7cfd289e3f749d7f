// A history window's ends go to the exchange as RFC3339, whose years end at 9999: a time past that is a bad
// argument, refused by the schema (2^53 - 1 seconds answered INTERNAL from the date conversion).
import { describe, expect, it } from 'vitest';
import { WindowTime } from '../../../../src/shared/ipc/history';

describe('WindowTime', () => {
  it.each([0, 1_700_000_000, 253_402_300_799])('%d seconds is a window end', (seconds) => {
    expect(WindowTime.safeParse(seconds).success).toBe(true);
    expect(new Date(seconds * 1000).toISOString()).toMatch(/^\d{4}-/);
  });

  it.each([253_402_300_800, 8_640_000_000_000, Number.MAX_SAFE_INTEGER])(
    '%d seconds is refused',
    (seconds) => {
      const parsed = WindowTime.safeParse(seconds);
      expect(parsed.error?.issues.map((i) => i.message)).toEqual([
        'must be a time in seconds no later than the year 9999',
      ]);
    },
  );

  it.each([-1, 1.5, Number.NaN])('%d is not a time in seconds', (value) => {
    expect(WindowTime.safeParse(value).success).toBe(false);
  });
});
