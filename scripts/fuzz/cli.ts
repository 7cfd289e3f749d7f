// `npm run fuzz [-- --seed N --inputs N --max-seconds N]`: 100,000 seeded inputs against the host's HTTP
// layer, the devnet's HTTP layer, IPC over the host bridge (garbage frames, and calls shaped by each
// method's schema) and the devnet's POST /action, then a table of answers by kind, crashes, hangs, leaked
// internals and INTERNAL answers. Exits 1 on any crash, hang, leak, INTERNAL or 5xx.
import { parseArgs } from 'node:util';
import { formatReport, runFuzz } from './run';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '20261123' },
    inputs: { type: 'string', default: '100000' },
    'max-seconds': { type: 'string', default: '900' },
  },
});

const report = await runFuzz({
  seed: Number(values.seed),
  inputs: Number(values.inputs),
  maxSeconds: Number(values['max-seconds']),
  progress: (line) => console.error(line),
});
console.log(formatReport(report));
const serverErrors = Object.values(report.answers)
  .flatMap((kinds) => Object.entries(kinds))
  .filter(([kind]) => /^http 5/.test(kind) || kind === 'undecodable receipt')
  .reduce((sum, [, n]) => sum + n, 0);
const failed = report.crashes + report.hangs + report.leaks + report.internals + serverErrors > 0;
console.log(failed ? '\nFAIL' : '\nOK: no crash, hang, leak, INTERNAL answer or server error');
process.exit(failed ? 1 : 0);
