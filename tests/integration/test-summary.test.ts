// scripts/test-summary.mjs closes every `npm test`: one summary line, and the verdict that a full run with a
// skipped test (or a suite that never ran) has failed. The reports here have the shape Vitest's and
// Playwright's JSON reporters write (trimmed to the fields the summary reads).
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

type Status = 'passed' | 'failed' | 'skipped';

function vitestReport(tests: Record<string, Status>) {
  const statuses = Object.values(tests);
  const count = (s: Status) => statuses.filter((x) => x === s).length;
  return {
    numPassedTests: count('passed'),
    numFailedTests: count('failed'),
    numPendingTests: count('skipped'),
    numTodoTests: 0,
    testResults: [
      {
        name: join(process.cwd(), 'tests/integration/keychain.test.ts'),
        assertionResults: Object.entries(tests).map(([fullName, status]) => ({
          fullName,
          status: status === 'skipped' ? 'pending' : status,
          failureMessages: [] as string[],
        })),
      },
    ],
  };
}

function playwrightReport(tests: Record<string, Status>) {
  const statuses = Object.values(tests);
  const count = (s: Status) => statuses.filter((x) => x === s).length;
  return {
    stats: { expected: count('passed'), unexpected: count('failed'), skipped: count('skipped'), flaky: 0 },
    suites: [
      {
        title: 'wallets.spec.ts',
        file: 'wallets.spec.ts',
        specs: Object.entries(tests).map(([title, status]) => ({
          title,
          file: 'wallets.spec.ts',
          tests: [
            { status: status === 'passed' ? 'expected' : status === 'failed' ? 'unexpected' : 'skipped' },
          ],
        })),
      },
    ],
  };
}

function summarise(reports: { vitest?: object; playwright?: object }, args: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'perpetua-summary-'));
  dirs.push(dir);
  if (reports.vitest) writeFileSync(join(dir, 'vitest.json'), JSON.stringify(reports.vitest));
  if (reports.playwright) writeFileSync(join(dir, 'playwright.json'), JSON.stringify(reports.playwright));
  const result = spawnSync(process.execPath, ['scripts/test-summary.mjs', ...args, dir], {
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const allPass = {
  vitest: vitestReport({ 'stores a secret': 'passed', 'keeps services apart': 'passed' }),
  playwright: playwrightReport({ rename: 'passed' }),
};

describe('scripts/test-summary.mjs', () => {
  it('a full run where everything passed: the summary line and success', () => {
    expect(summarise(allPass)).toEqual({
      status: 0,
      stdout: '\n3 passed, 0 failed, 0 skipped\n',
      stderr: '',
    });
  });

  it('a full run with skipped tests fails and names every skipped test', () => {
    const outcome = summarise({
      vitest: vitestReport({ 'stores a secret': 'skipped', 'keeps services apart': 'passed' }),
      playwright: playwrightReport({ rename: 'skipped', export: 'passed' }),
    });
    expect(outcome.status).toBe(1);
    expect(outcome.stdout).toBe('\n2 passed, 0 failed, 2 skipped\n');
    expect(outcome.stderr.trimEnd().split('\n')).toEqual([
      'FAILED: a full run must run every test.',
      '  2 skipped:',
      '    tests/integration/keychain.test.ts: stores a secret',
      '    wallets.spec.ts: rename',
    ]);
  });

  it('a full run where a suite left no report fails and says which', () => {
    const outcome = summarise({ vitest: allPass.vitest });
    expect(outcome.status).toBe(1);
    expect(outcome.stderr).toContain('the end-to-end tests (Playwright) did not run');
  });

  it('a subset the person asked for may skip, and says it was a subset', () => {
    const outcome = summarise(
      { vitest: vitestReport({ 'stores a secret': 'skipped', 'keeps services apart': 'passed' }) },
      ['--subset', 'keychain'],
    );
    expect(outcome).toEqual({
      status: 0,
      stdout:
        '\n1 passed, 0 failed, 1 skipped\n(a subset: only tests matching "keychain" ran, so skips are allowed)\n',
      stderr: '',
    });
  });

  it('a failed test fails the run, subset or not', () => {
    const failing = { ...allPass, playwright: playwrightReport({ rename: 'failed' }) };
    expect(summarise(failing).status).toBe(1);
    expect(summarise(failing, ['--subset', 'wallets']).status).toBe(1);
    expect(summarise(failing).stdout).toBe('\n2 passed, 1 failed, 0 skipped\n');
  });

  it('names every failure last, with the first line of its cause, a failed beforeAll included', () => {
    const vitest = vitestReport({ 'stores a secret': 'failed', 'keeps services apart': 'skipped' });
    vitest.testResults[0]!.assertionResults[0]!.failureMessages = [
      '\u001b[31mAppFailure: The OS keychain is locked or refused access.\u001b[39m\n    at set (secret-store.ts:142)',
    ];
    Object.assign(vitest.testResults[0]!, {
      status: 'failed',
      message: 'Error: beforeAll timed out\n  at x',
    });
    const playwright = playwrightReport({ rename: 'failed' });
    Object.assign(playwright.suites[0]!.specs[0]!.tests[0]!, {
      results: [{ error: { message: 'expect(locator).toBeVisible() failed\n\nLocator: x' } }],
    });
    const lines = summarise({ vitest, playwright }).stderr.trimEnd().split('\n');
    expect(lines.slice(-6)).toEqual([
      '3 failure(s):',
      '  tests/integration/keychain.test.ts: Error: beforeAll timed out',
      '  tests/integration/keychain.test.ts: stores a secret',
      '      AppFailure: The OS keychain is locked or refused access.',
      '  wallets.spec.ts: rename',
      '      expect(locator).toBeVisible() failed',
    ]);
  });
});
