// The app's settings (the network among them) and main's word on its connections: the exchange's live stream
// and the embedded devnet's process. These survive a lock or a network change.
import { useQuery, type useQueryClient } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import type { EventOf } from '../../../../shared/ipc/events';
import type { DevnetStatus } from './offline-words';

export const networkKeys = {
  settings: ['settings'],
  appInfo: ['appInfo'],
  exchangeStatus: ['exchangeStatus'],
  devnetStatus: ['devnetStatus'],
};

export /** Queries that do not depend on the exchange or the person and survive a lock or a network change. */
const APP_WIDE = new Set(['lockState', 'settings', 'appInfo', 'exchangeStatus', 'devnetStatus']);

/** main's event, and when this window first heard that contact was lost (kept across repeated offline events) */
export type ExchangeStatus = EventOf<'exchangeStatus'> & { offlineSince?: number };

/** The last of main's events of one kind, as useLiveEvents keeps it: nothing is fetched, null until one came. */
const useLastEvent = <T>(queryKey: string[]) =>
  useQuery<T | null>({ queryKey, queryFn: () => null, initialData: null, staleTime: Infinity });

/**
 * Whether main's live connection to the exchange holds, as its exchangeStatus events say. Until an event
 * arrives the connection is taken to be fine (main says so within seconds when it is not).
 */
export const useExchangeStatus = () => useLastEvent<ExchangeStatus>(networkKeys.exchangeStatus);

/**
 * The embedded devnet's process as its supervisor last said (null: no devnet in use): asked once, for a window
 * opened after it stopped, then kept by its events.
 */
export const useDevnetStatus = () =>
  useQuery<DevnetStatus | null>({
    queryKey: networkKeys.devnetStatus,
    queryFn: async () => (await unwrap(wallet.app.info())).devnet,
    staleTime: Infinity,
  });

export const useSettings = () =>
  useQuery({ queryKey: networkKeys.settings, queryFn: () => unwrap(wallet.settings.get()) });

/** After the network changed, nothing cached from the previous exchange may show. */
export async function afterNetworkChange(client: ReturnType<typeof useQueryClient>): Promise<void> {
  client.removeQueries({ predicate: (q) => !APP_WIDE.has(String(q.queryKey[0])) && !q.isActive() });
  await client.invalidateQueries();
}
