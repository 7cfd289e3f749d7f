// The wallets' sessions: the page, the banner about sessions made elsewhere, the expiry warnings.
import { lazyPage } from '../../lazy-page';

export { sessionKeys, useSessions, useSessionWarnings } from './queries';
export { StrangerSessions } from './StrangerSessions';

export const SessionsPage = lazyPage(() => import('./SessionsPage'), 'SessionsPage');
