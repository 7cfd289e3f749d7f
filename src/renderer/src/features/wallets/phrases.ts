// The recovery phrases kept here and the wallets derived from each, for grouping on Accounts and for the
// phrase choices in Export and Remove.
import { useQuery } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import type { ResultOf } from '../../../../shared/ipc/contract';

export type PhraseView = ResultOf<'phrases.list'>[number];
export const phrasesKey = ['phrases'];

export const usePhrases = () =>
  useQuery({ queryKey: phrasesKey, queryFn: () => unwrap(wallet.phrases.list()) });

/** The phrase a wallet was derived from, if it was. */
export const phraseOf = (phrases: PhraseView[] | undefined, walletId: string): PhraseView | undefined =>
  phrases?.find((p) => p.wallets.some((w) => w.walletId === walletId));
