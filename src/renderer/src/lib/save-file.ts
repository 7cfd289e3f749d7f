// Saving what the app made (a CSV export) as a file the person downloads; the CSV itself is src/shared/csv.ts.

/** Offers text as a file download. */
export function saveText(name: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
