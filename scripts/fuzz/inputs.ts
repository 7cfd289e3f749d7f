// Seeded input generators for the fuzzer: HTTP requests (paths, headers, upgrades), IPC frames for the
// host bridge, and POST /action bodies. Deterministic for a seed, so any finding can be replayed.

/** mulberry32: small, fast, and the same sequence on every machine for a seed */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  bytes(n: number): Buffer {
    const out = Buffer.alloc(n);
    for (let i = 0; i < n; i += 1) out[i] = this.int(256);
    return out;
  }
  text(max: number, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789-_.~'): string {
    let s = '';
    const n = this.int(max + 1);
    for (let i = 0; i < n; i += 1) s += alphabet[this.int(alphabet.length)];
    return s;
  }
}

const KNOWN_PATHS = [
  '/',
  '/index.html',
  '/bridge',
  '/assets/index.js',
  '/assets/index.css',
  '/favicon.ico',
  '/markets',
  '/markets/live',
  '/market/0/book',
  '/market/1/trades',
  '/account/1',
  '/user/11111111111111111111111111111111',
  '/action',
  '/actions',
  '/event/last-acked-nonce',
  '/devnet/index-price',
  '/openapi.json',
  '/schema.proto',
  '/ws/trades',
  '/ws/book.0',
];

const PATH_NOISE = [
  '%E0%A4%A',
  '%ZZ',
  '%',
  '%00',
  '%5C',
  '%2e%2e',
  '%2F',
  '%C0%AF',
  '..',
  '//x:99999/',
  '\\',
  '%FF%FE',
  ';',
  '%25',
  '~',
  '@',
  ':',
];

const QUERY_NAMES = ['token', 'limit', 'cursor', 'from', 'to', 'signer', 'market', 'streams', 'x'];
const QUERY_VALUES = ['', '-1', '0', '1e999', '9'.repeat(400), 'null', '%E0%A4%A', 'a'.repeat(2000), '[]'];

