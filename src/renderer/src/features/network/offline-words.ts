// What the window says when the exchange is out of contact. When it is the app's own local exchange that
// stopped, the person hears that (and that it is being restarted, or that Perpetua gave up): "lost contact"
// is the words for an exchange elsewhere, which nothing here can restart.
import type { EventOf } from '../../../../shared/ipc/events';

export type DevnetStatus = EventOf<'devnetStatus'>;

const STALE = 'Balances and positions on screen may be out of date until it is back.';

export function offlineNotice(devnet: DevnetStatus | null | undefined): { title: string; message: string } {
  if (devnet?.state === 'restarting')
    return { title: 'Local exchange stopped', message: `${devnet.message} ${STALE}` };
  if (devnet?.state === 'stopped')
    return {
      title: 'Local exchange not running',
      message:
        'Perpetua stopped restarting the local exchange after it failed to start again and again. The note above the page says where its data is and what it last printed.',
    };
  return {
    title: 'Exchange unreachable',
    message: `Perpetua lost contact with the exchange and keeps trying. ${STALE}`,
  };
}
