// The devnet's own layers (src/devnet/README.md), as .dependency-cruiser.mjs enforces them on every `npm test`:
// wiring -> feature routes -> feature rules and views -> the trading core -> engine -> state, with the http/
// toolkit knowing no feature, the features one way (DEVNET_FEATURE_ORDER), and no two folders importing each
// other. A small devnet is written for the test; each leak is reported with the classes of its two ends
// (no rule allows that direction), and the directions the layering allows are not.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLayerViolations, type LayerViolation } from '../../../scripts/check-layers';

/** a module that imports `x` from each of `paths` */
const uses = (...paths: string[]) =>
  paths.map((p, i) => `import { x as x${i} } from '${p}';\n`).join('') +
  `export const x = [${paths.map((_, i) => `x${i}`).join(', ')}];\n`;

const FILES: Record<string, string> = {
  // allowed, top to bottom
  'src/devnet/config.ts': 'export const x = 1;\n',
  'src/devnet/json.ts': uses('./config'),
  'src/devnet/funds/state.ts': 'export const x = 1;\n',
  'src/devnet/state.ts': uses('./funds/state', './config'),
  'src/devnet/engine/engine.ts': uses('../state', '../funds/state', '../config'),
  'src/devnet/http/paging.ts': uses('../config'),
  'src/devnet/funds/rules.ts': uses('../engine/engine', './state', '../state'),
  'src/devnet/funds/views.ts': uses('./rules', '../json', '../state'),
  'src/devnet/orders/rules.ts': uses('../funds/rules', '../engine/engine', '../trading/book'),
  'src/devnet/funds/routes.ts': uses('./views', './rules', '../http/paging', '../engine/engine'),
  'src/devnet/trading/book.ts': uses('./state', '../engine/engine', '../state'),
  'src/devnet/trading/state.ts': 'export const x = 1;\n',
  'src/devnet/vaults/rules.ts': uses('../orders/rules', '../funds/rules', '../trading/book'),
  'src/devnet/trading/position-routes.ts': uses('../funds/views', '../trading/book', '../http/paging'),
  'src/devnet/routes.ts': uses('./funds/routes', './trading/position-routes', './http/paging'),
  'src/devnet/devnet.ts': uses('./engine/engine', './funds/rules', './state'),
  // not allowed, one per layer
  'src/devnet/vaults/state.ts': uses('../funds/rules'),
  'src/devnet/engine/bad.ts': uses('../funds/rules'),
  'src/devnet/http/bad.ts': uses('../funds/views'),
  'src/devnet/orders/views.ts': uses('../http/paging'),
  'src/devnet/triggers/rules.ts': uses('../devnet'),
  'src/devnet/chain/routes.ts': uses('../devnet'),
  'src/devnet/vaults/routes.ts': uses('../funds/routes'),
  'src/devnet/trading/margin.ts': uses('./book', '../funds/rules'),
  'src/devnet/funds/fees.ts': uses('../vaults/rules', '../trading/state'),
  // each import allowed, together two folders importing each other
  'src/devnet/trading/routes.ts': uses('../orders/rules', '../http/paging'),
};

let root = '';
let violations: LayerViolation[] = [];
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'perpetua-devnet-layers-'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  violations = await findLayerViolations(['src'], root);
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** each import of `from` no rule allows, as 'its class -> the other's class: the other' */
const reported = (from: string) =>
  violations.filter((v) => v.from === from).map((v) => `${v.classes ?? v.rule}: ${v.to}`);

describe('the devnet layers', () => {
  it('keep state at the bottom: a state module importing a rule is reported', () => {
    expect(reported('src/devnet/vaults/state.ts')).toEqual([
      'devnet-bottom -> devnet-feature: src/devnet/funds/rules.ts',
    ]);
  });

  it('keep the engine below the features', () => {
    expect(reported('src/devnet/engine/bad.ts')).toEqual([
      'devnet-engine -> devnet-feature: src/devnet/funds/rules.ts',
    ]);
  });

  it('keep domain out of the http toolkit', () => {
    expect(reported('src/devnet/http/bad.ts')).toEqual([
      'devnet-http -> devnet-feature: src/devnet/funds/views.ts',
    ]);
  });

  it("keep a feature's rules and views free of HTTP and of the wiring", () => {
    expect(reported('src/devnet/orders/views.ts')).toEqual([
      'devnet-feature -> devnet-http: src/devnet/http/paging.ts',
    ]);
    expect(reported('src/devnet/triggers/rules.ts')).toEqual([
      'devnet-feature -> devnet-wiring: src/devnet/devnet.ts',
    ]);
  });

  it('give routes what they read: no route table imports the Devnet or another table', () => {
    expect(reported('src/devnet/chain/routes.ts')).toEqual([
      'devnet-routes -> devnet-wiring: src/devnet/devnet.ts',
    ]);
    expect(reported('src/devnet/vaults/routes.ts')).toEqual([
      'devnet-routes -> devnet-routes: src/devnet/funds/routes.ts',
    ]);
  });

  it('keep the trading core below every feature', () => {
    expect(reported('src/devnet/trading/margin.ts')).toEqual([
      'devnet-trading -> devnet-feature: src/devnet/funds/rules.ts',
    ]);
  });

  it('keep the features one way: a feature importing a later one is reported, its state.ts is not', () => {
    expect(reported('src/devnet/funds/fees.ts')).toEqual([
      'devnet-features-one-way: src/devnet/vaults/rules.ts',
    ]);
  });

  it('keep folders from importing each other, even through imports each allowed on its own', () => {
    expect(reported('src/devnet/trading/routes.ts')).toEqual([
      'devnet-folders-two-way: src/devnet/orders/rules.ts',
    ]);
    expect(reported('src/devnet/orders/rules.ts')).toEqual([
      'devnet-folders-two-way: src/devnet/trading/book.ts',
    ]);
  });

  it('allow every direction the layering names', () => {
    const leaks = [
      'src/devnet/vaults/state.ts',
      'src/devnet/engine/bad.ts',
      'src/devnet/http/bad.ts',
      'src/devnet/orders/views.ts',
      'src/devnet/triggers/rules.ts',
      'src/devnet/chain/routes.ts',
      'src/devnet/vaults/routes.ts',
      'src/devnet/trading/margin.ts',
      'src/devnet/funds/fees.ts',
      'src/devnet/trading/routes.ts',
      'src/devnet/orders/rules.ts',
    ];
    expect(violations.filter((v) => !leaks.includes(v.from))).toEqual([]);
    expect(violations).toHaveLength(11);
  });
});
