// The person's wallets and accounts as every feature reads and picks them: the wallet list, the portfolio's
// figures, the names given to accounts here, the wallets marked compromised.
export {
  accountKeys,
  MARK_TO_MARKET_MS,
  useAccount,
  useAccountLabels,
  useAccountNames,
  useCompromised,
  usePortfolio,
  useWallets,
} from './queries';
export { accountValue, walletOfValue } from './account-groups';
export { AccountPicker } from './AccountPicker';
export { CompromisedBadge } from './CompromisedBadge';
export { NameAccountModal } from './NameAccountModal';
