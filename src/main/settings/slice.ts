// The settings methods of the contract: which exchange (made to work by network/network.ts before it is
// saved), the theme, notifications, the Solana RPC, and the names the person gave accounts.
import type { Handlers } from '../../shared/ipc/contract';
import type { SettingsStore } from './settings-store';

export interface SettingsDeps {
  store: Pick<SettingsStore, 'update' | 'accountNames' | 'nameAccount'>;
  /** which exchange and chain the app talks to (network/network.ts), as the contract answers it */
  network: {
    view(): Awaited<ReturnType<Handlers['settings']['get']>>;
    choose: Handlers['settings']['setNetwork'];
    setSolanaRpc(url: string | null): ReturnType<Handlers['settings']['setSolanaRpc']>;
  };
}

export function createSettings({ store, network }: SettingsDeps): { handlers: Handlers['settings'] } {
  return {
    handlers: {
      // Which exchange and which theme are not secret: readable while locked, so the lock screen has its theme.
      get: async () => network.view(),
      // Pointing the app at another exchange decides what gets signed and where: the person's decision, made
      // with a recent unlock (the first run's choice comes right after the passphrase is set; see settings.ts).
      setNetwork: async (choice) => network.choose(choice),
      setTheme: async ({ theme }) => {
        store.update({ theme });
        return network.view();
      },
      // Where deposits are sent and balances read from: the person's decision too, only while unlocked.
      setSolanaRpc: async ({ url }) => network.setSolanaRpc(url),
      setOsNotifications: async ({ enabled }) => {
        store.update({ osNotifications: enabled });
        return network.view();
      },
      accountNames: async () => store.accountNames(),
      setAccountName: async ({ accountId, name }) => store.nameAccount(accountId, name),
    },
  };
}
