// @ts-check
// The import directions of docs/architecture.md, checked on every `npm test` (scripts/check-layers.ts):
//
//   shared  <-  protocol  <-  main, devnet        renderer -> shared        preload -> shared
//   host -> main (and what main may import)       'electron' only in src/main/electron and src/preload
//
// Type-only imports count: a type shared across layers belongs in the lower layer, not in one side of it.

/** @param {string[]} folders */
const under = (folders) => `^src/(${folders.join('|')})/`;

/** 'electron' as written (unresolved) or as installed. */
const ELECTRON = '^electron(/|$)|(^|/)node_modules/electron/';

/**
 * @param {string} name
 * @param {string} folder
 * @param {string[]} never the folders `folder` must not import
 * @param {string} comment why, shown when the rule breaks
 * @returns {import('dependency-cruiser').IForbiddenRuleType}
 */
const layer = (name, folder, never, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path: under([folder]) },
  to: { path: under(never) },
});

// Inside the devnet (src/devnet/README.md): wiring -> feature routes -> feature rules and views -> engine ->
// state. The http/ toolkit every route uses knows no feature; state (each feature's state.ts and the whole
// state.ts) and the plain support modules sit at the bottom and import only each other.
const DEVNET_FEATURES = '(sessions|funds|markets|orders|triggers|vaults|chain|service)';
const DEVNET_STATE = '^src/devnet/(state|[^/]+/state)[.]ts$';
const DEVNET_SUPPORT = '^src/devnet/(config|clock|json|streams|persistence)[.]ts$';
const DEVNET_WIRING = '^src/devnet/((cli|server|routes|openapi|response-schemas|devnet)[.]ts$|demo/)';
const DEVNET_ROUTES = `^src/devnet/${DEVNET_FEATURES}/[a-z-]*routes[.]ts$`;

/**
 * @param {string} name
 * @param {import('dependency-cruiser').IFromRestriction} from
 * @param {import('dependency-cruiser').IToRestriction} to
 * @param {string} comment
 * @returns {import('dependency-cruiser').IForbiddenRuleType}
 */
const devnetRule = (name, from, to, comment) => ({ name, comment, severity: 'error', from, to });

/** @returns {import('dependency-cruiser').IForbiddenRuleType[]} */
function devnetLayers() {
  return [
    devnetRule(
      'devnet-state-is-the-bottom',
      { path: [DEVNET_STATE, DEVNET_SUPPORT] },
      { path: '^src/devnet/', pathNot: [DEVNET_STATE, DEVNET_SUPPORT] },
      "State is plain data and the support modules are plain tools: neither knows the engine, a feature's " +
        'rules or views, HTTP or the wiring, so every layer above can use them.',
    ),
    devnetRule(
      'devnet-engine-below-the-features',
      { path: '^src/devnet/engine/' },
      { path: '^src/devnet/', pathNot: ['^src/devnet/engine/', DEVNET_STATE, DEVNET_SUPPORT] },
      'The engine checks and runs actions through the rules it is given; the features build on it, ' +
        'so it imports none of them (only state).',
    ),
    devnetRule(
      'devnet-http-knows-no-domain',
      { path: '^src/devnet/http/' },
      { path: '^src/devnet/', pathNot: ['^src/devnet/http/', DEVNET_SUPPORT] },
      'The http/ toolkit parses, pages and answers; what exists and what it means comes from the ' +
        'features, passed in.',
    ),
    devnetRule(
      'devnet-rules-and-views-below-routes',
      { path: `^src/devnet/${DEVNET_FEATURES}/`, pathNot: DEVNET_ROUTES },
      { path: [DEVNET_ROUTES, '^src/devnet/http/', DEVNET_WIRING] },
      "A feature's rules and views answer in the exchange's terms; only its routes speak HTTP, and " +
        'nothing below the wiring reaches up into it.',
    ),
    devnetRule(
      'devnet-routes-below-the-wiring',
      { path: DEVNET_ROUTES },
      { path: [DEVNET_WIRING, DEVNET_ROUTES] },
      "Each feature's routes are given what they read (explicit parts, not the Devnet) and are " +
        'gathered only by routes.ts; one route table never imports another.',
    ),
  ];
}

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    layer(
      'shared-is-the-bottom',
      'shared',
      ['protocol', 'main', 'devnet', 'host', 'renderer', 'preload'],
      'src/shared is pure TypeScript every process uses; it imports no other layer.',
    ),
    layer(
      'protocol-imports-only-shared',
      'protocol',
      ['main', 'devnet', 'host', 'renderer', 'preload'],
      'The wire format is used by both the app and the devnet, so it cannot depend on either.',
    ),
    layer(
      'main-never-imports-devnet-or-host',
      'main',
      ['devnet', 'host', 'renderer', 'preload'],
      'The app talks to an exchange over the wire and is hosted by Electron or the browser host; ' +
        'it never reaches into either. Code both need goes to src/shared or src/protocol.',
    ),
    layer(
      'devnet-never-imports-the-app',
      'devnet',
      ['main', 'host', 'renderer', 'preload'],
      'The devnet is the exchange: it must not share code with the client it serves.',
    ),
    layer(
      'renderer-imports-only-shared',
      'renderer',
      ['protocol', 'main', 'devnet', 'host', 'preload'],
      'The renderer is untrusted and runs in a browser: it reaches main only through window.wallet.',
    ),
    layer(
      'preload-imports-only-shared',
      'preload',
      ['protocol', 'main', 'devnet', 'host', 'renderer'],
      'The preload is a tiny sandboxed bridge over the contract in src/shared/ipc.',
    ),
    layer(
      'host-runs-the-app-not-the-exchange',
      'host',
      ['devnet', 'renderer', 'preload'],
      'The browser host carries the app core; it starts the devnet as a process, never imports it.',
    ),
    ...devnetLayers(),
    {
      name: 'electron-only-in-its-folders',
      comment:
        "Only src/main/electron and src/preload import 'electron'; the rest runs under plain Node too.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(main/electron|preload)/' },
      to: { path: ELECTRON },
    },
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
