// What `npm run check:tests` (scripts/check-tests.ts) lets stand without a mirrored unit test, and why. Each
// entry names files (or, where a whole folder shares the reason, a pattern: `*` within a folder, `**` across
// folders) and the reason, naming the tests that do exercise them. An entry naming a file that no longer
// needs it, or a test that does not exist, fails the check: when a module gets its unit test, its line goes.
// The tests named were checked to run each module's code (V8 coverage of the named test file), not just to
// import it.

export interface Exemption {
  /** project-relative paths or patterns: unit test files that mirror no module, or modules without their test */
  files: string[];
  /** why, naming the tests that cover them */
  reason: string;
}

export const EXEMPTIONS: Exemption[] = [
  // ---- unit test files that mirror no single module ----
  {
    files: ['tests/unit/protocol/golden-vectors.test.ts'],
    reason:
      'golden bytes of every action and receipt kind, through src/protocol/schema.ts, codec.ts and framing.ts ' +
      'together: the protocol as a whole, against bytes written down once',
  },
  {
    files: ['tests/unit/protocol/public-schema.test.ts'],
    reason:
      "the bundled proto/ schema against the exchange's published one (tests/unit/protocol/public-schema.ts): " +
      'its subject is the .proto file, which src/protocol/schema.ts only loads',
  },
  {
    files: ['tests/unit/main/wallets/phrase-vectors.test.ts'],
    reason:
      'published BIP39, SLIP-0010 and Trezor vectors through the whole derivation: src/main/wallets/mnemonic.ts, ' +
      'slip10.ts, src/shared/derivation-paths.ts and src/protocol/keys.ts together',
  },
  {
    files: ['tests/unit/main/secret-copies.test.ts'],
    reason:
      'a property across modules: no stray copy of a secret, neither the key buffers of src/protocol/keys.ts ' +
      'nor the files the core (src/main/core.ts) creates',
  },
  {
    files: ['tests/unit/host/entry-points.test.ts'],
    reason:
      'every HTTP and WebSocket entry point of the browser host (src/host/server.ts) and of the devnet ' +
      '(src/devnet/server.ts) answers malformed input with a 4xx or a clean close and keeps serving',
  },
  {
    files: ['tests/unit/lint-rules.test.ts', 'tests/unit/devnet/layers.test.ts'],
    reason:
      'they test configuration at the root, outside src/ and scripts/: the import rules of eslint.config.js, ' +
      "and the devnet's layers in .dependency-cruiser.mjs on a small devnet written for the test",
  },
  {
    files: ['tests/unit/main/portfolio/portfolio-handlers.test.ts'],
    reason:
      'the portfolio, history, lock, settings and idle-time methods as the renderer calls them, through the ' +
      "dispatcher of a whole core on a devnet on loopback: src/main/core.ts, ipc-dispatch.ts and the lock's " +
      'policy with the slices; each slice alone is in its own test (tests/unit/main/portfolio/slice.test.ts)',
  },
  {
    files: ['tests/unit/renderer/notices-on-screen.test.ts'],
    reason:
      "src/shared/notices.ts in Mantine's notification store, as the window shows it: it needs the DOM types of " +
      'tsconfig.web.json, which its mirror tests/unit/shared/notices.test.ts (checked with Node types) has not',
  },

  // ---- the window: drawn and driven in a real browser ----
  {
    files: ['src/renderer/src/**/*.tsx', 'src/renderer/src/**/use*.ts', 'src/renderer/src/**/queries.ts'],
    reason:
      "React components, hooks and the window's queries over window.wallet: drawn and driven by Playwright in " +
      'Chromium, every page and dialog by tests/e2e/walk.spec.ts (nothing cut off, axe clean, light and dark) ' +
      "and tests/e2e/a11y.spec.ts, each feature's flows by its spec: tests/e2e/accounts.spec.ts, " +
      'tests/e2e/wallets.spec.ts, tests/e2e/phrases.spec.ts, tests/e2e/flows.spec.ts, tests/e2e/forms.spec.ts, ' +
      'tests/e2e/trading.spec.ts, tests/e2e/drills.spec.ts, tests/e2e/history-export.spec.ts, ' +
      'tests/e2e/strangers.spec.ts, tests/e2e/vault-epoch.spec.ts, tests/e2e/connection.spec.ts, ' +
      'tests/e2e/forgot-passphrase.spec.ts, tests/e2e/keychain-missing.spec.ts, tests/e2e/virtual-table.spec.ts',
  },
  {
    files: [
      'src/renderer/src/bridge/wallet.ts',
      'src/renderer/src/components/focus-return.ts',
      'src/renderer/src/components/form-submit.ts',
      'src/renderer/src/features/lock/first-run.ts',
      'src/renderer/src/features/wallets/clipboard.ts',
      'src/renderer/src/features/wallets/refresh.ts',
      'src/renderer/src/lib/save-file.ts',
      'src/renderer/src/theme/color-scheme.ts',
      'src/renderer/src/theme/theme.ts',
    ],
    reason:
      "the browser's own objects (the DOM, focus, the clipboard, sessionStorage, downloads, the colour scheme) " +
      "or the window's query cache: used in Chromium by tests/e2e/app.spec.ts (the bridge), " +
      'tests/e2e/a11y.spec.ts (focus back on Escape, both schemes, contrast), tests/e2e/journeys.spec.ts (forms ' +
      'sent with Enter), tests/e2e/forgot-passphrase.spec.ts (the first run after a reset), tests/e2e/wallets.spec.ts ' +
      '(copying, lists re-read after a rename) and tests/e2e/history-export.spec.ts (the saved CSV)',
  },
  {
    files: [
      'src/renderer/src/features/history/columns.ts',
      'src/renderer/src/features/history/format.ts',
      'src/renderer/src/features/history/history.ts',
    ],
    reason:
      'plain functions with no unit test yet (one is owed): the history read, its cells and their CSV, run ' +
      'in the window by tests/e2e/history-export.spec.ts',
  },
  {
    files: ['src/renderer/test-harness/virtual-table.tsx'],
    reason: 'test support, not the app: the page tests/e2e/virtual-table.spec.ts draws VirtualTable on',
  },

  // ---- the devnet: checked from outside, as the exchange it stands in for ----
  {
    files: ['src/devnet/**'],
    reason:
      'the local exchange, tested as a client sees it: tests/conformance/ holds its HTTP API, streams and Solana ' +
      'RPC to the public interface (tests/conformance/actions.test.ts, tests/conformance/orders.test.ts, ' +
      'tests/conformance/funds.test.ts, tests/conformance/solana-rpc.test.ts and the rest), and every ' +
      'integration test runs the app against it (its command line, src/devnet/cli.ts, started as a process ' +
      'by the app as it starts its embedded devnet); every other devnet module runs in tests/conformance; its ' +
      'pure parts have their unit tests beside the others',
  },

  // ---- the app's core: run by integration tests against the real devnet and keychain ----
  {
    files: [
      'src/main/actions/add-trigger.ts',
      'src/main/actions/cancel-order.ts',
      'src/main/actions/close-position.ts',
      'src/main/actions/edit-trigger.ts',
      'src/main/actions/remove-trigger.ts',
      'src/main/actions/trigger-check.ts',
      'src/main/triggers/triggers-view.ts',
      'src/main/exchange/scale.ts',
    ],
    reason:
      'orders, positions and triggers through the core against the devnet: tests/integration/trading.test.ts ' +
      '(trigger words also in tests/unit/main/audit/audit-wording.test.ts)',
  },
  {
    files: [
      'src/main/actions/context.ts',
      'src/main/actions/withdraw.ts',
      'src/main/actions/withdrawal-fee.ts',
    ],
    reason:
      'money leaving an account, through the core: tests/integration/money-out.test.ts (the words of each ' +
      'kind also in tests/unit/main/audit/audit-wording.test.ts)',
  },
  {
    files: [
      'src/main/actions/vault-common.ts',
      'src/main/actions/vault-deposit.ts',
      'src/main/actions/vault-withdraw.ts',
      'src/main/exchange/vault-model.ts',
      'src/main/vaults/vaults-view.ts',
    ],
    reason: 'vault deposits, withdrawals and epochs through the core: tests/integration/vault-epoch.test.ts',
  },
  {
    files: ['src/main/wallets/ownership.ts', 'src/shared/account-words.ts'],
    reason: "moves between the person's own wallets and accounts: tests/integration/own-wallets.test.ts",
  },
  {
    files: ['src/main/actions/own-account.ts'],
    reason:
      "vault and trigger actions in the person's own account: tests/integration/vault-epoch.test.ts and " +
      'tests/integration/trading.test.ts, their words in tests/unit/main/audit/audit-wording.test.ts',
  },
  {
    files: ['src/main/drills/drill-run.ts'],
    reason:
      'the drills through the core, interrupted and resumed: tests/integration/drills.test.ts (a run record ' +
      'also in tests/unit/main/drills/sweep.test.ts)',
  },
  {
    files: ['src/main/drills/wallet-key.ts', 'src/main/funds/chain-move.ts'],
    reason:
      "the wallet-key drill through the core, moving a wallet's funds on the chain: " +
      'tests/integration/wallet-key-drill.test.ts',
  },
  {
    files: ['src/main/funds/funds.ts'],
    reason: 'deposits from the chain through the core: tests/integration/deposits.test.ts',
  },
  {
    files: ['src/main/funds/chain-watch.ts', 'src/main/settings/solana-rpc-url.ts'],
    reason: "the chain watched over the devnet's Solana RPC: tests/integration/chain-watch.test.ts",
  },
  {
    files: ['src/main/exchange/account-watcher.ts'],
    reason: 'account streams lost and resumed: tests/integration/offline.test.ts',
  },
  {
    files: [
      'src/main/exchange/history-model.ts',
      'src/main/portfolio/history.ts',
    ],
    reason:
      "the exchange's reads as the app makes them: tests/conformance/reads.test.ts and " +
      'tests/integration/activity-window.test.ts (history)',
  },
  {
    files: ['src/main/exchange/http-client.ts', 'src/shared/receipt-errors.ts'],
    reason:
      "the exchange's HTTP answers and refusals, faults injected: tests/integration/faults.test.ts (pacing also " +
      'in tests/unit/main/exchange/pacing.test.ts)',
  },
  {
    files: ['src/main/exchange/exchange-schema.ts'],
    reason: 'reads signed with a session key: tests/integration/session-key-reads.test.ts',
  },
  {
    files: [
      'src/main/exchange/signed-schema.ts',
      'src/main/sessions/session-manager.ts',
      'src/main/sessions/stranger-record.ts',
    ],
    reason:
      'sessions made, renewed and revoked, and those made elsewhere: tests/integration/sessions.test.ts and ' +
      'tests/integration/stranger-sessions.test.ts',
  },
  {
    files: ['src/main/lock/kdf.ts', 'src/main/lock/lock-record.ts'],
    reason:
      'the lock record in the real keychain: tests/integration/keychain.test.ts, and through AppLock in ' +
      'tests/unit/main/lock/app-lock.test.ts and tests/unit/main/keychain/sealed-store.test.ts',
  },
  {
    files: ['src/main/network/devnet-supervisor.ts'],
    reason: 'the embedded devnet killed, hung and restarted: tests/integration/devnet-supervision.test.ts',
  },
  {
    files: ['src/main/pipeline/pipeline.ts'],
    reason: 'signed actions queued, sent and settled: tests/integration/pipeline.test.ts',
  },
  {
    files: ['src/main/portfolio/equity-samples.ts', 'src/shared/risk-levels.ts'],
    reason: 'the portfolio read, paced, with its equity samples: tests/integration/paced-portfolio.test.ts',
  },
  {
    files: ['src/main/wallets/mnemonic.ts', 'src/main/wallets/slip10.ts', 'src/shared/derivation-paths.ts'],
    reason:
      'against published vectors in tests/unit/main/wallets/phrase-vectors.test.ts, and through the core in ' +
      'tests/integration/phrase-discovery.test.ts',
  },
  {
    files: ['src/main/settings/web-address.ts'],
    reason:
      'the rules of an address typed into Settings, through the exchange address: ' +
      'tests/unit/main/settings/exchange-url.test.ts',
  },
  {
    files: ['src/shared/passphrase-rules.ts'],
    reason: 'a new passphrase after a reset, through the core: tests/integration/forgot-passphrase.test.ts',
  },
  {
    files: [
      'src/main/events.ts',
      'src/main/paths.ts',
      'src/shared/result.ts',
      'src/shared/exchange/info.ts',
      'src/shared/exchange/user.ts',
      'src/support/atomic-file.ts',
    ],
    reason:
      'small pieces every test of the core runs through (its events, its files, results, ' +
      'the exchange JSON): tests/integration/paced-portfolio.test.ts and tests/conformance/durability.test.ts ' +
      'among many; a unit test of each is owed',
  },
  {
    files: ['src/shared/exchange/triggers.ts'],
    reason: "the exchange's trigger JSON: tests/conformance/triggers.test.ts",
  },
  {
    files: ['src/support/demo-scenario.ts'],
    reason: 'the demo played into a fresh devnet: tests/conformance/demo.test.ts',
  },
  {
    files: [
      'src/protocol/errors.ts',
      'src/protocol/framing.ts',
      'src/protocol/keys.ts',
      'src/protocol/solana-tx.ts',
      'src/protocol/u128.ts',
    ],
    reason:
      'the wire format, through its codec and signing: tests/unit/protocol/golden-vectors.test.ts, ' +
      'tests/unit/protocol/codec.test.ts, tests/unit/protocol/signing.test.ts, and transactions on the ' +
      "devnet's chain in tests/conformance/solana-rpc.test.ts",
  },
  {
    files: ['src/main/electron/ipc.ts', 'src/shared/ipc/checked-api.ts'],
    reason:
      "Electron's IPC bound with a stand-in for Electron: tests/unit/main/electron/hardening.test.ts and " +
      'tests/unit/main/electron/main.test.ts',
  },
  {
    files: ['src/shared/csp.ts'],
    reason:
      "the renderer's Content-Security-Policy as Electron sets it, read back in " +
      'tests/unit/main/electron/hardening.test.ts, and as the browser host sends it, in tests/unit/host/server.test.ts',
  },
  {
    files: ['src/host/access.ts'],
    reason:
      "the browser host's one-time token and session cookie: tests/unit/host/server.test.ts and " +
      'tests/unit/host/entry-points.test.ts',
  },

  // ---- entry points and build steps: started as processes ----
  {
    files: [
      'src/host/cli.ts',
      'scripts/crash-campaign/host-client.ts',
      'scripts/crash-campaign/processes.ts',
    ],
    reason:
      'started as processes (`npm run host`) by tests/integration/crash-campaign.test.ts and by every ' +
      'Playwright spec (tests/e2e/app.spec.ts and the rest)',
  },
  {
    files: [
      'scripts/bench-smoke.ts',
      'scripts/perf-chart.ts',
      'scripts/crash-campaign/run.ts',
      'scripts/dist/cli.ts',
      'scripts/start.mjs',
      'scripts/keyring-ready.mjs',
    ],
    reason:
      'command-line entry points, each a few lines around what is tested (scripts/crash-campaign/campaign.ts, ' +
      'scripts/dist/config.ts): npm test runs bench-smoke.ts, which runs perf-chart.ts, and with-keyring.sh ' +
      'runs keyring-ready.mjs before every test; `npm run crash-campaign`, `npm run dist` and `npm start` ' +
      'are run by hand',
  },
  {
    files: ['bench/**'],
    reason:
      'benchmarks, whose figures are read rather than asserted: npm test runs every step of npm run bench at ' +
      'its smallest size (scripts/bench-smoke.ts), so each one still runs end to end',
  },
  {
    files: ['scripts/test-summary.mjs'],
    reason: "npm test's last step, run on written reports by tests/integration/test-summary.test.ts",
  },
  {
    files: ['scripts/crash-campaign/campaign.ts'],
    reason: 'its short run is tests/integration/crash-campaign.test.ts',
  },
  {
    files: ['scripts/fuzz/inputs.ts'],
    reason: 'the inputs of scripts/fuzz/run.ts, run by tests/unit/scripts/fuzz/run.test.ts',
  },
  {
    files: ['scripts/precompress.ts'],
    reason:
      'a build plugin run by every `electron-vite build`; the host serving what it writes is tested in ' +
      'tests/unit/host/compressed-files.test.ts, but not the plugin itself: a unit test is owed',
  },
];
