// What each IPC method needs before its handler runs, declared once per method: whether it answers while
// the app is locked, whether it needs an unlock of the last few minutes, and whether calling it counts as the
// person's activity for the idle timer. Every method of the contract is named here (the compiler checks the
// table is complete, so a new method cannot be added without deciding), and applyPolicy enforces the table
// for every call in one place: handlers do not check the lock themselves. tests/unit/lock-policy.test.ts
// calls every method while locked and checks the answers against this table.
import type { Handlers } from '../../shared/ipc/contract';
import type { MethodName } from '../../shared/ipc/channels';

export interface Policy {
  /**
   * open: answers while locked; unlocked: refused with LOCKED while locked; fresh: also refused unless the
   * passphrase was entered within the last few minutes (pointing the app at another exchange)
   */
  lock: 'open' | 'unlocked' | 'fresh';
  /**
   * A call the person made restarts the idle countdown. Reads that screens repeat on their own (to follow
   * prices and streams) do not: otherwise an open window would never lock itself. The renderer reports
   * input (keys, pointer) with reportActivity instead.
   */
  activity: boolean;
}

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
  getAppInfo: { lock: 'open', activity: false },
  getMarkets: { lock: 'open', activity: false },
  getSettings: { lock: 'open', activity: false },
  setNetwork: { lock: 'fresh', activity: true },
  setTheme: { lock: 'unlocked', activity: false },
  setSolanaRpc: { lock: 'unlocked', activity: true },
  setOsNotifications: { lock: 'unlocked', activity: true },
  // the names are the person's own: not shown on the lock screen
  getAccountNames: { lock: 'unlocked', activity: false },
  setAccountName: { lock: 'unlocked', activity: true },
  getLockState: { lock: 'open', activity: false },
  reportActivity: { lock: 'open', activity: true },
  setupPassphrase: { lock: 'open', activity: false },
  unlock: { lock: 'open', activity: false },
  lock: { lock: 'open', activity: false },
  changePassphrase: { lock: 'unlocked', activity: true },
  setAutoLock: { lock: 'unlocked', activity: true },
  listWallets: { lock: 'unlocked', activity: false },
  createWallet: { lock: 'unlocked', activity: true },
  confirmWalletBackup: { lock: 'unlocked', activity: true },
  importWallet: { lock: 'unlocked', activity: true },
  renameWallet: { lock: 'unlocked', activity: true },
  removeWallet: { lock: 'unlocked', activity: true },
  exportWallet: { lock: 'unlocked', activity: true },
  listPhrases: { lock: 'unlocked', activity: false },
  createPhraseWallet: { lock: 'unlocked', activity: true },
  confirmPhraseBackup: { lock: 'unlocked', activity: true },
  discoverPhrase: { lock: 'unlocked', activity: true },
  importPhraseWallets: { lock: 'unlocked', activity: true },
  addNextWallet: { lock: 'unlocked', activity: true },
  exportPhrase: { lock: 'unlocked', activity: true },
  forgetPhrase: { lock: 'unlocked', activity: true },
  listSessions: { lock: 'unlocked', activity: false },
  createSession: { lock: 'unlocked', activity: true },
  refreshSession: { lock: 'unlocked', activity: true },
  revokeSession: { lock: 'unlocked', activity: true },
  revokeAllSessions: { lock: 'unlocked', activity: true },
  faucet: { lock: 'unlocked', activity: true },
  getChainBalances: { lock: 'unlocked', activity: false },
  deposit: { lock: 'unlocked', activity: true },
  listDeposits: { lock: 'unlocked', activity: false },
  getPortfolio: { lock: 'unlocked', activity: false },
  getPortfolioHistory: { lock: 'unlocked', activity: false },
  getAccount: { lock: 'unlocked', activity: false },
  getVaults: { lock: 'unlocked', activity: false },
  getMarketStats: { lock: 'unlocked', activity: false },
  getTriggers: { lock: 'unlocked', activity: false },
  getHistory: { lock: 'unlocked', activity: false },
  getWithdrawalFee: { lock: 'unlocked', activity: false },
  checkDestination: { lock: 'unlocked', activity: false },
  lookupAccount: { lock: 'unlocked', activity: true },
  prepareAction: { lock: 'unlocked', activity: true },
  confirmAction: { lock: 'unlocked', activity: true },
  listAuditLog: { lock: 'unlocked', activity: true },
  exportAuditLog: { lock: 'unlocked', activity: true },
  listAddresses: { lock: 'unlocked', activity: true },
  saveAddress: { lock: 'unlocked', activity: true },
  removeAddress: { lock: 'unlocked', activity: true },
  reviewCompromisedKey: { lock: 'unlocked', activity: true },
  // revoking every session is wallet-signed: the passphrase of the last few minutes
  startCompromisedKey: { lock: 'fresh', activity: true },
  reviewSweep: { lock: 'unlocked', activity: true },
  // money leaving is checked by the sweep itself: the passphrase typed for this sweep
  startSweep: { lock: 'unlocked', activity: true },
  // polled while a drill runs, so not activity
  getDrillRun: { lock: 'unlocked', activity: false },
} as const satisfies Record<MethodName, Policy>;

/** What the policy needs of the lock. */
export interface PolicyLock {
  requireUnlocked(): void;
  requireFreshUnlock(): void;
  touch(): void;
}

/**
 * The handlers with their declared needs enforced before each runs: the lock first (nothing about a locked
 * call is counted or done), then the activity, then the fresher unlock where declared.
 */
export function applyPolicy(handlers: Handlers, lock: PolicyLock): Handlers {
  const guarded = { ...handlers } as Record<MethodName, (args: unknown) => Promise<unknown>>;
  for (const [name, policy] of Object.entries(METHOD_ACCESS) as [MethodName, Policy][]) {
    const handler = guarded[name];
    guarded[name] = async (args) => {
      if (policy.lock !== 'open') lock.requireUnlocked();
      if (policy.activity) lock.touch();
      if (policy.lock === 'fresh') lock.requireFreshUnlock();
      return handler(args);
    };
  }
  return guarded as Handlers;
}
