// The Settings page: network, theme, notifications, passphrase, address book and the audit log.
import { lazyPage } from '../../lazy-page';

export const SettingsPage = lazyPage(() => import('./SettingsPage'), 'SettingsPage');
