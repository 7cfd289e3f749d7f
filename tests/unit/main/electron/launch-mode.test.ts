// The packaged app's launch check (issue 28 item 6): a debugging switch is refused however it is spelled
// (Chromium reads `-`, `--` and on Windows `/` as switch prefixes, and `-remote-debugging-port=9222` did
// open DevTools to anyone on the machine), and so are the environment variables that run the binary as
// Node or give Node options. Development keeps its overrides.
import { describe, expect, it } from 'vitest';
import { launchMode } from '../../../../src/main/electron/launch-mode';

const packaged = (argv: string[], env: NodeJS.ProcessEnv = {}) =>
  launchMode({ isPackaged: true, env, argv: ['/opt/Perpetua/perpetua', ...argv] });

describe('a packaged app refuses every spelling of a debugging switch', () => {
  it.each([
    // the attacker review's bypasses
    [['-remote-debugging-port=9222'], '--remote-debugging-port'],
    [['--REMOTE-DEBUGGING-PORT=9222'], '--remote-debugging-port'],
    [['/remote-debugging-port=9222'], '--remote-debugging-port'],
    [['-remote-debugging-pipe'], '--remote-debugging-pipe'],
    [['-js-flags=--allow-natives-syntax'], '--js-flags'],
    // the plain spellings
    [['--remote-debugging-port=9222'], '--remote-debugging-port'],
    [['--remote-debugging-pipe'], '--remote-debugging-pipe'],
    [['--remote-debugging-address=0.0.0.0'], '--remote-debugging-address'],
    [['--remote-allow-origins=*'], '--remote-allow-origins'],
    [['--inspect'], '--inspect'],
    [['--inspect=9229'], '--inspect'],
    [['--inspect-brk'], '--inspect-brk'],
    [['--inspect-brk=0.0.0.0:9229'], '--inspect-brk'],
    [['--inspect-port=9229'], '--inspect-port'],
    [['--inspect-brk-node'], '--inspect-brk-node'],
    [['--js-flags=--expose-gc'], '--js-flags'],
    // mixed case, Windows' slash, Node's underscores, stray whitespace, extra prefixes
    [['--Inspect-Brk'], '--inspect-brk'],
    [['/INSPECT'], '--inspect'],
    [['--inspect_brk'], '--inspect-brk'],
    [['--remote_debugging_port=9222'], '--remote-debugging-port'],
    [['  --remote-debugging-port=9222 '], '--remote-debugging-port'],
    [['---remote-debugging-port=9222'], '--remote-debugging-port'],
    [['//remote-debugging-port=9222'], '--remote-debugging-port'],
    // the value as the next token instead of after `=`: the switch itself is there
    [['--remote-debugging-port', '9222'], '--remote-debugging-port'],
    [['-js-flags', '--allow-natives-syntax'], '--js-flags'],
    // after `--` Chromium reads no switches, but another parser might: refused wherever it stands
    [['--', '--remote-debugging-port=9222'], '--remote-debugging-port'],
    // behind a harmless switch
    [['--enable-logging', '-remote-debugging-port=0'], '--remote-debugging-port'],
  ])('%j is refused, naming %s', (argv, named) => {
    expect(packaged(argv)).toEqual({
      devTools: false,
      refuse: `Perpetua does not start with the debugging switch ${named}.`,
    });
  });

  it.each([
    ['ELECTRON_RUN_AS_NODE', '1'],
    ['NODE_OPTIONS', '--inspect'],
    ['NODE_OPTIONS', '--require /tmp/evil.js'],
  ])('%s=%s in the environment is refused', (variable, value) => {
    expect(packaged([], { [variable]: value }).refuse).toBe(
      `Perpetua does not start with ${variable} set in its environment: it could run other code in the app. Unset it and start Perpetua again.`,
    );
  });

  it.each([
    [[]],
    [['--enable-logging']],
    [['--lang=de']],
    [['-']],
    [['--']],
    [['--', 'inspect']],
    [['remote-debugging-port=9222']],
    [['--force-device-scale-factor=2']],
    [['--disable-gpu']],
  ])('%j starts', (argv) => {
    expect(packaged(argv)).toEqual({ devTools: false });
  });

  it('an empty ELECTRON_RUN_AS_NODE or NODE_OPTIONS does nothing, so it does not stop the app', () => {
    expect(packaged([], { ELECTRON_RUN_AS_NODE: '', NODE_OPTIONS: '' })).toEqual({ devTools: false });
  });

  it('the program itself is not a switch, whatever its path', () => {
    expect(launchMode({ isPackaged: true, env: {}, argv: ['/inspect/perpetua'] })).toEqual({
      devTools: false,
    });
  });
});

describe('development and packaged overrides', () => {
  const env = {
    ELECTRON_RENDERER_URL: 'http://localhost:5173',
    PERPETUA_EXCHANGE_URL: 'http://127.0.0.1:9',
    NODE_ENV: 'development',
  };

  it('a packaged app ignores ELECTRON_RENDERER_URL, the exchange override and DevTools', () => {
    expect(packaged([], env)).toEqual({ devTools: false });
  });

  it('development keeps the dev server, the override and DevTools, and takes any switch', () => {
    expect(launchMode({ isPackaged: false, env, argv: ['electron', '--inspect'] })).toEqual({
      devTools: true,
      devServerUrl: 'http://localhost:5173',
      exchangeUrl: 'http://127.0.0.1:9',
    });
    expect(launchMode({ isPackaged: false, env: {}, argv: [] }).devTools).toBe(false);
  });
});
