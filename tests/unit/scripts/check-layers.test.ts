// The layer rules (.dependency-cruiser.mjs) run over a small source tree written for the test: every forbidden
// direction is reported with its rule, and the allowed ones are not, so `npm test`'s check can fail.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLayerViolations, type LayerViolation } from '../../../scripts/check-layers';

const FILES: Record<string, string> = {
  // allowed: shared <- protocol <- main, devnet; renderer and preload -> shared; host -> main
  'src/shared/money.ts': 'export const zero = 0n;\n',
  'src/protocol/codec.ts': "import { zero } from '../shared/money';\nexport const codec = zero;\n",
  'src/main/core.ts': "import { codec } from '../protocol/codec';\nexport const core = codec;\n",
  'src/devnet/engine.ts': "import { codec } from '../protocol/codec';\nexport const engine = codec;\n",
  'src/renderer/src/App.tsx': "import { zero } from '../../shared/money';\nexport const App = () => zero;\n",
  'src/preload/index.ts':
    "import { contextBridge } from 'electron';\nimport { zero } from '../shared/money';\nexport const p = [contextBridge, zero];\n",
  'src/host/server.ts': "import { core } from '../main/core';\nexport const host = core;\n",
  'src/main/electron/main.ts':
    "import { app } from 'electron';\nimport { core } from '../core';\nexport const m = [app, core];\n",
  // forbidden, one per rule
  'src/shared/bad.ts': "import { codec } from '../protocol/codec';\nexport const bad = codec;\n",
  'src/protocol/bad.ts': "import { core } from '../main/core';\nexport const bad = core;\n",
  'src/main/bad-devnet.ts':
    "import type { engine } from '../devnet/engine';\nexport type Bad = typeof engine;\n",
  'src/main/bad-host.ts': "import { host } from '../host/server';\nexport const bad = host;\n",
  'src/main/bad-electron.ts': "import { app } from 'electron';\nexport const bad = app;\n",
  'src/devnet/bad.ts': "import { core } from '../main/core';\nexport const bad = core;\n",
  'src/renderer/src/bad.ts': "import { codec } from '../../protocol/codec';\nexport const bad = codec;\n",
  'src/host/bad.ts': "import { engine } from '../devnet/engine';\nexport const bad = engine;\n",
  'src/main/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = () => b;\n",
  'src/main/cycle-b.ts': "import { a } from './cycle-a';\nexport const b = () => a;\n",
};

let root = '';
let violations: LayerViolation[] = [];
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'perpetua-layers-'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  // 'electron' resolves to the installed package, as it does in the project.
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'), 'dir');
  violations = await findLayerViolations(['src'], root);
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const reported = (from: string) =>
  violations.filter((v) => v.from === from).map((v) => `${v.rule} -> ${v.to}`);

describe('layer rules', () => {
  it('report each forbidden direction with the rule it breaks', () => {
    expect(reported('src/shared/bad.ts')).toEqual(['shared-is-the-bottom -> src/protocol/codec.ts']);
    expect(reported('src/protocol/bad.ts')).toEqual(['protocol-imports-only-shared -> src/main/core.ts']);
    expect(reported('src/main/bad-devnet.ts')).toEqual([
      'main-never-imports-devnet-or-host -> src/devnet/engine.ts',
    ]);
    expect(reported('src/main/bad-host.ts')).toEqual([
      'main-never-imports-devnet-or-host -> src/host/server.ts',
    ]);
    expect(reported('src/devnet/bad.ts')).toEqual(['devnet-never-imports-the-app -> src/main/core.ts']);
    expect(reported('src/renderer/src/bad.ts')).toEqual([
      'renderer-imports-only-shared -> src/protocol/codec.ts',
    ]);
    expect(reported('src/host/bad.ts')).toEqual([
      'host-runs-the-app-not-the-exchange -> src/devnet/engine.ts',
    ]);
  });

  it("report 'electron' imported outside src/main/electron and src/preload", () => {
    expect(reported('src/main/bad-electron.ts')).toEqual([
      expect.stringMatching(/^electron-only-in-its-folders -> .*node_modules\/electron\//),
    ]);
  });

  it('report an import cycle (once, from the module where it is first found)', () => {
    expect(violations.filter((v) => v.rule === 'no-cycles')).toEqual([
      { rule: 'no-cycles', from: 'src/main/cycle-a.ts', to: 'src/main/cycle-b.ts' },
    ]);
  });

  it('allow the directions the architecture names', () => {
    const allowed = Object.keys(FILES).filter((f) => !/bad|cycle/.test(f));
    expect(violations.filter((v) => allowed.includes(v.from))).toEqual([]);
    expect(violations).toHaveLength(9);
  });
});
