// The layer rules (.dependency-cruiser.mjs, with eslint.config.js for what no static graph shows) against a
// copy of the real src with wrong-direction imports written into it: the ones an earlier review got past every
// check (a file of main reaching main/electron, the host reaching Electron's launch check, the devnet importing
// the app's IPC contract, src importing tests/, a computed createRequire and import(), a forbidden import
// laundered through a new unclassified file), and more of the same kinds, among them a renderer feature
// reaching into another's files instead of its index. Each must fail; the untouched copy
// passes, so the check can tell them apart.
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLayerViolations, type LayerViolation } from '../../../scripts/check-layers';

/** file -> the line appended to it (a new file when it does not exist in src) */
const WRONG: Record<string, string> = {
  'src/main/paths.ts': "export { hardenSession as __wrong } from './electron/hardening';",
  'src/host/access.ts': "export * as __wrong from '../main/electron/launch-mode';",
  'src/devnet/clock.ts': "export type * as __Wrong from '../shared/ipc/actions';",
  'src/main/events.ts': "export * as __wrong from '../../tests/support/memory-store';",
  // laundering: an allowed-looking file imports a new root file that imports what it may not
  'src/devnet/funds/rules.ts': "export * as __wrong from '../helpers';",
  'src/devnet/helpers.ts': "export * from './http/errors';",
  'src/shared/money.ts': "export { readFileSync as __wrong } from 'node:fs';",
  'src/renderer/src/routes.ts': "export * as __wrong from 'protobufjs';",
  'src/protocol/keys.ts': "export type * as __Wrong from '../shared/ipc/wallets';",
  'src/devnet/engine/tick.ts': "export * as __wrong from '../funds/rules';",
  'src/devnet/vaults/routes.ts': "export * as __wrong from '../funds/routes';",
  'src/preload/index.ts': "export * as __wrong from '../main/events';",
  // Node support is shared by the app and the exchange: it reaches neither, and the wire protocol is below it
  'src/support/atomic-file.ts': "export * as __wrong from '../devnet/clock';",
  'src/protocol/codec.ts': "export * as __wrong from '../support/atomic-file';",
  // a renderer feature reaches another's files only through its index; the shared renderer knows no feature
  'src/renderer/src/features/vaults/VaultsPage.tsx': "export * as __wrong from '../transfers/DepositPanel';",
  'src/renderer/src/features/drills/index.ts': "export * as __wrong from '../wallets/CreateWalletModal';",
  'src/renderer/src/lib/save-file.ts': "export * as __wrong from '../features/audit';",
};

let root = '';
let violations: LayerViolation[] = [];
let clean: LayerViolation[] = [];
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'perpetua-layers-'));
  cpSync(resolve('src'), join(root, 'src'), { recursive: true });
  mkdirSync(join(root, 'tests/support'), { recursive: true });
  cpSync(resolve('tests/support/memory-store.ts'), join(root, 'tests/support/memory-store.ts'));
  // 'electron' and the packages resolve as they do in the project
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'), 'dir');
  cpSync(resolve('package.json'), join(root, 'package.json'));
  clean = await findLayerViolations(['src'], root);
  for (const [path, line] of Object.entries(WRONG)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    appendFileSync(join(root, path), `\n${line}\n`);
  }
  violations = await findLayerViolations(['src'], root);
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** what `from` was refused for (reaching electron is its own test below) */
const reported = (from: string) =>
  violations
    .filter((v) => v.from === from && v.rule !== 'electron-only-in-its-folders')
    .map((v) => `${v.rule}: ${v.classes ?? v.to}`);

