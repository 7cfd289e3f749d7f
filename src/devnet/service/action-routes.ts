// The action log: what executed (GET /action), where a client resumes (last executed id, last accepted
// nonce) and the submission endpoint itself, which the server answers before the router.
import type { DevnetConfig } from '../config';
import { HttpError } from '../http/errors';
import {
  ACTION_BODY,
  BASE58_KEY_SCHEMA,
  BINARY_OK,
  U64_NUMBER,
  u64Schema,
  type Parameter,
} from '../http/contract';
import { isBase58Key, u64Value } from '../http/params';
import { json, type Route } from '../http/route';
import { time } from '../json';
import type { EngineState } from '../state';

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

/** ActionsItem { actionId, physicalTime, payload } of the actions from..to: payload is the base64 of the
 * varint-delimited Action as it was submitted (signature excluded); the rest are devnet extras */
function actionsJson(state: EngineState, from: bigint, to: bigint) {
  return state.actions
    .filter((a) => a.actionId >= from && a.actionId <= to)
    .map((a) => ({
      actionId: a.actionId,
      physicalTime: time(a.time),
      payload: a.payload ?? '',
      signer: a.signer,
      nonce: a.nonce,
      kind: a.kind,
      receipt: a.receipt,
    }));
}

export function actionRoutes(state: () => EngineState, config: DevnetConfig): Route[] {
  const required = (raw: string | null, name: string): bigint => {
    if (raw === null) throw new HttpError('BadRequest', `the query parameter ${name} is required`);
    return u64Value(raw, name);
  };
  return [
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
        if (!isBase58Key(signer)) throw new HttpError('BadRequest', 'signer must be a base58 32-byte key');
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
        const from = required(req.query.get('from'), 'from');
        const to = required(req.query.get('to'), 'to');
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
        return json(actionsJson(state(), from, to));
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
  ];
}
