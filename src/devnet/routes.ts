// The devnet's endpoints as one table: the router serves it and /openapi.json describes it, so the two
// cannot drift. Handlers translate HTTP to Devnet calls and back; the rules live in the engine.
import bs58 from 'bs58';
import { SERVICE_VERSION, type DevnetConfig } from './config';
import type { Devnet } from './devnet';
import type { HttpRequest } from './http/router';
import type { HttpResponse } from './http/response';
import { HttpError, type ErrorName } from './http/errors';
import { page, parsePageQuery } from './http/paging';
import { U64_PATTERN } from './http/params';
import {
  ACTION_BODY,
  BASE58_KEY_SCHEMA,
  BINARY_OK,
  BAD_REQUEST_REF,
  JSON_BODY,
  PAGING,
  u64Schema,
  U64_NUMBER,
  type Parameter,
  type ResponseSpec,
  type RouteContract,
} from './http/contract';
import type { SnapshotStore } from './persistence';
import { withdrawalFeeInToken, withdrawalFeeQuote } from './funds/fees';
import type { AccountState, DepositRecord, TransferRecord, WithdrawalRecord } from './engine/state';
import type { WireInfo } from '../shared/exchange/info';
import { accountJson, cmfBps } from './funds/account-view';
import { human, time, unitsOf } from './json';
import type { WireUser } from '../shared/exchange/user';
import type { WireDepositInfo, WireTransferRow, WireWithdrawalInfo } from '../shared/exchange/history';
import { claimVaultBalances } from './vaults/state';

/** One endpoint: how it is served and, through RouteContract, everything /openapi.json says about it. */
export interface Route extends RouteContract {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  tag:
    | 'operational'
    | 'markets'
    | 'orders'
    | 'accounts'
    | 'history'
    | 'triggers'
    | 'vaults'
    | 'actions'
    | 'state'
    | 'settlement'
    | 'devnet';
  handler: (req: HttpRequest) => HttpResponse | Promise<HttpResponse>;
}

export interface RouteDeps {
  devnet: Devnet;
  config: DevnetConfig;
  store: SnapshotStore;
  protoText: string;
  openapi: () => unknown;
}

const HEALTH_SERVICES = ['execution', 'history', 'replica', 'remote', 'settlement', 'oracle', 'rfq'] as const;

// Declarations several routes share (see http/contract.ts).
const ACCOUNT_ERRORS: readonly ErrorName[] = ['BadRequest', 'UserNotFound'];
const DEGRADED_HEALTH: ResponseSpec = {
  description: 'Some subservice is degraded: HealthInfo',
  contentType: 'application/json',
};
const SIGNER: Parameter = {
  name: 'signer',
  description: 'A signer (base58 key): answer its highest accepted action nonce instead',
  schema: BASE58_KEY_SCHEMA,
};
const actionRange = (max: number): Parameter[] => [
  { name: 'from', required: true, description: 'First ActionId (inclusive)', schema: u64Schema() },
  {
    name: 'to',
    required: true,
    description: `Last ActionId (inclusive), not below from; at most ${max} ids from..to`,
    schema: u64Schema(),
  },
];
const SNAPSHOT_QUERY: Parameter[] = [
  { name: 'actionId', description: 'The snapshot nearest this ActionId', schema: u64Schema() },
  {
    name: 'time',
    description: 'The snapshot nearest this time (RFC3339), when actionId is absent',
    schema: { type: 'string', format: 'date-time' },
  },
  {
    name: 'timestamp',
    description: 'Not implemented: any value answers 501 NotImplemented',
    schema: { type: 'string' },
  },
];
const SNAPSHOT_FILE: ResponseSpec = {
  description: 'The snapshot file',
  contentType: 'application/json',
  schema: { type: 'object' },
  headers: {
    ETag: { description: 'The quoted sha256 of the file', schema: { type: 'string' } },
    'Content-Length': { description: 'Bytes in this response', schema: { type: 'integer' } },
  },
};
const json = (value: unknown, status = 200): HttpResponse => ({ status, json: value });

function accountIdParam(req: HttpRequest): number {
  const raw = req.params.account_id ?? '';
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > 0xffffffff)
    throw new HttpError('BadRequest', `"${raw}" is not an account id`);
  return Number(raw);
}

