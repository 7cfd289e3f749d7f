// Prints one closing line for the whole run, from the JSON reports Vitest and Playwright wrote:
// "N passed, N failed, N skipped".
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = '.test-reports/vitest.json';
if (existsSync(vitest)) {
  const r = JSON.parse(readFileSync(vitest, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}
const playwright = '.test-reports/playwright.json';
if (existsSync(playwright)) {
  const s = JSON.parse(readFileSync(playwright, 'utf8')).stats;
  passed += s.expected + (s.flaky ?? 0);
  failed += s.unexpected;
  skipped += s.skipped;
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
