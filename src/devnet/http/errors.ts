// The interface's named error bodies. Their fields are "not shown"; the devnet's decision is
// { "error": <Name>, "message": <plain text> } (docs/protocol-decisions.md).
import type { HttpResponse } from './router';

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
  MethodNotAllowed: 405,
  PayloadTooLarge: 413,
  AcceptedMediaType: 415,
  TooManyRequests: 429,
  NotImplemented: 501,
  InternalError: 500,
};

export const ERROR_NAMES = Object.keys(ERROR_STATUS) as ErrorName[];

export function errorResponse(
  name: ErrorName,
  message: string,
  headers?: Record<string, string>,
): HttpResponse {
  return { status: ERROR_STATUS[name], json: { error: name, message }, ...(headers ? { headers } : {}) };
}

/** Thrown inside handlers; the server turns it into the named error body. */
export class HttpError extends Error {
  constructor(
    readonly errorName: ErrorName,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}
