// Every IPC operation and event by name: the one list the preload, the Electron binding and the browser host
// share. No generic passthrough exists; a name not here cannot be called. contract.ts gives each a schema,
// and the compiler checks that the two lists match.

export const METHOD_NAMES = [
  'getAppInfo',
  'getMarkets',
  'getSettings',
  'setNetwork',
  'setTheme',
  'setSolanaRpc',
  'setOsNotifications',
  'getAccountNames',
  'setAccountName',
  'getLockState',
  'reportActivity',
  'setupPassphrase',
  'unlock',
  'lock',
  'changePassphrase',
  'setAutoLock',
  'listWallets',
  'createWallet',
  'confirmWalletBackup',
  'importWallet',
  'renameWallet',
  'removeWallet',
  'exportWallet',
  'listPhrases',
  'createPhraseWallet',
  'confirmPhraseBackup',
  'discoverPhrase',
  'importPhraseWallets',
  'addNextWallet',
  'exportPhrase',
  'forgetPhrase',
  'listSessions',
  'createSession',
  'refreshSession',
  'revokeSession',
  'revokeAllSessions',
  'faucet',
  'getChainBalances',
  'deposit',
  'listDeposits',
  'getPortfolio',
  'getPortfolioHistory',
  'getAccount',
  'getVaults',
  'getMarketStats',
  'getTriggers',
  'getHistory',
  'getWithdrawalFee',
  'lookupAccount',
  'checkDestination',
  'prepareAction',
  'confirmAction',
  'listAuditLog',
  'exportAuditLog',
  'listAddresses',
  'saveAddress',
  'removeAddress',
  'reviewCompromisedKey',
  'startCompromisedKey',
  'reviewSweep',
  'startSweep',
  'getDrillRun',
] as const;

export const EVENT_NAMES = ['exchangeStatus', 'lockState', 'depositStatus', 'accountUpdate'] as const;

export type MethodName = (typeof METHOD_NAMES)[number];
export type EventName = (typeof EVENT_NAMES)[number];

export const methodChannel = (name: MethodName): string => `perpetua:call:${name}`;
export const eventChannel = (name: EventName): string => `perpetua:event:${name}`;

export const isMethodName = (value: unknown): value is MethodName =>
  typeof value === 'string' && (METHOD_NAMES as readonly string[]).includes(value);
