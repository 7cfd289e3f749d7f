// Read endpoints, paging rules, descriptions, rate limits, snapshots and restart, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  TestWallet,
  USDC,
  balances,
  schema,
  startExchange,
  usdc,
  type TestExchange,
} from './support/exchange';
import { decodeAction } from '../../src/protocol/codec';
import { InfoJsonSchema } from '../../src/shared/exchange/info';
import { UserJsonSchema } from '../../src/shared/exchange/user';
import { TransferPageJsonSchema } from '../../src/shared/exchange/history';
import { loadSchema } from '../../src/protocol/schema';
import { ContractViolation, Router, type RouteHandler } from '../../src/devnet/http/router';
import { rulesOf } from '../../src/devnet/http/contract';
import { HttpError } from '../../src/devnet/http/errors';

let ex: TestExchange;
let w: TestWallet;
let account: number;

beforeAll(async () => {
  ex = await startExchange();
  w = new TestWallet(ex);
  await w.deposit(USDC, usdc(1_000));
  await w.createSession();
  account = (await w.accountIds())[0]!;
});
afterAll(() => ex.close());

describe('descriptions and operational endpoints', () => {
  it('/info, /timestamp and /live', async () => {
    expect((await ex.read('/info', InfoJsonSchema)).markets.map((m) => m.symbol)).toEqual([
      'BTC-PERP',
      'ETH-PERP',
      'SOL-PERP',
    ]);
    expect(await ex.getJson<number>('/timestamp')).toBe(Number(ex.now()));
    expect((await ex.get('/live')).status).toBe(200);
  });

  it('/schema.proto is text/plain; charset=utf-8 and loads as the app needs it', async () => {
    const res = await ex.get('/schema.proto');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(() => loadSchema(text)).not.toThrow();
  });

  it('/health/{service}: 200 healthy, 404 for an unknown service', async () => {
    for (const s of ['execution', 'history', 'replica', 'remote', 'settlement', 'oracle', 'rfq'])
      expect((await ex.get(`/health/${s}`)).status).toBe(200);
    const unknown = await ex.get('/health/coffee');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('x-error')).toBe('NotFound');
    expect(unknown.headers.get('x-error-message')).toMatch(/unknown service/);
  });

  it('/openapi.json is OpenAPI 3 and lists every path the devnet serves; the chain has its own', async () => {
    const doc = await ex.getJson<{ openapi: string; paths: Record<string, unknown> }>('/openapi.json');
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/info',
      '/timestamp',
      '/live',
      '/health',
      '/health/{service}',
      '/schema.proto',
      '/user/{pubkey}',
      '/accounts/count',
      '/account/{account_id}',
      '/account/{account_id}/pubkey',
      '/account/{account_id}/fees/withdrawal',
      '/account/{account_id}/history/deposit',
      '/account/{account_id}/history/withdrawal',
      '/account/{account_id}/history/transfer',
      '/account/system',
      '/account/system/history/transfer',
      '/action/last-executed-id',
      '/event/last-acked-nonce',
      '/action',
      '/state/info',
      '/state/info/hist',
      '/state/download',
      '/state/download/{snapshot_id}',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    for (const path of ['/settlement/vaults', '/settlement/deposit/{signature}', '/settlement/uncredited'])
      expect(doc.paths, path).toHaveProperty([path]);
    // the home-made JSON chain is gone: the chain is Solana, read through its own JSON-RPC
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/chain'))).toEqual([]);
    expect((await ex.get('/chain/openapi.json')).status).toBe(404);
  });

  it('/openapi.json is structurally valid OpenAPI 3.0 and every $ref resolves', async () => {
    for (const path of ['/openapi.json']) {
      const doc = await ex.getJson<OpenApiDoc>(path);
      expect([path, openapi30Problems(doc)]).toEqual([path, []]);
    }
    // the error bodies are the public engine's (rest.md §3)
    const doc = await ex.getJson<OpenApiDoc>('/openapi.json');
    expect(doc.components.schemas.UserNotFound).toMatchObject({ nullable: true, enum: [null] });
    expect(doc.components.schemas.MarketNotFound).toMatchObject({
      type: 'object',
      required: ['market_id'],
    });
    expect(doc.components.schemas.RangeTooLarge).toMatchObject({ required: ['requested', 'maximal'] });
    expect(doc.components.schemas.AcceptedMediaType).toMatchObject({ required: ['expected'] });
    expect(doc.components.schemas.PayloadTooLarge).toMatchObject({ required: ['limit'] });
    expect(doc.components.schemas.NotImplemented).toMatchObject({ required: ['message'] });
    // the checker itself notices what it is there to notice
    const broken = structuredClone(await ex.getJson<OpenApiDoc>('/openapi.json'));
    broken.paths['/info']!.get!.responses['200'] = {
      content: { 'application/json': { schema: { $ref: '#/nope' } } },
    };
    (broken.paths['/action']!.get!.parameters as unknown[]).push({ name: 'x', in: 'body' });
    expect(openapi30Problems(broken)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\/info.*200.*description/),
        expect.stringMatching(/#\/nope/),
        expect.stringMatching(/x.*in/),
      ]),
    );
  });

  it('/openapi.json declares query parameters, bodies, content types and error statuses as served', async () => {
    const doc = await ex.getJson<OpenApiDoc>('/openapi.json');
    const op = (method: 'get' | 'post', path: string) => {
      const found = doc.paths[path]?.[method];
      if (!found) throw new Error(`no ${method} ${path}`);
      return found;
    };
    const query = (o: Operation) =>
      Object.fromEntries((o.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p]));
    const errorStatuses = (o: Operation) => Object.keys(o.responses).filter((s) => /^[45]/.test(s));

    // history endpoints take the paging set, pageSize bounded 1..255
    const histories = Object.keys(doc.paths).filter((p) => /\/history\//.test(p) && !/PT1H$/.test(p));
    expect(histories.length).toBeGreaterThanOrEqual(17);
    for (const path of histories) {
      const q = query(op('get', path));
      expect([path, Object.keys(q)]).toEqual([
        path,
        expect.arrayContaining(['pageSize', 'startInclusive', 'since', 'until']),
      ]);
      expect([path, q.pageSize!.schema]).toEqual([path, { type: 'integer', minimum: 1, maximum: 255 }]);
      expect([path, q.since!.schema, q.until!.schema]).toEqual([
        path,
        { type: 'string', format: 'date-time' },
        { type: 'string', format: 'date-time' },
      ]);
      expect([path, errorStatuses(op('get', path))]).toEqual([
        path,
        expect.arrayContaining(path.includes('{') ? ['400', '404', '429'] : ['400', '429']),
      ]);
    }
    // the declared bound is the enforced one, on every paged endpoint the test can reach
    const vaultId = (await ex.getJson<{ vaultId: number }[]>('/vaults'))[0]!.vaultId;
    const paged = Object.keys(doc.paths).filter(
      (p) => doc.paths[p]!.get && query(op('get', p)).pageSize && !p.includes('{order_id}'),
    );
    expect(paged.length).toBeGreaterThanOrEqual(20);
    for (const path of paged) {
      const url = path
        .replace('{account_id}', String(account))
        .replace('{vault_id}', String(vaultId))
        .replace('{market_id}', '0');
      expect([url, (await ex.get(`${url}?pageSize=255`)).status]).toEqual([url, 200]);
      expect([url, (await ex.get(`${url}?pageSize=256`)).status]).toEqual([url, 400]);
    }

    // GET /action: from and to are required uint64s; 400 for a bad or too large range
    const range = query(op('get', '/action'));
    expect(range.from).toMatchObject({ required: true, schema: { type: 'string', format: 'uint64' } });
    expect(range.to).toMatchObject({ required: true, schema: { type: 'string', format: 'uint64' } });
    expect(op('get', '/action').responses['400']!.description).toMatch(/RangeTooLarge/);

    // POST /action: an octet-stream body in, an octet-stream receipt out, 413/415/429 as the named error
    const post = op('post', '/action');
    expect(post.requestBody).toMatchObject({
      required: true,
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    });
    expect(Object.keys(post.responses['200']!.content!)).toEqual(['application/octet-stream']);
    expect(errorStatuses(post)).toEqual(expect.arrayContaining(['413', '415', '429']));
    for (const [status, name] of [
      ['413', 'PayloadTooLarge'],
      ['415', 'AcceptedMediaType'],
      ['429', 'TooManyRequests'],
    ] as const)
      expect(post.responses[status]!.content!['application/json']!.schema).toEqual({
        $ref: `#/components/schemas/${name}`,
      });
    expect(post.responses['413']!.headers).toHaveProperty(['x-error']);
    expect(post.responses['415']!.headers).toHaveProperty(['accept']);
    expect(post.responses['429']!.headers).toHaveProperty(['Retry-After']);

    // content types of the non-JSON answers
    expect(Object.keys(op('get', '/schema.proto').responses['200']!.content!)).toEqual(['text/plain']);
    const file = op('get', '/state/download/{snapshot_id}');
    expect(Object.keys(file.responses['200']!.content!)).toEqual(['application/json']);
    expect(Object.keys(file.responses)).toEqual(expect.arrayContaining(['206', '304', '404', '416']));
    expect(errorStatuses(op('get', '/state/download'))).toEqual(
      expect.arrayContaining(['400', '404', '501']),
    );
    expect(errorStatuses(op('get', '/health/{service}'))).toEqual(expect.arrayContaining(['404']));
    expect(Object.keys(op('get', '/health').responses)).toContain('503');

    // a query parameter no route declares is ignored, as before
    expect((await ex.get(`/account/${account}/history/deposit?bogus=1`)).status).toBe(200);
  });

  it('handlers read only the query parameters and answer only the errors their route declares', async () => {
    // the conformance suite runs the devnet strict; a violation anywhere in it is a 500 there
    expect(process.env.NODE_ENV).not.toBe('production');
    const declared = rulesOf('GET', {
      query: [{ name: 'a', description: 'declared', schema: { type: 'string' } }],
      errors: ['BadRequest'],
    });
    const reads =
      (name: string): RouteHandler =>
      (req) => ({ status: 200, json: req.query.get(name) });
    const run = (strict: boolean, handler: RouteHandler) => {
      const router = new Router({ strict }).add('GET', '/x/{id}', handler, declared);
      const found = router.match('GET', '/x/1');
      if (found === null || found === 'method') throw new Error('no match');
      return router.run(found, {
        method: 'GET',
        path: '/x/1',
        search: new URLSearchParams('a=1&b=2'),
        headers: {},
        body: Buffer.alloc(0),
      });
    };
    expect((await run(true, reads('a'))).json).toBe('1');
    await expect(run(true, reads('b'))).rejects.toThrow(ContractViolation);
    await expect(run(true, reads('b'))).rejects.toThrow(/"b", which its route does not declare/);
    // not strict: an undeclared parameter reads as absent, so behaviour never depends on one
    expect((await run(false, reads('b'))).json).toBeNull();
    const fails =
      (name: 'BadRequest' | 'UserNotFound'): RouteHandler =>
      () => {
        throw new HttpError(name, 'no');
      };
    await expect(run(true, fails('BadRequest'))).rejects.toThrow(HttpError);
    await expect(run(true, fails('UserNotFound'))).rejects.toThrow(
      /UserNotFound, which its route does not declare/,
    );
    await expect(run(true, () => ({ status: 503, json: {} }))).rejects.toThrow(/503/);
    await expect(run(false, fails('UserNotFound'))).rejects.toThrow(HttpError);
  });

  it('unknown paths and ids answer the named errors', async () => {
    expect((await ex.get('/account/99999')).headers.get('x-error')).toBe('UserNotFound');
    expect((await ex.get('/account/abc')).status).toBe(400);
    expect((await ex.get(`/user/${new TestWallet(ex).address}`)).status).toBe(404);
    expect((await ex.get('/nothing/here')).status).toBe(404);
  });
});

