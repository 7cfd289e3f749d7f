// What the Electron entry may take from its environment. A packaged app is what people install: it loads
// only its own app:// files (never ELECTRON_RENDERER_URL, which would let whoever sets it serve the wallet
// window), has no DevTools, ignores development overrides, and refuses to start with a debugging switch
// (the fuses stop --inspect and NODE_OPTIONS; Chromium's remote debugging needs this check).
export interface LaunchMode {
  /** the dev server to load instead of app://, development only */
  devServerUrl?: string;
  /** PERPETUA_EXCHANGE_URL fixes the exchange for a run, development only */
  exchangeUrl?: string;
  devTools: boolean;
  /** why a packaged app will not start, if it will not */
  refuse?: string;
}

export const DEBUG_SWITCHES = [
  '--remote-debugging-port',
  '--remote-debugging-pipe',
  '--remote-allow-origins',
  '--inspect',
  '--inspect-brk',
  '--inspect-port',
  '--js-flags',
];

export function launchMode(input: {
  isPackaged: boolean;
  env: NodeJS.ProcessEnv;
  argv: readonly string[];
}): LaunchMode {
  if (input.isPackaged) {
    const found = input.argv.find((arg) => DEBUG_SWITCHES.some((s) => arg === s || arg.startsWith(`${s}=`)));
    return {
      devTools: false,
      ...(found
        ? { refuse: `Perpetua does not start with the debugging switch ${found.split('=')[0]}.` }
        : {}),
    };
  }
  return {
    devTools: input.env.NODE_ENV === 'development',
    ...(input.env.ELECTRON_RENDERER_URL ? { devServerUrl: input.env.ELECTRON_RENDERER_URL } : {}),
    ...(input.env.PERPETUA_EXCHANGE_URL ? { exchangeUrl: input.env.PERPETUA_EXCHANGE_URL } : {}),
  };
}
