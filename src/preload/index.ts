// The preload: exposes exactly the contract's methods, one frozen object per group
// (window.wallet.<group>.<method>), and one subscribe function per event. No raw ipcRenderer, no generic
// invoke. Built as one CommonJS file for the sandbox.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { eventChannel, methodChannel } from '../shared/ipc/channels';
import { groupedMethods } from '../shared/ipc/checked-api';
import { EVENT_NAMES, eventMethodName } from '../shared/ipc/events';

const api = groupedMethods((method, arg) => ipcRenderer.invoke(methodChannel(method), arg));
for (const name of EVENT_NAMES) {
  const channel = eventChannel(name);
  api[eventMethodName(name)] = (listener: (payload: unknown) => void) => {
    const wrapped = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(channel, wrapped);
    return () => ipcRenderer.removeListener(channel, wrapped);
  };
}

contextBridge.exposeInMainWorld('wallet', Object.freeze(api));
