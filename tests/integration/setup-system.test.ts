// scripts/setup-system.sh, the first thing `npm test` and CI run, against a PATH that holds only the tools
// each case allows: a temporary folder of symlinks to the real tools, plus stand-ins for what must not
// really run here (`id` to play root or not, `sudo`, and `apt-get`, which records what it was asked and
// "installs" by linking the real tool into that folder).
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const SCRIPT = join(process.cwd(), 'scripts/setup-system.sh');
/** The tool's file on this machine's PATH (not a shell builtin of the same name). */
function real(tool: string): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const path = join(dir, tool);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not in this folder
    }
  }
  throw new Error(`${tool} is not on PATH: run scripts/setup-system.sh`);
}
const BASH = real('bash');
const ALL_TOOLS = ['chromium', 'gnome-keyring-daemon', 'dbus-run-session', 'dbus-daemon'];
/** which tools each Debian package brings, for the stand-in apt-get */
const PACKAGE_TOOLS: Record<string, string[]> = {
  chromium: ['chromium'],
  'gnome-keyring': ['gnome-keyring-daemon'],
  dbus: ['dbus-run-session', 'dbus-daemon'],
};
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function script(path: string, body: string): void {
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
}

interface Machine {
  /** real tools on PATH (the rest of ALL_TOOLS is hidden) */
  tools: string[];
  root: boolean;
  /** none: no sudo at all; password: sudo -n refuses; passwordless: sudo -n runs the command */
  sudo?: 'none' | 'password' | 'passwordless';
  apt?: 'works' | 'fails' | 'absent';
  env?: Record<string, string>;
}

