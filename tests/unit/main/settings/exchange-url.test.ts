// The custom exchange address: only a plain http(s) base URL is accepted, and only once something there
// answers GET /info with a market list the app parses. Every failure says what is wrong in plain words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startDevnet, type RunningDevnet } from '../../../../src/devnet/server';
import {
  checkExchangeUrl,
  exchangeUrlWarning,
  normalizeExchangeUrl,
} from '../../../../src/main/settings/exchange-url';
import { AppFailure } from '../../../../src/shared/result';

let devnet: RunningDevnet;
let fake: Server;
let fakeUrl: string;
/** what the fake server answers to /info and /schema.proto, per test */
let answer: { status: number; body: string } = { status: 200, body: '{}' };
let schemaAnswer: { status: number; body: string } | null = null;

beforeAll(async () => {
  devnet = await startDevnet();
  fake = createServer((req, res) => {
    if (req.url === '/schema.proto' && schemaAnswer)
      return void res.writeHead(schemaAnswer.status, { 'content-type': 'text/plain' }).end(schemaAnswer.body);
    if (req.url !== '/info') return void res.writeHead(404).end('{"error":"NotFound","message":"no"}');
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await devnet?.close();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

async function failure(text: string): Promise<AppFailure> {
  try {
    await checkExchangeUrl(text, { timeoutMs: 2_000 });
  } catch (error) {
    if (error instanceof AppFailure) return error;
    throw error;
  }
  throw new Error(`${text} was accepted`);
}

describe('exchange address format', () => {
  it('keeps scheme, host, port and path, without a trailing slash or surrounding spaces', () => {
    expect(normalizeExchangeUrl('  https://Exchange.Example.com/  ')).toBe('https://exchange.example.com');
    expect(normalizeExchangeUrl('http://127.0.0.1:8080/api/v1/')).toBe('http://127.0.0.1:8080/api/v1');
  });

  it.each([
    ['exchange.example.com', /not a web address/],
    ['', /not a web address/],
    ['ftp://exchange.example.com', /must start with http:\/\/ or https:\/\//],
    ['javascript:alert(1)', /must start with http:\/\/ or https:\/\//],
    ['file:///etc/passwd', /must start with http:\/\/ or https:\/\//],
    ['https://user:secret@exchange.example.com', /user name or password/],
    ['https://exchange.example.com/?x=1', /\?query or a #fragment/],
    ['https://exchange.example.com/#top', /\?query or a #fragment/],
    ['http://exchange.example.com', /Use https:\/\/ for an exchange on another computer/],
    ['http://10.0.0.7:8080', /Plain http:\/\/ is accepted only for one on this computer/],
    ['http://127.0.0.1.example.com', /Use https:\/\//],
  ])('refuses %j', (text, message) => {
    expect(() => normalizeExchangeUrl(text)).toThrow(message);
    try {
      normalizeExchangeUrl(text);
    } catch (error) {
      expect((error as AppFailure).code).toBe('INVALID_ARGUMENT');
    }
  });

  it('takes plain http:// for an exchange on this computer', () => {
    expect(normalizeExchangeUrl('http://localhost:8080')).toBe('http://localhost:8080');
    expect(normalizeExchangeUrl('http://127.0.0.2:8080/')).toBe('http://127.0.0.2:8080');
    expect(normalizeExchangeUrl('http://[::1]:8080')).toBe('http://[::1]:8080');
  });

  it('warns about unencrypted addresses beyond this computer only', () => {
    expect(exchangeUrlWarning('http://exchange.example.com')).toMatch(/not encrypted/);
    expect(exchangeUrlWarning('http://10.0.0.7:8080')).toMatch(/not encrypted/);
    expect(exchangeUrlWarning('https://exchange.example.com')).toBeNull();
    expect(exchangeUrlWarning('http://127.0.0.1:8080')).toBeNull();
    expect(exchangeUrlWarning('http://localhost:8080')).toBeNull();
  });
});

describe('exchange address reachability', () => {
  it('accepts a real exchange and returns its market list', async () => {
    const checked = await checkExchangeUrl(`${devnet.baseUrl}/`);
    expect(checked.baseUrl).toBe(devnet.baseUrl);
    expect(checked.info.markets.map((m) => m.symbol)).toContain('BTC-PERP');
  });

  it('says nothing answered when nothing listens there', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(`http://127.0.0.1:${port}`);
    expect(error.code).toBe('EXCHANGE_UNREACHABLE');
    expect(error.message).toBe(
      `Nothing answered at http://127.0.0.1:${port}. Check the address and that the exchange is running.`,
    );
  });

  it('says a server without /info is not an exchange', async () => {
    const error = await failure(`${fakeUrl}/elsewhere`);
    expect(error.code).toBe('EXCHANGE_BAD_RESPONSE');
    expect(error.message).toMatch(/has no \/info market list/);
  });

  it.each([
    ['not JSON', { status: 200, body: '<html>hello</html>' }],
    ['JSON of another shape', { status: 200, body: '{"markets": "none"}' }],
    ['an error status', { status: 500, body: '{"error":"Internal","message":"down"}' }],
  ])('refuses /info answering %s', async (_name, reply) => {
    answer = reply;
    const error = await failure(fakeUrl);
    expect(error.code).toBe('EXCHANGE_BAD_RESPONSE');
    expect(error.message).toMatch(/answered \/info with something that is not an exchange's market list/);
  });

  describe('an exchange whose action schema the app cannot sign for', () => {
    const realInfo = async () => ({
      status: 200,
      body: await fetch(`${devnet.baseUrl}/info`).then((r) => r.text()),
    });
    const realProto = () => fetch(`${devnet.baseUrl}/schema.proto`).then((r) => r.text());

    it('is refused when it serves no /schema.proto', async () => {
      answer = await realInfo();
      schemaAnswer = null;
      const error = await failure(fakeUrl);
      expect(error.code).toBe('EXCHANGE_BAD_RESPONSE');
      expect(error.message).toMatch(/serves no \/schema\.proto, so Perpetua cannot know how to sign for it/);
    });

    it('is refused, naming what is missing, when its schema lacks an action the app signs', async () => {
      answer = await realInfo();
      // the same schema without SelfRevoke: a session could not end itself
      schemaAnswer = { status: 200, body: (await realProto()).replace(/^.*SelfRevoke self_revoke.*$/m, '') };
      const error = await failure(fakeUrl);
      expect(error.code).toBe('EXCHANGE_BAD_RESPONSE');
      expect(error.message).toBe(
        `The exchange at ${fakeUrl} speaks an action format Perpetua cannot sign for: the exchange schema's Action lacks selfRevoke.`,
      );
    });

    /** the served schema with its Withdraw message rewritten */
    const withWithdraw = async (edit: (block: string) => string) => {
      const proto = await realProto();
      const block = /message Withdraw \{[^}]*\}/.exec(proto)![0];
      return proto.replace(block, edit(block));
    };

    it('is refused when it numbers a signed field differently: the app never signs with its schema', async () => {
      answer = await realInfo();
      // amount and account swapped: bytes the app signs as "amount" would mean "account" there
      schemaAnswer = {
        status: 200,
        body: await withWithdraw((b) =>
          b
            .replace('amount = 3;', 'amount = 99;')
            .replace('account_id = 5;', 'account_id = 3;')
            .replace('amount = 99;', 'amount = 5;'),
        ),
      };
      const error = await failure(fakeUrl);
      expect(error.code).toBe('EXCHANGE_BAD_RESPONSE');
      expect(error.message).toMatch(/describes the actions Perpetua signs differently/);
      expect(error.message).toMatch(/its (Action\.)?Withdraw field 3 is "accountId uint32/);
    });

    it('is refused when a signed message has a field this version does not know, or an enum means another thing', async () => {
      answer = await realInfo();
      schemaAnswer = {
        status: 200,
        body: await withWithdraw((b) =>
          b.replace('account_id = 5;', 'account_id = 5;\n  uint64 max_fee = 6;'),
        ),
      };
      expect((await failure(fakeUrl)).message).toMatch(
        /^The exchange at .* describes the actions Perpetua signs differently from this version of Perpetua \(its (Action\.)?Withdraw has a field 6 \(maxFee\) this version does not know\)\. Perpetua will not sign for it/,
      );
      const proto = await realProto();
      const side = /enum Side \{[^}]*\}/.exec(proto)![0];
      const swapped = side.replace(/= 0;/, '= 9;').replace(/= 1;/, '= 0;').replace(/= 9;/, '= 1;');
      schemaAnswer = { status: 200, body: proto.replace(side, swapped) };
      expect((await failure(fakeUrl)).message).toMatch(/\(Side\.ASK is not 0 there\)/);
    });

    it('is accepted when it knows more kinds of action than this version signs', async () => {
      answer = await realInfo();
      const proto = await realProto();
      schemaAnswer = {
        status: 200,
        body: proto.replace(
          'VaultSyncEpochs vault_sync_epochs = 106;',
          'VaultSyncEpochs vault_sync_epochs = 106;\n    SelfRevoke future_kind = 120;',
        ),
      };
      expect((await checkExchangeUrl(fakeUrl)).baseUrl).toBe(fakeUrl);
    });

    it("is accepted under the public engine's package name (nord): package names are not on the wire", async () => {
      answer = await realInfo();
      const proto = await realProto();
      expect(proto).toMatch(/^package perpetua\.v1;$/m);
      schemaAnswer = { status: 200, body: proto.replace(/^package perpetua\.v1;$/m, 'package nord;') };
      expect((await checkExchangeUrl(fakeUrl)).baseUrl).toBe(fakeUrl);
      // and a renumbered signed field is still found under the other package name
      schemaAnswer = {
        status: 200,
        body: proto
          .replace(/^package perpetua\.v1;$/m, 'package nord;')
          .replace('uint32 nonce = 2;', 'uint32 nonce = 98;'),
      };
      expect((await failure(fakeUrl)).message).toMatch(/describes the actions Perpetua signs differently/);
    });

    it('is accepted when its schema has everything', async () => {
      answer = await realInfo();
      schemaAnswer = { status: 200, body: await realProto() };
      expect((await checkExchangeUrl(fakeUrl)).baseUrl).toBe(fakeUrl);
    });
  });
});
