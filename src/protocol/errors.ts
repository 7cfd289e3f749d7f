// A typed failure for everything that can be wrong with bytes on the wire, so callers map each case to
// the right receipt (devnet) or the right message (app) instead of guessing from exception text.
export type ProtocolErrorCode =
  | 'TRUNCATED_PREFIX'
  | 'LENGTH_MISMATCH'
  | 'TRAILING_BYTES'
  | 'BAD_SIGNATURE_LENGTH'
  /** bytes that are not a well-formed protobuf of the expected message (wrong wire type, cut short) */
  | 'DECODE_FAILURE_RAW'
  /** well-formed protobuf, but a shape or value the message does not allow (no kind, unknown enum value) */
  | 'DECODE_FAILURE_DOMAIN'
  | 'TOO_LARGE'
  | 'BAD_KEY'
  | 'SCHEMA_MISSING'
  | 'OUT_OF_RANGE';

export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
  constructor(
    readonly code: ProtocolErrorCode,
    message: string,
  ) {
    super(message);
  }
}