function u64Query(req: HttpRequest, name: string, required: boolean): bigint | undefined {
  const raw = req.query.get(name);
  if (raw === null) {
    if (required) throw new HttpError('BadRequest', `the query parameter ${name} is required`);
    return undefined;
  }
  if (!U64_PATTERN.test(raw)) throw new HttpError('BadRequest', `${name} must be a non-negative integer`);
  return BigInt(raw);
}

function isAddress(value: string): boolean {
  try {
    return bs58.decode(value).length === 32;
  } catch {
    return false;
  }
}

export function buildRoutes(deps: RouteDeps): Route[] {
  const { devnet, config, store } = deps;
  const engine = devnet.engine;
  const state = () => engine.state;

  const account = (req: HttpRequest): AccountState => {
    const id = accountIdParam(req);
    const found = engine.account(id);
    if (!found) throw new HttpError('UserNotFound', `account ${id} does not exist`);
    return found;
  };

  const wireAccount = (a: AccountState) => accountJson(state(), config, a);

  const health = () => {
    const services = Object.fromEntries(
      HEALTH_SERVICES.map((s) => [
        s,
        s === 'settlement' && state().protocolDebt > 0n ? 'degraded' : 'healthy',
      ]),
    );
    const degraded = Object.values(services).includes('degraded');
    return { status: degraded ? 'degraded' : 'healthy', version: SERVICE_VERSION, services };
  };

  const info: WireInfo = {
    markets: config.markets.map((m) => ({
      marketId: m.marketId,
      symbol: m.symbol,
      priceDecimals: m.priceDecimals,
      sizeDecimals: m.sizeDecimals,
      baseTokenId: m.baseTokenId,
      quoteTokenId: m.quoteTokenId,
      imf: human(BigInt(m.imfBps), 4),
      mmf: human(BigInt(m.mmfBps), 4),
      cmf: human(BigInt(cmfBps(m)), 4),
    })),
    // every token counts at its full value towards margin on the devnet
    tokens: config.tokens.map((t) => ({
      tokenId: t.tokenId,
      symbol: t.symbol,
      decimals: t.decimals,
      mintAddr: t.mint,
      weightBps: 10_000,
      name: t.name,
    })),
    version: SERVICE_VERSION,
  };

  const u = unitsOf(config);
  const wireDeposit = (r: DepositRecord): WireDepositInfo => ({
    time: time(r.time),
    // a deposit is a settlement event, not an action: it has no action id of its own
    actionId: '0',
    accountId: r.accountId,
    tokenId: r.tokenId,
    amount: u.token(r.amount, r.tokenId),
    balance: u.token(r.balance ?? 0n, r.tokenId),
    eventIndex: Number(r.id),
    chainTxId: r.chainTxId,
    sender: r.from,
  });
  const wireWithdrawal = (r: WithdrawalRecord): WireWithdrawalInfo => ({
    time: time(r.time),
    actionId: r.actionId.toString(),
    accountId: r.accountId,
    tokenId: r.tokenId,
    amount: u.token(r.amount, r.tokenId),
    balance: u.token(r.balance ?? 0n, r.tokenId),
    fee: u.token(r.fee, r.tokenId),
    destPubkey: r.destination,
    eventNonce: r.eventNonce.toString(),
    status: r.status,
    ...(r.chainTxId ? { chainTxId: r.chainTxId } : {}),
  });
  const wireTransfer =
    (accountId: number) =>
    (r: TransferRecord): WireTransferRow => ({
      time: time(r.time),
      actionId: r.actionId.toString(),
      fromAccountId: r.fromAccountId,
      toAccountId: r.toAccountId,
      tokenId: r.tokenId,
      amount: u.token(r.amount, r.tokenId),
      direction: r.fromAccountId === accountId ? 'sent' : 'received',
      accountCreated: r.accountCreated,
    });

  /** StateDownloadMeta: the file's sha256 as bytes, an absolute link, the binary version; devnet extras
   * (snapshotId, actionId, time, size, sha256 as hex, the relative url) ride along */
  const snapshotMeta = (meta: ReturnType<SnapshotStore['list']>[number], req?: HttpRequest) => ({
    hash: [...Buffer.from(meta.sha256, 'hex')],
    link: `http://${String(req?.headers.host ?? '127.0.0.1')}/state/download/${meta.snapshotId}`,
    version: SERVICE_VERSION,
    ...meta,
    url: `/state/download/${meta.snapshotId}`,
  });

  return [
    {
      method: 'GET',
      path: '/live',
      tag: 'operational',
      summary: 'Liveness probe (UNSTABLE)',
      handler: () => json({ status: 'live' }),
    },
    {
      method: 'GET',
      path: '/health',
      tag: 'operational',
      summary: 'HealthInfo; 503 on any partial degradation (UNSTABLE)',
      responses: { 503: DEGRADED_HEALTH },
      handler: () => {
        const h = health();
        return json(h, h.status === 'healthy' ? 200 : 503);
      },
    },
    {
      method: 'GET',
      path: '/health/{service}',
      tag: 'operational',
      summary: 'Health of one subservice; 404 unknown, 503 degraded (UNSTABLE)',
      params: {
        service: { description: 'A subservice', schema: { type: 'string', enum: [...HEALTH_SERVICES] } },
      },
      responses: {
        503: {
          description: 'The subservice is degraded: { service, status }',
          contentType: 'application/json',
        },
      },
      errors: ['NotFound'],
      handler: (req) => {
        const service = req.params.service!;
        if (!(HEALTH_SERVICES as readonly string[]).includes(service))
          throw new HttpError(
            'NotFound',
            `unknown service "${service}"; one of ${HEALTH_SERVICES.join(', ')}`,
          );
        const status = health().services[service];
        return json({ service, status }, status === 'healthy' ? 200 : 503);
      },
    },
    {
      method: 'GET',
      path: '/openapi.json',
      tag: 'operational',
      summary: 'This description',
      handler: () => json(deps.openapi()),
    },
    {
      method: 'GET',
      path: '/schema.proto',
      tag: 'operational',
      summary: 'The protobuf schema of actions and receipts',
      ok: {
        description: 'The protobuf schema (proto3 text)',
        contentType: 'text/plain',
        schema: { type: 'string' },
      },
      handler: () => ({
        status: 200,
        raw: deps.protoText,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      }),
    },
    {
      method: 'GET',
      path: '/info',
      tag: 'markets',
      summary: 'MarketsInfo: markets and tokens with ids and decimals',
      handler: () => json(info),
    },
    {
      method: 'GET',
      path: '/timestamp',
      tag: 'markets',
      summary: "The engine's logical time in seconds: the authority for signing",
      ok: {
        description: 'Seconds since the Unix epoch',
        contentType: 'application/json',
        schema: { type: 'integer' },
      },
      handler: () => json(engine.nowSeconds()),
    },

    {
      method: 'GET',
      path: '/user/{pubkey}',
      tag: 'accounts',
      summary: 'User: account ids and active sessions; 404 UserNotFound',
      errors: ['BadRequest', 'UserNotFound'],
      handler: (req) => {
        const pubkey = req.params.pubkey!;
        if (!isAddress(pubkey)) throw new HttpError('BadRequest', 'pubkey must be a base58 32-byte key');
        const user = state().users[pubkey];
        if (!user) throw new HttpError('UserNotFound', 'this wallet has no account on the exchange yet');
        const now = engine.nowSeconds();
        const live = Object.values(state().sessions).filter(
          (s) => s.owner === pubkey && !s.revoked && s.expiry > now,
        );
        const body: WireUser = {
          accountIds: user.accountIds,
          sessions: Object.fromEntries(
            live.map((s) => [
              s.id.toString(),
              {
                pubkey: s.sessionKey,
                expiry: time(s.expiry),
                sessionId: s.id.toString(),
                ...(s.refreshDeadline !== undefined ? { refreshDeadline: time(s.refreshDeadline) } : {}),
              },
            ]),
          ),
        };
        return json(body);
      },
    },
    {
      method: 'GET',
      path: '/ws/{streams}',
      tag: 'operational',
      summary:
        'WebSocket streams joined with "&": trades@<symbol>, deltas@<symbol>, account@<account_id>, candle@<symbol>:<resolution> (1, 5, 15, 30, 60, 1D, 1W, 1M), vault@<vault_id>; payloads as the public engine sends them (docs/protocol-decisions.md)',
      params: {
        streams: {
          description: 'One to 32 stream names joined with "&", e.g. trades@BTC-PERP&account@7',
          schema: { type: 'string' },
        },
      },
      noOk: true,
      responses: {
        101: {
          description:
            'Switching Protocols (with Connection: upgrade, Upgrade: websocket and Sec-WebSocket-Key); text frames, one JSON message each',
        },
      },
      // a stream list that names nothing is refused before the upgrade: 400 malformed, 404 unknown
      errors: ['BadRequest', 'NotFound', 'UserNotFound'],
      handler: () => {
        throw new HttpError('BadRequest', 'streams are served over a WebSocket upgrade of this GET');
      },
    },
    // public endpoints the interface does not list: answered with a defined NotImplemented, never a 404
    ...(
      [
        ['/account/{account_id}/pnl', 'AccountPnlInfo pages: use /account/{account_id}/history/pnl'],
        [
          '/account/{account_id}/pnl/funding/history/PT1H',
          'deprecated publicly: use /account/{account_id}/history/funding',
        ],
        [
          '/account/{account_id}/triggers/history',
          'use /account/{account_id}/triggers/history/placements and /finalisations',
        ],
        ['/tv', 'the devnet serves no TradingView datafeed'],
      ] as const
    ).map(([path, instead]): Route => ({
      method: 'GET',
      path,
      tag: 'operational',
      summary: `Not implemented on the devnet (501 NotImplemented): ${instead}`,
      errors: ['NotImplemented'],
      handler: () => {
        throw new HttpError('NotImplemented', `not implemented on the devnet: ${instead}`);
      },
    })),
    {
      method: 'GET',
      path: '/admin',
      tag: 'operational',
      summary: 'AdminInfo of every administrator key: none on the devnet (its controls are under /devnet)',
      handler: () => json([]),
    },
    {
      method: 'GET',
      path: '/accounts/count',
      tag: 'accounts',
      summary: 'Number of accounts',
      ok: {
        description: 'The number of accounts',
        contentType: 'application/json',
        schema: { type: 'integer', minimum: 0 },
      },
      handler: () => json(Object.keys(state().accounts).length),
    },
    {
      method: 'GET',
      path: '/account/system',
      tag: 'accounts',
      summary: 'actionId, feeVault, claimVault',
      handler: () =>
        json({
          actionId: state().nextActionId - 1n,
          feeVault: Object.entries(state().feeVault).map(([tokenId, amount]) => ({
            tokenId: Number(tokenId),
            token: u.tokenSymbol(Number(tokenId)),
            amount: u.token(amount, Number(tokenId)),
          })),
          claimVault: claimVaultBalances(state()).map(({ tokenId, amount }) => ({
            tokenId,
            token: u.tokenSymbol(tokenId),
            amount: u.token(amount, tokenId),
          })),
        }),
    },
    {
      method: 'GET',
      path: '/account/system/history/transfer',
      tag: 'history',
      summary: 'Transfers involving the fee vault (withdrawal fees), paged',
      query: PAGING,
      errors: ['BadRequest'],
      handler: (req) =>
        json(page(state().systemTransfers, parsePageQuery(req.query, engine.nowSeconds()), wireTransfer(0))),
    },
    {
      method: 'GET',
      path: '/account/{account_id}',
      tag: 'accounts',
      summary: 'Account: balances, positions, open orders, margin; 404 UserNotFound',
      errors: ACCOUNT_ERRORS,
      handler: (req) => json(wireAccount(account(req))),
    },
    {
      method: 'GET',
      path: '/account/{account_id}/pubkey',
      tag: 'accounts',
      summary: "The owner's RegistrationKey; 404 UserNotFound",
      errors: ACCOUNT_ERRORS,
      handler: (req) => json(account(req).owner),
    },
    {
      method: 'GET',
      path: '/account/{account_id}/fees/withdrawal',
      tag: 'accounts',
      summary:
        'Withdrawal fee in quote-token units (a number); proportional to protocol debt when unhealthy. With ?tokenId, the same fee in that token, exactly as a withdrawal of it is charged',
      query: [
        {
          name: 'tokenId',
          description:
            'State the fee in this token (rounded up from the quote fee at the token’s reference price)',
          schema: { type: 'integer', minimum: 0, maximum: 2147483647 },
        },
      ],
      ok: {
        description: 'The fee in whole units of the quote token, or of tokenId when given',
        contentType: 'application/json',
        schema: { type: 'number' },
      },
      errors: [...ACCOUNT_ERRORS, 'TokenNotFound'],
      handler: (req) => {
        account(req);
        const raw = req.query.get('tokenId');
        if (raw === null) {
          const quote = config.tokens.find((t) => t.tokenId === config.quoteTokenId)!;
          return json(human(withdrawalFeeQuote(config, state()), quote.decimals));
        }
        if (!/^\d{1,10}$/.test(raw) || Number(raw) > 2147483647)
          throw new HttpError('BadRequest', `"${raw}" is not a token id`);
        const token = config.tokens.find((t) => t.tokenId === Number(raw));
        if (!token) throw new HttpError('TokenNotFound', `token ${raw} does not exist`);
        return json(human(withdrawalFeeInToken(config, state(), token.tokenId), token.decimals));
      },
    },
    {
      method: 'GET',
      path: '/account/{account_id}/history/deposit',
      tag: 'history',
      summary: 'DepositInfo rows, paged (uint64 cursor)',
      query: PAGING,
      errors: ACCOUNT_ERRORS,
      handler: (req) => {
        const a = account(req);
        return json(
          page(
            state().deposits.filter((r) => r.accountId === a.id),
            parsePageQuery(req.query, engine.nowSeconds()),
            wireDeposit,
          ),
        );
      },
    },
    {
      method: 'GET',
      path: '/account/{account_id}/history/withdrawal',
      tag: 'history',
      summary: 'WithdrawalInfo rows, paged (uint64 cursor)',
      query: PAGING,
      errors: ACCOUNT_ERRORS,
      handler: (req) => {
        const a = account(req);
        return json(
          page(
            state().withdrawals.filter((r) => r.accountId === a.id),
            parsePageQuery(req.query, engine.nowSeconds()),
            wireWithdrawal,
          ),
        );
      },
    },
    {
      method: 'GET',
      path: '/account/{account_id}/history/transfer',
      tag: 'history',
      summary: 'TransferRow rows sent and received, paged (uint64 cursor)',
      query: PAGING,
      errors: ACCOUNT_ERRORS,
      handler: (req) => {
        const a = account(req);
        return json(
          page(
            state().transfers.filter((r) => r.fromAccountId === a.id || r.toAccountId === a.id),
            parsePageQuery(req.query, engine.nowSeconds()),
            wireTransfer(a.id),
          ),
        );
      },
    },

    {
      method: 'GET',
      path: '/action/last-executed-id',
      tag: 'actions',
      summary: 'Id of the last executed action; 404 ActionNotFound before any',
      ok: { description: 'An ActionId', contentType: 'application/json', schema: U64_NUMBER },
      errors: ['ActionNotFound'],
      handler: () => {
        const last = state().nextActionId - 1n;
        if (last === 0n) throw new HttpError('ActionNotFound', 'no action has executed yet');
        return json(last);
      },
    },
    {
      method: 'GET',
      path: '/event/last-acked-nonce',
      tag: 'actions',
      summary:
        'Last acknowledged settlement event nonce; with ?signer=<base58>, the highest accepted action nonce of that signer',
      query: [SIGNER],
      ok: { description: 'A nonce', contentType: 'application/json', schema: U64_NUMBER },
      errors: ['BadRequest'],
      handler: (req) => {
        const signer = req.query.get('signer');
        if (signer === null) return json(state().lastAckedEventNonce);
        if (!isAddress(signer)) throw new HttpError('BadRequest', 'signer must be a base58 32-byte key');
        return json(state().nonces[signer] ?? 0);
      },
    },
    {
      method: 'GET',
      path: '/action',
      tag: 'actions',
      summary: `Executed actions from..to inclusive; at most ${config.maxActionRange} ids; 400 RangeTooLarge`,
      query: actionRange(config.maxActionRange),
      errors: ['BadRequest', 'RangeTooLarge'],
      handler: (req) => {
        const from = u64Query(req, 'from', true)!;
        const to = u64Query(req, 'to', true)!;
        if (to < from) throw new HttpError('BadRequest', 'to must not be less than from');
        if (to - from + 1n > BigInt(config.maxActionRange))
          throw new HttpError(
            'RangeTooLarge',
            `at most ${config.maxActionRange} actions per request`,
            undefined,
            {
              requested: to - from + 1n,
              maximal: config.maxActionRange,
            },
          );
        // ActionsItem { actionId, physicalTime, payload }: payload is the base64 of the varint-delimited
        // Action as it was submitted (signature excluded); the rest are devnet extras
        const items = state()
          .actions.filter((a) => a.actionId >= from && a.actionId <= to)
          .map((a) => ({
            actionId: a.actionId,
            physicalTime: time(a.time),
            payload: a.payload ?? '',
            signer: a.signer,
            nonce: a.nonce,
            kind: a.kind,
            receipt: a.receipt,
          }));
        return json(items);
      },
    },
    {
      method: 'POST',
      path: '/action',
      tag: 'actions',
      summary:
        'Submit a signed action: varint-delimited Action then its signature; answers a delimited Receipt',
      body: ACTION_BODY,
      ok: BINARY_OK(
        'A varint-length-delimited Receipt; a receipt of kind err is a rejected action (still HTTP 200)',
      ),
      errors: ['AcceptedMediaType', 'PayloadTooLarge'],
      handler: () => {
        throw new HttpError('InternalError', 'handled by the server');
      },
    },

    {
      method: 'GET',
      path: '/state/info',
      tag: 'state',
      summary:
        'StateInfo { version, state: EngineStateHeader }; the latest snapshot as a devnet extra (latestSnapshot)',
      handler: (req) => {
        devnet.persist(); // snapshots are taken when asked for (Devnet.schedulePersist)
        const list = store.list();
        const latest = list[list.length - 1];
        const last = state().nextActionId - 1n;
        return json({
          version: SERVICE_VERSION,
          state: {
            // the snapshot format's version; action_nonce counts executed actions like action_id
            version: 1,
            action_id: last,
            action_nonce: last,
            timestamp: engine.nowSeconds(),
            paused: false,
          },
          actionId: last.toString(),
          latestSnapshot: latest ? snapshotMeta(latest, req) : null,
        });
      },
    },
    {
      method: 'GET',
      path: '/state/info/hist',
      tag: 'state',
      summary: 'StateHistInfo { versions: [[fromActionId, version]] }; the snapshots kept as a devnet extra',
      handler: (req) => {
        devnet.persist();
        return json({
          // one engine version has executed every action of this devnet
          versions: [[0, SERVICE_VERSION]],
          snapshots: store.list().map((m) => snapshotMeta(m, req)),
        });
      },
    },
    {
      method: 'GET',
      path: '/state/download',
      tag: 'state',
      summary:
        'StateDownloadMeta of the nearest snapshot (actionId or time), the latest without parameters; timestamp is 501',
      query: SNAPSHOT_QUERY,
      errors: ['BadRequest', 'SnapshotNotFound', 'NotImplemented'],
      handler: (req) => {
        if (req.query.has('timestamp'))
          throw new HttpError(
            'NotImplemented',
            'the timestamp parameter is not implemented; use actionId or time',
          );
        devnet.persist();
        const list = store.list();
        if (list.length === 0) throw new HttpError('SnapshotNotFound', 'no snapshot exists yet');
        const actionId = u64Query(req, 'actionId', false);
        const timeText = req.query.get('time');
        let chosen = list[list.length - 1]!;
        if (actionId !== undefined)
          chosen = list.reduce((best, m) =>
            abs(BigInt(m.actionId) - actionId) < abs(BigInt(best.actionId) - actionId) ? m : best,
          );
        else if (timeText !== null) {
          const t = Date.parse(timeText);
          if (Number.isNaN(t)) throw new HttpError('BadRequest', 'time must be an RFC3339 date-time');
          chosen = list.reduce((best, m) =>
            Math.abs(Date.parse(m.time) - t) < Math.abs(Date.parse(best.time) - t) ? m : best,
          );
        }
        return json(snapshotMeta(chosen, req));
      },
    },
    {
      method: 'GET',
      path: '/state/download/{snapshot_id}',
      tag: 'state',
      summary: 'The snapshot file; honours Range; Content-Length, Content-Type, ETag',
      headers: [
        {
          name: 'Range',
          description: 'One byte range (bytes=a-b, bytes=a- or bytes=-n); any other form gets the whole file',
          schema: { type: 'string' },
        },
        {
          name: 'If-None-Match',
          description: 'The ETag of a copy already held: 304 when it is current',
          schema: { type: 'string' },
        },
      ],
      ok: SNAPSHOT_FILE,
      responses: {
        206: { ...SNAPSHOT_FILE, description: 'The requested byte range of the snapshot file' },
        304: { description: 'Not modified: the If-None-Match ETag is current' },
        416: {
          description: 'The range is outside the file (error BadRequest)',
          contentType: 'application/json',
          schema: BAD_REQUEST_REF,
        },
      },
      errors: ['SnapshotNotFound'],
      handler: (req) => {
        const body = store.read(req.params.snapshot_id!);
        if (!body) throw new HttpError('SnapshotNotFound', `no snapshot "${req.params.snapshot_id}"`);
        const meta = store.list().find((m) => m.snapshotId === req.params.snapshot_id);
        const etag = `"${meta?.sha256 ?? ''}"`;
        const headers = { 'content-type': 'application/json', etag, 'accept-ranges': 'bytes' };
        if (req.headers['if-none-match'] === etag) return { status: 304, headers, raw: '' };
        const range = req.headers.range;
        // One byte range is served; anything else (several ranges, another unit) is ignored, as HTTP lets a
        // server do, and the whole file is sent.
        const match = range === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(range);
        if (!match || (match[1] === '' && match[2] === ''))
          return { status: 200, headers: { ...headers, 'content-length': String(body.length) }, raw: body };
        let start = match[1] === '' ? body.length - Number(match[2]) : Number(match[1]);
        let end = match[1] === '' || match[2] === '' ? body.length - 1 : Number(match[2]);
        start = Math.max(0, start);
        end = Math.min(end, body.length - 1);
        if (start > end)
          return {
            status: 416,
            headers: {
              ...headers,
              'content-range': `bytes */${body.length}`,
              'x-error': 'BadRequest',
              'x-error-message': 'the range is outside the file',
            },
            json: null,
          };
        const part = body.subarray(start, end + 1);
        return {
          status: 206,
          headers: {
            ...headers,
            'content-range': `bytes ${start}-${end}/${body.length}`,
            'content-length': String(part.length),
          },
          raw: part,
        };
      },
    },

    {
      method: 'POST',
      path: '/devnet/protocol-debt',
      tag: 'devnet',
      summary:
        'Devnet control: set the simulated protocol debt (quote units); > 0 makes the protocol unhealthy',
      body: JSON_BODY('The debt in scaled quote units', {
        type: 'object',
        required: ['amount'],
        properties: { amount: { type: 'string', pattern: '^(0|[1-9]\\d{0,30})$' } },
      }),
      errors: ['AcceptedMediaType', 'BadRequest'],
      handler: (req) => {
        const body = parseJson(req) as { amount?: unknown };
        if (typeof body.amount !== 'string' || !/^(0|[1-9]\d{0,30})$/.test(body.amount))
          throw new HttpError('BadRequest', 'amount must be a scaled integer string');
        state().protocolDebt = BigInt(body.amount);
        devnet.schedulePersist();
        return json({ protocolDebt: body.amount });
      },
    },
    {
      method: 'POST',
      path: '/devnet/index-price',
      tag: 'devnet',
      summary:
        'Devnet control: set a market’s index and mark price (scaled by priceDecimals); the walk continues from it, and triggers, liquidations and quotes react at once',
      body: JSON_BODY('The market and its new index price', {
        type: 'object',
        required: ['marketId', 'price'],
        properties: {
          marketId: { type: 'integer' },
          price: { type: 'string', pattern: '^[1-9]\\d{0,30}$', description: 'scaled by priceDecimals' },
        },
      }),
      errors: ['AcceptedMediaType', 'BadRequest', 'MarketNotFound'],
      handler: (req) => {
        const body = parseJson(req) as { marketId?: unknown; price?: unknown };
        if (typeof body.marketId !== 'number' || !Number.isInteger(body.marketId))
          throw new HttpError('BadRequest', 'marketId must be an integer');
        if (typeof body.price !== 'string' || !/^[1-9]\d{0,30}$/.test(body.price))
          throw new HttpError('BadRequest', 'price must be a positive scaled integer string');
        if (!devnet.setIndexPrice(body.marketId, BigInt(body.price)))
          throw new HttpError('MarketNotFound', `market ${body.marketId} does not exist`, undefined, {
            market_id: body.marketId,
          });
        return json({ marketId: body.marketId, price: body.price });
      },
    },
  ];
}

const abs = (v: bigint): bigint => (v < 0n ? -v : v);

function parseJson(req: HttpRequest): unknown {
  if (!String(req.headers['content-type'] ?? '').startsWith('application/json'))
    throw new HttpError('AcceptedMediaType', 'send application/json', { accept: 'application/json' });
  try {
    return JSON.parse(req.body.toString('utf8'));
  } catch {
    throw new HttpError('BadRequest', 'the body is not JSON');
  }
}
