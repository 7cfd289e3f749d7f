// The lock: setting and entering the passphrase, forgetting it, the keychain's absence, and the first run's
// wallet step that follows the first unlock.
import { lazyPage } from '../../lazy-page';

export { lockKeys, useLockState } from './queries';
export { SetupScreen, UnlockScreen } from './LockScreen';
export { KeychainScreen } from './KeychainScreen';
export { WALLET_STEP_DONE } from './first-run';

export const FirstWalletScreen = lazyPage(() => import('./FirstWalletScreen'), 'FirstWalletScreen');
