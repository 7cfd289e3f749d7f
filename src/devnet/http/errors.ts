// The interface's named errors with the public engine's error bodies (rest.md): `null` for the not-found
// and BadRequest kinds, `{ market_id }`, `{ expected }`, `{ limit }`, `{ requested, maximal }`,
// `{ message }`. Errors only the interface names follow the same style (docs/protocol-decisions.md). The
// name travels in the x-error header and the plain-words reason in x-error-message, so a client can tell
// two 404s apart and a person can read why, while the body stays what a public client expects.
import type { HttpResponse } from './response';

export type ErrorName =
  | 'BadRequest'
  | 'RangeTooLarge'
  | 'MarketNotFound'
  | 'TokenNotFound'
  | 'UserNotFound'
  | 'OrderNotFound'
  | 'VaultNotFound'
  | 'SnapshotNotFound'
  | 'ActionNotFound'
  | 'NotFound'
  | 'Forbidden'
  | 'MethodNotAllowed'
  | 'PayloadTooLarge'
  | 'AcceptedMediaType'
  | 'TooManyRequests'
  | 'NotImplemented'
  | 'InternalError';

/** Each named error's HTTP status; also what /openapi.json groups the declared errors by. */
export const ERROR_STATUS: Readonly<Record<ErrorName, number>> = {
  BadRequest: 400,
  RangeTooLarge: 400,
  MarketNotFound: 404,
  TokenNotFound: 404,
  UserNotFound: 404,
  OrderNotFound: 404,
  VaultNotFound: 404,
  SnapshotNotFound: 404,
  ActionNotFound: 404,
  NotFound: 404,
  Forbidden: 403,
  MethodNotAllowed: 405,
  PayloadTooLarge: 413,
  AcceptedMediaType: 415,
  TooManyRequests: 429,
  NotImplemented: 501,
  InternalError: 500,
};

export const ERROR_NAMES = Object.keys(ERROR_STATUS) as ErrorName[];

/** The values a public error body carries beyond its name (rest.md §3). */
export interface ErrorDetails {
  market_id?: number;
  vault_id?: number;
  limit?: number;
  requested?: number | bigint;
  maximal?: number;
}

/** The body of each named error, as rest.md types it (and in the same style for the interface's own). */
export function errorBody(
  name: ErrorName,
  message: string,
  details: ErrorDetails = {},
  expected = '',
): unknown {
  switch (name) {
    case 'MarketNotFound':
      return { market_id: details.market_id ?? 0 };
    case 'VaultNotFound':
      return { vault_id: details.vault_id ?? 0 };
    case 'AcceptedMediaType':
      return { expected };
    case 'PayloadTooLarge':
      return { limit: details.limit ?? 0 };
    case 'RangeTooLarge':
      return { requested: details.requested ?? 0, maximal: details.maximal ?? 0 };
    case 'NotImplemented':
    case 'InternalError':
      return { message };
    default:
      return null;
  }
}

/** printable ASCII only: a header value cannot carry a newline or a typographic apostrophe */
export const headerSafe = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').slice(0, 300);

export function errorResponse(
  name: ErrorName,
  message: string,
  headers?: Record<string, string>,
  details?: ErrorDetails,
): HttpResponse {
  return {
    status: ERROR_STATUS[name],
    json: errorBody(name, message, details, headers?.accept ?? ''),
    headers: { ...headers, 'x-error': name, 'x-error-message': headerSafe(message) },
  };
}

/** Thrown inside handlers; the server turns it into the named error body. */
export class HttpError extends Error {
  constructor(
    readonly errorName: ErrorName,
    message: string,
    readonly headers?: Record<string, string>,
    readonly details?: ErrorDetails,
  ) {
    super(message);
  }
}

/** What a request that failed is answered with: its named error, or InternalError for a devnet bug. */
export function failureResponse(error: unknown): HttpResponse {
  if (error instanceof HttpError)
    return errorResponse(error.errorName, error.message, error.headers, error.details);
  console.error('devnet: unhandled error', error);
  return errorResponse('InternalError', 'the devnet failed to handle this request');
}
