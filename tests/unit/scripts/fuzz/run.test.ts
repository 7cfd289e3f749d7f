// A small, fixed-seed slice of `npm run fuzz` (scripts/fuzz): hostile HTTP requests and upgrades against
// the browser host and the devnet, hostile IPC frames over the host bridge, calls shaped by each method's
// schema with one hostile value to an unlocked app, and mutated POST /action bodies. None may crash the
// process, go unanswered, answer 5xx, leak a stack trace or source path, or answer INTERNAL: bad input has
// its own error code.
import { describe, expect, it } from 'vitest';
import { formatReport, runFuzz, TARGETS } from '../../../../scripts/fuzz/run';

describe('fuzz slice (seed 1, 1,500 inputs)', () => {
  it('no crash, hang, server error, leaked internals or INTERNAL answer at any entry point', async () => {
    const report = await runFuzz({ seed: 1, inputs: 1_500, maxSeconds: 75 });
    const summary = formatReport(report);
    expect(report.stoppedEarly, summary).toBe(false);
    for (const target of TARGETS) expect(report.inputs[target], summary).toBe(300);
    expect(report.crashes, summary).toBe(0);
    expect(report.hangs, summary).toBe(0);
    expect(report.leaks, summary).toBe(0);
    expect(report.internals, summary).toBe(0);
    for (const target of ['host-ipc', 'ipc-calls'] as const)
      expect(report.answers[target]['error INTERNAL'], summary).toBeUndefined();
    const serverErrors = TARGETS.flatMap((t) => Object.keys(report.answers[t])).filter(
      (kind) => /^http 5/.test(kind) || kind === 'undecodable receipt',
    );
    expect(serverErrors, summary).toEqual([]);
    // the inputs reach past the front door: files, routes, handlers and the action decoder all answered
    for (const target of ['host-http', 'devnet-http'] as const)
      expect(Object.keys(report.answers[target]).length, summary).toBeGreaterThanOrEqual(3);
    expect(report.answers['host-ipc']['error INVALID_ARGUMENT'], summary).toBeGreaterThan(0);
    // the typed calls reach the handlers of the unlocked app: most are answered, or refused by the handler
    const calls = report.answers['ipc-calls'];
    expect(calls['ok'], summary).toBeGreaterThan(100);
    expect(calls['error NOT_FOUND'], summary).toBeGreaterThan(0);
    expect(calls['error LOCKED'] ?? 0, summary).toBeLessThan(30);
    // the devnet answers with the refinement that says what is wrong (_LENGTH_PREFIX, _RAW, _DOMAIN)
    const decodeFailures = Object.entries(report.answers['devnet-action'])
      .filter(([kind]) => kind.startsWith('receipt err DECODE_FAILURE'))
      .reduce((sum, [, count]) => sum + count, 0);
    expect(decodeFailures, summary).toBeGreaterThan(0);
  }, 110_000);
});
