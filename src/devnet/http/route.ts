// What a route table is made of, shared by every feature's routes: the endpoint as served and described,
// the JSON answer and the JSON body of a POST.
import type { BodyGate, HttpRequest } from './router';
import type { HttpResponse } from './response';
import type { RouteContract } from './contract';
import { HttpError } from './errors';

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
  /**
   * An answer decided from the headers alone, before the body is read (null: read it and run the handler).
   * POST /action's media type is judged so, whatever the size of the body.
   */
  refuseBeforeBody?: BodyGate;
}

export const json = (value: unknown, status = 200): HttpResponse => ({ status, json: value });

/** The JSON body of a POST: 415 AcceptedMediaType unless it says application/json, 400 unless it parses. */
export function parseJsonBody(req: HttpRequest): unknown {
  if (!String(req.headers['content-type'] ?? '').startsWith('application/json'))
    throw new HttpError('AcceptedMediaType', 'send application/json', { accept: 'application/json' });
  try {
    return JSON.parse(req.body.toString('utf8'));
  } catch {
    throw new HttpError('BadRequest', 'the body is not JSON');
  }
}
