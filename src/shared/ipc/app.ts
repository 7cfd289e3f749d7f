// The app group: which build and host this is, and the exchange's public market list. Both open, so the
// lock screen can say which app and exchange it belongs to.
import { z } from 'zod';
import { MarketsInfoSchema } from '../exchange/info';
import { NoArgs, group, openWhileLocked } from './method';
import { DevnetStatusSchema } from './events';

export const AppInfoSchema = z.object({
  version: z.string(),
  /** 'electron' for the desktop app, 'browser-host' for the development host */
  host: z.enum(['electron', 'browser-host']),
  network: z.object({
    kind: z.enum(['embedded-devnet', 'custom']),
    baseUrl: z.string(),
  }),
  /** the embedded devnet's process as its supervisor last said (null: none in use), for a window opened late */
  devnet: DevnetStatusSchema.nullable(),
});

export const app = group({
  info: {
    args: NoArgs,
    result: AppInfoSchema,
    access: openWhileLocked('the lock screen names the app version and the exchange it talks to'),
  },
  markets: {
    args: NoArgs,
    result: MarketsInfoSchema,
    access: openWhileLocked('public exchange data, the same for any visitor; nothing about the person'),
  },
});