function run(machine: Machine) {
  const dir = mkdtempSync(join(tmpdir(), 'perpetua-setup-'));
  dirs.push(dir);
  const bin = join(dir, 'bin');
  const log = join(dir, 'calls.log');
  mkdirSync(bin);
  writeFileSync(log, '');
  for (const tool of ['env', 'true']) symlinkSync(real(tool), join(bin, tool));
  for (const tool of machine.tools) symlinkSync(real(tool), join(bin, tool));
  script(join(bin, 'id'), `[ "$1" = -u ] && echo ${machine.root ? 0 : 1000}`);
  if ((machine.sudo ?? 'none') !== 'none')
    script(
      join(bin, 'sudo'),
      `echo "sudo $*" >> ${log}\n[ "$1" = -n ] || exit 1\n${machine.sudo === 'passwordless' ? 'shift; exec "$@"' : 'echo "sudo: a password is required" >&2; exit 1'}`,
    );
  if ((machine.apt ?? 'works') !== 'absent') {
    const installs = Object.entries(PACKAGE_TOOLS)
      .map(
        ([pkg, tools]) =>
          `    ${pkg}) ${tools.map((t) => `/bin/ln -sf ${real(t)} ${join(bin, t)}`).join('; ')} ;;`,
      )
      .join('\n');
    script(
      join(bin, 'apt-get'),
      [
        `echo "apt-get $* (DEBIAN_FRONTEND=$DEBIAN_FRONTEND)" >> ${log}`,
        machine.apt === 'fails'
          ? '[ "$1" = install ] && { echo "E: Unable to locate package" >&2; exit 100; }'
          : '',
        '[ "$1" = install ] && for p in "$@"; do case "$p" in',
        installs,
        '  esac; done',
        'exit 0',
      ].join('\n'),
    );
  }
  const result = spawnSync(BASH, [SCRIPT], {
    env: { PATH: bin, HOME: dir, ...machine.env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  const calls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  const present = ALL_TOOLS.filter((t) => existsSync(join(bin, t)));
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, calls, present };
}

const HIDDEN = ['dbus-run-session', 'dbus-daemon']; // Chromium and the keyring daemon hidden
const MISSING_LINES = [
  'missing: chromium (no chromium on PATH), the browser the end-to-end tests drive',
  'missing: gnome-keyring (no gnome-keyring-daemon on PATH), the OS keychain (Secret Service) the keychain and end-to-end tests use',
];
const COMMAND =
  '  sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium gnome-keyring';

describe('scripts/setup-system.sh', () => {
  it('with everything present it prints nothing, installs nothing and succeeds', () => {
    const outcome = run({ tools: ALL_TOOLS, root: true, sudo: 'passwordless' });
    expect(outcome).toMatchObject({ status: 0, stdout: '', stderr: '', calls: [] });
  });

  it('not root and no sudo: names each missing piece and stops at once with the exact command', () => {
    const outcome = run({ tools: HIDDEN, root: false, sudo: 'none' });
    expect(outcome.status).toBe(1);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr.trimEnd().split('\n')).toEqual([
      ...MISSING_LINES,
      'Cannot install them without root or passwordless sudo. Run this, then npm test again:',
      COMMAND,
    ]);
    expect(outcome.calls).toEqual([]);
  });

  it('a sudo that wants a password counts as no sudo: nothing is attempted beyond asking', () => {
    const outcome = run({ tools: HIDDEN, root: false, sudo: 'password' });
    expect(outcome.status).toBe(1);
    expect(outcome.stderr).toContain(COMMAND);
    expect(outcome.calls).toEqual(['sudo -n true']);
  });

  it('as root it installs exactly what is missing, apt-get update first, saying so in one line', () => {
    const outcome = run({ tools: HIDDEN, root: true });
    expect(outcome).toMatchObject({
      status: 0,
      stdout: 'Installing chromium gnome-keyring with apt-get (apt-get update first)...\n',
      calls: [
        'apt-get update -qq (DEBIAN_FRONTEND=noninteractive)',
        'apt-get install -y -qq --no-install-recommends chromium gnome-keyring (DEBIAN_FRONTEND=noninteractive)',
      ],
    });
    expect(outcome.stderr.trimEnd().split('\n')).toEqual(MISSING_LINES);
    expect(outcome.present).toEqual(ALL_TOOLS);
  });

  it('with passwordless sudo it installs through sudo -n', () => {
    const outcome = run({ tools: ['chromium', 'gnome-keyring-daemon'], root: false, sudo: 'passwordless' });
    expect(outcome.status).toBe(0);
    expect(outcome.stdout).toBe('Installing dbus with apt-get (apt-get update first)...\n');
    expect(outcome.calls).toEqual([
      'sudo -n true',
      'sudo -n env DEBIAN_FRONTEND=noninteractive apt-get update -qq',
      'apt-get update -qq (DEBIAN_FRONTEND=noninteractive)',
      'sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends dbus',
      'apt-get install -y -qq --no-install-recommends dbus (DEBIAN_FRONTEND=noninteractive)',
    ]);
    expect(outcome.present).toEqual(ALL_TOOLS);
  });

  it('when apt-get cannot install, it stops with the command to run', () => {
    const outcome = run({ tools: HIDDEN, root: true, apt: 'fails' });
    expect(outcome.status).toBe(1);
    expect(outcome.stderr.trimEnd().split('\n').slice(-2)).toEqual([
      'apt-get could not install chromium gnome-keyring. Run this yourself, then npm test again:',
      COMMAND,
    ]);
  });

  it('without apt-get it names the packages to install with the system’s own package manager', () => {
    const outcome = run({ tools: HIDDEN, root: true, apt: 'absent' });
    expect(outcome.status).toBe(1);
    expect(outcome.stderr.trimEnd().split('\n').pop()).toBe(
      'This is not a Debian-like system (no apt-get): install chromium gnome-keyring with your package manager, then run npm test again.',
    );
  });

  it('a PERPETUA_CHROMIUM that points nowhere is named, and no package is installed for it', () => {
    const outcome = run({ tools: ALL_TOOLS, root: true, env: { PERPETUA_CHROMIUM: '/nowhere/chromium' } });
    expect(outcome.status).toBe(1);
    expect(outcome.stderr).toBe(
      'PERPETUA_CHROMIUM=/nowhere/chromium is not an executable file: point it at Chromium, or unset it to use the chromium on PATH.\n',
    );
    expect(outcome.calls).toEqual([]);
  });

  it('a PERPETUA_CHROMIUM that exists stands in for the chromium on PATH', () => {
    const outcome = run({
      tools: ['gnome-keyring-daemon', 'dbus-run-session', 'dbus-daemon'],
      root: false,
      env: { PERPETUA_CHROMIUM: real('chromium') },
    });
    expect(outcome).toMatchObject({ status: 0, stdout: '', stderr: '', calls: [] });
  });
});

describe('scripts/with-keyring.sh', () => {
  it('without the keyring daemon it refuses to run the command instead of letting the keychain tests skip', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpetua-withkeyring-'));
    dirs.push(dir);
    for (const tool of ['dbus-run-session', 'touch']) symlinkSync(real(tool), join(dir, tool));
    const ran = join(dir, 'ran');
    const result = spawnSync(BASH, ['scripts/with-keyring.sh', 'touch', ran], {
      env: { PATH: dir },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('dbus-run-session or gnome-keyring-daemon is missing');
    expect(result.stderr).toContain('bash scripts/setup-system.sh');
    expect(existsSync(ran)).toBe(false);
  });
});
