// `npm test`'s check that unit tests sit beside their subject: `tests/unit/<path>.test.ts` tests `src/<path>`
// (`tests/unit/renderer/<path>` tests `src/renderer/src/<path>`, `tests/unit/scripts/<path>` tests
// `scripts/<path>`), so a module's tests are found by its path and a module without them is seen. It fails on
// - a unit test file that mirrors no module, unless exempted;
// - a non-trivial module under src/, scripts/ or bench/ without its mirrored test file, unless exempted;
// - an exemption that is stale: it names a file that does not exist or no longer needs it (a module with its
//   test, or trivial; a test file that now mirrors a module), a folder pattern that matches nothing needing
//   it, or a reason naming a test that does not exist.
// scripts/ is held to it as src/ is: its files are the project's own gates (this check, the layer check, the
// test summary, the bundle budget), and a gate that breaks quietly lets everything through. The exemptions,
// each with its reason, are in scripts/test-exemptions.ts. Integration, conformance and
// end-to-end tests are not mirrored: they stay in tests/integration, tests/conformance and tests/e2e.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { EXEMPTIONS, type Exemption } from './test-exemptions';

/** Where modules are looked for, and where each one's mirrored test goes. */
const MIRRORS = [
  { source: 'src/renderer/src/', tests: 'tests/unit/renderer/' },
  { source: 'scripts/', tests: 'tests/unit/scripts/' },
  { source: 'bench/', tests: 'tests/unit/bench/' },
  { source: 'src/', tests: 'tests/unit/' },
] as const;
const MODULE = /\.(ts|tsx|mjs)$/;
const TEST = /\.test\.ts$/;

/** The files under `dir` (relative to `root`, with forward slashes), sorted. */
function filesUnder(root: string, dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

/** The unit test file a module's tests go in (`src/a/b.tsx` -> `tests/unit/a/b.test.ts`). */
export function mirroredTest(module: string): string {
  const mirror = MIRRORS.find((m) => module.startsWith(m.source))!;
  return mirror.tests + module.slice(mirror.source.length).replace(MODULE, '.test.ts');
}

/** The modules a unit test file may mirror (`tests/unit/a/b.test.ts` -> `src/a/b.ts`, `src/a/b.tsx`). */
function mirroredModules(test: string): string[] {
  const mirror = MIRRORS.find((m) => test.startsWith(m.tests))!;
  const stem = mirror.source + test.slice(mirror.tests.length).replace(TEST, '');
  return ['.ts', '.tsx', '.mjs'].map((ext) => stem + ext);
}

/**
 * Whether a module has behaviour of its own to test: a function, method, constructor or accessor whose body
 * is a block of statements. A file of types, constants, re-exports, zod schemas, tables and one-expression
 * arrows (`(x) => x.id`, a schema's `.refine((v) => v > 0)`) is trivial: what it says is checked where it is
 * used, and by the type checker.
 */
export function isNonTrivial(file: string, text: string): boolean {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const hasBody = (node: ts.Node): boolean =>
    (ts.isFunctionLike(node) &&
      'body' in node &&
      node.body !== undefined &&
      ts.isBlock(node.body as ts.Node) &&
      (node.body as ts.Block).statements.length > 0) ||
    ts.forEachChild(node, hasBody) === true;
  return hasBody(source);
}

/** A file pattern of an exemption as a regular expression: `*` within a folder, `**` across folders. */
function patternOf(file: string): RegExp {
  const escaped = file.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  const regex = escaped.replace(/\*\*\/|\*\*|\*/g, (star) =>
    star === '**/' ? '(?:.*/)?' : star === '**' ? '.*' : '[^/]*',
  );
  return new RegExp(`^${regex}$`);
}

export interface TestReport {
  /** what fails the check, one sentence each */
  problems: string[];
  /** unit test files, and how many mirror a module */
  tests: { total: number; mirroring: number };
  /** non-trivial modules, how many have their mirrored test, and how many are exempted */
  modules: { nonTrivial: number; tested: number; exempted: number };
}

/** Every unit test file and non-trivial module of the project at `root`, checked against `exemptions`. */
export function checkTests(root: string, exemptions: readonly Exemption[] = EXEMPTIONS): TestReport {
  const problems: string[] = [];
  const exists = (file: string) => existsSync(join(root, file));
  const patterns = exemptions.flatMap((e) => e.files.map((file) => ({ file, regex: patternOf(file) })));
  const exempted = (file: string) => patterns.filter((p) => p.regex.test(file));
  /** patterns that let through a file that needed it */
  const used = new Set<string>();

  const tests = filesUnder(root, 'tests/unit').filter((f) => TEST.test(f));
  let mirroring = 0;
  for (const test of tests) {
    if (mirroredModules(test).some(exists)) {
      mirroring += 1;
      continue;
    }
    const by = exempted(test);
    if (by.length === 0)
      problems.push(
        `${test} mirrors no module (${mirroredModules(test)[0]}): move it, or exempt it with a reason`,
      );
    by.forEach((p) => used.add(p.file));
  }

  const modules = filesUnder(root, 'src')
    .concat(filesUnder(root, 'scripts'), filesUnder(root, 'bench'))
    .filter((f) => MODULE.test(f) && !f.endsWith('.d.ts'));
  const nonTrivial = modules.filter((m) => isNonTrivial(m, readFileSync(join(root, m), 'utf8')));
  let tested = 0;
  let exemptedModules = 0;
  for (const module of nonTrivial) {
    if (exists(mirroredTest(module))) {
      tested += 1;
      continue;
    }
    const by = exempted(module);
    if (by.length === 0)
      problems.push(
        `${module} has no test in ${mirroredTest(module)}: write it, or exempt the module with a reason`,
      );
    else exemptedModules += 1;
    by.forEach((p) => used.add(p.file));
  }

  for (const { file } of patterns) {
    if (used.has(file)) continue;
    if (file.includes('*')) problems.push(`the exemption ${file} is stale: it matches nothing that needs it`);
    else if (!exists(file)) problems.push(`the exemption ${file} is stale: there is no such file`);
    else if (TEST.test(file)) problems.push(`the exemption ${file} is stale: it mirrors a module now`);
    else if (!nonTrivial.includes(file))
      problems.push(`the exemption ${file} is stale: it is trivial, so it needs no test`);
    else problems.push(`the exemption ${file} is stale: it has its test now`);
  }
  for (const { reason } of exemptions) {
    for (const named of reason.match(/\btests\/[\w./-]+\.(?:test|spec)\.ts\b/g) ?? []) {
      if (!exists(named)) problems.push(`an exemption's reason names ${named}, which does not exist`);
    }
  }

  return {
    problems,
    tests: { total: tests.length, mirroring },
    modules: { nonTrivial: nonTrivial.length, tested, exempted: exemptedModules },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = checkTests(fileURLToPath(new URL('..', import.meta.url)));
  for (const problem of report.problems) console.error(problem);
  const { tests, modules } = report;
  console.log(
    `unit test files: ${tests.total}, ${tests.mirroring} mirroring a module; non-trivial modules: ` +
      `${modules.nonTrivial}, ${modules.tested} with their test, ${modules.exempted} exempted ` +
      '(scripts/test-exemptions.ts)',
  );
  if (report.problems.length > 0) process.exit(1);
}
