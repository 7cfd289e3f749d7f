// Which IPC methods answer while the app is locked. Every method of the contract is named here (the compiler
// checks the list is complete, so a new method cannot be added without deciding), and everything not marked
// 'open' is refused with LOCKED by one guard before its handler runs. tests/unit/lock-policy.test.ts calls
// every method while locked and checks the answer against this table.
import type { Handlers } from '../../shared/ipc/contract';
import type { MethodName } from '../../shared/ipc/channels';

export type Access = 'open' | 'unlocked';

/**
 * The open methods, each with why the lock screen needs it. Everything else reads or changes the person's
 * data or keys, or points the app somewhere else, and waits for the passphrase.
 */
const OPEN = {
  getAppInfo: 'the lock screen names the app version and the exchange it talks to',
  getMarkets: 'public exchange data, the same for any visitor; nothing about the person',
  getSettings: 'the lock screen is drawn in the chosen theme',
  getLockState: 'how the renderer knows to show the lock screen',
  setupPassphrase: 'the first run has no passphrase to unlock with yet',
  unlock: 'the way out of the lock screen',
  lock: 'locking a locked app is harmless and must never fail',
  reportActivity: 'keys pressed on the lock screen; does nothing while locked',
} as const satisfies Partial<Record<MethodName, string>>;

export const OPEN_WHILE_LOCKED: Readonly<Record<string, string>> = OPEN;

export const METHOD_ACCESS = {
  getAppInfo: 'open',
  getMarkets: 'open',
  getSettings: 'open',
  setNetwork: 'unlocked',
  setTheme: 'unlocked',
  setSolanaRpc: 'unlocked',
  getLockState: 'open',
  reportActivity: 'open',
  setupPassphrase: 'open',
  unlock: 'open',
  lock: 'open',
  changePassphrase: 'unlocked',
  setAutoLock: 'unlocked',
  listWallets: 'unlocked',
  createWallet: 'unlocked',
  confirmWalletBackup: 'unlocked',
  importWallet: 'unlocked',
  renameWallet: 'unlocked',
  removeWallet: 'unlocked',
  exportWallet: 'unlocked',
  listPhrases: 'unlocked',
  createPhraseWallet: 'unlocked',
  confirmPhraseBackup: 'unlocked',
  discoverPhrase: 'unlocked',
  importPhraseWallets: 'unlocked',
  addNextWallet: 'unlocked',
  exportPhrase: 'unlocked',
  forgetPhrase: 'unlocked',
  listSessions: 'unlocked',
  createSession: 'unlocked',
  refreshSession: 'unlocked',
  revokeSession: 'unlocked',
  revokeAllSessions: 'unlocked',
  faucet: 'unlocked',
  getChainBalances: 'unlocked',
  deposit: 'unlocked',
  listDeposits: 'unlocked',
  getPortfolio: 'unlocked',
  getPortfolioHistory: 'unlocked',
  getAccount: 'unlocked',
  getVaults: 'unlocked',
  getTriggers: 'unlocked',
  getHistory: 'unlocked',
  getWithdrawalFee: 'unlocked',
  lookupAccount: 'unlocked',
  prepareAction: 'unlocked',
  confirmAction: 'unlocked',
  listAuditLog: 'unlocked',
  exportAuditLog: 'unlocked',
  listAddresses: 'unlocked',
  saveAddress: 'unlocked',
  removeAddress: 'unlocked',
} as const satisfies Record<MethodName, Access>;

/** Every handler whose method is not open checks the lock first; the open ones are passed through. */
export function guardHandlers(handlers: Handlers, requireUnlocked: () => void): Handlers {
  const guarded = { ...handlers } as Record<MethodName, (args: unknown) => Promise<unknown>>;
  for (const [name, access] of Object.entries(METHOD_ACCESS) as [MethodName, Access][]) {
    if (access === 'open') continue;
    const handler = guarded[name];
    guarded[name] = async (args) => {
      requireUnlocked();
      return handler(args);
    };
  }
  return guarded as Handlers;
}
