// @ts-check
// What each file under src may import, checked on every `npm test` (scripts/check-layers.ts). The rules allow
// rather than forbid: every file is classified (CLASSES; a file no class takes fails the check, so a new folder
// or root file cannot launder an import), and an import is accepted only when an ALLOWED rule names its two
// ends. Because each class may import only classes below it, the rules hold transitively: what a class may not
// import, nothing it imports can reach either.
//
//   shared  <-  protocol  <-  support  <-  main, devnet        renderer -> shared        preload -> shared
//   inside the renderer: shell -> a feature's index -> its feature -> the shared renderer
//   host -> main (and what main may import)       'electron' only in src/main/electron and src/preload
//
// Type-only imports count: a type shared across layers belongs in the lower layer, not in one side of it.
// Computed dynamic imports and computed requires cannot be followed by any static check: lint refuses them
// (eslint.config.js, 'no-restricted-syntax').

/** 'electron' as written (unresolved) or as installed. */
export const ELECTRON = '^electron(/|$)|(^|/)node_modules/electron/';
/** npm packages, whatever kind of dependency package.json lists them as */
const NPM = ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg'];

// Inside the devnet (src/devnet/README.md): wiring -> feature routes -> feature rules and views -> the trading
// core -> engine -> state. The http/ toolkit every route uses knows no feature; state (each folder's state.ts
// and the whole state.ts) and the plain support modules sit at the bottom and import only each other.
/**
 * The devnet's feature folders, lowest first: a feature may import the rules and views of those before it
 * (and any folder's state.ts, which is state), never of one after it, so no two folders import each other.
 */
const DEVNET_FEATURE_ORDER = ['sessions', 'funds', 'orders', 'triggers', 'vaults', 'chain', 'service'];
const DEVNET_FEATURES = `(${DEVNET_FEATURE_ORDER.join('|')})`;
const DEVNET_ROUTES = `^src/devnet/(trading|${DEVNET_FEATURE_ORDER.join('|')})/[a-z-]*routes[.]ts$`;

// Inside the renderer (docs/architecture.md, "The renderer"): the shell -> features -> the shared UI, hooks and
// bridge. A feature's files import their own folder, the shared renderer and other features' indexes, never
// another feature's files; the shared renderer imports no feature. The group is the feature's folder, so that a
// rule can say "the same feature" ($1).
const RENDERER_FEATURE = '^src/renderer/src/features/([^/]+)/';

/**
 * Every code file under src is in exactly one class: the first whose pattern takes it. The order matters only
 * where a narrower class sits inside a wider folder (main/electron in main, a feature's routes in its folder).
 * @type {{ name: string, path: string, comment: string }[]}
 */
export const CLASSES = [
  {
    name: 'shared-ipc',
    path: '^src/shared/ipc/',
    comment: "the app's IPC contract: the app's, not the exchange's",
  },
  { name: 'shared', path: '^src/shared/', comment: 'pure TypeScript every process uses' },
  {
    name: 'protocol',
    path: '^src/protocol/',
    comment: 'the wire protocol both the app and the exchange speak',
  },
  {
    name: 'support',
    path: '^src/support/',
    comment: 'Node-only support the app core, the host and the devnet share: files, command lines, the demo',
  },
  {
    name: 'main-electron',
    path: '^src/main/electron/',
    comment: "the only part of main that imports 'electron'",
  },
  {
    name: 'main',
    path: '^src/main/',
    comment: 'the app core: plain Node, hosted by Electron or the browser host',
  },
  { name: 'preload', path: '^src/preload/', comment: 'the sandboxed bridge over the contract' },
  {
    name: 'renderer-shell',
    path: '^src/renderer/src/((main|App|Unlocked)[.]tsx|hooks/queries[.]ts)$',
    comment: "the window's shell: starts the app, lays out the pages, subscribes to main's events",
  },
  {
    name: 'renderer-feature-index',
    path: `${RENDERER_FEATURE}index[.]tsx?$`,
    comment: "a feature's index: all that the shell and the other features may use of it",
  },
  {
    name: 'renderer-feature',
    path: `${RENDERER_FEATURE}(?!index[.]tsx?$)`,
    comment: "a feature's own queries, pages and panels (src/renderer/src/features/<domain>/)",
  },
  {
    name: 'renderer-harness',
    path: '^src/renderer/test-harness/',
    comment: 'test pages built only by tests: like a test, they reach into what they draw',
  },
  {
    name: 'renderer',
    path: '^src/renderer/',
    comment: 'the untrusted window: shows and asks, never signs; here the shared UI, hooks, bridge and theme',
  },
  { name: 'host', path: '^src/host/', comment: 'the browser host: the app core under plain Node' },
  {
    name: 'devnet-bottom',
    path: '^src/devnet/((state|config|clock|json|streams|persistence|journal|verify-worker)[.]ts$|[^/]+/state[.]ts$)',
    comment: 'state and the plain support modules',
  },
  {
    name: 'devnet-engine',
    path: '^src/devnet/engine/',
    comment: 'runs actions through the rules it is given',
  },
  { name: 'devnet-http', path: '^src/devnet/http/', comment: 'parses, pages and answers; knows no feature' },
  { name: 'devnet-routes', path: DEVNET_ROUTES, comment: "a feature's HTTP routes" },
  {
    name: 'devnet-trading',
    path: '^src/devnet/trading/',
    comment:
      'the trading core: accounts, book, matching, positions, margin, liquidation, maker, oracle, funding',
  },
  { name: 'devnet-feature', path: `^src/devnet/${DEVNET_FEATURES}/`, comment: "a feature's rules and views" },
  {
    name: 'devnet-wiring',
    path: '^src/devnet/(cli|server|routes|openapi|response-schemas|devnet|demo)[.]ts$',
    comment: 'puts the devnet together',
  },
];

