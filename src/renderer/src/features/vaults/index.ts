// The vaults: the page, and the read the home screen's summary shares.
import { lazyPage } from '../../lazy-page';

export { useVaults, vaultKeys } from './queries';

export const VaultsPage = lazyPage(() => import('./VaultsPage'), 'VaultsPage');
