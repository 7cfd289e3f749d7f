// The action log: what executed (GET /action), where a client resumes (last executed id, last accepted
// nonce), and the submission endpoint itself, POST /action, defined here once: node:http serves it through
// the route table, and the fast path (http/action-fast-path.ts) answers the plain requests it reads off the
// socket with the same accepts and answerTo, so both write the same answer.
import type { DevnetConfig } from '../config';
import type { ActionQueue } from '../engine/action-queue';
import { MAX_ACTION_BODY_BYTES } from '../../protocol/framing';
import { HttpError, errorResponse, failureResponse } from '../http/errors';
import type { HttpResponse } from '../http/response';
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

/** What POST /action asks of the running devnet: the queue that runs actions in order, and durability. */
export interface ActionSubmission {
  submitTo: ActionQueue['submitTo'];
  /** whether every change made so far is on disk (Devnet.isDurable) */
  isDurable(): boolean;
  /** settles once every change made so far is on disk (Devnet.whenDurable) */
  whenDurable(): Promise<void>;
}

/** POST /action: its route, and the two steps both of its transports take. */
export interface ActionEndpoint {
  /** served by node:http and described by /openapi.json */
  route: Route;
  /** whether a Content-Type is the one media type POST /action takes (415 AcceptedMediaType otherwise) */
  accepts(contentType: string | undefined): boolean;
  /**
   * The answer to a body sent with that media type, handed to `reply` once what it changed is durable (a
   * failure answered as every failure is): before this returns when there is nothing to wait for (no
   * signature to check, nothing to write), without a promise between the action's receipt and its answer.
   */
  answerTo(body: Buffer, reply: (response: HttpResponse) => void): void;
}

/** the headers of every receipt POST /action answers (responseParts copies them, they are never changed) */
const ACTION_ANSWER_HEADERS = Object.freeze({ 'content-type': 'application/octet-stream' });

export function actionEndpoint(submission: ActionSubmission): ActionEndpoint {
  /** `answer`, once what the POST changed is on disk (see Devnet.whenDurable). */
  function replyWhenDurable(answer: HttpResponse, reply: (response: HttpResponse) => void): void {
    if (submission.isDurable()) reply(answer);
    else
      submission.whenDurable().then(
        () => reply(answer),
        (error: unknown) => reply(failureResponse(error)),
      );
  }

  // (no named function is made per action here: under tsx, which keeps names, each costs an
  // Object.defineProperty, and those showed in POST /action's profile)
  function answerTo(body: Buffer, reply: (response: HttpResponse) => void): void {
    if (body.length > MAX_ACTION_BODY_BYTES)
      return replyWhenDurable(
        errorResponse(
          'PayloadTooLarge',
          `an encoded action with its signature is at most ${MAX_ACTION_BODY_BYTES} bytes`,
          undefined,
          { limit: MAX_ACTION_BODY_BYTES },
        ),
        reply,
      );
    try {
      submission.submitTo(
        body,
        (raw) => replyWhenDurable({ status: 200, headers: ACTION_ANSWER_HEADERS, raw }, reply),
        (error) => reply(failureResponse(error)),
      );
    } catch (error) {
      reply(failureResponse(error));
    }
  }

  const accepts = (contentType: string | undefined): boolean =>
    (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/octet-stream';

  return {
    accepts,
    answerTo,
    route: {
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
      refuseBeforeBody: (headers) =>
        accepts(headers['content-type'])
          ? null
          : errorResponse('AcceptedMediaType', 'POST /action takes application/octet-stream', {
              accept: 'application/octet-stream',
            }),
      handler: (req) => new Promise((resolve) => answerTo(req.body, resolve)),
    },
  };
}

/** The action log's routes, then POST /action's. */
export function actionRoutes(state: () => EngineState, config: DevnetConfig, post: ActionEndpoint): Route[] {
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
    post.route,
  ];
}
