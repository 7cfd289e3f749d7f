// The recovery-phrase methods of the contract, over PhraseService. Import's account discovery reads /user
// (and each account it lists) for every address it shows, so the person can tell which wallets they use.
import type { Handlers } from '../../shared/ipc/contract';
import type { Services } from '../services';
import type { AccountLookup } from './phrase-service';

type PhraseMethod =
  | 'listPhrases'
  | 'createPhraseWallet'
  | 'confirmPhraseBackup'
  | 'discoverPhrase'
  | 'importPhraseWallets'
  | 'addNextWallet'
  | 'exportPhrase'
  | 'forgetPhrase';

export function phraseHandlers(s: Services): Pick<Handlers, PhraseMethod> {
  const lookup = async (publicKey: string): Promise<AccountLookup> => {
    const user = await s.client.user(publicKey);
    if (!user) return { registered: false, accounts: [] };
    const accounts = await Promise.all(user.accountIds.map((id) => s.client.account(id)));
    return {
      registered: true,
      accounts: accounts.map((a) => ({ accountId: a.accountId, balances: a.balances })),
    };
  };
  // every call here is the person's doing: activity for the idle timer
  const active =
    <A, R>(fn: (args: A) => Promise<R>) =>
    async (args: A): Promise<R> => {
      s.lock.touch();
      return fn(args);
    };
  return {
    listPhrases: async () => s.phrases.list(),
    createPhraseWallet: active(async ({ label, wordCount }) => s.phrases.create(label, wordCount)),
    confirmPhraseBackup: active(({ pendingId, answers }) => s.phrases.confirmBackup(pendingId, answers)),
    discoverPhrase: active(({ phrase, bip39Passphrase }) =>
      s.phrases.discover(phrase, bip39Passphrase ?? '', lookup),
    ),
    importPhraseWallets: active(({ discoveryId, scheme, indices, label }) =>
      s.phrases.importChosen(discoveryId, scheme, indices, label),
    ),
    addNextWallet: active(({ phraseId, label }) => s.phrases.addNext(phraseId, label)),
    exportPhrase: active(({ phraseId, passphrase }) => s.phrases.export(phraseId, passphrase)),
    forgetPhrase: active(async ({ phraseId }) => {
      await s.phrases.forget(phraseId);
      return { done: true as const };
    }),
  };
}
