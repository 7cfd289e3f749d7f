// What the Electron entry may take from its environment. A packaged app is what people install: it loads
// only its own app:// files (never ELECTRON_RENDERER_URL, which would let whoever sets it serve the wallet
// window), has no DevTools, ignores development overrides, and refuses to start with a debugging switch or
// a debugging environment variable (the fuses stop --inspect and NODE_OPTIONS; Chromium's remote
// debugging needs this check, and the variables are refused too in case a build ships without its fuses).
export interface LaunchMode {
  /** the dev server to load instead of app://, development only */
  devServerUrl?: string;
  /** PERPETUA_EXCHANGE_URL fixes the exchange for a run, development only */
  exchangeUrl?: string;
  devTools: boolean;
  /** why a packaged app will not start, if it will not */
  refuse?: string;
}

/**
 * Switch names (as normalised by switchName) that open the app to a debugger or inject code: exact names,
 * and whole families where Chromium or Node keep adding members (--inspect-brk-node, --inspect-wait,
 * --remote-debugging-address, --remote-debugging-io-pipes...).
 */
const DEBUG_SWITCHES = ['remote-allow-origins', 'js-flags', 'debug-port', 'auto-open-devtools-for-tabs'];
const DEBUG_FAMILIES = ['inspect', 'remote-debugging-'];
/** Set (non-empty) in the environment, these run the binary as Node or give Node options to it. */
const DEBUG_VARIABLES = ['ELECTRON_RUN_AS_NODE', 'NODE_OPTIONS'];

/**
 * The name a token would switch on, or null when it is no switch. Looser than Chromium on purpose, so
 * that nothing Chromium or Node reads as a switch slips past: Chromium takes `--`, `-` and (on Windows) `/`
 * as prefixes, trims whitespace and lowercases names on Windows; Node treats `_` as `-`. Here any run of
 * those prefixes is stripped on every platform, the name is lowercased and `_` read as `-`. A value after
 * `=` is not part of the name, and one given as the next token leaves this token a switch all the same.
 */
function switchName(token: string): string | null {
  const trimmed = token.trim();
  const prefix = /^[-/]+/.exec(trimmed)?.[0];
  if (!prefix) return null;
  const name = trimmed.slice(prefix.length).split('=')[0]!;
  return name === '' ? null : name.toLowerCase().replaceAll('_', '-');
}

const isDebugSwitch = (name: string): boolean =>
  DEBUG_SWITCHES.includes(name) || DEBUG_FAMILIES.some((family) => name.startsWith(family));

/**
 * Why a packaged app refuses this command line and environment, or null. Every token after the program is
 * looked at, even past a `--`: Chromium stops reading switches there, but refusing a debugging switch in
 * any place costs nothing, and it leaves nothing to how another parser (Node's, Electron's) treats `--`.
 */
function debuggingRefusal(argv: readonly string[], env: NodeJS.ProcessEnv): string | null {
  for (const token of argv.slice(1)) {
    const name = switchName(token);
    if (name !== null && isDebugSwitch(name))
      return `Perpetua does not start with the debugging switch --${name}.`;
  }
  const variable = DEBUG_VARIABLES.find((v) => (env[v] ?? '') !== '');
  return variable
    ? `Perpetua does not start with ${variable} set in its environment: it could run other code in the app. Unset it and start Perpetua again.`
    : null;
}

export function launchMode(input: {
  isPackaged: boolean;
  env: NodeJS.ProcessEnv;
  /** the whole command line, the program first (process.argv) */
  argv: readonly string[];
}): LaunchMode {
  if (input.isPackaged) {
    const refuse = debuggingRefusal(input.argv, input.env);
    return { devTools: false, ...(refuse ? { refuse } : {}) };
  }
  return {
    devTools: input.env.NODE_ENV === 'development',
    ...(input.env.ELECTRON_RENDERER_URL ? { devServerUrl: input.env.ELECTRON_RENDERER_URL } : {}),
    ...(input.env.PERPETUA_EXCHANGE_URL ? { exchangeUrl: input.env.PERPETUA_EXCHANGE_URL } : {}),
  };
}
