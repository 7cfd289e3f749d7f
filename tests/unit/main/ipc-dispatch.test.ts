import { describe, expect, it, vi } from 'vitest';
import { createDispatcher } from '../../../src/main/ipc-dispatch';
import { METHOD_NAMES, groups, specOf, splitName, type Handlers } from '../../../src/shared/ipc/contract';
import { methodChannel } from '../../../src/shared/ipc/channels';
import { AppFailure } from '../../../src/shared/result';

const markets = { version: '21.0.0', quoteTokenId: 0, markets: [], tokens: [] };

type Fn = (args: unknown) => Promise<unknown>;

/** Every method a spy that fails the test if called; app.info and app.markets answer. */
function handlersWith(getMarkets: Fn = async () => markets) {
  const handlers: Record<string, Record<string, Fn>> = {};
  for (const name of METHOD_NAMES) {
    const [g, m] = splitName(name);
    (handlers[g] ??= {})[m] = vi.fn(async () => {
      throw new Error(`${name} was not expected`);
    });
  }
  handlers.app!.info = vi.fn(async () => ({
    version: '1',
    host: 'browser-host' as const,
    network: { kind: 'embedded-devnet' as const, baseUrl: 'http://127.0.0.1:1' },
  }));
  const marketsSpy = vi.fn(getMarkets);
  handlers.app!.markets = marketsSpy;
  return { handlers: handlers as unknown as Handlers, marketsSpy };
}

const PASS = 'the person’s passphrase';

describe('IPC dispatch', () => {
  it('every method of every group has its full name, its own channel and a frozen group', () => {
    const declared = Object.entries(groups).flatMap(([g, methods]) =>
      Object.entries(methods).map(([m, spec]) => ({ name: `${g}.${m}`, spec })),
    );
    expect(declared.map((d) => d.name)).toEqual([...METHOD_NAMES]);
    for (const { name, spec } of declared) expect(specOf(name as (typeof METHOD_NAMES)[number])).toBe(spec);
    expect(new Set(METHOD_NAMES.map(methodChannel)).size).toBe(METHOD_NAMES.length);
    expect(methodChannel('wallets.list')).toBe('perpetua:call:wallets.list');
    expect(Object.isFrozen(groups)).toBe(true);
    for (const methods of Object.values(groups)) expect(Object.isFrozen(methods)).toBe(true);
  });

  it('runs the handler with parsed arguments and returns ok', async () => {
    const { handlers, marketsSpy } = handlersWith();
    const result = await createDispatcher(handlers)('app.markets', undefined);
    expect(result).toEqual({ ok: true, value: markets });
    expect(marketsSpy).toHaveBeenCalledOnce();
  });

  it('refuses a bad argument with a clear error before any handler runs', async () => {
    const { handlers, marketsSpy } = handlersWith();
    const result = await createDispatcher(handlers)('app.markets', { evil: true });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('INVALID_ARGUMENT');
      expect(result.error.message).toMatch(/^app\.markets: argument: /);
    }
    expect(marketsSpy).not.toHaveBeenCalled();
  });

  it.each([
    ['a lone high surrogate', { label: '\uD800', passphrase: PASS }, 'label'],
    ['a lone low surrogate mid-text', { label: 'a\uDFFFb', passphrase: PASS }, 'label'],
    ['a pair reversed', { label: '\uDE00\uD83D', passphrase: PASS }, 'label'],
  ])('refuses text with %s before the handler runs, naming the field', async (_what, arg, field) => {
    const { handlers } = handlersWith();
    const result = await createDispatcher(handlers)('phrases.create', arg);
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'INVALID_ARGUMENT',
        message: `phrases.create: ${field}: the text holds a broken character (half of a UTF-16 surrogate pair). Type it again.`,
      },
    });
    expect(handlers.phrases.create).not.toHaveBeenCalled();
  });

  it('finds a lone surrogate deep in an argument (an intent’s field, an array’s item)', async () => {
    const { handlers } = handlersWith();
    const dispatch = createDispatcher(handlers);
    expect(
      await dispatch('phrases.confirmBackup', { pendingId: 'p', answers: ['ok', 'x\uD800'] }),
    ).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: /^phrases\.confirmBackup: answers\.1: / },
    });
    expect(handlers.phrases.confirmBackup).not.toHaveBeenCalled();
  });

  it('takes whole characters beyond the BMP (a surrogate pair) as they are', async () => {
    const { handlers } = handlersWith();
    const create = vi.mocked(handlers.phrases.create).mockResolvedValue({
      pendingId: 'p',
      mnemonic: [],
      publicKey: '11111111111111111111111111111111',
      path: "m/44'/501'/0'/0'",
      checkPositions: [],
    });
    const result = await createDispatcher(handlers)('phrases.create', {
      label: 'Savings \uD83D\uDE00',
      passphrase: PASS,
    });
    expect(result.ok).toBe(true);
    expect(create).toHaveBeenCalledWith({ label: 'Savings \uD83D\uDE00', wordCount: 24, passphrase: PASS });
  });

  it.each([
    ['__proto__'],
    ['constructor'],
    ['getMarkets'],
    ['app'],
    ['app.'],
    ['.markets'],
    ['app.Markets'],
    ['app.markets.x'],
    ['app.__proto__'],
    ['__proto__.markets'],
    ['app.constructor'],
    ['app.hasOwnProperty'],
    [42],
    [null],
  ])('refuses the unknown method %s', async (method) => {
    const { handlers, marketsSpy } = handlersWith();
    const result = await createDispatcher(handlers)(method, undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(marketsSpy).not.toHaveBeenCalled();
  });

  it('turns an AppFailure into data with its code and message', async () => {
    const { handlers } = handlersWith(async () => {
      throw new AppFailure('EXCHANGE_UNREACHABLE', 'The exchange could not be reached.');
    });
    expect(await createDispatcher(handlers)('app.markets', undefined)).toEqual({
      ok: false,
      error: { code: 'EXCHANGE_UNREACHABLE', message: 'The exchange could not be reached.' },
    });
  });

  it('hides the details of an unexpected failure from the renderer and the log', async () => {
    const logged: string[] = [];
    const { handlers } = handlersWith(async () => {
      throw new Error('secret path /home/u/.keys');
    });
    const result = await createDispatcher(handlers, { error: (m) => logged.push(m) })(
      'app.markets',
      undefined,
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(JSON.stringify(result)).not.toContain('/home/u');
    expect(logged.join('\n')).not.toContain('/home/u');
    expect(logged).toHaveLength(1);
  });
});
