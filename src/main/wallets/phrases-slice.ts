// The recovery-phrase methods of the contract, over PhraseService. Import's account discovery reads /user
// (and each account it lists) for every address it shows, and its SOL and tokens on the chain, so the person
// can tell which wallets they use.
import type { Handlers } from '../../shared/ipc/contract';
import type { AuditLog } from '../audit/audit-log';
import type { ExchangeClient } from '../exchange/exchange-client';
import { notConnected } from '../exchange/not-connected';
import type { AccountLookup, PhraseService, PhraseView } from './phrase-service';
import type { WalletService } from './wallet-service';
import {
  phraseCreated,
  phraseExported,
  phraseForgotten,
  phraseImported,
  phraseShown,
  phraseWalletAdded,
} from '../audit/key-events';

/** What discovery reads on the exchange connected now, and on its chain. */
export interface PhraseLookups {
  client: Pick<ExchangeClient, 'user' | 'account'>;
  /** on-chain balances of an address found (funds/funds.ts) */
  funds: { addressBalances: NonNullable<Parameters<PhraseService['discover']>[3]> };
}

export interface PhrasesDeps {
  phrases: Pick<
    PhraseService,
    'list' | 'create' | 'confirmBackup' | 'discover' | 'importChosen' | 'addNext' | 'export' | 'forget'
  >;
  wallets: Pick<WalletService, 'get'>;
  audit: Pick<AuditLog, 'record'>;
  /** the exchange connected now (null: none), read as discovery looks an address up */
  exchange(): PhraseLookups | null;
}

export function createPhrases(s: PhrasesDeps): { handlers: Handlers['phrases'] } {
  const connected = (): PhraseLookups => {
    const exchange = s.exchange();
    if (!exchange) throw notConnected();
    return exchange;
  };
  const lookup = async (publicKey: string): Promise<AccountLookup> => {
    const { client } = connected();
    const user = await client.user(publicKey);
    if (!user) return { registered: false, accounts: [] };
    const accounts = await Promise.all(user.accountIds.map((id) => client.account(id)));
    return {
      registered: true,
      accounts: accounts.map((a) => ({ accountId: a.accountId, balances: a.balances })),
    };
  };
  // The audit log's lines name each wallet a phrase made with its path, read back from what was stored
  // (the wallet was stored under its phrase just before, so it is found).
  const madeBy = (publicKey: string): { wordCount: number; path: string } => {
    for (const phrase of s.phrases.list()) {
      const made = phrase.wallets.find((w) => w.publicKey === publicKey);
      if (made) return { wordCount: phrase.wordCount, path: made.path };
    }
    return { wordCount: 0, path: 'unknown' };
  };
  const phraseById = (phraseId: string): PhraseView | undefined =>
    s.phrases.list().find((p) => p.phraseId === phraseId);
  const handlers: Handlers['phrases'] = {
    list: async () => s.phrases.list(),
    create: async ({ label, wordCount, passphrase }) => {
      const shown = await s.phrases.create(label, wordCount, passphrase);
      s.audit.record(phraseShown({ publicKey: shown.publicKey, label: label.trim() }, wordCount));
      return shown;
    },
    confirmBackup: async ({ pendingId, answers }) => {
      const wallet = await s.phrases.confirmBackup(pendingId, answers);
      const { wordCount, path } = madeBy(wallet.publicKey);
      s.audit.record(phraseCreated(wallet, wordCount, path));
      return wallet;
    },
    discover: ({ phrase, bip39Passphrase }) =>
      s.phrases.discover(phrase, bip39Passphrase ?? '', lookup, (publicKey) =>
        connected().funds.addressBalances(publicKey),
      ),
    importWallets: async ({ discoveryId, scheme, indices, label, passphrase }) => {
      const wallets = await s.phrases.importChosen(discoveryId, scheme, indices, label, passphrase);
      for (const wallet of wallets) s.audit.record(phraseImported(wallet, madeBy(wallet.publicKey).path));
      return wallets;
    },
    addNextWallet: async ({ phraseId, label }) => {
      const wallet = await s.phrases.addNext(phraseId, label);
      s.audit.record(phraseWalletAdded(wallet, madeBy(wallet.publicKey).path));
      return wallet;
    },
    export: async ({ phraseId, passphrase }) => {
      const exported = await s.phrases.export(phraseId, passphrase);
      // one line for each wallet it makes, so each wallet's own lines show it; written before it is handed over
      const made = (phraseById(phraseId)?.wallets ?? []).map((w) => s.wallets.get(w.walletId));
      for (const wallet of made.length ? made : [null]) s.audit.record(phraseExported(wallet));
      return exported;
    },
    forget: async ({ phraseId }) => {
      const wordCount = phraseById(phraseId)?.wordCount;
      await s.phrases.forget(phraseId);
      s.audit.record(phraseForgotten(wordCount ?? 0));
      return { done: true as const };
    },
  };
  return { handlers };
}
