// POST /action is defined once (src/devnet/service/action-routes.ts): the route node:http serves and the fast
// path's accepts and answerTo are the same definition, so both transports give the same answer.
import { describe, expect, it } from 'vitest';
import { MAX_ACTION_BODY_BYTES } from '../../../../src/protocol/framing';
import type { HttpResponse } from '../../../../src/devnet/http/response';
import type { HttpRequest } from '../../../../src/devnet/http/router';
import { actionEndpoint, type ActionSubmission } from '../../../../src/devnet/service/action-routes';

/** a queue that answers every body with its reversed bytes, at once or after the test lets it */
function submission(durable = true): ActionSubmission & { executed: Buffer[] } {
  const executed: Buffer[] = [];
  return {
    executed,
    submitTo: (body, resolve) => {
      executed.push(body);
      resolve(Buffer.from(body).reverse());
    },
    isDurable: () => durable,
    whenDurable: () => Promise.resolve(),
  };
}

const request = (body: Buffer, contentType = 'application/octet-stream'): HttpRequest =>
  ({ body, headers: { 'content-type': contentType } }) as unknown as HttpRequest;

/** what the fast path is handed for a body */
function fastAnswer(endpoint: ReturnType<typeof actionEndpoint>, body: Buffer): Promise<HttpResponse> {
  return new Promise((resolve) => endpoint.answerTo(body, resolve));
}

describe('POST /action, defined once', () => {
  it('answers a receipt through the route exactly as through the fast path', async () => {
    const endpoint = actionEndpoint(submission());
    const body = Buffer.from([1, 2, 3]);
    const routed = await endpoint.route.handler(request(body));
    expect(routed).toEqual({
      status: 200,
      headers: { 'content-type': 'application/octet-stream' },
      raw: Buffer.from([3, 2, 1]),
    });
    expect(await fastAnswer(endpoint, body)).toEqual(routed);
  });

  it('answers at once when there is nothing to wait for, and after the snapshot otherwise', async () => {
    let now: HttpResponse | undefined;
    actionEndpoint(submission()).answerTo(Buffer.from([1]), (r) => (now = r));
    expect(now?.status).toBe(200);
    let later: HttpResponse | undefined;
    actionEndpoint(submission(false)).answerTo(Buffer.from([1]), (r) => (later = r));
    expect(later).toBeUndefined();
    await Promise.resolve();
    expect(later?.status).toBe(200);
  });

  it('refuses an oversized body the same way on both transports, without running it', async () => {
    const queue = submission();
    const endpoint = actionEndpoint(queue);
    const body = Buffer.alloc(MAX_ACTION_BODY_BYTES + 1);
    const routed = await endpoint.route.handler(request(body));
    expect(routed.status).toBe(413);
    expect(routed.headers?.['x-error']).toBe('PayloadTooLarge');
    expect(await fastAnswer(endpoint, body)).toEqual(routed);
    expect(queue.executed).toEqual([]);
  });

  it('judges the media type from the headers, before the body, by one rule', () => {
    const endpoint = actionEndpoint(submission());
    const gate = endpoint.route.refuseBeforeBody!;
    for (const type of ['application/octet-stream', 'Application/Octet-Stream; charset=x']) {
      expect(endpoint.accepts(type)).toBe(true);
      expect(gate({ 'content-type': type })).toBeNull();
    }
    for (const type of [undefined, 'application/json', 'application/octet-streams']) {
      expect(endpoint.accepts(type)).toBe(false);
      const refused = gate(type === undefined ? {} : { 'content-type': type });
      expect(refused?.status).toBe(415);
      expect(refused?.headers?.['x-error']).toBe('AcceptedMediaType');
    }
  });

  it('answers a queue that fails as every failure is answered', async () => {
    const endpoint = actionEndpoint({
      ...submission(),
      submitTo: () => {
        throw new Error('The exchange is shutting down: the action was not executed.');
      },
    });
    const quiet = console.error;
    console.error = () => {};
    try {
      const routed = await endpoint.route.handler(request(Buffer.from([1])));
      expect(routed.status).toBe(500);
      expect(routed.headers?.['x-error']).toBe('InternalError');
    } finally {
      console.error = quiet;
    }
  });
});
