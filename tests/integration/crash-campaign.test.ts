// The crash campaign's short run (npm run crash-campaign runs 1,000 actions and 60 kills): a seeded mix of
// actions through the real core (the browser host, its own process) against the devnet (its own process),
// the core, the devnet or both killed with SIGKILL while actions are on their way, each restarted on its
// data; then the app's journal, audit log, accounts, deposits and chain balances are held against the
// exchange's saved records and the chain. Every count must be 0.
import { describe, expect, it } from 'vitest';
import { runCampaign } from '../../scripts/crash-campaign/campaign';
import { passed } from '../../scripts/crash-campaign/reconcile';

describe('crash campaign, short run', () => {
  it('40 mixed actions with kills of the core, the devnet and both: nothing twice, nothing lost, all reconciled', async () => {
    const report = await runCampaign({ seed: 4242, actions: 40, kills: 8 });
    const r = report.reconciliation;
    // the run did what it is for: actions executed, and processes killed under them
    expect(r.exchangeActions).toBeGreaterThan(15);
    const { core, devnet, both } = report.kills;
    expect(core + devnet + both).toBeGreaterThanOrEqual(3);
    expect(report.attempts.filter((a) => a.killed).length).toBe(core + devnet + both);
    expect(r.problems).toEqual([]);
    expect({
      executedTwice: r.executedTwice,
      confirmedLost: r.confirmedLost,
      noncesReused: r.noncesReused,
      unknownUnsettled: r.unknownUnsettled,
      auditWithoutAction: r.auditWithoutAction,
      actionWithoutAudit: r.actionWithoutAudit,
      depositsNotOnce: r.depositsNotOnce,
      balanceMismatches: r.balanceMismatches,
      chainMismatches: r.chainMismatches,
    }).toEqual({
      executedTwice: 0,
      confirmedLost: 0,
      noncesReused: 0,
      unknownUnsettled: 0,
      auditWithoutAction: 0,
      actionWithoutAudit: 0,
      depositsNotOnce: 0,
      balanceMismatches: 0,
      chainMismatches: 0,
    });
    expect(passed(r)).toBe(true);
  }, 300_000);
});
