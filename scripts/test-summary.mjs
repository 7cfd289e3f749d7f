// Prints one closing line for the whole run, from the JSON reports Vitest and Playwright wrote:
// "N passed, N failed, N skipped". A full run (no --subset) fails unless both suites ran and nothing was
// skipped: a skipped test is a test that did not pass.
// Usage: node scripts/test-summary.mjs [--subset "<what was asked for>"] [reports dir]
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { subset: { type: 'string' } },
  allowPositionals: true,
});
const dir = positionals[0] ?? '.test-reports';

let passed = 0;
let failed = 0;
const skippedNames = [];
const failures = [];
const missing = [];
/** The first line of a failure, without colour codes: enough to tell one cause from another in a CI tail. */
const firstLine = (text) =>
  String(text ?? '')
    // eslint-disable-next-line no-control-regex -- colour codes start with ESC
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 300) ?? '';

const vitest = join(dir, 'vitest.json');
if (existsSync(vitest)) {
  const r = JSON.parse(readFileSync(vitest, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  for (const file of r.testResults ?? []) {
    const path = relative(process.cwd(), file.name);
    // A hook that failed (beforeAll) fails the file and leaves its tests skipped: say why.
    if (file.status === 'failed' && file.message) failures.push(`${path}: ${firstLine(file.message)}`);
    for (const test of file.assertionResults ?? []) {
      if (['pending', 'skipped', 'todo'].includes(test.status))
        skippedNames.push(`${path}: ${test.fullName}`);
      if (test.status === 'failed')
        failures.push(`${path}: ${test.fullName}\n      ${firstLine(test.failureMessages?.[0])}`);
    }
  }
} else missing.push('the unit, integration and conformance tests (Vitest)');

/** Every test of a Playwright JSON report, with the file and titles that name it. */
function* playwrightTests(suite, titles = []) {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? [])
      yield { name: `${spec.file}: ${[...titles, spec.title].join(' > ')}`, test };
  for (const child of suite.suites ?? [])
    yield* playwrightTests(
      child,
      suite.title && suite.file !== suite.title ? [...titles, suite.title] : titles,
    );
}
const playwright = join(dir, 'playwright.json');
if (existsSync(playwright)) {
  const report = JSON.parse(readFileSync(playwright, 'utf8'));
  passed += report.stats.expected + (report.stats.flaky ?? 0);
  failed += report.stats.unexpected;
  for (const suite of report.suites ?? [])
    for (const { name, test } of playwrightTests(suite))
      if (test.status === 'skipped') skippedNames.push(name);
      else if (test.status === 'unexpected')
        failures.push(`${name}\n      ${firstLine(test.results?.at(-1)?.error?.message)}`);
} else missing.push('the end-to-end tests (Playwright)');

console.log(`\n${passed} passed, ${failed} failed, ${skippedNames.length} skipped`);

if (values.subset !== undefined) {
  console.log(`(a subset: only tests matching "${values.subset}" ran, so skips are allowed)`);
} else if (missing.length > 0 || skippedNames.length > 0) {
  const lines = [
    'FAILED: a full run must run every test.',
    ...missing.map((suite) => `  ${suite} did not run`),
  ];
  if (skippedNames.length > 0) lines.push(`  ${skippedNames.length} skipped:`);
  lines.push(...skippedNames.slice(0, 30).map((name) => `    ${name}`));
  if (skippedNames.length > 30) lines.push(`    ... and ${skippedNames.length - 30} more`);
  console.error(lines.join('\n'));
  process.exitCode = 1;
}
// Last, so that a log cut to its tail still names what failed and why.
if (failures.length > 0) {
  console.error(`\n${failures.length} failure(s):`);
  for (const line of failures.slice(0, 40)) console.error(`  ${line}`);
  if (failures.length > 40) console.error(`  ... and ${failures.length - 40} more`);
}
if (failed > 0) process.exitCode = 1;
