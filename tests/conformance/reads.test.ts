// Read endpoints, paging rules, descriptions, rate limits, snapshots and restart, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestWallet, USDC, balances, startExchange, usdc, type TestExchange } from './support/exchange';
import { MarketsInfoSchema } from '../../src/shared/exchange/info';
import { UserSchema } from '../../src/shared/exchange/user';
import { AccountSchema } from '../../src/shared/exchange/account';
import { TransferPageSchema } from '../../src/shared/exchange/history';
import { loadSchema } from '../../src/protocol/schema';

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
    expect(MarketsInfoSchema.parse(await ex.getJson('/info')).markets.map((m) => m.symbol)).toEqual([
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
    expect(await unknown.text()).toMatch(/unknown service/);
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
    const chain = await ex.getJson<{ paths: Record<string, unknown> }>('/chain/openapi.json');
    expect(Object.keys(chain.paths)).toEqual(
      expect.arrayContaining([
        '/chain/faucet',
        '/chain/deposit',
        '/chain/balance/{address}',
        '/chain/tx/{tx_id}',
      ]),
    );
  });

  it('unknown paths and ids answer the named errors', async () => {
    expect(await (await ex.get('/account/99999')).json()).toMatchObject({ error: 'UserNotFound' });
    expect((await ex.get('/account/abc')).status).toBe(400);
    expect((await ex.get(`/user/${new TestWallet(ex).address}`)).status).toBe(404);
    expect((await ex.get('/nothing/here')).status).toBe(404);
  });
});

describe('accounts and users', () => {
  it('the user, account, pubkey and count parse with the shared schemas', async () => {
    const user = UserSchema.parse(await ex.getJson(`/user/${w.address}`));
    expect(user.accountIds).toEqual([account]);
    expect(user.sessions).toHaveLength(1);
    const acc = AccountSchema.parse(await ex.getJson(`/account/${account}`));
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
      ).kind as { toAccountId: number },
    ];
    for (let i = 0; i < 59; i += 1) {
      await ex.submit(
        w.sessionBody({
          type: 'transfer',
          sessionId: w.session!.id,
          fromAccountId: account,
          tokenId: USDC,
          amount: 1n,
          recipient: other!.toAccountId,
        }),
      );
    }
  });

  it('pageSize outside 1..255 or not an integer is a 400', async () => {
    for (const size of ['0', '256', '-1', '1.5', 'ten']) {
      const res = await ex.get(`/account/${account}/history/transfer?pageSize=${size}`);
      expect(res.status, size).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'BadRequest' });
    }
  });

  it('a page holds at most 50 entries whatever pageSize says; the cursor walks them all; the last has no cursor', async () => {
    const first = TransferPageSchema.parse(
      await ex.getJson(`/account/${account}/history/transfer?pageSize=255`),
    );
    expect(first.items).toHaveLength(50);
    expect(first.nextStartInclusive).toBeDefined();
    const second = TransferPageSchema.parse(
      await ex.getJson(
        `/account/${account}/history/transfer?pageSize=255&startInclusive=${first.nextStartInclusive}`,
      ),
    );
    expect(second.items).toHaveLength(10);
    expect(second.nextStartInclusive).toBeUndefined();
    const ids = [...first.items, ...second.items].map((r) => r.id);
    expect(new Set(ids).size).toBe(60);
    const small = TransferPageSchema.parse(
      await ex.getJson(`/account/${account}/history/transfer?pageSize=7`),
    );
    expect(small.items).toHaveLength(7);
    expect(small.nextStartInclusive).toBe(first.items[7]!.id);
  });

  it('since/until are RFC3339 and filter by time; a bad one is a 400', async () => {
    expect((await ex.get(`/account/${account}/history/transfer?since=yesterday`)).status).toBe(400);
    const future = new Date(Number(ex.now()) * 1000 + 3_600_000).toISOString();
    const none = TransferPageSchema.parse(
      await ex.getJson(`/account/${account}/history/transfer?since=${future}&until=${future}`),
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
      expect(await none.json()).toMatchObject({ error: 'ActionNotFound' });
      const v = new TestWallet(fresh);
      await v.deposit(USDC, usdc(1));
      await v.createSession();
      expect(await fresh.getJson<string>('/action/last-executed-id')).toBe('1');
    } finally {
      await fresh.close();
    }
  });

  it('GET /action returns executed actions in a range, bounded in size', async () => {
    const last = BigInt(await ex.getJson<string>('/action/last-executed-id'));
    const items = await ex.getJson<{ actionId: string; kind: string; signer: string; receipt: unknown }[]>(
      `/action?from=1&to=${last}`,
    );
    expect(items.length).toBe(Number(last));
    expect(items[0]).toMatchObject({ actionId: '1', kind: 'createSession', signer: w.address });
    expect((await ex.get('/action?from=1&to=1000')).status).toBe(200);
    expect(await (await ex.get('/action?from=1&to=1001')).json()).toMatchObject({ error: 'RangeTooLarge' });
    expect((await ex.get('/action?from=1')).status).toBe(400);
    expect((await ex.get('/action?from=5&to=1')).status).toBe(400);
  });

  it('/event/last-acked-nonce?signer gives the highest accepted nonce of that signer', async () => {
    expect(await ex.getJson<string>(`/event/last-acked-nonce?signer=${w.address}`)).toBe('1');
    expect(await ex.getJson<string>(`/event/last-acked-nonce?signer=${new TestWallet(ex).address}`)).toBe(
      '0',
    );
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
      expect(await res.json()).toMatchObject({ error: 'TooManyRequests' });
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
        expect((await second.getJson<{ sessions: unknown[] }>(`/user/${v.address}`)).sessions).toHaveLength(
          1,
        );
        expect(await second.getJson<string>(`/event/last-acked-nonce?signer=${v.address}`)).toBe('1');
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
