// Who a wallet is to the exchange: its accounts and live sessions.
import type { Engine } from '../engine/engine';
import { HttpError } from '../http/errors';
import type { PathParams } from '../http/path';
import { json, type Route } from '../http/route';
import { userJson } from './views';

export function sessionRoutes(engine: Engine, path: PathParams): Route[] {
  return [
    {
      method: 'GET',
      path: '/user/{pubkey}',
      tag: 'accounts',
      summary: 'User: account ids and active sessions; 404 UserNotFound',
      errors: ['BadRequest', 'UserNotFound'],
      handler: (req) => {
        const body = userJson(engine.state, path.pubkey(req), engine.nowSeconds());
        if (!body) throw new HttpError('UserNotFound', 'this wallet has no account on the exchange yet');
        return json(body);
      },
    },
  ];
}
