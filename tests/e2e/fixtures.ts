// The e2e preamble, once: every spec file gets its own app (the browser host, its embedded devnet, a fresh
// data folder and its own keychain items), stopped after the file's last test; a spec's serial tests share
// one page of it; a Trader acts on its devnet directly; `unlockedPage` opens the app past the lock screen.
//
// Specs import `test` and `expect` from here and name themselves with `test.use({ setup: { spec: '...' } })`.
// The app is a worker fixture, and Playwright runs tests whose worker options differ in different workers:
// a spec's name gives it its own worker, and so its own app, whatever order the files run in.
import { test as base, expect, type Page } from '@playwright/test';
import { startApp, type RunningApp } from './support/app';
import { unlockOrSetUp } from './support/steps';
import { Trader } from './support/trader';

export { expect };

export interface AppSetup {
  /** the spec's name: its own worker and app, and the Trader's name on the devnet */
  spec: string;
  /** host arguments, e.g. an exchange address */
  args?: string[];
  /** changes to the host's environment (undefined removes a variable); the devnet inherits them */
  env?: Record<string, string | undefined>;
  /** the shared page's size (default 1280 x 860) */
  viewport?: { width: number; height: number };
  /** the shared page may read and write the clipboard */
  clipboard?: boolean;
  /** the shared page asks for reduced motion (the app then shows notices without fades) */
  reducedMotion?: boolean;
  /** false for the spec that runs without an OS keychain on purpose */
  keyring?: boolean;
}

interface WorkerFixtures {
  setup: AppSetup;
  app: RunningApp;
  /** one page of the app that the tests of a serial spec share, in order */
  appPage: Page;
  /** a wallet of its own acting on the app's devnet, as another person or device would */
  trader: Trader;
}

interface TestFixtures {
  /** skips a spec that needs the real OS keychain when run outside scripts/with-keyring.sh */
  keyringCheck: void;
  /** a fresh page of the app, past the lock screen (the passphrase chosen on first run) */
  unlockedPage: Page;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  setup: [{ spec: '' }, { scope: 'worker', option: true }],

  app: [
    async ({ setup }, use) => {
      if (!setup.spec) throw new Error("name the spec first: test.use({ setup: { spec: '<file name>' } })");
      const app = await startApp(setup.args ?? [], { env: setup.env ?? {} });
      await use(app);
      await app.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],

  appPage: [
    async ({ browser, setup }, use) => {
      const context = await browser.newContext({
        viewport: setup.viewport ?? { width: 1280, height: 860 },
        permissions: setup.clipboard ? ['clipboard-read', 'clipboard-write'] : [],
        ...(setup.reducedMotion ? { reducedMotion: 'reduce' as const } : {}),
      });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],

  trader: [
    async ({ app, setup }, use) => {
      await use(new Trader(app.exchangeUrl, `${setup.spec}-spec`, app.solanaRpcUrl));
    },
    { scope: 'worker' },
  ],

  keyringCheck: [
    async ({ setup }, use, testInfo) => {
      testInfo.skip(
        setup.keyring !== false && process.env.PERPETUA_KEYRING_TEST !== '1',
        'needs a real OS keychain: run under scripts/with-keyring.sh (npm test does)',
      );
      await use();
    },
    { auto: true },
  ],

  unlockedPage: async ({ app, page }, use) => {
    await page.goto(app.url);
    await unlockOrSetUp(page);
    await use(page);
  },
});
