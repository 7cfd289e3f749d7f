// Mantine's colour scheme kept in the app's settings (main writes them to its settings file), so the choice
// survives restarts and the browser host's per-run origins. Mantine asks for the scheme synchronously at
// start, so the last known value is cached in localStorage; main's saved value then wins once it arrives.
import { isMantineColorScheme, type MantineColorScheme, type MantineColorSchemeManager } from '@mantine/core';
import type { WalletApi } from '../../../shared/ipc/checked-api';

type Theme = 'light' | 'dark' | 'system';
const CACHE_KEY = 'perpetua.colorScheme';

export const themeOf = (scheme: MantineColorScheme): Theme => (scheme === 'auto' ? 'system' : scheme);
export const schemeOf = (theme: Theme): MantineColorScheme => (theme === 'system' ? 'auto' : theme);

function cached(): MantineColorScheme | null {
  try {
    const value = window.localStorage.getItem(CACHE_KEY);
    return isMantineColorScheme(value) ? value : null;
  } catch {
    return null;
  }
}

function cache(scheme: MantineColorScheme): void {
  try {
    window.localStorage.setItem(CACHE_KEY, scheme);
  } catch {
    // storage unavailable: main's settings still hold the choice
  }
}

export function settingsColorSchemeManager(wallet: {
  settings: Pick<WalletApi['settings'], 'get' | 'setTheme'>;
}) {
  let listener: ((scheme: MantineColorScheme) => void) | null = null;
  /** what main has saved, once known: applying it (Mantine calls set for that too) writes nothing */
  let saved: MantineColorScheme | null = null;
  const manager: MantineColorSchemeManager = {
    get: (defaultValue) => cached() ?? defaultValue,
    set: (scheme) => {
      cache(scheme);
      if (scheme === saved) return;
      saved = scheme;
      void wallet.settings.setTheme({ theme: themeOf(scheme) });
    },
    subscribe: (onUpdate) => {
      listener = onUpdate;
      void wallet.settings.get().then((result) => {
        if (!result.ok) return;
        saved = schemeOf(result.value.theme);
        if (saved === cached()) return;
        cache(saved);
        listener?.(saved);
      });
    },
    unsubscribe: () => {
      listener = null;
    },
    clear: () => {
      try {
        window.localStorage.removeItem(CACHE_KEY);
      } catch {
        // nothing cached
      }
    },
  };
  return manager;
}
