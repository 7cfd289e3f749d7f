// The drills: the compromised session key, the sweep of many accounts into one, the leaked wallet key.
import { lazyPage } from '../../lazy-page';

export const CompromisedKeyPage = lazyPage(() => import('./CompromisedKeyPage'), 'CompromisedKeyPage');
export const SweepPage = lazyPage(() => import('./SweepPage'), 'SweepPage');
export const WalletKeyPage = lazyPage(() => import('./WalletKeyPage'), 'WalletKeyPage');
