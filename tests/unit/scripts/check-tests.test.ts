// The check that unit tests sit beside their subject, on small trees written for each case: a tree where
// every module has its mirrored test passes, and each way of failing is reported: a test that mirrors
// nothing, a non-trivial module without its test, and each kind of stale exemption.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkTests, isNonTrivial, mirroredTest } from '../../../scripts/check-tests';

const LOGIC = 'export function twice(n: number): number {\n  return n * 2;\n}\n';
const TEST = "import { it } from 'vitest';\nit('works', () => {});\n";

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

/** a project of `files` (path -> text) in a new temporary folder */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'perpetua-check-tests-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** a tree where every module has its test */
const TIDY = {
  'src/main/lock/app-lock.ts': LOGIC,
  'tests/unit/main/lock/app-lock.test.ts': TEST,
  'src/renderer/src/routes.ts': LOGIC,
  'tests/unit/renderer/routes.test.ts': TEST,
  'src/renderer/src/features/Page.tsx': 'export function Page() {\n  return null;\n}\n',
  'tests/unit/renderer/features/Page.test.ts': TEST,
  'scripts/check-layers.ts': LOGIC,
  'tests/unit/scripts/check-layers.test.ts': TEST,
  'scripts/start.mjs': 'function main() {\n  return 1;\n}\nmain();\n',
  'tests/unit/scripts/start.test.ts': TEST,
  'src/shared/types.ts': 'export interface A {\n  a: number;\n}\nexport const LIMIT = 3;\n',
  'tests/unit/support/helper.ts': LOGIC,
};

describe('where a module is tested', () => {
  it('src/<path> in tests/unit/<path>, the window and the scripts in their own folders', () => {
    expect(mirroredTest('src/main/lock/app-lock.ts')).toBe('tests/unit/main/lock/app-lock.test.ts');
    expect(mirroredTest('src/renderer/src/features/Page.tsx')).toBe(
      'tests/unit/renderer/features/Page.test.ts',
    );
    expect(mirroredTest('scripts/dist/config.ts')).toBe('tests/unit/scripts/dist/config.test.ts');
    expect(mirroredTest('scripts/start.mjs')).toBe('tests/unit/scripts/start.test.ts');
  });
});

describe('the check', () => {
  it('passes a tree where every non-trivial module has its test, and counts them', () => {
    const report = checkTests(tree(TIDY), []);
    expect(report.problems).toEqual([]);
    expect(report.tests).toEqual({ total: 5, mirroring: 5 });
    expect(report.modules).toEqual({ nonTrivial: 5, tested: 5, exempted: 0 });
  });

  it('fails on a unit test that mirrors no module, unless it is exempted', () => {
    const root = tree({ ...TIDY, 'tests/unit/main/lock/sealed-secrets.test.ts': TEST });
    expect(checkTests(root, []).problems).toEqual([
      'tests/unit/main/lock/sealed-secrets.test.ts mirrors no module (src/main/lock/sealed-secrets.ts): ' +
        'move it, or exempt it with a reason',
    ]);
    const exempt = [{ files: ['tests/unit/main/lock/sealed-secrets.test.ts'], reason: 'several modules' }];
    expect(checkTests(root, exempt).problems).toEqual([]);
  });

  it('fails on a non-trivial module without its test, unless it is exempted, alone or by a pattern', () => {
    const root = tree({
      ...TIDY,
      'src/main/lock/kdf.ts': LOGIC,
      'src/renderer/src/features/Other.tsx': LOGIC,
    });
    expect(checkTests(root, []).problems).toEqual([
      'src/main/lock/kdf.ts has no test in tests/unit/main/lock/kdf.test.ts: write it, or exempt the module with a reason',
      'src/renderer/src/features/Other.tsx has no test in tests/unit/renderer/features/Other.test.ts: write it, ' +
        'or exempt the module with a reason',
    ]);
    const exempt = [
      { files: ['src/main/lock/kdf.ts'], reason: 'tested with the lock' },
      { files: ['src/renderer/src/features/**/*.tsx'], reason: 'drawn in the window' },
    ];
    const report = checkTests(root, exempt);
    expect(report.problems).toEqual([]);
    expect(report.modules).toEqual({ nonTrivial: 7, tested: 5, exempted: 2 });
  });

  it('fails on each kind of stale exemption', () => {
    const root = tree(TIDY);
    const stale = (files: string[], reason = 'a reason') => checkTests(root, [{ files, reason }]).problems;
    expect(stale(['src/main/gone.ts'])).toEqual([
      'the exemption src/main/gone.ts is stale: there is no such file',
    ]);
    expect(stale(['src/main/lock/app-lock.ts'])).toEqual([
      'the exemption src/main/lock/app-lock.ts is stale: it has its test now',
    ]);
    expect(stale(['src/shared/types.ts'])).toEqual([
      'the exemption src/shared/types.ts is stale: it is trivial, so it needs no test',
    ]);
    expect(stale(['tests/unit/renderer/routes.test.ts'])).toEqual([
      'the exemption tests/unit/renderer/routes.test.ts is stale: it mirrors a module now',
    ]);
    expect(stale(['src/devnet/**'])).toEqual([
      'the exemption src/devnet/** is stale: it matches nothing that needs it',
    ]);
    const untested = tree({ 'src/main/kdf.ts': LOGIC });
    expect(
      checkTests(untested, [{ files: ['src/main/kdf.ts'], reason: 'run by tests/integration/gone.test.ts' }])
        .problems,
    ).toEqual(["an exemption's reason names tests/integration/gone.test.ts, which does not exist"]);
  });
});

describe('a non-trivial module', () => {
  const nonTrivial = (text: string) => isNonTrivial('x.ts', text);

  it('declares a function, method, constructor or accessor with statements in its body', () => {
    expect(nonTrivial(LOGIC)).toBe(true);
    expect(nonTrivial('export class A {\n  get b() {\n    return 1;\n  }\n}\n')).toBe(true);
    expect(nonTrivial('export const a = {\n  result(x: number) {\n    return x;\n  },\n};\n')).toBe(true);
    expect(nonTrivial('export const f = (x: number) => {\n  return x + 1;\n};\n')).toBe(true);
  });

  it('is not a file of types, constants, re-exports, schemas or one-expression arrows', () => {
    expect(nonTrivial('export type A = { a: number };\nexport interface B {\n  f(): void;\n}\n')).toBe(false);
    expect(
      nonTrivial("export { a } from './a';\nexport * from './b';\nexport const N = [1, 2] as const;\n"),
    ).toBe(false);
    expect(
      nonTrivial(
        "import { z } from 'zod';\nexport const S = z.object({ a: z.number() }).refine((v) => v.a > 0);\n" +
          'export const id = (x: { id: string }) => x.id;\n',
      ),
    ).toBe(false);
    expect(nonTrivial('export class Marker {}\nexport function todo(): void {}\n')).toBe(false);
  });
});
