// The exchange client's requests over node:http(s) with a few kept-alive connections, instead of the global
// fetch. A profile of the unlock showed main's thread busy 0.8 s of the first second reading 33 accounts, a
// third of it in fetch's own layers (Request and Response objects, streams, abort signals) and in opening a
// new connection for each of the 30 reads sent at once. Here the reads queue on at most MAX_SOCKETS
// connections that stay open between reads (the exchange answers one request at a time per connection
// anyway), and an answer is read into one buffer. TLS is node's own, with its usual certificate checks.
import http from 'node:http';
import https from 'node:https';
import type { FetchLike, FetchedResponse } from './http-client';

/** Enough for the reads an unlock or a screen sends at once to keep the exchange busy. */
const MAX_SOCKETS = 8;

export interface KeepAliveFetch {
  fetch: FetchLike;
  /** closes the kept connections (the network it served was left) */
  close(): void;
}

export function createKeepAliveFetch(): KeepAliveFetch {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
  };
  const send = (url: string, init: RequestInit, retried: boolean): Promise<FetchedResponse> =>
    new Promise<FetchedResponse>((resolve, reject) => {
      const target = new URL(url);
      if (target.protocol !== 'https:' && target.protocol !== 'http:') {
        reject(new TypeError(`${target.protocol} is not an http address`));
        return;
      }
      const signal = init.signal;
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const method = init.method ?? 'GET';
      const secure = target.protocol === 'https:';
      const request = (secure ? https.request : http.request)(
        target,
        {
          agent: secure ? agents['https:'] : agents['http:'],
          method,
          headers: init.headers as Record<string, string> | undefined,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', fail);
          response.on('end', () => {
            signal?.removeEventListener('abort', abort);
            const body = Buffer.concat(chunks);
            resolve({
              status: response.statusCode ?? 0,
              headers: { get: (name) => headerValue(response.headers[name.toLowerCase()]) },
              arrayBuffer: async () => body.buffer.slice(body.byteOffset, body.byteOffset + body.length),
            });
          });
        },
      );
      function fail(error: Error & { code?: string }): void {
        signal?.removeEventListener('abort', abort);
        // A kept connection the exchange closed just as it was reused: a read is sent again, once, on a
        // fresh one. Anything else (a POST above all, which may have arrived) fails as it is.
        if (request.reusedSocket && error.code === 'ECONNRESET' && method === 'GET' && !retried)
          resolve(send(url, init, true));
        else reject(error);
      }
      function abort(): void {
        request.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      }
      signal?.addEventListener('abort', abort, { once: true });
      request.on('error', fail);
      request.end(init.body as Uint8Array | string | undefined);
    });
  return {
    fetch: (url, init = {}) => send(url, init, false),
    close: () => {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

const headerValue = (value: string | string[] | undefined): string | null =>
  value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
