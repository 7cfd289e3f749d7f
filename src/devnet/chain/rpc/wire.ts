// JSON-RPC 2.0 framing as Solana's RPC writes it, shared by the HTTP port and the PubSub WebSocket: the
// standard error codes, and integers of any size written as JSON numbers (clients read u64 lamports and
// slots as numbers; @solana/kit parses every integer as bigint, so nothing is lost on the way).

export const RPC_ERRORS = {
  PARSE: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL: -32603,
  /** Solana: getBlock for a slot older than the node keeps */
  BLOCK_CLEANED_UP: -32001,
  /** Solana: sendTransaction's preflight simulation failed */
  SEND_PREFLIGHT_FAILURE: -32002,
  SIGNATURE_VERIFICATION_FAILURE: -32003,
  /** Solana: getBlock for a slot not reached (at that commitment) yet */
  BLOCK_NOT_AVAILABLE: -32004,
  UNSUPPORTED_TRANSACTION_VERSION: -32015,
} as const;

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const invalid = (message: string) =>
  new RpcError(RPC_ERRORS.INVALID_PARAMS, `Invalid params: ${message}`);

/** A u64 bound for the JSON writer: written as a bare number however large. */
class Big {
  constructor(readonly value: bigint) {}
}
export const big = (v: bigint | number | string) => new Big(BigInt(v));

export function stringify(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof Big) return `__big__${v.value}`;
    if (typeof v === 'bigint') return `__big__${v}`;
    return v;
  }).replace(/"__big__(-?\d+)"/g, '$1');
}

export type RpcId = string | number | null;

export function errorOf(id: RpcId, error: RpcError) {
  return {
    jsonrpc: '2.0',
    error: {
      code: error.code,
      message: error.message,
      ...(error.data !== undefined ? { data: error.data } : {}),
    },
    id,
  };
}

/** The one envelope check both transports make; the request's id (or null) and its method and params. */
export function readRequest(
  request: unknown,
):
  | { ok: true; id: RpcId; notification: boolean; method: string; params: unknown }
  | { ok: false; answer: object } {
  if (!request || typeof request !== 'object' || Array.isArray(request))
    return { ok: false, answer: errorOf(null, new RpcError(RPC_ERRORS.INVALID_REQUEST, 'Invalid request')) };
  const r = request as Record<string, unknown>;
  const id = r.id;
  const validId = id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
  if (r.jsonrpc !== '2.0' || typeof r.method !== 'string' || (id !== undefined && !validId))
    return {
      ok: false,
      answer: errorOf(
        validId ? (id as RpcId) : null,
        new RpcError(RPC_ERRORS.INVALID_REQUEST, 'Invalid request'),
      ),
    };
  return {
    ok: true,
    id: (id ?? null) as RpcId,
    notification: !('id' in r),
    method: r.method,
    params: r.params,
  };
}

/** A transaction error in the words Solana's RPC uses in its preflight failure messages. */
export function describeErr(err: unknown): string {
  if (typeof err === 'string') return err;
  const ie = (err as { InstructionError?: [number, unknown] }).InstructionError;
  if (ie) {
    const inner = ie[1] as { Custom?: number } | string;
    const what =
      typeof inner === 'string'
        ? inner
        : inner.Custom !== undefined
          ? `custom program error: 0x${inner.Custom.toString(16)}`
          : JSON.stringify(inner);
    return `Error processing Instruction ${ie[0]}: ${what}`;
  }
  return JSON.stringify(err);
}
