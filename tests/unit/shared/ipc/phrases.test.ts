// The recovery-phrase methods' arguments as main parses them before any handler runs: what is out of shape is
// refused with INVALID_ARGUMENT and the handler never sees it.
import { describe, expect, it, vi } from 'vitest';
import { createDispatcher } from '../../../../src/main/ipc-dispatch';
import { METHOD_NAMES, handlerOf, splitName, type Handlers } from '../../../../src/shared/ipc/contract';

const byGroup: Record<string, Record<string, () => Promise<unknown>>> = {};
for (const name of METHOD_NAMES) {
  const [g, m] = splitName(name);
  (byGroup[g] ??= {})[m] = vi.fn(async () => ({ done: true }));
}
const handlers = byGroup as unknown as Handlers;
const dispatch = createDispatcher(handlers);

describe('phrase arguments', () => {
  it.each([
    ['phrases.create', { label: 'Main', wordCount: 18 }],
    ['phrases.create', { label: 'x'.repeat(41) }],
    ['phrases.confirmBackup', { pendingId: 'p', answers: ['a', 'b', 'c', 'd'] }],
    ['phrases.confirmBackup', { pendingId: 'p', answers: ['x'.repeat(33)] }],
    ['phrases.discover', { phrase: '' }],
    ['phrases.discover', { phrase: 'x'.repeat(1025) }],
    ['phrases.discover', { phrase: 'abandon', bip39Passphrase: 7 }],
    ['phrases.importWallets', { discoveryId: 'd', scheme: 'bip44', indices: [], label: 'x' }],
    ['phrases.importWallets', { discoveryId: 'd', scheme: 'bip44', indices: [-1], label: 'x' }],
    ['phrases.importWallets', { discoveryId: 'd', scheme: 'bip44', indices: [2 ** 31], label: 'x' }],
    ['phrases.importWallets', { discoveryId: 'd', scheme: 'm/0', indices: [0], label: 'x' }],
    ['phrases.importWallets', { discoveryId: 'd', scheme: 'bip44', indices: Array(21).fill(0), label: 'x' }],
    ['phrases.addNextWallet', { phraseId: '', label: 'x' }],
    ['phrases.export', { phraseId: 'p', passphrase: '' }],
    ['phrases.forget', {}],
  ] as const)('%s %j is refused', async (method, args) => {
    const result = await dispatch(method, args);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('INVALID_ARGUMENT');
    expect(handlerOf(handlers, method)).not.toHaveBeenCalled();
  });

  it('a new phrase has 24 words unless 12 are asked for', async () => {
    await dispatch('phrases.create', { label: 'Main', passphrase: 'p' });
    expect(handlers.phrases.create).toHaveBeenCalledWith({ label: 'Main', wordCount: 24, passphrase: 'p' });
    await dispatch('phrases.create', { label: 'Main', wordCount: 12, passphrase: 'p' });
    expect(handlers.phrases.create).toHaveBeenLastCalledWith({
      label: 'Main',
      wordCount: 12,
      passphrase: 'p',
    });
  });
});
