// The recovery-phrase methods' arguments as main parses them before any handler runs: what is out of shape is
// refused with INVALID_ARGUMENT and the handler never sees it.
import { describe, expect, it, vi } from 'vitest';
import { createDispatcher } from '../../src/main/ipc-dispatch';
import type { Handlers } from '../../src/shared/ipc/contract';
import { METHOD_NAMES } from '../../src/shared/ipc/channels';

const handlers = Object.fromEntries(
  METHOD_NAMES.map((name) => [name, vi.fn(async () => ({ done: true }))]),
) as unknown as Handlers;
const dispatch = createDispatcher(handlers);

describe('phrase arguments', () => {
  it.each([
    ['createPhraseWallet', { label: 'Main', wordCount: 18 }],
    ['createPhraseWallet', { label: 'x'.repeat(41) }],
    ['confirmPhraseBackup', { pendingId: 'p', answers: ['a', 'b', 'c', 'd'] }],
    ['confirmPhraseBackup', { pendingId: 'p', answers: ['x'.repeat(33)] }],
    ['discoverPhrase', { phrase: '' }],
    ['discoverPhrase', { phrase: 'x'.repeat(1025) }],
    ['discoverPhrase', { phrase: 'abandon', bip39Passphrase: 7 }],
    ['importPhraseWallets', { discoveryId: 'd', scheme: 'bip44', indices: [], label: 'x' }],
    ['importPhraseWallets', { discoveryId: 'd', scheme: 'bip44', indices: [-1], label: 'x' }],
    ['importPhraseWallets', { discoveryId: 'd', scheme: 'bip44', indices: [2 ** 31], label: 'x' }],
    ['importPhraseWallets', { discoveryId: 'd', scheme: 'm/0', indices: [0], label: 'x' }],
    ['importPhraseWallets', { discoveryId: 'd', scheme: 'bip44', indices: Array(21).fill(0), label: 'x' }],
    ['addNextWallet', { phraseId: '', label: 'x' }],
    ['exportPhrase', { phraseId: 'p', passphrase: '' }],
    ['forgetPhrase', {}],
  ] as const)('%s %j is refused', async (method, args) => {
    const result = await dispatch(method, args);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('INVALID_ARGUMENT');
    expect(handlers[method]).not.toHaveBeenCalled();
  });

  it('a new phrase has 24 words unless 12 are asked for', async () => {
    await dispatch('createPhraseWallet', { label: 'Main' });
    expect(handlers.createPhraseWallet).toHaveBeenCalledWith({ label: 'Main', wordCount: 24 });
    await dispatch('createPhraseWallet', { label: 'Main', wordCount: 12 });
    expect(handlers.createPhraseWallet).toHaveBeenLastCalledWith({ label: 'Main', wordCount: 12 });
  });
});
