// `npm run host`: the browser host. Starts the main-process core, which connects to the network chosen in
// Settings (running the embedded devnet itself, plain or with demo data) unless --devnet-url names an
// exchange for this run, then the loopback server, and prints the address with its one-time token.
import { createInterface } from 'node:readline';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync, readFileSync } from 'node:fs';
import { createEventBus } from '../main/events';
import { defaultDataDir } from '../main/paths';
import { gateUntilStarted } from '../main/start-gate';
import { startHost } from './server';
import { firstPage } from './first-page';
import { commandLine } from '../support/command-line';
import { pubsubUrlOf } from '../shared/solana-pubsub-url';

const values = commandLine({
  command: 'npm run host --',
  summary:
    'Runs the wallet under plain Node and serves it to a browser on 127.0.0.1 (development and the end-to-end tests;\nthe product is the Electron app). Prints the address with its one-time token.',
  options: {
    port: { type: 'string', value: 'N', default: '0', help: 'the port to listen on; 0 takes a free one' },
    'devnet-url': {
      type: 'string',
      value: 'URL',
      help: 'the exchange for this run, instead of the network chosen in Settings',
    },
    'solana-rpc-url': { type: 'string', value: 'URL', help: 'its Solana JSON-RPC (with --devnet-url)' },
    'renderer-dir': {
      type: 'string',
      value: 'DIR',
      default: 'out/renderer',
      help: 'the built renderer to serve, made by npm run build',
    },
    'data-dir': {
      type: 'string',
      value: 'DIR',
      help: 'where the app keeps its files (default: the app’s own)',
    },
  },
});

const repoRoot = process.cwd();
const rendererDir = resolve(values['renderer-dir']);
if (!existsSync(join(rendererDir, 'index.html'))) {
  console.error(`No built renderer in ${rendererDir}. Run \`npm run build\` first.`);
  process.exit(1);
}
const dataDir = values['data-dir'] ?? defaultDataDir();
const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string })
  .version;

const fixedUrl = values['devnet-url'];

// The page is served first and the core's modules (the exchange codec, the Solana libraries, the keychain
// binding: about half a second of the only thread, answering nothing meanwhile) load once the browser has
// the page's files, while it parses and runs them; the lock screen asks only for the lock state, which waits
// for them. With no browser asking within a moment (the address copied by hand), they load anyway.
const CORE_LOAD_AT_LATEST_MS = 1_500;

async function loadCore() {
  const [
    { createCore },
    { createDispatcher },
    { embeddedDevnetLauncher, nodeDevnetCommand },
    { createKeyringStore },
  ] = await Promise.all([
    import('../main/core'),
    import('../main/ipc-dispatch'),
    import('../main/devnet-launcher'),
    import('../main/keychain/secret-store'),
  ]);
  // Built (out/main/host.js, what `npm start` runs): the devnet built beside it, plain JavaScript that starts
  // at once. From source (`npm run host`, the e2e suite): through tsx.
  const builtDevnet = join(dirname(fileURLToPath(import.meta.url)), 'devnet.js');
  const devnetCommand =
    import.meta.url.endsWith('.js') && existsSync(builtDevnet)
      ? { command: process.execPath, args: [builtDevnet] }
      : nodeDevnetCommand(repoRoot);
  const core = createCore({
    version,
    host: 'browser-host',
    ...(fixedUrl
      ? {
          exchange: {
            kind: 'custom' as const,
            baseUrl: fixedUrl,
            ...(values['solana-rpc-url'] ? { solanaRpcUrl: values['solana-rpc-url'] } : {}),
          },
        }
      : {
          launchDevnet: embeddedDevnetLauncher(devnetCommand, dataDir),
        }),
    dataDir: join(dataDir, 'app'),
    store: createKeyringStore(process.env.PERPETUA_KEYCHAIN_SERVICE ?? 'perpetua'),
  });
  core.events.subscribe((name, payload) => events.emit(name, payload));
  const started = core.start().catch((error: unknown) => {
    // Without a keychain (or a devnet that would not start) the app still opens and says why.
    console.error(`warning: ${(error as Error).message}`);
  });
  return { core, dispatch: createDispatcher(core.handlers), started };
}

const events = createEventBus();
const page = firstPage(rendererDir);
const loading = Promise.race([
  page.ready,
  new Promise((resolve) => setTimeout(resolve, CORE_LOAD_AT_LATEST_MS).unref()),
]).then(loadCore);
// a core that cannot even be built (a broken install) ends the host, as an error at start-up always did
loading.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
const host = await startHost({
  dispatch: gateUntilStarted(loading),
  events,
  rendererDir,
  port: Number(values.port),
  onServed: page.served,
});
console.log(`PERPETUA_HOST_URL=${host.url}`);
console.log(
  `Open ${host.url} in a browser. Its token works once (the browser keeps a session instead); press Enter here for a fresh address for another browser.`,
);
// Each line on stdin asks for one more one-time address (a person pressing Enter, or the e2e launcher).
createInterface({ input: process.stdin }).on('line', () =>
  console.log(`PERPETUA_HOST_URL=${host.mintUrl()}`),
);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await host.close();
  await (await loading).core.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

const { core, started } = await loading;
await started;
const network = core.network.view().connection;
console.log(
  `exchange: ${network?.baseUrl ?? '(none)'}${network?.kind.startsWith('embedded') ? ' (embedded devnet)' : ''}`,
);
const solanaRpc = core.network.view().solanaRpc?.url ?? null;
// one address a line, each after its name: scripts and tests read the RPC's from its line
console.log(`solana rpc: ${solanaRpc ?? '(none)'}`);
if (solanaRpc) console.log(`solana pubsub: ${pubsubUrlOf(solanaRpc)}`);
