// The Electron channel of each method and event, derived from its name: `perpetua:call:wallets.list`,
// `perpetua:event:lockState`. The preload and main's ipcMain binding both use these.
import type { MethodName } from './contract';
import type { EventName } from './events';

export const methodChannel = (name: MethodName): string => `perpetua:call:${name}`;
export const eventChannel = (name: EventName): string => `perpetua:event:${name}`;
