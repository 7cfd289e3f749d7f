// The fuzzer: a real devnet and a real browser host (core on a throwaway in-memory secret store) in this
// process, driven with seeded hostile input at five entry points: the host's HTTP layer (requests and
// upgrades), the devnet's HTTP layer, IPC frames over the host bridge, well-formed IPC calls with hostile
// values (shaped by each method's schema, so they reach the handlers of an unlocked app with a wallet), and
// the devnet's POST /action. It counts answers by kind, crashes (uncaught exceptions and unhandled
// rejections while it runs), hangs (no answer in time), leaked internals (stack traces, source paths) in
// anything sent back, and INTERNAL answers: bad input has its own code, so an INTERNAL is a finding.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import WebSocket from 'ws';
import { startDevnet } from '../../src/devnet/server';
import { startHost } from '../../src/host/server';
import { createCore } from '../../src/main/core';
import { createDispatcher } from '../../src/main/ipc-dispatch';
import type { SecretStore } from '../../src/main/keychain/secret-store';
import { METHOD_NAMES, specOf, type MethodName } from '../../src/shared/ipc/contract';
import { parseWire, stringifyWire } from '../../src/shared/wire-json';
import { loadSchema, readBundledProto } from '../../src/protocol/schema';
import { encodeActionRaw, decodeReceipt } from '../../src/protocol/codec';
import { SigningKey } from '../../src/protocol/keys';
import { buildActionBody, signAction } from '../../src/protocol/signing';
import {
  Rng,
  fuzzActionBody,
  fuzzArgument,
  fuzzHttpRequest,
  fuzzIpcFrame,
  type HttpTarget,
  type KnownValues,
} from './inputs';

export const TARGETS = ['host-http', 'devnet-http', 'host-ipc', 'ipc-calls', 'devnet-action'] as const;

/**
 * Left out of the typed calls, which run against one app for the whole run: each would end the run's use
 * of it (another exchange or RPC, the one wallet gone, another passphrase, unlock attempts counted toward
 * the throttle). The garbage frames of host-ipc still reach them.
 */
const NOT_CALLED: readonly MethodName[] = [
  'settings.setNetwork',
  'settings.setSolanaRpc',
  'wallets.remove',
  'lock.changePassphrase',
  'lock.unlock',
];
const FUZZ_PASSPHRASE = 'fuzz passphrase 20261123';
export type Target = (typeof TARGETS)[number];

export interface FuzzOptions {
  seed: number;
  /** inputs in all, shared evenly by the targets */
  inputs: number;
  /** stop early (and say so) after this long */
  maxSeconds: number;
  /** how long one input may go unanswered before it counts as a hang */
  answerTimeoutMs?: number;
  progress?: (line: string) => void;
}

export interface FuzzReport {
  seed: number;
  seconds: number;
  stoppedEarly: boolean;
  inputs: Record<Target, number>;
  answers: Record<Target, Record<string, number>>;
  crashes: number;
  hangs: number;
  leaks: number;
  /** IPC answers of INTERNAL: a bad input that no check refused as such */
  internals: number;
  /** the first few findings of each kind, for replaying */
  samples: string[];
}

const LEAK_PATTERNS = [
  /\n\s+at [^\n]+:\d+/, // a stack frame
  /node:internal/,
  /node_modules/,
  /\/(src|scripts|tests)\/[\w/-]+\.(ts|js)/,
  /\b(?:TypeError|RangeError|SyntaxError|ReferenceError): /,
];

function leaks(text: string): boolean {
  return LEAK_PATTERNS.some((p) => p.test(text)) || text.includes(process.cwd());
}

class MemoryStore implements SecretStore {
  private readonly items = new Map<string, string>();
  async get(name: string) {
    return this.items.get(name) ?? null;
  }
  async set(name: string, secret: string) {
    this.items.set(name, secret);
  }
  async delete(name: string) {
    return this.items.delete(name);
  }
}

function rawExchange(port: number, request: Buffer, timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (answer: string | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('latin1');
      // an upgrade that succeeded stays open: its 101 head is the answer
      if (/^HTTP\/1\.1 101/.test(text) && text.includes('\r\n\r\n')) finish(text);
    });
    socket.on('error', () => finish(Buffer.concat(chunks).toString('latin1')));
    socket.on('close', () => finish(Buffer.concat(chunks).toString('latin1')));
    socket.write(request);
  });
}