describe('accounts and users', () => {
  it('the user, account, pubkey and count parse with the shared schemas', async () => {
    const user = await ex.read(`/user/${w.address}`, UserJsonSchema);
    expect(user.accountIds).toEqual([account]);
    expect(Object.values(user.sessions)).toHaveLength(1);
    const acc = await ex.account(account);
    expect(acc.balances).toEqual([{ tokenId: USDC, amount: usdc(1_000) }]);
    expect(acc.margin.equity).toBe(usdc(1_000));
    expect(await ex.getJson(`/account/${account}/pubkey`)).toBe(w.address);
    expect(await ex.getJson<number>('/accounts/count')).toBeGreaterThanOrEqual(1);
  });
});

describe('history paging', () => {
  beforeAll(async () => {
    // 60 transfers into one other account: more than one page
    const [other] = [
      (
        await ex.submit(
          w.sessionBody({
            type: 'transfer',
            sessionId: w.session!.id,
            fromAccountId: account,
            tokenId: USDC,
            amount: 1n,
          }),
        )
      ).kind as { toUserAccount: number },
    ];
    for (let i = 0; i < 59; i += 1) {
      await ex.submit(
        w.sessionBody({
          type: 'transfer',
          sessionId: w.session!.id,
          fromAccountId: account,
          tokenId: USDC,
          amount: 1n,
          toAccountId: other!.toUserAccount,
        }),
      );
    }
  });

  it('pageSize outside 1..255 or not an integer is a 400', async () => {
    for (const size of ['0', '256', '-1', '1.5', 'ten']) {
      const res = await ex.get(`/account/${account}/history/transfer?pageSize=${size}`);
      expect(res.status, size).toBe(400);
      expect(res.headers.get('x-error')).toBe('BadRequest');
    }
  });

  it('a page holds at most 50 entries whatever pageSize says; the cursor walks them all; the last has no cursor', async () => {
    const first = await ex.read(`/account/${account}/history/transfer?pageSize=255`, TransferPageJsonSchema);
    expect(first.items).toHaveLength(50);
    expect(first.nextStartInclusive).toBeDefined();
    const second = await ex.read(
      `/account/${account}/history/transfer?pageSize=255&startInclusive=${first.nextStartInclusive}`,
      TransferPageJsonSchema,
    );
    expect(second.items).toHaveLength(10);
    expect(second.nextStartInclusive).toBeUndefined();
    const ids = [...first.items, ...second.items].map((r) => r.actionId);
    expect(new Set(ids).size).toBe(60);
    const small = await ex.read(`/account/${account}/history/transfer?pageSize=7`, TransferPageJsonSchema);
    expect(small.items).toHaveLength(7);
    const rest = await ex.read(
      `/account/${account}/history/transfer?pageSize=1&startInclusive=${small.nextStartInclusive}`,
      TransferPageJsonSchema,
    );
    expect(rest.items[0]!.actionId).toBe(first.items[7]!.actionId);
  });

  it('since/until are RFC3339 and filter by time; a bad one is a 400', async () => {
    expect((await ex.get(`/account/${account}/history/transfer?since=yesterday`)).status).toBe(400);
    const future = new Date(Number(ex.now()) * 1000 + 3_600_000).toISOString();
    const none = await ex.read(
      `/account/${account}/history/transfer?since=${future}&until=${future}`,
      TransferPageJsonSchema,
    );
    expect(none.items).toEqual([]);
    expect(none.nextStartInclusive).toBeUndefined();
  });
});