describe('layer rules', () => {
  it('pass the real src as it is', () => {
    expect(clean).toEqual([]);
  });

  it("refuse main reaching main/electron, and the host reaching Electron's part of main", () => {
    expect(reported('src/main/paths.ts')).toEqual(['not-in-allowed: main -> main-electron']);
    expect(reported('src/host/access.ts')).toEqual(['not-in-allowed: host -> main-electron']);
  });

  it("refuse the exchange and the wire protocol importing the app's IPC contract", () => {
    expect(reported('src/devnet/clock.ts')).toEqual(['not-in-allowed: devnet-bottom -> shared-ipc']);
    expect(reported('src/protocol/keys.ts')).toEqual(['not-in-allowed: protocol -> shared-ipc']);
  });

  it('refuse src importing tests/', () => {
    expect(reported('src/main/events.ts')).toEqual(['not-in-allowed: main -> tests/support/memory-store.ts']);
  });

  it('refuse an unclassified file, and an import laundered through it', () => {
    expect(reported('src/devnet/helpers.ts')).toEqual([
      'unclassified: ',
      'not-in-allowed: unclassified -> devnet-http',
    ]);
    expect(reported('src/devnet/funds/rules.ts')).toEqual(['not-in-allowed: devnet-feature -> unclassified']);
  });

  it('refuse Node in shared, protobufjs in the renderer, and the preload reaching main', () => {
    expect(reported('src/shared/money.ts')).toEqual(['not-in-allowed: shared -> node']);
    expect(reported('src/renderer/src/routes.ts')).toEqual(['not-in-allowed: renderer -> package']);
    expect(reported('src/preload/index.ts')).toEqual(['not-in-allowed: preload -> main']);
  });

  it('keep Node support off the app and the exchange, and above the wire protocol', () => {
    expect(reported('src/support/atomic-file.ts')).toEqual(['not-in-allowed: support -> devnet-bottom']);
    expect(reported('src/protocol/codec.ts')).toEqual(['not-in-allowed: protocol -> support']);
  });

  it('keep the devnet engine below its features, and one route table from another', () => {
    expect(reported('src/devnet/engine/tick.ts')).toEqual([
      'not-in-allowed: devnet-engine -> devnet-feature',
    ]);
    expect(reported('src/devnet/vaults/routes.ts')).toEqual([
      'not-in-allowed: devnet-routes -> devnet-routes',
    ]);
  });

  it("refuse a renderer feature importing another's files, and the shared renderer importing a feature", () => {
    expect(reported('src/renderer/src/features/vaults/VaultsPage.tsx')).toEqual([
      'not-in-allowed: renderer-feature -> renderer-feature',
    ]);
    expect(reported('src/renderer/src/features/drills/index.ts')).toEqual([
      'not-in-allowed: renderer-feature-index -> renderer-feature',
    ]);
    expect(reported('src/renderer/src/lib/save-file.ts')).toEqual([
      'not-in-allowed: renderer -> renderer-feature-index',
    ]);
  });

  it("refuse 'electron' reached from outside its folders, even through other modules", () => {
    // main/paths.ts now reaches electron through main/electron/hardening.ts, and so does all that imports it
    const reaching = violations.filter((v) => v.rule === 'electron-only-in-its-folders').map((v) => v.from);
    expect(reaching).toEqual(
      expect.arrayContaining(['src/main/paths.ts', 'src/main/core.ts', 'src/host/cli.ts']),
    );
    expect(reaching.filter((f) => /^src\/(main\/electron|preload)\//.test(f))).toEqual([]);
  });

  it('report nothing else', () => {
    const files = Object.keys(WRONG);
    expect(
      violations.filter((v) => !files.includes(v.from) && v.rule !== 'electron-only-in-its-folders'),
    ).toEqual([]);
  });
});

describe('lint, for what no import graph shows', () => {
  const lint = async (text: string) => {
    const [result] = await new ESLint().lintText(text, { filePath: resolve('src/main/__fixture.ts') });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  };

  it('refuses a computed import() and a template-literal one', async () => {
    expect(await lint("const which = 'devnet';\nexport const m = import(`../${which}/devnet`);\n")).toEqual([
      'import() takes a plain string: the layer check cannot follow a computed path.',
    ]);
    expect(await lint('export const m = (p: string) => import(p);\n')).toHaveLength(1);
    expect(await lint("export const m = import('./events');\n")).toEqual([]);
  });

  it('refuses createRequire of a file or a computed name, and keeping its require', async () => {
    const header = "import { createRequire } from 'node:module';\n";
    expect(
      await lint(`${header}export const d = createRequire(import.meta.url)('../devnet/devnet');\n`),
    ).toEqual([
      'createRequire loads a package by its name in a plain string, never a file or a computed path.',
    ]);
    expect(
      await lint(`${header}const name = 'ws';\nexport const d = createRequire(import.meta.url)(name);\n`),
    ).toHaveLength(1);
    expect(
      await lint(`${header}export const d = createRequire(import.meta.url).resolve('./x');\n`),
    ).toHaveLength(1);
    expect(
      await lint(
        `${header}const require = createRequire(import.meta.url);\nexport const d = require('ws');\n`,
      ),
    ).toEqual(['Call createRequire where it loads its package, so the lint sees what it loads.']);
    expect(await lint(`${header}export const ws = createRequire(import.meta.url)('ws');\n`)).toEqual([]);
  });
});
