// While the live connection says the exchange is away, a request costs one shared quick probe, not a
// ten-second timeout, and fails with nothing sent; an answer to the probe reopens the way at once. A read it
// stopped says it could not be read; an action it stopped says nothing was sent.
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Reachability, asUnsentAction } from '../../../../src/main/exchange/reachability';
import { createHttpClient } from '../../../../src/main/exchange/http-client';
import { AppFailure } from '../../../../src/shared/result';

const away = (probe: () => Promise<boolean>, onBack = vi.fn()) => {
  let now = 1_000_000;
  const r = new Reachability({ probe, onBack, now: () => now });
  r.update(false);
  now += 7_000;
  return { r, onBack };
};

describe('reachability', () => {
  it('lets every request through, unprobed, while the connection holds or was never reported', async () => {
    const probe = vi.fn(async () => false);
    const r = new Reachability({ probe });
    await r.check();
    r.update(true);
    await r.check();
    expect(probe).not.toHaveBeenCalled();
  });

  it('while away: one probe for many requests, each refused at once with nothing sent', async () => {
    const probe = vi.fn(async () => false);
    const { r, onBack } = away(probe);
    const outcomes = await Promise.allSettled([r.check(), r.check(), r.check()]);
    expect(probe).toHaveBeenCalledTimes(1);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const error = (outcome as PromiseRejectedResult).reason as AppFailure;
      expect(error.code).toBe('EXCHANGE_UNREACHABLE');
      expect(error.details).toEqual({ sent: false, awaySeconds: 7 });
      // a read's words: a portfolio that could not be loaded did not fail to send anything
      expect(error.message).toBe(
        'The exchange has not answered for 7 s, so this could not be read. Perpetua reconnects by itself and reads it again once the exchange is back.',
      );
      expect(error.message).not.toContain('sent');
      // the action path's words for the same refusal
      expect((asUnsentAction(error) as AppFailure).message).toBe(
        'The exchange has not answered for 7 s, so nothing was sent. Perpetua reconnects by itself; try again once it is back.',
      );
    }
    expect(onBack).not.toHaveBeenCalled();
  });

  it('when the app’s own local exchange is being restarted or was given up on, the words say so', async () => {
    const words = async (local: 'restarting' | 'stopped') => {
      const r = new Reachability({ probe: async () => false, localExchange: () => local });
      r.update(false);
      const error = (await r.check().catch((e: unknown) => e)) as AppFailure;
      return [error.message, (asUnsentAction(error) as AppFailure).message];
    };
    expect(await words('restarting')).toEqual([
      'The local exchange is restarting, so this could not be read. Perpetua reconnects by itself and reads it again once the exchange is back.',
      'The local exchange is restarting, so nothing was sent. Perpetua reconnects by itself; try again once it is back.',
    ]);
    // given up on: nothing comes back by itself, so the words do not promise it
    expect(await words('stopped')).toEqual([
      'The local exchange is not running (Perpetua stopped restarting it), so this could not be read. Restart Perpetua, or choose the network again in Settings.',
      'The local exchange is not running (Perpetua stopped restarting it), so nothing was sent. Restart Perpetua, or choose the network again in Settings.',
    ]);
  });

  it('an action is reworded only when the gate stopped it: any other failure keeps its own words', () => {
    const other = new AppFailure('OUTCOME_UNKNOWN', 'no answer');
    expect(asUnsentAction(other)).toBe(other);
    const plain = new Error('boom');
    expect(asUnsentAction(plain)).toBe(plain);
  });

  it('a probe that gets an answer reopens the way and calls the live connection back', async () => {
    const probe = vi.fn(async () => true);
    const { r, onBack } = away(probe);
    await r.check();
    await r.check();
    expect(probe).toHaveBeenCalledTimes(1);
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('an exchange that refuses the streams with an HTTP status is there, not away', async () => {
    const probe = vi.fn(async () => false);
    const r = new Reachability({ probe });
    r.update(false, true);
    await r.check();
    expect(probe).not.toHaveBeenCalled();
  });

  it('the HTTP client asks the gate first, and a closed gate means no request at all', async () => {
    const fetchImpl = vi.fn(async () => new Response('{}'));
    const { r } = away(async () => false);
    const http = createHttpClient({ baseUrl: 'http://127.0.0.1:1', fetchImpl, gate: () => r.check() });
    await expect(http.postBytes('/action', new Uint8Array([1]))).rejects.toMatchObject({
      code: 'EXCHANGE_UNREACHABLE',
    });
    await expect(http.getJson('/info', z.object({}))).rejects.toMatchObject({ code: 'EXCHANGE_UNREACHABLE' });
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
