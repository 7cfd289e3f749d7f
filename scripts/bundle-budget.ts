// The first-load budget: what the browser must fetch before the lock screen can draw (the entry chunk, every
// chunk it imports statically, and their CSS), from the build's manifest. `npm test` runs this after the
// build and fails when the initial load grows past the budget; bench/first-load.ts reports the same figures.
// `npx tsx scripts/bundle-budget.ts [out/renderer]`
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';

export const BUDGET = { jsRaw: 600_000, jsGzip: 200_000, cssRaw: 120_000 };

export type Manifest = Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
>;
export type Budget = typeof BUDGET;

/** The initial files of a built renderer: the manifest's entry and its static imports, transitively. */
export function initialFiles(manifest: Manifest): { js: string[]; css: string[] } {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest names ${key} but has no such chunk`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entries[0]!);
  return { js: [...js], css: [...css] };
}

/** Sizes of the initial load and the budget's verdict on each. `read(file)` gives a built file's bytes. */
export function measureInitialLoad(
  manifest: Manifest,
  read: (file: string) => Buffer,
  budget: Budget = BUDGET,
) {
  const files = initialFiles(manifest);
  const sum = (list: string[], size: (bytes: Buffer) => number) =>
    list.reduce((total, file) => total + size(read(file)), 0);
  const jsRaw = sum(files.js, (b) => b.length);
  const jsGzip = sum(files.js, (b) => gzipSync(b, { level: 9 }).length);
  const cssRaw = sum(files.css, (b) => b.length);
  const rows = [
    { measure: 'initial JS (raw)', bytes: jsRaw, budget: budget.jsRaw },
    { measure: 'initial JS (gzip -9)', bytes: jsGzip, budget: budget.jsGzip },
    { measure: 'initial CSS (raw)', bytes: cssRaw, budget: budget.cssRaw },
  ].map((row) => ({ ...row, ok: row.bytes <= row.budget }));
  return { files, rows, ok: rows.every((row) => row.ok) };
}

export function measureBuiltRenderer(dir: string) {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  return measureInitialLoad(manifest, (file) => readFileSync(join(dir, file)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? 'out/renderer';
  const result = measureBuiltRenderer(dir);
  console.table(
    result.rows.map((r) => ({
      measure: r.measure,
      kB: (r.bytes / 1000).toFixed(1),
      'budget kB': (r.budget / 1000).toFixed(0),
      within: r.ok ? 'yes' : 'NO',
    })),
  );
  if (!result.ok) {
    console.error(
      `The lock screen's first load is over budget (files: ${[...result.files.js, ...result.files.css].join(', ')}).` +
        ' Load the new code with the page that needs it (React.lazy, a dynamic import), not at start.',
    );
    process.exit(1);
  }
}
