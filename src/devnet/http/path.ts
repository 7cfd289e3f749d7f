// The path parameters that name something: each read one way for every route table (400 when it is not
// such an id, with what was expected; 404 with the interface's error when nothing has it). What exists is
// asked through the `exists` checks the wiring passes in, so this module knows no feature.
import type { HttpRequest } from './router';
import { HttpError } from './errors';
import { accountIdValue, isBase58Key, marketIdParam } from './params';

export interface PathParams {
  /** account_id: 404 UserNotFound when no account has it */
  accountId(req: HttpRequest): number;
  /** market_id: 404 MarketNotFound when no market has it */
  marketId(req: HttpRequest): number;
  /** vault_id: 404 VaultNotFound when no vault has it */
  vaultId(req: HttpRequest): number;
  /** pubkey: a wallet or session key, base58 of 32 bytes (whether it is known is the route's answer) */
  pubkey(req: HttpRequest): string;
}

export interface Existence {
  account(id: number): boolean;
  market(id: number): boolean;
  vault(id: number): boolean;
}

export const marketNotFound = (id: number): HttpError =>
  new HttpError('MarketNotFound', `market ${id} does not exist`, undefined, { market_id: id });

export function pathParams(exists: Existence): PathParams {
  return {
    accountId(req) {
      const id = accountIdValue(req.params.account_id);
      if (!exists.account(id)) throw new HttpError('UserNotFound', `account ${id} does not exist`);
      return id;
    },
    marketId(req) {
      const id = marketIdParam(req.params.market_id);
      if (!exists.market(id)) throw marketNotFound(id);
      return id;
    },
    vaultId(req) {
      const raw = req.params.vault_id ?? '';
      if (!/^\d{1,10}$/.test(raw) || Number(raw) > 0xffffffff)
        throw new HttpError('BadRequest', `"${raw}" is not a vault id`);
      const id = Number(raw);
      if (!exists.vault(id))
        throw new HttpError('VaultNotFound', `vault ${raw} does not exist`, undefined, { vault_id: id });
      return id;
    },
    pubkey(req) {
      const pubkey = req.params.pubkey ?? '';
      if (!isBase58Key(pubkey)) throw new HttpError('BadRequest', 'pubkey must be a base58 32-byte key');
      return pubkey;
    },
  };
}
