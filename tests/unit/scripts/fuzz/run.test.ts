// A small, fixed-seed slice of `npm run fuzz` (scripts/fuzz): hostile HTTP requests and upgrades against
// the browser host and the devnet, hostile IPC frames over the host bridge and mutated POST /action bodies.
// None may crash the process, go unanswered, answer 5xx or leak a stack trace or source path.
import { describe, expect, it } from 'vitest';
import { formatReport, runFuzz, TARGETS } from '../../../../scripts/fuzz/run';

describe('fuzz slice (seed 1, 1,200 inputs)', () => {
  it('no crash, hang, server error or leaked internals at any entry point', async () => {
    const report = await runFuzz({ seed: 1, inputs: 1_200, maxSeconds: 60 });
    const summary = formatReport(report);
    expect(report.stoppedEarly, summary).toBe(false);
    for (const target of TARGETS) expect(report.inputs[target], summary).toBe(300);
    expect(report.crashes, summary).toBe(0);
    expect(report.hangs, summary).toBe(0);
    expect(report.leaks, summary).toBe(0);
    const serverErrors = TARGETS.flatMap((t) => Object.keys(report.answers[t])).filter(
      (kind) => /^http 5/.test(kind) || kind === 'undecodable receipt',
    );
    expect(serverErrors, summary).toEqual([]);
    // the inputs reach past the front door: files, routes, handlers and the action decoder all answered
    for (const target of ['host-http', 'devnet-http'] as const)
      expect(Object.keys(report.answers[target]).length, summary).toBeGreaterThanOrEqual(3);
    expect(report.answers['host-ipc']['error INVALID_ARGUMENT'], summary).toBeGreaterThan(0);
    // the devnet answers with the refinement that says what is wrong (_LENGTH_PREFIX, _RAW, _DOMAIN)
    const decodeFailures = Object.entries(report.answers['devnet-action'])
      .filter(([kind]) => kind.startsWith('receipt err DECODE_FAILURE'))
      .reduce((sum, [, count]) => sum + count, 0);
    expect(decodeFailures, summary).toBeGreaterThan(0);
  }, 90_000);
});
