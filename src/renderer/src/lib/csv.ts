// CSV for spreadsheets: every cell quoted when it needs to be, and text that a spreadsheet would run as a
// formula (=, +, -, @, tab or carriage return first, unless it is a signed number) defused with a leading apostrophe.

export function toCsv(header: string[], rows: string[][]): string {
  const quote = (v: string): string => {
    const safe = /^[=+\-@\t\r]/.test(v) && !/^[+-]?\d/.test(v) ? `'${v}` : v;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return [header, ...rows].map((r) => r.map(quote).join(',')).join('\n') + '\n';
}

/** Offers text as a file download. */
export function saveText(name: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
