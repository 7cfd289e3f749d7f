// The wallet a row's actions (rename, export, remove) work on, in a module of its own so that the modals and
// the row that opens them do not import each other.
export interface WalletRef {
  walletId: string;
  label: string;
  publicKey: string;
}
