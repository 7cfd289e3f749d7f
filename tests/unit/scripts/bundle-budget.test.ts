// The first-load budget that `npm test` applies to the built renderer: what counts as initial (the entry and
// its static imports, not the chunks loaded on navigation) and that growing past a limit fails.
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { BUDGET, initialFiles, measureInitialLoad, type Manifest } from '../../../scripts/bundle-budget';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_shared.js'],
    css: ['assets/index.css'],
  },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  'src/pages/HistoryPage.tsx': {
    file: 'assets/HistoryPage.js',
    imports: ['_shared.js'],
    css: ['assets/h.css'],
  },
};

describe('the first-load budget', () => {
  it('counts the entry and what it imports statically, not the pages loaded on navigation', () => {
    expect(initialFiles(manifest)).toEqual({
      js: ['assets/index.js', 'assets/shared.js', 'assets/react.js'],
      css: ['assets/index.css'],
    });
  });

  it('passes a small load and fails one whose initial JS or CSS grows past the budget', () => {
    const sizes: Record<string, number> = {
      'assets/index.js': 50_000,
      'assets/shared.js': 50_000,
      'assets/react.js': 50_000,
      'assets/index.css': 60_000,
      'assets/HistoryPage.js': 5_000_000,
    };
    // random bytes do not compress, so gzip sizes stay close to raw ones
    const read = (file: string) => randomBytes(sizes[file]!);
    const small = measureInitialLoad(manifest, read);
    expect(small.ok).toBe(true);
    expect(small.rows.map((r) => r.bytes)[0]).toBe(150_000);

    sizes['assets/shared.js'] = 110_000;
    const grown = measureInitialLoad(manifest, read);
    expect(grown.ok).toBe(false);
    expect(grown.rows.find((r) => r.measure === 'initial JS (raw)')).toMatchObject({
      bytes: 210_000,
      ok: true,
    });
    expect(grown.rows.find((r) => !r.ok)?.measure).toBe('initial JS (gzip -9)');

    sizes['assets/shared.js'] = 1;
    sizes['assets/index.css'] = BUDGET.cssRaw + 1;
    expect(measureInitialLoad(manifest, read).rows.find((r) => !r.ok)?.measure).toBe('initial CSS (raw)');
  });

  it('refuses a manifest without exactly one entry', () => {
    expect(() => initialFiles({ 'a.js': { file: 'a.js' } })).toThrow(/one entry/);
  });
});
