// What a route table is made of, shared by every feature's routes: the endpoint as served and described,
// the JSON answer, and the path parameters that name something that must exist.
import type { HttpRequest } from './router';
import type { HttpResponse } from './response';
import type { RouteContract } from './contract';
import { HttpError } from './errors';
import { accountIdValue, marketIdParam } from './params';

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

export const json = (value: unknown, status = 200): HttpResponse => ({ status, json: value });

/** The account the path's account_id names: 400 when it is not an id, 404 UserNotFound when none has it. */
export function requireAccount<A>(req: HttpRequest, find: (id: number) => A | undefined): A {
  const id = accountIdValue(req.params.account_id);
  const found = find(id);
  if (found === undefined) throw new HttpError('UserNotFound', `account ${id} does not exist`);
  return found;
}

/** The market the path's market_id names: 400 when it is not an id, 404 MarketNotFound when none has it. */
export function requireMarket<M>(req: HttpRequest, find: (id: number) => M | undefined): M {
  const id = marketIdParam(req.params.market_id);
  const found = find(id);
  if (found === undefined) throw marketNotFound(id);
  return found;
}

export const marketNotFound = (id: number): HttpError =>
  new HttpError('MarketNotFound', `market ${id} does not exist`, undefined, { market_id: id });

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
