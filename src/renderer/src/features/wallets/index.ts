// The person's wallets: the Accounts page that lists them, and adding, naming, exporting and removing one.
import { lazyPage } from '../../lazy-page';

export { CreateWalletModal } from './CreateWalletModal';
export { ImportWalletModal } from './ImportWalletModal';

export const AccountsPage = lazyPage(() => import('./AccountsPage'), 'AccountsPage');
