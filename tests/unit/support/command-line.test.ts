// The hand-run commands' command line (src/support/command-line.ts): help on --help, one clear line and
// exit code 2 for a word the command does not take, and the values typed as declared; then the real
// `npm run host` and `npm run devnet`, which printed node:util's stack trace for both.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readCommandLine } from '../../../src/support/command-line';

const spec = {
  command: 'npm run thing --',
  summary: 'Does the thing.',
  options: {
    port: { type: 'string', value: 'N', default: '0', help: 'the port' },
    data: { type: 'string', value: 'DIR', help: 'where' },
    demo: { type: 'boolean', help: 'with demo data' },
  },
} as const;

const USAGE = [
  'Usage: npm run thing -- [options]',
  '',
  'Does the thing.',
  '',
  'Options:',
  '  --port N    the port (default: 0)',
  '  --data DIR  where',
  '  --demo      with demo data',
  '  -h, --help  show this and exit',
].join('\n');

describe('readCommandLine', () => {
  it('reads the values, with defaults and false for an absent flag', () => {
    expect(readCommandLine(spec, [])).toEqual({ values: { port: '0', data: undefined, demo: false } });
    expect(readCommandLine(spec, ['--port', '8080', '--data=/tmp/x', '--demo'])).toEqual({
      values: { port: '8080', data: '/tmp/x', demo: true },
    });
  });

  it.each([['--help'], ['-h'], ['--port', '1', '--help']])('%j prints the usage and exits 0', (...args) => {
    expect(readCommandLine(spec, args)).toEqual({ exit: 0, text: USAGE });
  });

  it.each([
    [['--bogus'], "Unknown option '--bogus'."],
    [['--port'], "Option '--port <value>' argument missing."],
    [['--demo=yes'], "Option '--demo' does not take an argument."],
    [['stray'], "Unexpected argument 'stray'."],
    [['-x'], "Unknown option '-x'."],
  ])('%j says what is wrong in one line, then the usage, and exits 2', (args, said) => {
    expect(readCommandLine(spec, args)).toEqual({ exit: 2, text: `${said}\n\n${USAGE}` });
  });
});

describe.each([
  [
    'host',
    'src/host/cli.ts',
    ['--port N', '--devnet-url URL', '--solana-rpc-url URL', '--renderer-dir DIR', '--data-dir DIR'],
    'PERPETUA_HOST_URL',
  ],
  [
    'devnet',
    'src/devnet/cli.ts',
    ['--port N', '--rpc-port N', '--host ADDRESS', '--data DIR', '--demo'],
    'PERPETUA_DEVNET_URL',
  ],
])('npm run %s, started as a person starts it', (name, entry, options, started) => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', entry, ...args], { encoding: 'utf8', timeout: 30_000 });
  const usageLine = `Usage: npm run ${name} -- [options]\n`;

  it('--help prints the usage and exits 0, starting nothing', () => {
    const { status, stdout, stderr } = run('--help');
    expect(status).toBe(0);
    expect(stdout.startsWith(usageLine)).toBe(true);
    for (const option of options) expect(stdout).toContain(`  ${option} `);
    expect(stdout).not.toContain(started);
    expect(stderr).toBe('');
  }, 40_000);

  it('an unknown option or a stray word is one line, the usage, and exit code 2 without a stack trace', () => {
    for (const [args, said] of [
      [['--devnet-urll', 'http://127.0.0.1:1'], "Unknown option '--devnet-urll'."],
      [['--port', '0', 'demo'], "Unexpected argument 'demo'."],
    ] as const) {
      const { status, stdout, stderr } = run(...args);
      expect(status).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.startsWith(`${said}\n\n${usageLine}`)).toBe(true);
      expect(stderr).not.toMatch(/\n\s+at |TypeError|node:internal/);
    }
  }, 60_000);
});
