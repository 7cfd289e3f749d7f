// Deposits, withdrawals and transfers between accounts, and the checks of a destination the sweep shares.
import { lazyPage } from '../../lazy-page';

export { transferKeys } from './queries';
export { useDestinationCheck } from './destination-check';
export { OtherAccountField } from './OtherAccountField';

export const TransfersPage = lazyPage(() => import('./TransfersPage'), 'TransfersPage');
