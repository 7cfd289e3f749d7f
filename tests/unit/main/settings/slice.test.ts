// The settings methods: a change to the theme or to notifications is saved, and what comes back is the view
// as it is after the change; the account names are the store's.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSettings, type SettingsDeps } from '../../../../src/main/settings/slice';
import { SettingsStore } from '../../../../src/main/settings/settings-store';
import type { SettingsView } from '../../../../src/main/network/network';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function settings() {
  dir = mkdtempSync(join(tmpdir(), 'perpetua-settings-slice-'));
  const store = new SettingsStore(dir);
  const refused = () => Promise.reject(new Error('not called here'));
  // the view reads the saved settings, as network.ts's does
  const network: SettingsDeps['network'] = {
    view: (): SettingsView => {
      const saved = store.get();
      return {
        network: saved.network,
        connection: null,
        fixed: false,
        theme: saved.theme,
        osNotifications: saved.osNotifications !== false,
        solanaRpc: null,
      };
    },
    choose: refused,
    setSolanaRpc: refused,
  };
  return { store, handlers: createSettings({ store, network }).handlers };
}

describe('the settings methods', () => {
  it('setTheme saves the theme and answers the view with it', async () => {
    const { handlers } = settings();
    expect(await handlers.get(undefined)).toMatchObject({ theme: 'system' });
    expect(await handlers.setTheme({ theme: 'dark' })).toMatchObject({ theme: 'dark' });
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ theme: 'dark' });
  });

  it('setOsNotifications saves the choice and answers the view with it', async () => {
    const { handlers, store } = settings();
    expect(await handlers.setOsNotifications({ enabled: false })).toMatchObject({ osNotifications: false });
    expect(store.get().osNotifications).toBe(false);
    expect(await handlers.setOsNotifications({ enabled: true })).toMatchObject({ osNotifications: true });
  });

  it('names an account, and takes the name away again', async () => {
    const { handlers } = settings();
    expect(await handlers.setAccountName({ accountId: 7, name: 'Savings' })).toEqual([
      { accountId: 7, name: 'Savings' },
    ]);
    expect(await handlers.accountNames(undefined)).toEqual([{ accountId: 7, name: 'Savings' }]);
    expect(await handlers.setAccountName({ accountId: 7, name: null })).toEqual([]);
  });
});
