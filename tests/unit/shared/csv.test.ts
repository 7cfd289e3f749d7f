// src/shared/csv.ts, the one CSV writer: history exports (renderer) and the audit export (main) quote and
// defuse cells the same way, so a crafted label or memo cannot run as a spreadsheet formula in either.
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../src/shared/csv';

const cell = (value: string) => toCsv(['h'], [[value]]).split('\n')[1];

describe('toCsv', () => {
  it('writes a header and one line per row, each ending in a newline', () => {
    expect(
      toCsv(
        ['time', 'amount'],
        [
          ['2026-01-01T00:00:00.000Z', '1.5'],
          ['x', '2'],
        ],
      ),
    ).toBe('time,amount\n2026-01-01T00:00:00.000Z,1.5\nx,2\n');
    expect(toCsv(['only'], [])).toBe('only\n');
  });

  it('quotes cells with commas, quotes or line breaks, doubling the quotes', () => {
    expect(cell('a,b')).toBe('"a,b"');
    expect(cell('say "hi"')).toBe('"say ""hi"""');
    expect(toCsv(['h'], [['two\nlines']])).toBe('h\n"two\nlines"\n');
    expect(toCsv(['h'], [['cr\rhere']])).toBe('h\n"cr\rhere"\n');
  });

  it.each([
    ['=1+2', "'=1+2"],
    ['+cmd', "'+cmd"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tindent', "'\tindent"],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
  ])('defuses text a spreadsheet would run as a formula: %j', (value, written) => {
    expect(cell(value)).toBe(written);
  });

  it.each(['-1.5', '+1.5', '-25', '0', '1234.5'])('leaves a plain number as it is: %s', (value) => {
    expect(cell(value)).toBe(value);
  });

  it('leaves ordinary text alone', () => {
    expect(cell('BTC-PERP')).toBe('BTC-PERP');
    expect(cell('')).toBe('');
  });
});
