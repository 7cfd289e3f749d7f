import { stringify as stringifyJson } from 'lossless-json';
// What a route answers, in a module of its own: the error helpers build it and the router sends it, and
// neither should have to import the other to name it.
export interface HttpResponse {
  status: number;
  headers?: Record<string, string>;
  /** JSON-serialisable value, or raw bytes/text sent as is */
  json?: unknown;
  raw?: Buffer | string;
}

/** The headers and body an answer is written with, by node:http or by the POST /action fast path. */
export function responseParts(response: HttpResponse): {
  headers: Record<string, string>;
  payload: Buffer | string;
} {
  const headers: Record<string, string> = { 'cache-control': 'no-store', ...response.headers };
  let payload: Buffer | string = '';
  if (response.raw !== undefined) payload = response.raw;
  else if (response.json !== undefined) {
    // lossless: human-unit numbers are written from their exact text, u64 ids from bigint
    payload = stringifyJson(response.json) ?? 'null';
    headers['content-type'] ??= 'application/json';
  }
  // a stated length spares the chunked framing (and its extra writes) on every answer
  headers['content-length'] = String(Buffer.byteLength(payload));
  return { headers, payload };
}