function httpKind(answer: string): string {
  const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
  return status ? `http ${status}` : 'closed without an answer';
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const deadline = started + options.maxSeconds * 1000;
  const answerTimeoutMs = options.answerTimeoutMs ?? 4_000;
  const report: FuzzReport = {
    seed: options.seed,
    seconds: 0,
    stoppedEarly: false,
    inputs: { 'host-http': 0, 'devnet-http': 0, 'host-ipc': 0, 'ipc-calls': 0, 'devnet-action': 0 },
    answers: { 'host-http': {}, 'devnet-http': {}, 'host-ipc': {}, 'ipc-calls': {}, 'devnet-action': {} },
    crashes: 0,
    hangs: 0,
    leaks: 0,
    internals: 0,
    samples: [],
  };
  const sample = (line: string): void => {
    if (report.samples.length < 40) report.samples.push(line);
  };
  const count = (target: Target, kind: string): void => {
    report.answers[target][kind] = (report.answers[target][kind] ?? 0) + 1;
  };
  let current = '';
  const onCrash = (error: unknown): void => {
    report.crashes += 1;
    sample(`crash during ${current}: ${error instanceof Error ? error.message : String(error)}`);
  };
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);

  const dirs = [
    mkdtempSync(join(tmpdir(), 'perpetua-fuzz-')),
    mkdtempSync(join(tmpdir(), 'perpetua-fuzz-r-')),
  ];
  writeFileSync(join(dirs[1]!, 'index.html'), '<html>app</html>');
  const devnet = await startDevnet({
    tickMs: 0,
    // the rate limiter would answer most inputs with 429 and hide what is behind it
    config: {
      rateLimits: {
        action: { perSecond: 1_000_000, burst: 1_000_000 },
        other: { perSecond: 1_000_000, burst: 1_000_000 },
      },
    },
  });
  const core = createCore({
    version: '0.0.0-fuzz',
    host: 'browser-host',
    exchange: { kind: 'embedded-devnet', baseUrl: devnet.baseUrl },
    dataDir: dirs[0]!,
    store: new MemoryStore(),
    kdf: { argon2id: { m: 64, t: 1, p: 1 } },
    refreshEveryMs: 0,
  });
  const dispatch = createDispatcher(core.handlers, { error: () => {} });
  const host = await startHost({
    dispatch,
    events: core.events,
    rendererDir: dirs[1]!,
  });
  const hostPort = Number(new URL(host.origin).port);
  const first = await fetch(host.url, { redirect: 'manual' });
  const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
  const hostTarget: HttpTarget = { port: hostPort, ownHost: `127.0.0.1:${hostPort}`, cookie };
  const devnetTarget: HttpTarget = { port: devnet.port, ownHost: `127.0.0.1:${devnet.port}` };

  // the typed calls go to an unlocked app with a wallet, and mix its real ids into their values
  await dispatch('lock.setup', { passphrase: FUZZ_PASSPHRASE });
  const pending = (await dispatch('wallets.create', { label: 'Fuzz', passphrase: FUZZ_PASSPHRASE })) as {
    ok: true;
    value: { pendingId: string; publicKey: string; secretKey: string };
  };
  const created = (await dispatch('wallets.confirmBackup', {
    pendingId: pending.value.pendingId,
    confirmation: pending.value.secretKey.slice(-6),
  })) as { ok: true; value: { walletId: string } };
  const known: KnownValues = {
    strings: [created.value.walletId, pending.value.publicKey, '1', '0'],
    byKey: {
      passphrase: FUZZ_PASSPHRASE,
      walletId: created.value.walletId,
      phrase: 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
      sessionId: '1',
    },
  };
  const typedMethods = METHOD_NAMES.filter((name) => !NOT_CALLED.includes(name));

  // a valid signed action to mutate
  const schema = loadSchema(readBundledProto());
  const seedRng = new Rng(options.seed ^ 0x5eed);
  const wallet = new SigningKey(seedRng.bytes(32));
  const raw = encodeActionRaw(schema, {
    currentTimestamp: BigInt(Math.floor(Date.now() / 1000)),
    nonce: 1,
    kind: {
      type: 'createSession',
      userPubkey: wallet.publicKey,
      sessionPubkey: new SigningKey(seedRng.bytes(32)).publicKey,
      expiryTimestamp: BigInt(Math.floor(Date.now() / 1000) + 3600),
    },
  });
  const validAction = buildActionBody(raw, signAction(raw, wallet, 'hex'));

  const perTarget = Math.ceil(options.inputs / TARGETS.length);

  async function hostHttp(rng: Rng): Promise<void> {
    const { text } = fuzzHttpRequest(rng, hostTarget);
    const answer = await rawExchange(hostPort, text, answerTimeoutMs);
    record('host-http', answer, text);
  }
  async function devnetHttp(rng: Rng): Promise<void> {
    const { text } = fuzzHttpRequest(rng, devnetTarget);
    const answer = await rawExchange(devnet.port, text, answerTimeoutMs);
    record('devnet-http', answer, text);
  }
  function record(target: Target, answer: string | null, input: Buffer): void {
    if (answer === null) {
      report.hangs += 1;
      count(target, 'hang');
      sample(`hang at ${target}: ${JSON.stringify(input.subarray(0, 200).toString('latin1'))}`);
      return;
    }
    const kind = httpKind(answer);
    count(target, kind);
    if (kind.startsWith('http 5'))
      sample(`${kind} at ${target}: ${JSON.stringify(input.subarray(0, 200).toString('latin1'))}`);
    if (leaks(answer)) {
      report.leaks += 1;
      sample(`leak at ${target}: ${JSON.stringify(answer.slice(0, 300))}`);
    }
  }

  async function devnetAction(rng: Rng): Promise<void> {
    const body = fuzzActionBody(rng, validAction);
    const type = rng.chance(0.95)
      ? 'application/octet-stream'
      : rng.pick(['text/plain', 'application/json', '']);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), answerTimeoutMs);
    try {
      const res = await fetch(`${devnet.baseUrl}/action`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
        signal: controller.signal,
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      let kind = `http ${res.status}`;
      if (res.status === 200) {
        try {
          const receipt = decodeReceipt(schema, bytes);
          kind =
            receipt.kind.type === 'err'
              ? `receipt err ${receipt.kind.error}`
              : `receipt ${receipt.kind.type}`;
        } catch {
          kind = 'undecodable receipt';
          sample(`undecodable receipt for body ${body.toString('hex').slice(0, 200)}`);
        }
      } else if (leaks(bytes.toString('latin1'))) {
        report.leaks += 1;
        sample(`leak at devnet-action: ${bytes.toString('latin1').slice(0, 300)}`);
      }
      if (res.status >= 500) sample(`${kind} at devnet-action: ${body.toString('hex').slice(0, 200)}`);
      count('devnet-action', kind);
    } catch {
      report.hangs += 1;
      count('devnet-action', 'hang');
      sample(`hang at devnet-action: ${body.toString('hex').slice(0, 200)}`);
    } finally {
      clearTimeout(timer);
    }
  }

  let bridge = null as WebSocket | null;
  let frameId = 1;
  async function openBridge(): Promise<WebSocket> {
    const ws = new WebSocket(`${host.origin.replace('http', 'ws')}/bridge`, {
      origin: host.origin,
      headers: { cookie },
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.on('error', () => {});
    return ws;
  }
  /** Sends one frame over the bridge and waits for its answer (or any, when `expected` is null). */
  async function overBridge(frame: string | Buffer, expected: number | null): Promise<string> {
    if (!bridge || bridge.readyState !== WebSocket.OPEN) bridge = await openBridge();
    const ws = bridge;
    const kind = await new Promise<string>((resolve) => {
      const timer = setTimeout(() => done('hang'), answerTimeoutMs);
      function done(k: string): void {
        clearTimeout(timer);
        ws.off('message', onMessage);
        ws.off('close', onClose);
        resolve(k);
      }
      function onMessage(data: WebSocket.RawData): void {
        const text = data.toString();
        let message: { id?: unknown; result?: { ok?: boolean; error?: { code?: string; message?: string } } };
        try {
          message = parseWire(text) as typeof message;
        } catch {
          return done('unparsable answer');
        }
        if (!('id' in message)) return; // an event
        if (expected !== null && message.id !== expected) return; // a late answer to an earlier frame
        if (leaks(text)) {
          report.leaks += 1;
          sample(`leak at ${current}: ${text.slice(0, 300)}`);
        }
        done(message.result?.ok ? 'ok' : `error ${message.result?.error?.code ?? '?'}`);
      }
      function onClose(code: number): void {
        done(`closed ${code}`);
      }
      ws.on('message', onMessage);
      ws.on('close', onClose);
      ws.send(frame, { binary: Buffer.isBuffer(frame) });
    });
    if (kind === 'hang') {
      report.hangs += 1;
      sample(`hang at ${current}: ${String(frame).slice(0, 200)}`);
      ws.terminate();
    }
    if (kind === 'error INTERNAL') {
      report.internals += 1;
      sample(`INTERNAL at ${current}: ${String(frame).slice(0, 300)}`);
    }
    return kind;
  }
  async function hostIpc(rng: Rng): Promise<void> {
    const id = frameId++;
    const { frame, id: expected } = fuzzIpcFrame(rng, METHOD_NAMES, id);
    count('host-ipc', await overBridge(frame, expected));
  }
  async function ipcCalls(rng: Rng): Promise<void> {
    const id = frameId++;
    const method = rng.pick(typedMethods);
    const arg = fuzzArgument(rng, specOf(method).args, known);
    count('ipc-calls', await overBridge(stringifyWire({ id, method, arg }), id));
    // a call that locked the app (lock.lock, a short auto-lock) is undone, so the next reaches its handler
    if (core.lock.state().status !== 'unlocked')
      await dispatch('lock.unlock', { passphrase: FUZZ_PASSPHRASE });
  }

  const runners: Record<Target, (rng: Rng) => Promise<void>> = {
    'host-http': hostHttp,
    'devnet-http': devnetHttp,
    'host-ipc': hostIpc,
    'ipc-calls': ipcCalls,
    'devnet-action': devnetAction,
  };
  // the HTTP targets run a few inputs at a time; IPC frames go one by one so each answer is attributable
  const parallel: Record<Target, number> = {
    'host-http': 8,
    'devnet-http': 8,
    'host-ipc': 1,
    'ipc-calls': 1,
    'devnet-action': 8,
  };

  try {
    for (const target of TARGETS) {
      const rng = new Rng(options.seed + TARGETS.indexOf(target) * 1_000_003);
      let next = 0;
      const lane = async (): Promise<void> => {
        while (next < perTarget) {
          if (Date.now() > deadline) {
            report.stoppedEarly = true;
            return;
          }
          next += 1;
          report.inputs[target] += 1;
          current = `${target} input ${report.inputs[target]}`;
          await runners[target](rng);
          if (report.inputs[target] % 5000 === 0)
            options.progress?.(`${target}: ${report.inputs[target]} inputs`);
        }
      };
      await Promise.all(Array.from({ length: parallel[target] }, lane));
    }
  } finally {
    bridge?.terminate();
    await host.close();
    await core.close();
    await devnet.close();
    // late crashes of the last inputs still count
    await new Promise((r) => setTimeout(r, 50));
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  }
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

/** The report as a table a person reads. */
export function formatReport(report: FuzzReport): string {
  const lines = [
    `seed ${report.seed}, ${report.seconds.toFixed(1)} s${report.stoppedEarly ? ' (stopped at the time limit)' : ''}`,
    '',
  ];
  for (const target of TARGETS) {
    lines.push(`${target}: ${report.inputs[target]} inputs`);
    const kinds = Object.entries(report.answers[target]).sort((a, b) => b[1] - a[1]);
    for (const [kind, n] of kinds) lines.push(`  ${String(n).padStart(7)}  ${kind}`);
  }
  lines.push(
    '',
    `crashes: ${report.crashes}`,
    `hangs: ${report.hangs}`,
    `leaked internals: ${report.leaks}`,
    `INTERNAL answers: ${report.internals}`,
  );
  if (report.samples.length) lines.push('', 'findings (first few):', ...report.samples.map((s) => `  ${s}`));
  return lines.join('\n');
}