/** @param {string} name */
const classPath = (name) => {
  const found = CLASSES.find((c) => c.name === name);
  if (!found) throw new Error(`no class ${name}`);
  return found.path;
};
/**
 * Files of these classes: a class's pattern minus the narrower classes listed before it inside its folder.
 * @param {string[]} names
 * @returns {import('dependency-cruiser').IFromRestriction & import('dependency-cruiser').IToRestriction}
 */
const of = (...names) => {
  const path = names.map(classPath);
  const narrower = CLASSES.slice(0, Math.max(...names.map((n) => CLASSES.findIndex((c) => c.name === n))))
    .filter((c) => !names.includes(c.name))
    .map((c) => c.path);
  return narrower.length ? { path, pathNot: narrower } : { path };
};

/**
 * @param {string} comment why this class may import these
 * @param {import('dependency-cruiser').IFromRestriction} from
 * @param {import('dependency-cruiser').IToRestriction} to
 * @returns {import('dependency-cruiser').IAllowedRuleType}
 */
const allow = (comment, from, to) => ({ comment, from, to });

const npm = { dependencyTypes: NPM, pathNot: ELECTRON };
const LOWER_DEVNET = ['shared', 'protocol', 'support'];

/** @type {import('dependency-cruiser').IAllowedRuleType[]} */
const ALLOWED = [
  // a module outside src is followed only to see src reach it (which no rule allows); its own imports are not src's
  allow('outside src is not judged here', { pathNot: '^src/' }, {}),
  allow(
    'shared imports only shared and plain packages: no Node, no other layer',
    of('shared', 'shared-ipc'),
    {
      ...of('shared', 'shared-ipc'),
    },
  ),
  allow('shared imports plain packages (zod, bs58, …)', of('shared', 'shared-ipc'), npm),
  allow(
    "the wire protocol builds on shared, never on the app's IPC contract",
    of('protocol'),
    of('protocol', 'shared'),
  ),
  allow('the wire protocol runs in Node: packages and node:*', of('protocol'), {
    dependencyTypes: [...NPM, 'core'],
    pathNot: ELECTRON,
  }),
  allow(
    'Node support builds on the wire protocol and shared, never on the app or the exchange',
    of('support'),
    of('support', 'protocol', 'shared'),
  ),
  allow('Node support runs in Node: packages and node:*', of('support'), {
    dependencyTypes: [...NPM, 'core'],
    pathNot: ELECTRON,
  }),
  allow(
    'main builds on Node support, the wire protocol and shared; main/electron is above it, never below',
    of('main'),
    of('main', 'support', 'protocol', 'shared', 'shared-ipc'),
  ),
  allow('main runs in Node: packages and node:*', of('main'), {
    dependencyTypes: [...NPM, 'core'],
    pathNot: ELECTRON,
  }),
  allow(
    "main/electron hosts the core in Electron: everything main may import, and 'electron'",
    of('main-electron'),
    of('main-electron', 'main', 'support', 'protocol', 'shared', 'shared-ipc'),
  ),
  allow("main/electron: packages, node:* and 'electron'", of('main-electron'), {
    dependencyTypes: [...NPM, 'core'],
  }),
  allow('the preload bridges the contract', of('preload'), of('preload', 'shared', 'shared-ipc')),
  allow("the preload: 'electron' and plain packages", of('preload'), { dependencyTypes: NPM }),
  allow(
    'the renderer reaches main only through window.wallet: it imports shared and itself, and knows no feature',
    of('renderer'),
    of('renderer', 'shared', 'shared-ipc'),
  ),
  allow(
    "a feature's files (its index among them) import their own folder",
    { path: RENDERER_FEATURE },
    { path: '^src/renderer/src/features/$1/' },
  ),
  allow(
    'a feature imports another only through its index, and the shared renderer',
    of('renderer-feature', 'renderer-feature-index'),
    of('renderer-feature-index', 'renderer', 'shared', 'shared-ipc'),
  ),
  allow(
    'the shell puts the features together through their indexes',
    of('renderer-shell'),
    of('renderer-shell', 'renderer-feature-index', 'renderer', 'shared', 'shared-ipc'),
  ),
  allow(
    'a test page reaches into the feature it draws',
    of('renderer-harness'),
    of('renderer-harness', 'renderer-feature', 'renderer', 'shared', 'shared-ipc'),
  ),
  allow(
    'the renderer: browser packages (never protobufjs: it needs eval)',
    of('renderer-shell', 'renderer-feature-index', 'renderer-feature', 'renderer-harness', 'renderer'),
    {
      dependencyTypes: NPM,
      pathNot: [ELECTRON, '(^|/)node_modules/protobufjs/|^protobufjs$'],
    },
  ),
  allow(
    'the browser host carries the app core (not its Electron part) and starts the devnet as a process',
    of('host'),
    of('host', 'main', 'support', 'protocol', 'shared', 'shared-ipc'),
  ),
  allow('the host runs in Node', of('host'), { dependencyTypes: [...NPM, 'core'], pathNot: ELECTRON }),
  // The devnet is the exchange: the wire protocol and shared, never the app's contract or anything of the app.
  allow(
    'devnet: Node and packages',
    { path: '^src/devnet/' },
    { dependencyTypes: [...NPM, 'core'], pathNot: ELECTRON },
  ),
  allow(
    'devnet state and support import only each other',
    of('devnet-bottom'),
    of('devnet-bottom', ...LOWER_DEVNET),
  ),
  allow(
    'the devnet engine: the rules are given to it; it knows only state',
    of('devnet-engine'),
    of('devnet-engine', 'devnet-bottom', ...LOWER_DEVNET),
  ),
  allow(
    'the http/ toolkit knows no feature',
    of('devnet-http'),
    of('devnet-http', 'devnet-bottom', ...LOWER_DEVNET),
  ),
  allow(
    'the trading core: every feature builds on it, it on none',
    of('devnet-trading'),
    of('devnet-trading', 'devnet-engine', 'devnet-bottom', ...LOWER_DEVNET),
  ),
  allow(
    "a feature's rules and views answer in the exchange's terms, below HTTP",
    of('devnet-feature'),
    of('devnet-feature', 'devnet-trading', 'devnet-engine', 'devnet-bottom', ...LOWER_DEVNET),
  ),
  allow(
    "a feature's routes: its rules and views and the http/ toolkit; one route table never imports another",
    of('devnet-routes'),
    of('devnet-feature', 'devnet-trading', 'devnet-engine', 'devnet-http', 'devnet-bottom', ...LOWER_DEVNET),
  ),
  allow(
    'the wiring puts the devnet together',
    of('devnet-wiring'),
    of(
      'devnet-wiring',
      'devnet-routes',
      'devnet-feature',
      'devnet-trading',
      'devnet-engine',
      'devnet-http',
      'devnet-bottom',
      ...LOWER_DEVNET,
    ),
  ),
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  allowed: ALLOWED,
  allowedSeverity: 'error',
  forbidden: [
    {
      name: 'electron-only-in-its-folders',
      comment:
        "Only src/main/electron and src/preload reach 'electron', directly or through anything they import; the rest runs under plain Node too.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(main/electron|preload)/' },
      to: { path: ELECTRON, reachable: true },
    },
    // the features in DEVNET_FEATURE_ORDER: one never imports a later one's code (its state.ts is state)
    ...DEVNET_FEATURE_ORDER.slice(0, -1).map((feature, i) => ({
      name: 'devnet-features-one-way',
      comment:
        'A devnet feature imports only features before it in DEVNET_FEATURE_ORDER (of a later one, only its state.ts), so no two folders import each other: move what both need down, or pass it in.',
      severity: /** @type {const} */ ('error'),
      from: { path: `^src/devnet/${feature}/` },
      to: {
        path: `^src/devnet/(${DEVNET_FEATURE_ORDER.slice(i + 1).join('|')})/`,
        pathNot: '^src/devnet/[^/]+/state[.]ts$',
      },
    })),
    {
      name: 'no-cycles',
      comment: 'Modules import one way; a cycle means two modules are one, or a shape belongs lower down.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
