// How the app writes a moment: one set of formatters for every screen and every file. The exchange counts
// in whole seconds, the app's own records (audit entries, equity samples) in milliseconds; every formatter
// takes milliseconds, and `fromSeconds` converts. Screens use the person's locale and time zone (tests may
// name both); files use ISO 8601 in UTC, which sorts and reads the same everywhere. A moment that is not a
// number (a chart's tooltip with no point under it) is written as unknown, never thrown: a formatter runs
// inside rendering, where a throw takes the whole page down.

export interface TimeFormatOptions {
  /** a BCP 47 locale; default: the person's */
  locale?: string;
  /** an IANA time zone; default: the person's */
  timeZone?: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Intl.DateTimeFormat is slow to build and a history table formats thousands of cells: keep each one. */
function formatter(style: Intl.DateTimeFormatOptions, { locale, timeZone }: TimeFormatOptions) {
  const key = JSON.stringify([style, locale, timeZone]);
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { ...style, timeZone });
    formatters.set(key, made);
  }
  return made;
}

/** what a moment that cannot be written is shown as */
const UNKNOWN = '—';
/** Date's own range: ±8.64e15 ms around 1970 */
const valid = (ms: number): boolean => Number.isFinite(ms) && Math.abs(ms) <= 8.64e15;
const format = (style: Intl.DateTimeFormatOptions, ms: number, options: TimeFormatOptions): string =>
  valid(ms) ? formatter(style, options).format(ms) : UNKNOWN;

/** milliseconds since the epoch from the exchange's whole seconds */
export const fromSeconds = (seconds: number | bigint): number => Number(seconds) * 1000;

/** A moment in a table, list or message: date and time to the second. */
export const formatDateTime = (ms: number, options: TimeFormatOptions = {}): string =>
  format({ dateStyle: 'short', timeStyle: 'medium' }, ms, options);

/** A moment on a chart's axis or tooltip, where seconds are noise: date and time to the minute. */
export const formatDateTimeToMinute = (ms: number, options: TimeFormatOptions = {}): string =>
  format({ dateStyle: 'short', timeStyle: 'short' }, ms, options);

/** The time of day alone, for something within the next hours ("expires at …"). */
export const formatTimeOfDay = (ms: number, options: TimeFormatOptions = {}): string =>
  format({ timeStyle: 'medium' }, ms, options);

/** A moment in a file (CSV): ISO 8601 in UTC to the millisecond. */
export const formatIsoTime = (ms: number): string => (valid(ms) ? new Date(ms).toISOString() : UNKNOWN);