export function fuzzPath(rng: Rng): string {
  let path = rng.pick(KNOWN_PATHS);
  const edits = rng.int(4);
  for (let i = 0; i < edits; i += 1) {
    const at = rng.int(path.length + 1);
    const piece = rng.chance(0.7) ? rng.pick(PATH_NOISE) : `/${rng.text(12)}`;
    path = path.slice(0, at) + piece + path.slice(at);
  }
  if (rng.chance(0.05)) path = `/${'a/'.repeat(rng.int(3000))}`;
  if (rng.chance(0.3)) {
    const params: string[] = [];
    for (let i = rng.int(4); i >= 0; i -= 1)
      params.push(`${rng.pick(QUERY_NAMES)}=${rng.pick(QUERY_VALUES)}`);
    path += `?${params.join('&')}`;
  }
  // a request line may not hold spaces or controls: Node answers those itself, which is worth a few inputs
  // eslint-disable-next-line no-control-regex -- stripping controls is the point
  if (!rng.chance(0.03)) path = path.replace(/[\s\x00-\x1f\x7f]/g, '');
  if (rng.chance(0.05)) path = path.replace(/^\//, rng.pick(['', '*', 'http://evil.example/', '//']));
  return path;
}

export interface HttpTarget {
  port: number;
  /** the server's own Host value */
  ownHost: string;
  /** a valid session cookie for the host, if any */
  cookie?: string;
}

const METHODS = ['GET', 'GET', 'GET', 'HEAD', 'POST', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE'];
const CONTENT_TYPES = [
  'application/json',
  'application/octet-stream',
  'text/plain',
  'multipart/form-data',
  '',
];

/** One whole HTTP/1.1 request (always complete, so no answer means a hang, not a slow client). */
export function fuzzHttpRequest(rng: Rng, target: HttpTarget): { text: Buffer; upgrade: boolean } {
  const method = rng.chance(0.03) ? rng.text(8, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') || 'X' : rng.pick(METHODS);
  const headers: string[] = [];
  const host = rng.pick([
    target.ownHost,
    target.ownHost,
    target.ownHost,
    `localhost:${target.port}`,
    `evil.example:${target.port}`,
    '',
    '[::1',
    `${target.ownHost}, evil.example`,
  ]);
  if (host !== '' || rng.chance(0.5)) headers.push(`Host: ${host}`);
  const origin = rng.pick([
    null,
    null,
    null,
    null,
    `http://${target.ownHost}`,
    'https://evil.example',
    'null',
  ]);
  if (origin !== null) headers.push(`Origin: ${origin}`);
  if (target.cookie && rng.chance(0.5)) headers.push(`Cookie: ${target.cookie}`);
  else if (rng.chance(0.1)) headers.push(`Cookie: ${rng.text(60, 'abc=;_ ')}`);
  const upgrade = rng.chance(0.25);
  if (upgrade) {
    headers.push('Upgrade: websocket', 'Connection: Upgrade');
    if (rng.chance(0.9)) headers.push(`Sec-WebSocket-Version: ${rng.pick(['13', '13', '8', 'x'])}`);
    if (rng.chance(0.9))
      headers.push(`Sec-WebSocket-Key: ${rng.pick(['dGhlIHNhbXBsZSBub25jZQ==', 'short', ''])}`);
  } else headers.push('Connection: close');
  if (rng.chance(0.2)) headers.push(`X-${rng.text(10) || 'a'}: ${rng.text(100, 'abc%\t ;,=é')}`);
  if (rng.chance(0.02)) headers.push(`X-Big: ${'b'.repeat(rng.int(20_000))}`);
  let body: Buffer<ArrayBufferLike> = Buffer.alloc(0);
  if (method === 'POST' || method === 'PUT' || rng.chance(0.05)) {
    headers.push(`Content-Type: ${rng.pick(CONTENT_TYPES)}`);
    body = rng.chance(0.5)
      ? Buffer.from(JSON.stringify(fuzzJson(rng, 3)) ?? 'null')
      : rng.bytes(rng.int(rng.chance(0.05) ? 80_000 : 600));
    headers.push(`Content-Length: ${body.length}`);
  }
  const head = `${method} ${fuzzPath(rng)} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`;
  return { text: Buffer.concat([Buffer.from(head, 'latin1'), body]), upgrade };
}

const KEYS = [
  'walletId',
  'accountId',
  'fromAccountId',
  'toAccountId',
  'tokenId',
  'marketId',
  'amount',
  'price',
  'size',
  'side',
  'kind',
  'label',
  'passphrase',
  'confirmationId',
  'pendingId',
  'confirmation',
  'secretKey',
  'sessionId',
  'address',
  'baseUrl',
  'theme',
  'minutes',
  'limit',
  'cursor',
  '__proto__',
  'constructor',
];

/** A random JSON value, biased toward the shapes the contract uses. */
export function fuzzJson(rng: Rng, depth: number): unknown {
  const roll = rng.int(depth > 0 ? 10 : 7);
  switch (roll) {
    case 0:
      return null;
    case 1:
      return rng.chance(0.5);
    case 2:
      return rng.pick([0, 1, -1, 2 ** 53, -(2 ** 53), 1e308, 0.5, 1_000_000, rng.int(100)]);
    case 3:
      return rng.pick(['', 'BTC-PERP', 'BID', 'ASK', 'transfer', 'withdraw', 'dark', 'x'.repeat(300)]);
    case 4:
      return rng.text(40, 'abcdefghijklmnopqrstuvwxyz0123456789 %\\/"\'<>{}é\u0000\u202e');
    case 5:
      return rng.pick(['1', '-1', '0', '9'.repeat(40), '1.5', '1e3']);
    case 6:
      return rng.text(16, '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz');
    case 7:
    case 8: {
      const o: Record<string, unknown> = {};
      for (let i = rng.int(5); i > 0; i -= 1) o[rng.pick(KEYS)] = fuzzJson(rng, depth - 1);
      return o;
    }
    default:
      return Array.from({ length: rng.int(4) }, () => fuzzJson(rng, depth - 1));
  }
}

/**
 * One frame for the host bridge: mostly well-formed calls with hostile arguments, some garbage. `id` is
 * the id an answer will carry, or null when the frame's own id is random (any answer then counts).
 */
export function fuzzIpcFrame(
  rng: Rng,
  methods: readonly string[],
  id: number,
): { frame: string | Buffer; id: number | null } {
  const roll = rng.next();
  if (roll < 0.75) {
    const method = rng.chance(0.9) ? rng.pick(methods) : fuzzJson(rng, 1);
    const frame: Record<string, unknown> = { id, method };
    if (rng.chance(0.85)) frame.arg = fuzzJson(rng, 3);
    return { frame: JSON.stringify(frame), id };
  }
  if (roll < 0.85)
    return { frame: JSON.stringify({ id: fuzzJson(rng, 1), method: rng.pick(methods) }), id: null };
  if (roll < 0.9) return { frame: rng.bytes(rng.int(200)), id: null };
  if (roll < 0.95) return { frame: JSON.stringify(fuzzJson(rng, 3)) ?? 'null', id: null };
  return { frame: rng.text(200, '{}[]":,0123456789abc\\'), id: null };
}

/** A POST /action body: a valid signed body mutated, or noise. */
export function fuzzActionBody(rng: Rng, valid: Buffer): Buffer {
  const roll = rng.next();
  if (roll < 0.15) return rng.bytes(rng.int(1100));
  const body = Buffer.from(valid);
  if (roll < 0.3) return body.subarray(0, rng.int(body.length));
  if (roll < 0.4) return Buffer.concat([body, rng.bytes(rng.int(200))]);
  if (roll < 0.45) return Buffer.concat([Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f]), body]);
  const flips = 1 + rng.int(4);
  for (let i = 0; i < flips; i += 1) body[rng.int(body.length)] = rng.int(256);
  return body;
}

/** Real values of the app under test (its wallet's id and key, its passphrase), mixed into typed calls. */
export interface KnownValues {
  strings: readonly string[];
  /**
   * the right value of a field by its name, given when the field is not the hostile one: a wrong passphrase
   * counts toward the unlock throttle, which would soon leave the app locked for the rest of the run
   */
  byKey: Readonly<Record<string, string>>;
}

/** What a zod schema node exposes to the generator (zod 4's classic API and its definition). */
interface SchemaNode {
  _zod: { def: { type: string; [key: string]: unknown } };
  minLength?: number | null;
  maxLength?: number | null;
  minValue?: number | bigint | null;
  maxValue?: number | bigint | null;
}

const HOSTILE_TEXT = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e3',
  '99999999999999999999',
  '18446744073709551615',
  '18446744073709551616',
  '\uD800',
  'label \uDFFF',
  '\u0000',
  'a\u202eb',
  'é😀',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  'http://127.0.0.1:1',
  '11111111111111111111111111111111',
  'zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo',
];

