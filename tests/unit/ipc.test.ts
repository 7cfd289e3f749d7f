import { describe, expect, it, vi } from 'vitest';
import { createDispatcher } from '../../src/main/ipc-dispatch';
import type { Handlers } from '../../src/shared/ipc/contract';
import { METHOD_NAMES } from '../../src/shared/ipc/channels';
import { contract } from '../../src/shared/ipc/contract';
import { AppFailure } from '../../src/shared/result';

const markets = { version: '21.0.0', quoteTokenId: 0, markets: [], tokens: [] };

function handlersWith(overrides: Partial<Handlers> = {}): Handlers {
  const unused = Object.fromEntries(
    METHOD_NAMES.map((name) => [
      name,
      vi.fn(async () => {
        throw new Error(`${name} was not expected`);
      }),
    ]),
  );
  return {
    ...(unused as unknown as Handlers),
    getAppInfo: vi.fn(async () => ({
      version: '1',
      host: 'browser-host' as const,
      network: { kind: 'embedded-devnet' as const, baseUrl: 'http://127.0.0.1:1' },
    })),
    getMarkets: vi.fn(async () => markets),
    ...overrides,
  };
}

describe('IPC dispatch', () => {
  it('the contract and the channel list name the same methods', () => {
    expect(Object.keys(contract).sort()).toEqual([...METHOD_NAMES].sort());
  });

  it('runs the handler with parsed arguments and returns ok', async () => {
    const handlers = handlersWith();
    const result = await createDispatcher(handlers)('getMarkets', undefined);
    expect(result).toEqual({ ok: true, value: markets });
    expect(handlers.getMarkets).toHaveBeenCalledOnce();
  });

  it('refuses a bad argument with a clear error before any handler runs', async () => {
    const handlers = handlersWith();
    const result = await createDispatcher(handlers)('getMarkets', { evil: true });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('INVALID_ARGUMENT');
      expect(result.error.message).toMatch(/^getMarkets: argument: /);
    }
    expect(handlers.getMarkets).not.toHaveBeenCalled();
  });

  it.each([['__proto__'], ['constructor'], ['getmarkets'], [42], [null]])(
    'refuses the unknown method %s',
    async (method) => {
      const handlers = handlersWith();
      const result = await createDispatcher(handlers)(method, undefined);
      expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
      expect(handlers.getMarkets).not.toHaveBeenCalled();
    },
  );

  it('turns an AppFailure into data with its code and message', async () => {
    const handlers = handlersWith({
      getMarkets: async () => {
        throw new AppFailure('EXCHANGE_UNREACHABLE', 'The exchange could not be reached.');
      },
    });
    expect(await createDispatcher(handlers)('getMarkets', undefined)).toEqual({
      ok: false,
      error: { code: 'EXCHANGE_UNREACHABLE', message: 'The exchange could not be reached.' },
    });
  });

  it('hides the details of an unexpected failure from the renderer and the log', async () => {
    const logged: string[] = [];
    const handlers = handlersWith({
      getMarkets: async () => {
        throw new Error('secret path /home/u/.keys');
      },
    });
    const result = await createDispatcher(handlers, { error: (m) => logged.push(m) })(
      'getMarkets',
      undefined,
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(JSON.stringify(result)).not.toContain('/home/u');
    expect(logged.join('\n')).not.toContain('/home/u');
    expect(logged).toHaveLength(1);
  });
});
