// `npm run devnet -- --port N --data DIR [--demo] [--read-limit 20/40]`: runs the local exchange alone and
// prints its base URL.
// The app's launcher reads the PERPETUA_DEVNET_URL line from stdout to learn where it listens.
import { startDevnet } from './server';
import { defaultConfig } from './config';
import { commandLine } from '../support/command-line';

const values = commandLine({
  command: 'npm run devnet --',
  summary: 'Runs the local exchange alone and prints its base URL and its Solana JSON-RPC URL.',
  options: {
    port: { type: 'string', value: 'N', default: '0', help: 'the HTTP port; 0 takes a free one' },
    'rpc-port': {
      type: 'string',
      value: 'N',
      default: '0',
      help: 'the Solana JSON-RPC port; 0 takes a free one',
    },
    host: { type: 'string', value: 'ADDRESS', default: '127.0.0.1', help: 'the address to listen on' },
    data: { type: 'string', value: 'DIR', help: 'keep the exchange’s state here (default: in memory only)' },
    'exit-with-stdin': { type: 'boolean', help: 'stop when stdin closes (the app’s launcher holds it open)' },
    demo: { type: 'boolean', help: 'play the demo scenario into a fresh devnet' },
    'read-limit': {
      type: 'string',
      value: 'RATE/BURST',
      help: 'requests per second and burst for everything but POST /action (also PERPETUA_DEVNET_READ_LIMIT)',
    },
  },
});

const port = Number(values.port);
const rpcPort = Number(values['rpc-port']);
for (const [name, value, text] of [
  ['--port', port, values.port],
  ['--rpc-port', rpcPort, values['rpc-port']],
] as const)
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    console.error(`${name} must be a whole number from 0 to 65535, got "${text}"`);
    process.exit(2);
  }

// Journeys that claim a vault withdrawal cannot wait a day for the epoch: the e2e suite shortens it.
const epochText = process.env.PERPETUA_DEVNET_VAULT_EPOCH_SECONDS;
if (epochText !== undefined && !/^[1-9]\d{0,6}$/.test(epochText)) {
  console.error(`PERPETUA_DEVNET_VAULT_EPOCH_SECONDS must be a whole number of seconds, got "${epochText}"`);
  process.exit(2);
}
const defaults = defaultConfig();
const readLimitText = values['read-limit'] ?? process.env.PERPETUA_DEVNET_READ_LIMIT;
const readLimit = readLimitText === undefined ? null : /^([1-9]\d{0,5})\/([1-9]\d{0,6})$/.exec(readLimitText);
if (readLimit === null && readLimitText !== undefined) {
  console.error(`the read limit is requests per second / burst, like 20/40, got "${readLimitText}"`);
  process.exit(2);
}
const config = {
  ...(epochText ? { vaults: defaults.vaults.map((v) => ({ ...v, epochSeconds: Number(epochText) })) } : {}),
  ...(readLimit
    ? {
        rateLimits: {
          action: defaults.rateLimits.action,
          other: { perSecond: Number(readLimit[1]), burst: Number(readLimit[2]) },
        },
      }
    : {}),
};

const devnet = await startDevnet({
  config,
  port,
  rpcPort,
  host: values.host,
  ...(values.data ? { dataDir: values.data } : {}),
  demo: values.demo,
});
// As a validator prints its RPC URL: the launcher reads both lines.
console.log(`PERPETUA_SOLANA_RPC_URL=${devnet.rpcUrl}`);
console.log(`PERPETUA_DEVNET_URL=${devnet.baseUrl}`);
console.log(
  `devnet listening on ${devnet.baseUrl}; Solana JSON-RPC on ${devnet.rpcUrl}, its PubSub WebSocket on ${devnet.pubsubUrl}`,
);

const stop = (): void => {
  void devnet.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
if (values['exit-with-stdin']) {
  // The app's launcher holds our stdin open; if it dies without signalling, stop rather than linger.
  process.stdin.on('end', stop);
  process.stdin.resume();
}
