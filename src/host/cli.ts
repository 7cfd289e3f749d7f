// `npm run host`: the browser host. Starts the embedded devnet (unless --devnet-url names an exchange),
// the main-process core and the loopback server, then prints the address with its one-time token.
import { parseArgs } from 'node:util';
import { join, resolve } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { createCore } from '../main/core';
import { createDispatcher } from '../main/ipc-dispatch';
import { launchDevnet, nodeDevnetCommand, type LaunchedDevnet } from '../main/devnet-launcher';
import { defaultDataDir } from '../main/paths';
import { createKeyringStore } from '../main/keychain/secret-store';
import { startHost } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'devnet-url': { type: 'string' },
    'renderer-dir': { type: 'string', default: 'out/renderer' },
    'data-dir': { type: 'string' },
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

let devnet: LaunchedDevnet | null = null;
const exchangeUrl =
  values['devnet-url'] ??
  (devnet = await launchDevnet({ ...nodeDevnetCommand(repoRoot), dataDir: join(dataDir, 'devnet') })).baseUrl;

const core = createCore({
  version,
  host: 'browser-host',
  exchange: { kind: devnet ? 'embedded-devnet' : 'custom', baseUrl: exchangeUrl },
  dataDir: join(dataDir, 'app'),
  store: createKeyringStore(process.env.PERPETUA_KEYCHAIN_SERVICE ?? 'perpetua'),
});
try {
  await core.start();
} catch (error) {
  // Without a keychain the app still opens and says why; every key operation reports the same reason.
  console.error(`warning: ${(error as Error).message}`);
}
const host = await startHost({
  dispatch: createDispatcher(core.handlers),
  events: core.events,
  rendererDir,
  port: Number(values.port),
});

console.log(`exchange: ${exchangeUrl}${devnet ? ' (embedded devnet)' : ''}`);
console.log(`PERPETUA_HOST_URL=${host.url}`);
console.log(`Open ${host.url} in a browser. The token in it is valid for this run only; keep it private.`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await host.close();
  await core.close();
  await devnet?.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
