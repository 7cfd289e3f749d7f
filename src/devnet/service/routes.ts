// The service itself: liveness and health, its own description (/openapi.json, /schema.proto), the stream
// endpoint, and the public endpoints the devnet answers with a defined NotImplemented.
import { SERVICE_VERSION } from '../config';
import { HttpError } from '../http/errors';
import type { ResponseSpec } from '../http/contract';
import { json, type Route } from '../http/route';
import type { EngineState } from '../state';

const HEALTH_SERVICES = ['execution', 'history', 'replica', 'remote', 'settlement', 'oracle', 'rfq'] as const;

const DEGRADED_HEALTH: ResponseSpec = {
  description: 'Some subservice is degraded: HealthInfo',
  contentType: 'application/json',
};

/** HealthInfo: settlement is degraded while the protocol carries debt; the rest is always healthy here. */
function health(state: EngineState) {
  const services = Object.fromEntries(
    HEALTH_SERVICES.map((s) => [s, s === 'settlement' && state.protocolDebt > 0n ? 'degraded' : 'healthy']),
  );
  const degraded = Object.values(services).includes('degraded');
  return { status: degraded ? 'degraded' : 'healthy', version: SERVICE_VERSION, services };
}

// public endpoints the interface does not list: answered with a defined NotImplemented, never a 404
const NOT_IMPLEMENTED = [
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
] as const;

export interface ServiceRouteDeps {
  state: () => EngineState;
  protoText: string;
  openapi: () => unknown;
}

export function serviceRoutes(deps: ServiceRouteDeps): Route[] {
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
        const h = health(deps.state());
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
        const status = health(deps.state()).services[service];
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
    ...NOT_IMPLEMENTED.map(([path, instead]): Route => ({
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
  ];
}
