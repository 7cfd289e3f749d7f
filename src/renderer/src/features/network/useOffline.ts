// Whether the exchange this window shows is out of contact, and for how long: the age a person needs to
// judge the figures still on screen. Ticks once a second only while offline.
import { useEffect, useState } from 'react';
import { useExchangeStatus, useSettings } from './queries';

export interface Offline {
  offline: boolean;
  /** whole seconds since contact was lost (0 while online) */
  seconds: number;
}

export function useOffline(): Offline {
  const status = useExchangeStatus().data;
  const baseUrl = useSettings().data?.connection?.baseUrl;
  const offline = status?.connected === false && status.baseUrl === baseUrl;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!offline) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [offline]);
  const since = status?.offlineSince ?? now;
  return { offline, seconds: offline ? Math.max(0, Math.floor((now - since) / 1000)) : 0 };
}
