// The wallet a row's actions (rename, export, remove) work on, in a module of its own so that the modals and
// the row that opens them do not import each other.
import type { ResultOf } from '../../../../shared/ipc/contract';

export type WalletRef = Pick<ResultOf<'wallets.list'>[number], 'walletId' | 'label' | 'publicKey'>;
