// What a route declares beyond its path: the query parameters its handler reads, its request body, and
// every status it can answer. The router holds handlers to the declaration (a handler sees only declared
// query parameters; in strict mode an undeclared status is an internal error), and openapi.ts renders the
// same declaration, so /openapi.json cannot describe anything other than what is served.
import { MAX_ACTION_BODY_BYTES } from '../../protocol/framing';
import { ERROR_STATUS, type ErrorName } from './errors';
import { MAX_PAGE_ENTRIES } from './paging';
import { U64_PATTERN } from './params';
import { BASE58_KEY } from '../../shared/base58';

/** The subset of the OpenAPI 3.0 Schema Object the devnet uses. */
export interface Schema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  enum?: readonly (string | number)[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: readonly string[];
  nullable?: boolean;
  description?: string;
  default?: unknown;
  $ref?: string;
}

export interface Parameter {
  name: string;
  description: string;
  schema: Schema;
  required?: boolean;
  deprecated?: boolean;
  /** the parameter may repeat (?name=1&name=2); its schema is then the schema of one value */
  repeated?: boolean;
}

export interface BodySpec {
  contentType: string;
  description: string;
  schema: Schema;
}

export interface ResponseSpec {
  description: string;
  /** absent: the response has no body */
  contentType?: string;
  schema?: Schema;
  headers?: Record<string, { description: string; schema: Schema }>;
}

export interface RouteContract {
  /** path parameters described here rather than by PATH_PARAMS (a name only this route uses) */
  params?: Readonly<Record<string, { description: string; schema: Schema }>>;
  /** the query parameters the handler may read; the router hides every other one from it */
  query?: readonly Parameter[];
  /** request headers the handler reads */
  headers?: readonly Parameter[];
  body?: BodySpec;
  /** the 200 response; JSON when absent */
  ok?: ResponseSpec;
  /** the route never answers 200 (GET /ws/{streams} switches protocols instead) */
  noOk?: true;
  /** other non-error statuses (206, 304, 503, ...) */
  responses?: Readonly<Record<number, ResponseSpec>>;
  /** the named errors the route answers, beyond those every route may answer (implicitErrors) */
  errors?: readonly ErrorName[];
}

/** Errors the server itself may answer on any route (and on any POST: the body limit). */
export function implicitErrors(method: string): ErrorName[] {
  return method === 'POST'
    ? ['PayloadTooLarge', 'TooManyRequests', 'InternalError']
    : ['TooManyRequests', 'InternalError'];
}

/** The router's view of a contract: names and statuses to enforce. */
export interface RouteRules {
  query: readonly string[];
  errors: ReadonlySet<string>;
  statuses: ReadonlySet<number>;
}

export function rulesOf(method: string, contract: RouteContract): RouteRules {
  const errors = new Set<ErrorName>([...(contract.errors ?? []), ...implicitErrors(method)]);
  return {
    query: (contract.query ?? []).map((p) => p.name),
    errors,
    statuses: new Set([
      200,
      ...Object.keys(contract.responses ?? {}).map(Number),
      ...[...errors].map((e) => ERROR_STATUS[e]),
    ]),
  };
}

export const u64Schema = (description?: string): Schema => ({
  type: 'string',
  format: 'uint64',
  pattern: U64_PATTERN.source,
  ...(description ? { description } : {}),
});
/** a u64 the response writes as a JSON number (rest.md types updateId, actionId, nonces so) */
export const U64_NUMBER: Schema = { type: 'integer', format: 'uint64', minimum: 0 };
export const ACCOUNT_ID_SCHEMA: Schema = { type: 'integer', minimum: 0, maximum: 0xffffffff };
export const MARKET_ID_SCHEMA: Schema = { type: 'integer', minimum: 0, maximum: 2147483647 };
export const BASE58_KEY_SCHEMA: Schema = {
  type: 'string',
  pattern: BASE58_KEY.source,
  description: 'base58 of a 32-byte key',
};

// ---- reusable query parameter sets

export const PAGE_SIZE: Parameter = {
  name: 'pageSize',
  description: `Entries per page, 1 to 255; a page holds at most ${MAX_PAGE_ENTRIES} entries, which is also the default`,
  schema: { type: 'integer', minimum: 1, maximum: 255 },
};
export const SINCE: Parameter = {
  name: 'since',
  description: 'Earliest time included (RFC3339); default the epoch start',
  schema: { type: 'string', format: 'date-time' },
};
export const UNTIL: Parameter = {
  name: 'until',
  description: 'Latest time included (RFC3339); default the current engine time; not before since',
  schema: { type: 'string', format: 'date-time' },
};
export const TIME_WINDOW: readonly Parameter[] = [SINCE, UNTIL];

/** startInclusive with the endpoint's own cursor form */
export const startInclusive = (schema: Schema, description: string): Parameter => ({
  name: 'startInclusive',
  description: `Cursor of the first entry of the page (a previous page's nextStartInclusive); from the first entry when absent. ${description}`,
  schema,
});
export const U64_CURSOR = startInclusive(u64Schema(), 'A uint64 row id.');

/** The interface's paging set with a given cursor: pageSize, startInclusive, since, until. */
export const pagingWith = (cursor: Parameter): readonly Parameter[] => [PAGE_SIZE, cursor, SINCE, UNTIL];
/** The paging set with a uint64 cursor, as most history endpoints take it. */
export const PAGING: readonly Parameter[] = pagingWith(U64_CURSOR);

export const marketIdFilter = (description = 'Only this market'): Parameter => ({
  name: 'marketId',
  description,
  schema: MARKET_ID_SCHEMA,
});

// ---- path parameters, by name: every route uses a name the same way

export const PATH_PARAMS: Readonly<Record<string, { description: string; schema: Schema }>> = {
  account_id: { description: 'AccountId', schema: ACCOUNT_ID_SCHEMA },
  market_id: { description: 'MarketId', schema: MARKET_ID_SCHEMA },
  vault_id: { description: 'VaultId', schema: { type: 'integer', minimum: 0, maximum: 0xffffffff } },
  order_id: { description: 'OrderId (uint64)', schema: u64Schema() },
  token_id: { description: 'TokenId', schema: { type: 'integer', minimum: 0 } },
  fee_kind: { description: 'FillRole', schema: { type: 'string', enum: ['maker', 'taker'] } },
  pubkey: { description: 'RegistrationKey: the wallet public key', schema: BASE58_KEY_SCHEMA },
  address: { description: 'A settlement-chain wallet address', schema: BASE58_KEY_SCHEMA },
  tx_id: { description: 'A chain transaction id (base58)', schema: { type: 'string' } },
  snapshot_id: {
    description: 'A snapshot id from /state/info or /state/download',
    schema: { type: 'string' },
  },
};

// ---- bodies and responses

/** the BadRequest body (the literal null), components.schemas.BadRequest in the rendered document */
export const BAD_REQUEST_REF: Schema = { $ref: '#/components/schemas/BadRequest' };

export const JSON_BODY = (description: string, schema: Schema): BodySpec => ({
  contentType: 'application/json',
  description,
  schema,
});

export const ACTION_BODY: BodySpec = {
  contentType: 'application/octet-stream',
  description: `A varint-length-delimited Action followed by its signature; at most ${MAX_ACTION_BODY_BYTES} bytes`,
  schema: { type: 'string', format: 'binary' },
};

export const BINARY_OK = (description: string): ResponseSpec => ({
  description,
  contentType: 'application/octet-stream',
  schema: { type: 'string', format: 'binary' },
});
