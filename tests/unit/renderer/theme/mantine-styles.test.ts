// The renderer imports Mantine's styles one component at a time (src/renderer/src/theme/mantine-*styles.ts).
// A component drawn without its sheet looks broken, and nothing else would notice: this test reads every
// renderer file's Mantine imports and fails when one names a component whose sheet neither list imports.
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const RENDERER = 'src/renderer/src';
const SHEETS = join('node_modules', '@mantine', 'core', 'styles');
const LISTS = ['theme/mantine-styles.ts', 'theme/mantine-app-styles.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

const imported = (source: string, from: string): string[] =>
  [...source.matchAll(new RegExp(`import\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*'${from}'`, 'g'))].flatMap(
    (m) =>
      m[1]!
        .split(',')
        .map(
          (name) =>
            name
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0]!,
        )
        .filter(Boolean),
  );

describe("Mantine's per-component styles", () => {
  const listed = new Set(
    LISTS.flatMap((list) =>
      [
        ...readFileSync(join(RENDERER, list), 'utf8').matchAll(
          /@mantine\/core\/styles\/([\w-]+)\.layer\.css/g,
        ),
      ].map((m) => m[1]!),
    ),
  );

  it('imports the sheet of every Mantine component the renderer uses', () => {
    const used = new Map<string, string>();
    for (const file of sourceFiles(RENDERER))
      for (const name of imported(readFileSync(file, 'utf8'), '@mantine/core')) used.set(name, file);
    const withSheet = [...used.keys()].filter((name) => existsSync(join(SHEETS, `${name}.css`)));
    expect(withSheet.length).toBeGreaterThan(10);
    const missing = withSheet
      .filter((name) => !listed.has(name))
      .map((name) => `${name} (${used.get(name)})`);
    expect(missing, 'add these sheets to src/renderer/src/theme/mantine-*styles.ts').toEqual([]);
  });

  it('names only sheets that exist, each once, the global ones first', () => {
    for (const name of listed) expect(existsSync(join(SHEETS, `${name}.layer.css`)), name).toBe(true);
    const first = readFileSync(join(RENDERER, LISTS[0]!), 'utf8');
    const order = [...first.matchAll(/styles\/([\w-]+)\.layer\.css/g)].map((m) => m[1]);
    expect(order.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    const all = LISTS.flatMap((list) =>
      [...readFileSync(join(RENDERER, list), 'utf8').matchAll(/styles\/([\w-]+)\.layer\.css/g)].map(
        (m) => m[1],
      ),
    );
    expect(new Set(all).size).toBe(all.length);
  });

  it("keeps each list in the order of Mantine's whole sheet, so the cascade is unchanged", () => {
    const whole = readFileSync(join('node_modules', '@mantine', 'core', 'styles.css'), 'utf8');
    /** where the component's first class rule sits in the whole sheet */
    const at = (name: string) => {
      const firstClass = /\.m_[0-9a-f]+/.exec(readFileSync(join(SHEETS, `${name}.css`), 'utf8'))![0];
      return whole.indexOf(`${firstClass} `);
    };
    for (const list of LISTS) {
      const names = [...readFileSync(join(RENDERER, list), 'utf8').matchAll(/styles\/(\w+)\.layer\.css/g)]
        .map((m) => m[1]!)
        .filter((name) => /^[A-Z]/.test(name));
      expect(names, list).toEqual([...names].sort((a, b) => at(a) - at(b)));
    }
  });

  it('leaves the whole sheet out of the renderer', () => {
    for (const file of sourceFiles(RENDERER))
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/@mantine\/core\/styles(\.layer)?\.css/);
  });
});
