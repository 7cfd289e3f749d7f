// HTTP access to the exchange: every response parsed with a zod schema, every failure an AppFailure with a
// code the app can act on. A hostile or broken server can make a call fail, never crash the main process.
import type { z } from 'zod';
import { AppFailure } from '../../shared/result';
import { ExchangeJsonError, parseExchangeJson } from '../../shared/exchange/json';
import { bucketOf, RequestPacer } from './pacing';

/** What the client reads of an answer: fetch's own Response is one. */
export interface FetchedResponse {
  status: number;
  headers: { get(name: string): string | null };
  arrayBuffer(): Promise<ArrayBuffer>;
}
export type FetchLike = (url: string, init?: RequestInit) => Promise<FetchedResponse>;

export interface HttpClientOptions {
  baseUrl: string;
  fetchImpl?: FetchLike;
  timeoutMs?: number;
  /** Responses larger than this are refused rather than parsed. */
  maxResponseBytes?: number;
  /** Runs before every request; throws (nothing sent) while the exchange is known to be away. */
  gate?: () => Promise<void>;
  /** Keeps requests within the exchange's rate limits (one is made when absent). */
  pacer?: RequestPacer;
  /** the wait before a read refused for the rate is sent again, on top of its Retry-After (tests shorten it) */
  retryJitterMs?: (attempt: number) => number;
}

/**
 * How often a read refused for the rate (429) is sent again before the refusal reaches the person. Each try
 * waits for the exchange's Retry-After and goes at the slower pace learnt from it (pacing.ts), so this many
 * refusals in a row means the exchange refuses far more than the pace says.
 */
const READ_RETRIES = 8;

/** A random wait of up to 250 ms doubled per attempt (at most 4 s), so retried reads do not return at once. */
const jitter = (attempt: number): number => Math.random() * Math.min(4_000, 250 * 2 ** attempt);

export interface HttpClient {
  readonly baseUrl: string;
  getJson<S extends z.ZodType>(
    path: string,
    schema: S,
    query?: Record<string, string | number | undefined>,
  ): Promise<z.output<S>>;
  getText(path: string): Promise<string>;
  postBytes(path: string, body: Uint8Array): Promise<Uint8Array>;
  postJson<S extends z.ZodType>(path: string, body: unknown, schema: S): Promise<z.output<S>>;
}

/**
 * The public error bodies carry no name (`null` for most, `{ market_id }`, `{ message }`, ...): the name
 * and the reason travel in the x-error and x-error-message headers where the exchange sends them (the devnet
 * does); a body's `message` is read too.
 */
function describeServerError(status: number, text: string, headers: FetchedResponse['headers']): string {
  const name = headers.get('x-error')?.slice(0, 64);
  let message = headers.get('x-error-message')?.slice(0, 300) || undefined;
  try {
    const body = JSON.parse(text) as { message?: unknown } | null;
    if (body && typeof body.message === 'string') message ??= body.message.slice(0, 300);
  } catch {
    // not JSON: the name and status say enough
  }
  const head = name ?? `HTTP ${status}`;
  return message ? `${head}: ${message}` : head;
}

/** Retry-After in whole seconds (1 when absent or unreadable; at most a minute: a hostile value waits no longer). */
function retryAfterOf(headers: FetchedResponse['headers']): number {
  const seconds = Number(headers.get('retry-after') ?? '1');
  return Number.isFinite(seconds) && seconds >= 1 ? Math.min(60, Math.ceil(seconds)) : 1;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxResponseBytes ?? 8 * 1024 * 1024;
  const pacer = options.pacer ?? new RequestPacer();
  const retryJitter = options.retryJitterMs ?? jitter;

  /**
   * One request, paced. A read the exchange refuses for the rate is sent again (after its Retry-After and a
   * jittered back-off); anything else refused so (POST /action above all: it is never sent twice on its own)
   * fails as THROTTLED, with nothing done.
   */
  async function request(
    path: string,
    init?: RequestInit,
  ): Promise<{ status: number; body: Buffer; headers: FetchedResponse['headers'] }> {
    const method = init?.method ?? 'GET';
    const bucket = bucketOf(method, path);
    for (let attempt = 0; ; attempt += 1) {
      await options.gate?.();
      await pacer.take(bucket);
      const answer = await requestOnce(path, init);
      if (answer.status !== 429) {
        pacer.answered(bucket);
        return answer;
      }
      const retryAfterSeconds = retryAfterOf(answer.headers);
      pacer.refused(bucket, retryAfterSeconds * 1000);
      if (method !== 'GET' || attempt >= READ_RETRIES)
        throw new AppFailure('THROTTLED', 'The exchange is rate limiting this app; try again in a moment.', {
          retryAfterSeconds,
        });
      await new Promise((resolve) => setTimeout(resolve, retryJitter(attempt)));
    }
  }

  async function requestOnce(
    path: string,
    init?: RequestInit,
  ): Promise<{ status: number; body: Buffer; headers: FetchedResponse['headers'] }> {
    let response: FetchedResponse;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new AppFailure(
        'EXCHANGE_UNREACHABLE',
        `The exchange at ${baseUrl} could not be reached (${(error as Error).name}).`,
      );
    }
    const length = Number(response.headers.get('content-length') ?? '0');
    if (length > maxBytes)
      throw new AppFailure(
        'EXCHANGE_BAD_RESPONSE',
        `The exchange sent a ${length}-byte answer; that is too large to trust.`,
      );
    const body = Buffer.from(
      await response.arrayBuffer().catch(() => {
        throw new AppFailure(
          'EXCHANGE_UNREACHABLE',
          'The connection to the exchange broke while reading its answer.',
        );
      }),
    );
    if (body.length > maxBytes)
      throw new AppFailure('EXCHANGE_BAD_RESPONSE', 'The exchange sent an answer too large to trust.');
    if (response.status === 404) {
      throw new AppFailure(
        'NOT_FOUND',
        `The exchange does not know that: ${describeServerError(404, body.toString('utf8'), response.headers)}`,
      );
    }
    if (response.status === 429) return { status: 429, body, headers: response.headers };
    if (response.status < 200 || response.status >= 300) {
      throw new AppFailure(
        'EXCHANGE_BAD_RESPONSE',
        `The exchange refused the request: ${describeServerError(response.status, body.toString('utf8'), response.headers)}`,
        {
          status: response.status,
        },
      );
    }
    return { status: response.status, body, headers: response.headers };
  }

  function parse<S extends z.ZodType>(path: string, text: string, schema: S): z.output<S> {
    let json: unknown;
    try {
      json = parseExchangeJson(text);
    } catch (error) {
      throw new AppFailure(
        'EXCHANGE_BAD_RESPONSE',
        error instanceof ExchangeJsonError
          ? `The exchange's answer to ${path} is malformed: ${error.message}.`
          : `The exchange's answer to ${path} is not JSON.`,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const where = parsed.error.issues[0]?.path.join('.') || 'the top level';
      throw new AppFailure(
        'EXCHANGE_BAD_RESPONSE',
        `The exchange's answer to ${path} is malformed at ${where}.`,
      );
    }
    return parsed.data;
  }

  return {
    baseUrl,
    async getJson(path, schema, query) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
      const full = params.size ? `${path}?${params.toString()}` : path;
      const { body } = await request(full);
      return parse(path, body.toString('utf8'), schema);
    },
    async getText(path) {
      return (await request(path)).body.toString('utf8');
    },
    async postBytes(path, bytes) {
      const { body } = await request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: bytes,
      });
      return body;
    },
    async postJson(path, payload, schema) {
      const { body } = await request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return parse(path, body.toString('utf8'), schema);
    },
  };
}
