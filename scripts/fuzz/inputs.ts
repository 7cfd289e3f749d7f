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
