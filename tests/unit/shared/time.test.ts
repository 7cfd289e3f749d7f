// src/shared/time.ts: one set of time formatters for every screen and file.
import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDateTimeToMinute,
  formatIsoTime,
  formatTimeOfDay,
  fromSeconds,
} from '../../../src/shared/time';

const UTC = { locale: 'en-GB', timeZone: 'UTC' };
const MOMENT = 1_790_000_000; // 2026-09-21 14:13:20 UTC, in the exchange's seconds

describe('time formatters', () => {
  it("convert the exchange's seconds to milliseconds, bigint included", () => {
    expect(fromSeconds(MOMENT)).toBe(1_790_000_000_000);
    expect(fromSeconds(BigInt(MOMENT))).toBe(1_790_000_000_000);
  });

  it('write a moment for a screen to the second, to the minute, or as the time of day', () => {
    expect(formatDateTime(fromSeconds(MOMENT), UTC)).toBe('21/09/2026, 14:13:20');
    expect(formatDateTimeToMinute(fromSeconds(MOMENT), UTC)).toBe('21/09/2026, 14:13');
    expect(formatTimeOfDay(fromSeconds(MOMENT), UTC)).toBe('14:13:20');
  });

  it("use the person's locale and time zone", () => {
    const newYork = { locale: 'en-US', timeZone: 'America/New_York' };
    expect(formatDateTime(fromSeconds(MOMENT), newYork)).toMatch(/^9\/21\/26, 10:13:20\sAM$/);
    expect(formatTimeOfDay(fromSeconds(MOMENT), { locale: 'de-DE', timeZone: 'Asia/Tokyo' })).toBe(
      '23:13:20',
    );
  });

  it('write a moment for a file as ISO 8601 in UTC, whatever the zone', () => {
    expect(formatIsoTime(fromSeconds(MOMENT))).toBe('2026-09-21T14:13:20.000Z');
    expect(formatIsoTime(1_790_000_000_123)).toBe('2026-09-21T14:13:20.123Z');
  });

  it('write a moment that is not a number as unknown instead of throwing inside a render', () => {
    for (const ms of [Number.NaN, Number.POSITIVE_INFINITY, 9e15]) {
      expect(formatDateTime(ms, UTC)).toBe('—');
      expect(formatDateTimeToMinute(ms, UTC)).toBe('—');
      expect(formatTimeOfDay(ms, UTC)).toBe('—');
      expect(formatIsoTime(ms)).toBe('—');
    }
  });
});
