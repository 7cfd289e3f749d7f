// docs/architecture.md's table of classes and allowed imports comes from the rule file: it names every class,
// says what the rules say (a route table never imports another; the renderer takes no protobufjs; only main's
// Electron part and the preload reach 'electron'), and a table that drifted from the rules is caught.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLASSES } from '../../../.dependency-cruiser.mjs';
import { docIsCurrent, layerTable } from '../../../scripts/layer-table';

const rowOf = (name: string) =>
  layerTable()
    .split('\n')
    .find((line) => line.startsWith(`| \`${name}\` |`))!;

describe('the layer table', () => {
  it('has a row for every class, saying what the rules allow', () => {
    for (const c of CLASSES) expect(rowOf(c.name)).toBeDefined();
    expect(rowOf('devnet-routes')).not.toMatch(/itself/);
    expect(rowOf('renderer')).toMatch(/packages but protobufjs/);
    expect(rowOf('renderer')).not.toMatch(/`main`|node:/);
    const electron = CLASSES.filter((c) => rowOf(c.name).includes("'electron'")).map((c) => c.name);
    expect(electron).toEqual(['main-electron', 'preload']);
  });

  it('is what docs/architecture.md shows, and a changed row is told', () => {
    const doc = readFileSync('docs/architecture.md', 'utf8');
    expect(docIsCurrent(doc)).toBe(true);
    expect(docIsCurrent(doc.replace('packages but protobufjs', 'packages'))).toBe(false);
  });
});
