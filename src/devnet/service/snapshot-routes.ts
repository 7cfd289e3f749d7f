// The state snapshots: what the latest is, which are kept, and the files themselves (with byte ranges).
import { SERVICE_VERSION } from '../config';
import type { Exchange } from '../engine/exchange';
import type { SnapshotStore } from '../persistence';
import { HttpError } from '../http/errors';
import { BAD_REQUEST_REF, u64Schema, type Parameter, type ResponseSpec } from '../http/contract';
import { optionalQuery, u64Value } from '../http/params';
import { json, type Route } from '../http/route';
import type { HttpRequest } from '../http/router';
import { byteRange, nearestSnapshot, snapshotMeta } from './snapshots';

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

const hostOf = (req: HttpRequest) => String(req.headers.host ?? '127.0.0.1');

export function snapshotRoutes(devnet: Exchange, store: SnapshotStore): Route[] {
  const engine = devnet.engine;
  return [
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
        const last = engine.state.nextActionId - 1n;
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
          latestSnapshot: latest ? snapshotMeta(latest, hostOf(req)) : null,
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
          snapshots: store.list().map((m) => snapshotMeta(m, hostOf(req))),
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
        const actionId = optionalQuery(req, 'actionId', (raw) => u64Value(raw, 'actionId'));
        const timeMs =
          actionId !== undefined
            ? undefined
            : optionalQuery(req, 'time', (raw) => {
                const t = Date.parse(raw);
                if (Number.isNaN(t)) throw new HttpError('BadRequest', 'time must be an RFC3339 date-time');
                return t;
              });
        return json(
          snapshotMeta(
            nearestSnapshot(list, {
              ...(actionId !== undefined ? { actionId } : {}),
              ...(timeMs !== undefined ? { timeMs } : {}),
            }),
            hostOf(req),
          ),
        );
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
        const range = byteRange(req.headers.range, body.length);
        if (range === null)
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
        if ('whole' in range)
          return { status: 200, headers: { ...headers, 'content-length': String(body.length) }, raw: body };
        const part = body.subarray(range.start, range.end + 1);
        return {
          status: 206,
          headers: {
            ...headers,
            'content-range': `bytes ${range.start}-${range.end}/${body.length}`,
            'content-length': String(part.length),
          },
          raw: part,
        };
      },
    },
  ];
}
