// CSV for spreadsheets, the one writer for every export (account history in the renderer, the audit log in
// main). A cell is quoted when it holds a quote, comma or line break. Text a spreadsheet would run as a
// formula (=, +, -, @, tab or carriage return first) gets a leading apostrophe, unless the whole cell is a
// plain number such as -1.5, which a spreadsheet only reads as a number.
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\n\r]/;

type Cell = string | number | bigint;

function csvCell(cell: Cell): string {
  const value = String(cell);
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A header line and one line per row, each ending in a newline. */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
}
