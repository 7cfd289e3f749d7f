// The network the app is on and main's word on its connections: the settings, the exchange's live stream, the
// embedded devnet, the first run's network choice and the form that changes it.
import { lazyPage } from '../../lazy-page';

export { APP_WIDE, networkKeys, useDevnetStatus, useSettings, type ExchangeStatus } from './queries';
export { offlineNotice, type DevnetStatus } from './offline-words';
export { useOffline } from './useOffline';
export { DevnetStoppedNote } from './DevnetStoppedNote';
export { NetworkForm } from './NetworkForm';

export const NetworkScreen = lazyPage(() => import('./NetworkScreen'), 'NetworkScreen');
