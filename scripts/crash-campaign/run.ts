// `npm run crash-campaign -- [--seed N] [--actions N] [--kills N] [--keep]`: the randomized crash campaign
// (campaign.ts). Prints what was done, the kills, and the reconciliation's counts; exits 1 on any mismatch.
import { commandLine } from '../../src/support/command-line';
import { runCampaign } from './campaign';
import { ACTION_KINDS, type Outcome } from './attempt';
import { passed } from './reconcile';

const values = commandLine({
  command: 'npm run crash-campaign --',
  summary:
    'Drives a seeded mix of actions through the app core against the devnet while killing either or both with\nSIGKILL at random moments, then holds the app’s journal and audit log against the exchange and the chain.',
  options: {
    seed: { type: 'string', value: 'N', help: 'the seed (default: a random one, printed)' },
    actions: { type: 'string', value: 'N', default: '1000', help: 'how many actions' },
    kills: { type: 'string', value: 'N', default: '60', help: 'how many kills to aim for' },
    keep: { type: 'boolean', help: 'keep the data folders for a look afterwards' },
  },
});

const whole = (name: string, text: string | undefined, fallback: number): number => {
  const value = text === undefined ? fallback : Number(text);
  if (!Number.isSafeInteger(value) || value < 0) {
    console.error(`--${name} takes a whole number, got "${text}"`);
    process.exit(2);
  }
  return value;
};
const seed = whole('seed', values.seed, Math.floor(Math.random() * 2 ** 31));
const report = await runCampaign({
  seed,
  actions: whole('actions', values.actions, 1000),
  kills: whole('kills', values.kills, 60),
  keep: values.keep ?? false,
  log: (line) => console.log(`  ${line}`),
});

const outcomes: Outcome[] = ['ok', 'refused', 'lost', 'skipped'];
console.log(`\nseed ${report.seed}, ${report.attempts.length} actions in ${report.seconds} s\n`);
console.log(`| action | ${outcomes.join(' | ')} |\n|---|${outcomes.map(() => '---:').join('|')}|`);
for (const kind of ACTION_KINDS) {
  const of = report.attempts.filter((a) => a.kind === kind);
  console.log(`| ${kind} | ${outcomes.map((o) => of.filter((a) => a.outcome === o).length).join(' | ')} |`);
}
const refusals = new Map<string, number>();
for (const a of report.attempts.filter((x) => x.outcome === 'refused' || x.outcome === 'lost'))
  refusals.set(
    `${a.kind} ${a.outcome}: ${a.code}`,
    (refusals.get(`${a.kind} ${a.outcome}: ${a.code}`) ?? 0) + 1,
  );
for (const [what, n] of refusals) console.log(`  ${n} x ${what}`);
const k = report.kills;
console.log(`\nkills: ${k.core + k.devnet + k.both} (core ${k.core}, devnet ${k.devnet}, both ${k.both})`);
const r = report.reconciliation;
console.log(`exchange actions executed: ${r.exchangeActions}\n`);
console.log('| check | count |\n|---|---:|');
for (const [name, count] of [
  ['actions executed twice', r.executedTwice],
  ['confirmed actions lost', r.confirmedLost],
  ['nonces reused', r.noncesReused],
  ['unknown outcomes unsettled', r.unknownUnsettled],
  ['audit lines without their action', r.auditWithoutAction],
  ['actions without an audit line', r.actionWithoutAudit],
  ['deposits credited other than once', r.depositsNotOnce],
  ['account balances that differ', r.balanceMismatches],
  ['chain balances that differ', r.chainMismatches],
] as const)
  console.log(`| ${name} | ${count} |`);
for (const problem of r.problems) console.log(`  - ${problem}`);
if (!passed(r)) {
  console.log('\nFAILED: the app and the exchange disagree.');
  process.exit(1);
}
console.log('\nPASSED: every count is 0.');