function hostileText(rng: Rng, node: SchemaNode): string {
  const max = node.maxLength ?? 300;
  switch (rng.int(4)) {
    case 0:
      return rng.pick(['a'.repeat(Math.max(0, max)), 'a'.repeat(max + 1), 'a'.repeat(node.minLength ?? 0)]);
    case 1:
      return rng.text(Math.min(max, 60), '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz');
    default:
      return rng.pick(HOSTILE_TEXT);
  }
}

function hostileNumber(rng: Rng, node: SchemaNode): number {
  const min = typeof node.minValue === 'number' ? node.minValue : -1;
  const max = typeof node.maxValue === 'number' ? node.maxValue : 2 ** 53;
  return rng.pick([min, max, min - 1, max + 1, 0, -1, 0.5, 2 ** 31 - 1, 2 ** 32, 2 ** 53]);
}

function hostileBigint(rng: Rng, node: SchemaNode): bigint {
  const max = typeof node.maxValue === 'bigint' ? node.maxValue : (1n << 64n) - 1n;
  return rng.pick([0n, -1n, max, max + 1n, 1n << 63n, 10n ** 30n]);
}

/** A value the plausible argument holds that can be swapped for a hostile one. */
interface Leaf {
  node: SchemaNode;
  set(value: unknown): void;
}

function plausible(
  rng: Rng,
  schema: unknown,
  known: KnownValues,
  key: string,
  leaves: Leaf[],
  set: (value: unknown) => void,
): unknown {
  const node = schema as SchemaNode;
  const def = node._zod.def;
  const inner = (child: unknown, at: string, put: (value: unknown) => void) =>
    plausible(rng, child, known, at, leaves, put);
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, child] of Object.entries(def.shape as Record<string, unknown>)) {
        const value = inner(child, name, (v) => (out[name] = v));
        if (value !== undefined) out[name] = value;
      }
      return out;
    }
    case 'optional':
    case 'default':
    case 'prefault':
      return rng.chance(0.25) ? undefined : inner(def.innerType, key, set);
    case 'nullable':
      return rng.chance(0.2) ? null : inner(def.innerType, key, set);
    case 'pipe':
      return inner(def.in, key, set);
    case 'union':
      return inner(rng.pick(def.options as unknown[]), key, set);
    case 'array': {
      const out: unknown[] = [];
      for (let i = 1 + rng.int(2); i > 0; i -= 1) {
        const at = out.length;
        out.push(inner(def.element, key, (v) => (out[at] = v)));
      }
      return out;
    }
    case 'enum':
      return rng.pick(Object.values(def.entries as object));
    case 'literal':
      return (def.values as unknown[])[0];
    case 'boolean':
      return rng.chance(0.5);
    case 'undefined':
      return undefined;
    case 'string':
    case 'number':
    case 'bigint':
      // never a wrong passphrase: each counts toward the unlock throttle (garbage frames still send them)
      if (key !== 'passphrase') leaves.push({ node, set });
      if (def.type === 'number') return rng.int(4);
      if (def.type === 'bigint') return BigInt(1 + rng.int(1_000_000));
      return known.byKey[key] ?? rng.pick([...known.strings, 'Main', 'x']);
    default:
      return fuzzJson(rng, 1);
  }
}

/**
 * An argument shaped by a method's schema: every field plausible (the app's own ids and passphrase, small
 * numbers, a choice of its enum) but one, made hostile where the schema leaves room (lengths and numbers
 * at and past their bounds, u64 edges, lone surrogates, number-like text). Most parse, so the call reaches
 * its handler with that one odd value, which is where a bad input may surface as INTERNAL.
 */
export function fuzzArgument(rng: Rng, schema: unknown, known: KnownValues): unknown {
  const leaves: Leaf[] = [];
  let value: unknown;
  value = plausible(rng, schema, known, '', leaves, (v) => (value = v));
  if (leaves.length > 0 && rng.chance(0.9)) {
    const leaf = rng.pick(leaves);
    const type = leaf.node._zod.def.type;
    leaf.set(
      type === 'number'
        ? hostileNumber(rng, leaf.node)
        : type === 'bigint'
          ? hostileBigint(rng, leaf.node)
          : hostileText(rng, leaf.node),
    );
  }
  return value;
}
