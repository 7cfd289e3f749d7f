// The preload: exposes exactly the contract's named methods and one subscribe function per event as
// window.wallet. No raw ipcRenderer, no generic invoke. Built as one CommonJS file for the sandbox.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { EVENT_NAMES, METHOD_NAMES, eventChannel, methodChannel } from '../shared/ipc/channels';

const api: Record<string, unknown> = {};
for (const name of METHOD_NAMES) {
  const channel = methodChannel(name);
  api[name] = (arg?: unknown) => ipcRenderer.invoke(channel, arg);
}
for (const name of EVENT_NAMES) {
  const channel = eventChannel(name);
  api[`on${name[0]!.toUpperCase()}${name.slice(1)}`] = (listener: (payload: unknown) => void) => {
    const wrapped = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(channel, wrapped);
    return () => ipcRenderer.removeListener(channel, wrapped);
  };
}

contextBridge.exposeInMainWorld('wallet', Object.freeze(api));
