// The architecture's import rules are enforced by ESLint; these prove the rules fire where they should.
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });
const lint = async (code: string, filePath: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
};

describe('import rules', () => {
  it("forbids 'electron' outside src/main/electron and src/preload", async () => {
    expect(
      await lint("import { app } from 'electron';\nexport const a = app;\n", 'src/main/wallets/x.ts'),
    ).toHaveLength(1);
    expect(
      await lint("import { app } from 'electron';\nexport const a = app;\n", 'src/devnet/x.ts'),
    ).toHaveLength(1);
    expect(
      await lint("import { app } from 'electron';\nexport const a = app;\n", 'src/main/electron/x.ts'),
    ).toHaveLength(0);
    expect(
      await lint(
        "import { ipcRenderer } from 'electron';\nexport const a = ipcRenderer;\n",
        'src/preload/x.ts',
      ),
    ).toHaveLength(0);
  });
  it('keeps the renderer away from Node, protobufjs and main-process code', async () => {
    expect(
      await lint(
        "import { readFile } from 'node:fs';\nexport const a = readFile;\n",
        'src/renderer/src/x.ts',
      ),
    ).toHaveLength(1);
    expect(
      await lint("import protobuf from 'protobufjs';\nexport const a = protobuf;\n", 'src/renderer/src/x.ts'),
    ).toHaveLength(1);
    expect(
      await lint(
        "import { createCore } from '../../main/core';\nexport const a = createCore;\n",
        'src/renderer/src/x.ts',
      ),
    ).toHaveLength(1);
    expect(
      await lint(
        "import { formatAmount } from '../../shared/money';\nexport const a = formatAmount;\n",
        'src/renderer/src/x.ts',
      ),
    ).toHaveLength(0);
  });
});
