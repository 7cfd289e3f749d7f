// Who a wallet is to the exchange: its accounts and live sessions.
import type { Engine } from '../engine/engine';
import { HttpError } from '../http/errors';
import { isBase58Key } from '../http/params';
import { json, type Route } from '../http/route';
import { userJson } from './views';

export function sessionRoutes(engine: Engine): Route[] {
  return [
    {
      method: 'GET',
      path: '/user/{pubkey}',
      tag: 'accounts',
      summary: 'User: account ids and active sessions; 404 UserNotFound',
      errors: ['BadRequest', 'UserNotFound'],
      handler: (req) => {
        const pubkey = req.params.pubkey!;
        if (!isBase58Key(pubkey)) throw new HttpError('BadRequest', 'pubkey must be a base58 32-byte key');
        const body = userJson(engine.state, pubkey, engine.nowSeconds());
        if (!body) throw new HttpError('UserNotFound', 'this wallet has no account on the exchange yet');
        return json(body);
      },
    },
  ];
}
