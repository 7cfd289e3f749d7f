// The one plain reason a call that needs an exchange fails while the app is connected to none.
import { AppFailure } from '../../shared/result';

export const notConnected = (): AppFailure =>
  new AppFailure('EXCHANGE_UNREACHABLE', 'Perpetua is not connected to an exchange yet.');
