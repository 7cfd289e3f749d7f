// The recovery-phrase methods of the contract, over PhraseService. Import's account discovery reads /user
// (and each account it lists) for every address it shows, so the person can tell which wallets they use.
import type { Handlers } from '../../shared/ipc/contract';
import type { Services } from '../services';
import type { AccountLookup } from './phrase-service';

export function phraseHandlers(s: Services): Handlers['phrases'] {
  const lookup = async (publicKey: string): Promise<AccountLookup> => {
    const user = await s.client.user(publicKey);
    if (!user) return { registered: false, accounts: [] };
    const accounts = await Promise.all(user.accountIds.map((id) => s.client.account(id)));
    return {
      registered: true,
      accounts: accounts.map((a) => ({ accountId: a.accountId, balances: a.balances })),
    };
  };
  return {
    list: async () => s.phrases.list(),
    create: ({ label, wordCount, passphrase }) => s.phrases.create(label, wordCount, passphrase),
    confirmBackup: ({ pendingId, answers }) => s.phrases.confirmBackup(pendingId, answers),
    discover: ({ phrase, bip39Passphrase }) => s.phrases.discover(phrase, bip39Passphrase ?? '', lookup),
    importWallets: ({ discoveryId, scheme, indices, label, passphrase }) =>
      s.phrases.importChosen(discoveryId, scheme, indices, label, passphrase),
    addNextWallet: ({ phraseId, label }) => s.phrases.addNext(phraseId, label),
    export: ({ phraseId, passphrase }) => s.phrases.export(phraseId, passphrase),
    forget: async ({ phraseId }) => {
      await s.phrases.forget(phraseId);
      return { done: true as const };
    },
  };
}
