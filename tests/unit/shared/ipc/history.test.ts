// A history window's ends go to the exchange as RFC3339, whose years end at 9999: a time past that is a bad
// argument, refused by the schema (2^53 - 1 seconds answered INTERNAL from the date conversion); so is what
// else the exchange would answer 400 to: a cursor of the wrong form or size, a window ending before it starts.
import { describe, expect, it } from 'vitest';
import { WindowTime, history } from '../../../../src/shared/ipc/history';

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

describe('history.page arguments', () => {
  const args = history.page.args;
  const issues = (arg: unknown) =>
    args.safeParse(arg).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

  it('takes a row id for most histories and the triple for pnl and position', () => {
    expect(issues({ accountId: 1, kind: 'transfer', startInclusive: '18446744073709551615' })).toEqual([]);
    expect(issues({ accountId: 1, kind: 'pnl', startInclusive: '12:0:1' })).toEqual([]);
    expect(issues({ accountId: 1, kind: 'position', startInclusive: '12:0:1', since: 5, until: 5 })).toEqual(
      [],
    );
  });

  it.each([
    [
      { kind: 'transfer', startInclusive: '12:0:1' },
      'startInclusive: must be a row id for the transfer history',
    ],
    [
      { kind: 'pnl', startInclusive: '12' },
      'startInclusive: must be "actionId:subActionId:marketId" for the pnl history',
    ],
    [{ kind: 'funding', startInclusive: '99999999999999999999' }, 'startInclusive: must be below 2^64'],
    [{ kind: 'position', startInclusive: '18446744073709551616:0:0' }, 'startInclusive: must be below 2^64'],
    [{ kind: 'transfer', since: 3, until: 0 }, 'since: must not be after until'],
  ])('%j is refused: %s (the exchange answered 400, read as its own bad response)', (query, issue) => {
    expect(issues({ accountId: 1, ...query })).toEqual([issue]);
  });

  it('a cursor of the wrong pattern is one issue, not a throw from the cross-field check', () => {
    expect(() => args.safeParse({ accountId: -1, kind: 'transfer', startInclusive: 'abc' })).not.toThrow();
    expect(issues({ accountId: 1, kind: 'transfer', startInclusive: 'abc' })).toHaveLength(1);
  });
});
