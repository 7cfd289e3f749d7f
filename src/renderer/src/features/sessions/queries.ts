// The sessions of the person's wallets, and the warning that one of this device's is about to expire.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { unwrap, wallet } from '../../bridge/wallet';
import { formatTimeOfDay, fromSeconds } from '../../../../shared/time';

export const sessionKeys = {
  sessions: ['sessions'],
};

/**
 * A session made or ended anywhere is told by main's sessionsChanged event (its stranger watch reads the
 * wallets every few seconds), and this app's own changes invalidate the list; the list is read again now and
 * then only so that a session's status follows its expiry.
 */
const SESSION_STATUS_MS = 5 * 60_000;
export const useSessions = () =>
  useQuery({
    queryKey: sessionKeys.sessions,
    queryFn: () => unwrap(wallet.sessions.list()),
    refetchInterval: SESSION_STATUS_MS,
  });
type SessionView = NonNullable<ReturnType<typeof useSessions>['data']>[number];

/** Made by neither this device nor the demo data: someone else holding the wallet key made it. */
export const madeElsewhere = (s: SessionView): boolean => !s.createdHere && !s.demo;

/**
 * Warns once per session about one of this device's close to expiry. A session made elsewhere is not
 * this device's to renew or replace: the banner on every page (StrangerSessions) tells of it instead.
 */
export function useSessionWarnings(): void {
  const sessions = useSessions();
  useEffect(() => {
    for (const s of sessions.data ?? []) {
      if (!s.createdHere || s.status !== 'expiring') continue;
      const seen = `perpetua.warned.${s.walletPublicKey}.${s.sessionId}.expiring`;
      if (sessionStorage.getItem(seen)) continue;
      sessionStorage.setItem(seen, '1');
      notifications.show({
        color: 'yellow',
        title: 'Session expiring',
        message: `Session #${s.sessionId} of ${s.walletLabel} expires at ${formatTimeOfDay(fromSeconds(s.expiry))}.`,
      });
    }
  }, [sessions.data]);
}