describe('engine position and recovery endpoints', () => {
  it('/action/last-executed-id is 404 ActionNotFound before any action, then the newest id', async () => {
    const fresh = await startExchange();
    try {
      const none = await fresh.get('/action/last-executed-id');
      expect(none.status).toBe(404);
      expect(none.headers.get('x-error')).toBe('ActionNotFound');
      const v = new TestWallet(fresh);
      await v.deposit(USDC, usdc(1));
      await v.createSession();
      expect(await fresh.getJson<number>('/action/last-executed-id')).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('GET /action returns executed actions in a range, bounded in size', async () => {
    const last = BigInt(await ex.getJson<number>('/action/last-executed-id'));
    const items = await ex.getJson<
      { actionId: number; physicalTime: string; payload: string; kind: string; signer: string }[]
    >(`/action?from=1&to=${last}`);
    expect(items.length).toBe(Number(last));
    expect(items[0]).toMatchObject({ actionId: 1, kind: 'createSession', signer: w.address });
    // the public payload: the varint-delimited Action as submitted, which decodes to what was signed
    const raw = Buffer.from(items[0]!.payload, 'base64');
    expect(decodeAction(schema, raw.subarray(1)).kind.type).toBe('createSession');
    expect(Date.parse(items[0]!.physicalTime)).toBe(Number(ex.now()) * 1000);
    expect((await ex.get('/action?from=1&to=1000')).status).toBe(200);
    expect((await ex.get('/action?from=1&to=1001')).headers.get('x-error')).toBe('RangeTooLarge');
    expect((await ex.get('/action?from=1')).status).toBe(400);
    expect((await ex.get('/action?from=5&to=1')).status).toBe(400);
  });

  it('/event/last-acked-nonce?signer gives the highest accepted nonce of that signer', async () => {
    expect(await ex.getJson<number>(`/event/last-acked-nonce?signer=${w.address}`)).toBe(1);
    expect(await ex.getJson<number>(`/event/last-acked-nonce?signer=${new TestWallet(ex).address}`)).toBe(0);
    expect((await ex.get('/event/last-acked-nonce?signer=nope')).status).toBe(400);
  });
});

describe('rate limits', () => {
  it('two buckets: /action and the rest each answer 429 with Retry-After when spent', async () => {
    const limited = await startExchange({
      config: { rateLimits: { action: { perSecond: 1, burst: 2 }, other: { perSecond: 1, burst: 3 } } },
    });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await limited.get('/info')).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const res = await limited.get('/info');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(res.headers.get('x-error')).toBe('TooManyRequests');
      // the /action bucket is separate and still full
      const actions = [];
      for (let i = 0; i < 3; i += 1) actions.push((await limited.postAction(Buffer.from([0]))).status);
      expect(actions).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('snapshots and restart', () => {
  it('state survives a restart on the same data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'perpetua-devnet-'));
    try {
      const first = await startExchange({ dataDir });
      const v = new TestWallet(first);
      await v.deposit(USDC, usdc(42));
      await v.createSession();
      const [acc] = await v.accountIds();
      const sessionNonce = v.session!.nonce;
      await first.close();

      const second = await startExchange({ dataDir });
      try {
        expect(await balances(second, acc!)).toEqual({ [USDC]: usdc(42) });
        expect(
          Object.keys((await second.getJson<{ sessions: object }>(`/user/${v.address}`)).sessions),
        ).toHaveLength(1);
        expect(await second.getJson<number>(`/event/last-acked-nonce?signer=${v.address}`)).toBe(1);
        expect(sessionNonce).toBe(0);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('/state/download gives the nearest snapshot; the file honours Range and ETag', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'perpetua-devnet-'));
    const dn = await startExchange({ dataDir });
    try {
      const v = new TestWallet(dn);
      await v.deposit(USDC, usdc(1));
      expect((await dn.get('/state/download?timestamp=1')).status).toBe(501);
      const meta = await dn.getJson<{ snapshotId: string; url: string; size: number; sha256: string }>(
        '/state/download',
      );
      const full = await dn.get(meta.url);
      expect(full.status).toBe(200);
      expect(Number(full.headers.get('content-length'))).toBe(meta.size);
      expect(full.headers.get('etag')).toBe(`"${meta.sha256}"`);
      const text = await full.text();
      const part = await fetch(`${dn.url}${meta.url}`, { headers: { range: 'bytes=0-9' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 0-9/${meta.size}`);
      expect(await part.text()).toBe(text.slice(0, 10));
      const ranged = async (range: string) => {
        const res = await fetch(`${dn.url}${meta.url}`, { headers: { range } });
        return { status: res.status, contentRange: res.headers.get('content-range'), body: await res.text() };
      };
      // the last bytes, and from an offset to the end
      expect(await ranged('bytes=-7')).toEqual({
        status: 206,
        contentRange: `bytes ${meta.size - 7}-${meta.size - 1}/${meta.size}`,
        body: text.slice(-7),
      });
      expect(await ranged(`bytes=${meta.size - 3}-`)).toMatchObject({ status: 206, body: text.slice(-3) });
      // an end past the file is cut to the file
      expect(await ranged(`bytes=5-${meta.size + 100}`)).toMatchObject({ status: 206, body: text.slice(5) });
      // a start past the file cannot be satisfied, and says how long the file is
      expect(await ranged(`bytes=${meta.size}-`)).toMatchObject({
        status: 416,
        contentRange: `bytes */${meta.size}`,
      });
      // several ranges, or another unit, are ignored: the whole file
      expect(await ranged('bytes=0-1,4-5')).toMatchObject({ status: 200, body: text });
      expect(await ranged('items=0-1')).toMatchObject({ status: 200, body: text });
      const same = await fetch(`${dn.url}${meta.url}`, { headers: { 'if-none-match': `"${meta.sha256}"` } });
      expect(same.status).toBe(304);
      expect((await dn.get('/state/download/s-000000000000-1')).status).toBe(404);
      const info = await dn.getJson<{ latestSnapshot: { snapshotId: string } }>('/state/info');
      expect(info.latestSnapshot.snapshotId).toBeTruthy();
    } finally {
      await dn.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// ---- a structural check of OpenAPI 3.0, enough to trust a generated document (no dependency needed)

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Record<string, unknown>;
}
interface OpenApiResponse {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: unknown }>;
}
interface Operation {
  parameters?: OpenApiParameter[];
  requestBody?: unknown;
  responses: Record<string, OpenApiResponse>;
}
interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Partial<Record<'get' | 'post', Operation>>>;
  components: { schemas: Record<string, unknown> };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const OPERATION_KEYS = [
  'tags',
  'summary',
  'description',
  'externalDocs',
  'operationId',
  'parameters',
  'requestBody',
  'responses',
  'callbacks',
  'deprecated',
  'security',
  'servers',
];
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const SCHEMA_KEYS = new Set([
  ...['title', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength'],
  ...['minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties'],
  ...['required', 'enum', 'type', 'allOf', 'oneOf', 'anyOf', 'not', 'items', 'properties'],
  ...['additionalProperties', 'description', 'format', 'default', 'nullable', 'discriminator'],
  ...['readOnly', 'writeOnly', 'xml', 'externalDocs', 'example', 'deprecated'],
]);
const SCHEMA_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object'];

/** Problems with the document as OpenAPI 3.0 (fields, types and every $ref); empty when it is sound. */
function openapi30Problems(doc: unknown): string[] {
  const problems: string[] = [];
  const fail = (where: string, what: string): void => {
    problems.push(`${where}: ${what}`);
  };
  const extension = (k: string) => k.startsWith('x-');
  const onlyKeys = (where: string, v: Record<string, unknown>, allowed: readonly string[]) => {
    for (const k of Object.keys(v))
      if (!allowed.includes(k) && !extension(k)) fail(where, `unexpected field ${k}`);
  };

  const schema = (where: string, s: unknown): void => {
    if (!isObject(s)) return fail(where, 'a schema must be an object');
    if ('$ref' in s) {
      if (typeof s.$ref !== 'string') fail(where, '$ref must be a string');
      return;
    }
    for (const k of Object.keys(s))
      if (!SCHEMA_KEYS.has(k) && !extension(k)) fail(where, `not a 3.0 schema keyword: ${k}`);
    if (s.type !== undefined && (typeof s.type !== 'string' || !SCHEMA_TYPES.includes(s.type)))
      fail(where, `type ${JSON.stringify(s.type)} is not a 3.0 type`);
    if (s.type === 'array' && s.items === undefined) fail(where, 'an array schema needs items');
    if (s.items !== undefined) schema(`${where}.items`, s.items);
    if (s.properties !== undefined) {
      if (!isObject(s.properties)) fail(where, 'properties must be an object');
      else for (const [k, p] of Object.entries(s.properties)) schema(`${where}.properties.${k}`, p);
    }
    if (
      s.required !== undefined &&
      (!Array.isArray(s.required) || s.required.length === 0 || s.required.some((r) => typeof r !== 'string'))
    )
      fail(where, 'required must be a non-empty array of names');
    if (s.enum !== undefined && (!Array.isArray(s.enum) || s.enum.length === 0))
      fail(where, 'enum must be a non-empty array');
    if (s.pattern !== undefined) {
      try {
        new RegExp(s.pattern as string);
      } catch {
        fail(where, 'pattern is not a regular expression');
      }
    }
    for (const k of ['minimum', 'maximum'] as const)
      if (s[k] !== undefined && typeof s[k] !== 'number') fail(where, `${k} must be a number`);
    if (typeof s.minimum === 'number' && typeof s.maximum === 'number' && s.minimum > s.maximum)
      fail(where, 'minimum above maximum');
    for (const k of ['nullable', 'deprecated', 'readOnly', 'writeOnly'] as const)
      if (s[k] !== undefined && typeof s[k] !== 'boolean') fail(where, `${k} must be a boolean`);
  };

  const content = (where: string, c: unknown) => {
    if (!isObject(c) || Object.keys(c).length === 0) return fail(where, 'content must be a non-empty map');
    for (const [type, media] of Object.entries(c)) {
      if (!/^[\w.+-]+\/[\w.+*-]+(\s*;.*)?$/.test(type)) fail(where, `${type} is not a media type`);
      if (!isObject(media)) fail(`${where}.${type}`, 'a media type object must be an object');
      else {
        onlyKeys(`${where}.${type}`, media, ['schema', 'example', 'examples', 'encoding']);
        if (media.schema !== undefined) schema(`${where}.${type}.schema`, media.schema);
      }
    }
  };

  const parameter = (where: string, p: unknown, template: Set<string>, seen: Set<string>) => {
    if (!isObject(p)) return fail(where, 'a parameter must be an object');
    onlyKeys(where, p, [
      'name',
      'in',
      'description',
      'required',
      'deprecated',
      'allowEmptyValue',
      'style',
      'explode',
      'allowReserved',
      'schema',
      'example',
      'examples',
      'content',
    ]);
    if (typeof p.name !== 'string' || p.name === '') fail(where, 'a parameter needs a name');
    if (!['query', 'header', 'path', 'cookie'].includes(p.in as string))
      fail(where, `parameter ${String(p.name)}: in ${String(p.in)} is not query, header, path or cookie`);
    const key = `${String(p.in)}:${String(p.name)}`;
    if (seen.has(key)) fail(where, `duplicate parameter ${key}`);
    seen.add(key);
    if (p.in === 'path') {
      if (p.required !== true) fail(where, `path parameter ${String(p.name)} must be required`);
      if (!template.has(p.name as string)) fail(where, `path parameter ${String(p.name)} is not in the path`);
    }
    if (p.required !== undefined && typeof p.required !== 'boolean')
      fail(where, 'required must be a boolean');
    if ((p.schema === undefined) === (p.content === undefined))
      fail(where, 'a parameter needs exactly one of schema and content');
    if (p.schema !== undefined) schema(`${where}.schema`, p.schema);
    if (
      p.style !== undefined &&
      !['form', 'simple', 'label', 'matrix', 'spaceDelimited', 'pipeDelimited', 'deepObject'].includes(
        p.style as string,
      )
    )
      fail(where, `style ${String(p.style)}`);
  };

  if (!isObject(doc)) return ['the document is not an object'];
  onlyKeys('document', doc, [
    'openapi',
    'info',
    'servers',
    'paths',
    'components',
    'security',
    'tags',
    'externalDocs',
  ]);
  if (typeof doc.openapi !== 'string' || !/^3\.0\.\d+$/.test(doc.openapi)) fail('openapi', 'must be 3.0.x');
  if (!isObject(doc.info) || typeof doc.info.title !== 'string' || typeof doc.info.version !== 'string')
    fail('info', 'needs a title and a version');
  if (
    doc.tags !== undefined &&
    (!Array.isArray(doc.tags) || doc.tags.some((t) => !isObject(t) || typeof t.name !== 'string'))
  )
    fail('tags', 'must be tag objects with names');
  if (doc.components !== undefined) {
    if (!isObject(doc.components)) fail('components', 'must be an object');
    else if (isObject(doc.components.schemas))
      for (const [k, s] of Object.entries(doc.components.schemas)) schema(`components.schemas.${k}`, s);
  }
  const operationIds = new Set<string>();
  if (!isObject(doc.paths)) fail('paths', 'must be an object');
  else
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!path.startsWith('/')) fail(path, 'a path starts with /');
      if (!isObject(item)) {
        fail(path, 'a path item must be an object');
        continue;
      }
      onlyKeys(path, item, [...METHODS, 'summary', 'description', 'servers', 'parameters', '$ref']);
      const template = new Set([...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!));
      for (const method of METHODS) {
        const op = item[method];
        if (op === undefined) continue;
        const where = `${method.toUpperCase()} ${path}`;
        if (!isObject(op)) {
          fail(where, 'an operation must be an object');
          continue;
        }
        onlyKeys(where, op, OPERATION_KEYS);
        if (typeof op.operationId === 'string') {
          if (operationIds.has(op.operationId)) fail(where, `duplicate operationId ${op.operationId}`);
          operationIds.add(op.operationId);
        }
        if (op.tags !== undefined && (!Array.isArray(op.tags) || op.tags.some((t) => typeof t !== 'string')))
          fail(where, 'tags must be strings');
        const seen = new Set<string>();
        if (op.parameters !== undefined) {
          if (!Array.isArray(op.parameters)) fail(where, 'parameters must be an array');
          else op.parameters.forEach((p, i) => parameter(`${where} parameters[${i}]`, p, template, seen));
        }
        for (const name of template)
          if (!seen.has(`path:${name}`)) fail(where, `path parameter ${name} is not declared`);
        if (op.requestBody !== undefined) {
          if (!isObject(op.requestBody)) fail(where, 'requestBody must be an object');
          else {
            onlyKeys(`${where} requestBody`, op.requestBody, ['description', 'content', 'required']);
            content(`${where} requestBody.content`, op.requestBody.content);
          }
        }
        if (!isObject(op.responses) || Object.keys(op.responses).length === 0) {
          fail(where, 'needs responses');
          continue;
        }
        for (const [status, res] of Object.entries(op.responses)) {
          const at = `${where} ${status}`;
          if (!/^(default|[1-5](\d\d|XX))$/.test(status)) fail(at, 'not a status code');
          if (!isObject(res)) {
            fail(at, 'a response must be an object');
            continue;
          }
          onlyKeys(at, res, ['description', 'headers', 'content', 'links']);
          if (typeof res.description !== 'string') fail(at, 'a response needs a description');
          if (res.content !== undefined) content(`${at} content`, res.content);
          if (res.headers !== undefined) {
            if (!isObject(res.headers)) fail(at, 'headers must be an object');
            else
              for (const [name, h] of Object.entries(res.headers)) {
                if (!isObject(h)) fail(`${at} header ${name}`, 'must be an object');
                else {
                  if ('name' in h || 'in' in h) fail(`${at} header ${name}`, 'a header has no name or in');
                  if (h.schema === undefined && h.content === undefined)
                    fail(`${at} header ${name}`, 'needs a schema');
                  if (h.schema !== undefined) schema(`${at} header ${name}`, h.schema);
                }
              }
          }
        }
      }
    }

  // every $ref is a local JSON pointer to something in the document
  const resolve = (ref: string): unknown => {
    if (!ref.startsWith('#/')) return undefined;
    let at: unknown = doc;
    for (const raw of ref.slice(2).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      if (!isObject(at) || !(key in at)) return undefined;
      at = at[key];
    }
    return at;
  };
  const walk = (v: unknown, where: string): void => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${where}[${i}]`));
    else if (isObject(v))
      for (const [k, x] of Object.entries(v)) {
        if (k === '$ref' && (typeof x !== 'string' || resolve(x) === undefined))
          fail(where, `$ref ${String(x)} does not resolve`);
        walk(x, `${where}.${k}`);
      }
  };
  walk(doc, '#');
  return problems;
}
