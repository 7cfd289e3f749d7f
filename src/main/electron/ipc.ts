// Binds the contract to ipcMain: one handler per named method, the sender frame checked first, then the
// shared dispatcher (argument parsing, Result mapping). Events go out on their own named channels.
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { eventChannel, methodChannel } from '../../shared/ipc/channels';
import { METHOD_NAMES } from '../../shared/ipc/contract';
import type { Dispatch } from '../ipc-dispatch';
import type { EventBus } from '../events';
import { err } from '../../shared/result';

export function bindIpc(
  ipcMain: Pick<IpcMain, 'handle'>,
  dispatch: Dispatch,
  isTrustedSender: (url: string) => boolean,
): void {
  for (const name of METHOD_NAMES) {
    ipcMain.handle(methodChannel(name), async (event: IpcMainInvokeEvent, arg: unknown) => {
      const url = event.senderFrame?.url ?? '';
      if (!isTrustedSender(url))
        return err('FORBIDDEN', 'This request did not come from the app’s own window.');
      return dispatch(name, arg);
    });
  }
}

export function forwardEvents(events: EventBus, target: () => WebContents | null): () => void {
  return events.subscribe((name, payload) => {
    const contents = target();
    if (contents && !contents.isDestroyed()) contents.send(eventChannel(name), payload);
  });
}
