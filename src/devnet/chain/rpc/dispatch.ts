// One JSON-RPC text in, one text out (or nothing for notifications), for either transport: the body is
// parsed, a batch is bounded and answered call by call, and whatever a handler throws becomes the
// standard error object, never an exception out of here.
import { RPC_ERRORS, RpcError, errorOf, readRequest, stringify } from './wire';

const MAX_BATCH = 100;

export type Call = (method: string, params: unknown) => unknown;

export function respond(body: string, call: Call): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return stringify(errorOf(null, new RpcError(RPC_ERRORS.PARSE, 'Parse error')));
  }
  if (Array.isArray(parsed)) {
    if (parsed.length === 0 || parsed.length > MAX_BATCH)
      return stringify(
        errorOf(
          null,
          new RpcError(
            RPC_ERRORS.INVALID_REQUEST,
            parsed.length === 0
              ? 'Invalid request: empty batch'
              : `Invalid request: at most ${MAX_BATCH} calls in a batch`,
          ),
        ),
      );
    const answers = parsed.map((r) => one(r, call)).filter((a) => a !== null);
    return answers.length ? stringify(answers) : null;
  }
  const answer = one(parsed, call);
  return answer === null ? null : stringify(answer);
}

function one(request: unknown, call: Call): object | null {
  const r = readRequest(request);
  if (!r.ok) return r.answer;
  try {
    const result = call(r.method, r.params);
    return r.notification ? null : { jsonrpc: '2.0', result, id: r.id };
  } catch (error) {
    if (r.notification) return null;
    return errorOf(r.id, asRpcError(error));
  }
}

export function asRpcError(error: unknown): RpcError {
  if (error instanceof RpcError) return error;
  console.error('solana rpc: unhandled error', error);
  return new RpcError(RPC_ERRORS.INTERNAL, 'Internal error');
}
