// Draws docs/performance-cold-start.svg, the cold-start breakdown, from bench/results/cold-start.json (written
// by bench/cold-start.ts). `npx tsx scripts/perf-chart.ts [out.svg]`; BENCH_RESULTS_DIR reads another folder.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface ColdStart {
  at: string;
  runs: number;
  wallets: number;
  accountsPerWallet: number;
  breakdownP50Ms: Record<
    | 'hostReady'
    | 'html'
    | 'lockDrawn'
    | 'coreStarted'
    | 'unlockAnswered'
    | 'portfolio'
    /** the passphrase check alone (the app's key derivation, timed by itself), the rest of unlock-to-portfolio */
    | 'passphraseCheck'
    | 'app',
    number
  >;
  goals: { measure: string; value: number; goal: string }[];
  /** os.loadavg() as the runs started and ended */
  loadAverage?: { start: number[]; end: number[] };
}

const results = process.env.BENCH_RESULTS_DIR ?? join('bench', 'results');
const out = process.argv[2] ?? join('docs', 'performance-cold-start.svg');
const data = JSON.parse(readFileSync(join(results, 'cold-start.json'), 'utf8')) as ColdStart;
const b = data.breakdownP50Ms;
// two bars on one time axis: launch to lock screen, and unlock to portfolio, each split in its stages
const bars = [
  {
    label: 'Launch → lock screen',
    goal: 1500,
    stages: [
      { name: 'host serving', ms: b.hostReady, color: '#5c7cfa' },
      { name: 'page HTML', ms: b.html, color: '#22b8cf' },
      { name: 'scripts, styles, lock state → drawn', ms: b.lockDrawn, color: '#12b886' },
    ],
  },
  {
    label: 'Unlock → portfolio',
    goal: 500,
    // the check is the floor (Argon2id, 128 MiB, not weakened for speed); the app's part is the rest of the p50
    stages: [
      { name: 'passphrase check alone (Argon2id, timed by itself)', ms: b.passphraseCheck, color: '#fab005' },
      {
        name: 'the rest of the unlock answer (keychain, the portfolio read meanwhile)',
        ms: Math.max(0, b.unlockAnswered - b.passphraseCheck),
        color: '#f59f00',
      },
      {
        name: `portfolio drawn (${data.wallets}×${data.accountsPerWallet} accounts, from the answer)`,
        ms: Math.max(0, b.portfolio - Math.max(b.unlockAnswered, b.passphraseCheck)),
        color: '#fd7e14',
      },
    ],
  },
];
const width = 760;
const left = 170;
const plot = width - left - 30;
const max =
  Math.max(
    ...bars.map((bar) =>
      Math.max(
        bar.goal,
        bar.stages.reduce((s, x) => s + x.ms, 0),
      ),
    ),
  ) * 1.05;
const x = (ms: number) => left + (ms / max) * plot;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const parts: string[] = [];
let y = 50;
for (const bar of bars) {
  parts.push(
    `<text x="${left - 10}" y="${y + 18}" text-anchor="end" font-size="13">${esc(bar.label)}</text>`,
  );
  let at = 0;
  for (const s of bar.stages) {
    const w = Math.max(1, x(at + s.ms) - x(at));
    parts.push(
      `<rect x="${x(at).toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="26" fill="${s.color}"><title>${esc(s.name)}: ${s.ms} ms</title></rect>`,
    );
    if (w > 44)
      parts.push(
        `<text x="${(x(at) + w / 2).toFixed(1)}" y="${y + 17}" text-anchor="middle" font-size="11" fill="#fff">${s.ms} ms</text>`,
      );
    at += s.ms;
  }
  parts.push(
    `<line x1="${x(bar.goal).toFixed(1)}" x2="${x(bar.goal).toFixed(1)}" y1="${y - 6}" y2="${y + 32}" stroke="#e03131" stroke-width="2" stroke-dasharray="4 3"/>`,
  );
  parts.push(
    `<text x="${x(bar.goal).toFixed(1)}" y="${y - 9}" text-anchor="middle" font-size="10" fill="#e03131">goal ${bar.goal} ms</text>`,
  );
  y += 70;
}
// axis
for (let t = 0; t <= max; t += max > 4000 ? 1000 : 500) {
  parts.push(
    `<line x1="${x(t).toFixed(1)}" x2="${x(t).toFixed(1)}" y1="${y - 20}" y2="${y - 15}" stroke="#868e96"/>`,
  );
  parts.push(
    `<text x="${x(t).toFixed(1)}" y="${y - 3}" text-anchor="middle" font-size="10" fill="#495057">${t / 1000} s</text>`,
  );
}
// legend, a column per bar (the unlock's stage names are long: side by side they ran into each other)
const legendTop = y + 22;
const columnX = [20, 280];
bars.forEach((bar, column) =>
  bar.stages.forEach((s, i) => {
    const lx = columnX[column]!;
    const ly = legendTop + i * 18;
    parts.push(`<rect x="${lx}" y="${ly - 10}" width="12" height="12" fill="${s.color}"/>`);
    parts.push(`<text x="${lx + 16}" y="${ly}" font-size="11">${esc(s.name)}</text>`);
  }),
);
const ly = legendTop + (Math.max(...bars.map((bar) => bar.stages.length)) - 1) * 18;
const height = ly + 20;
const load = data.loadAverage
  ? `, load ${data.loadAverage.start[0]!.toFixed(1)}-${data.loadAverage.end[0]!.toFixed(1)}`
  : '';
const title = `Cold start, p50 of ${data.runs} runs (${data.at.slice(0, 16).replace('T', ' ')} UTC, a 2-core machine${load})`;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif">
<rect width="100%" height="100%" fill="#fff"/>
<text x="20" y="24" font-size="14" font-weight="600">${esc(title)}</text>
${parts.join('\n')}
</svg>
`;
writeFileSync(out, svg);
console.log(`wrote ${out}`);
