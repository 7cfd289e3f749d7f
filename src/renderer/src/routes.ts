// The app's pages, addressed by the URL hash so that the back button and reloads keep the page. An account
// has its own page at #/account/<id>, reached from the Portfolio and Accounts screens.
import { useEffect, useState } from 'react';

export const PAGES = [
  { id: 'portfolio', label: 'Portfolio' },
  { id: 'accounts', label: 'Accounts' },
  { id: 'transfers', label: 'Transfers' },
  { id: 'vaults', label: 'Vaults' },
  { id: 'sessions', label: 'Sessions' },
  { id: 'history', label: 'History' },
  { id: 'settings', label: 'Settings' },
] as const;

/** Guided flows reached from a page or a notice rather than from the navigation. */
export const FLOWS = ['compromised-key', 'sweep', 'wallet-key'] as const;

export type PageId = (typeof PAGES)[number]['id'] | (typeof FLOWS)[number];
/** the Transfers page's tabs, each with its own address (#/transfers/withdraw) for the home screen's buttons */
export const TRANSFER_TABS = ['deposit', 'withdraw', 'transfer'] as const;
export type TransferTab = (typeof TRANSFER_TABS)[number];
export type Route =
  | { page: Exclude<PageId, 'transfers'> }
  | { page: 'transfers'; tab: TransferTab }
  | { page: 'account'; accountId: number };

const isPage = (value: string): value is PageId =>
  PAGES.some((p) => p.id === value) || (FLOWS as readonly string[]).includes(value);

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#\/?/, '');
  const account = /^account\/(\d{1,10})$/.exec(path);
  if (account && Number(account[1]) <= 0xffffffff) return { page: 'account', accountId: Number(account[1]) };
  const transfers = /^transfers(?:\/(\w+))?$/.exec(path);
  if (transfers) {
    const tab = TRANSFER_TABS.find((t) => t === transfers[1]) ?? 'deposit';
    return { page: 'transfers', tab };
  }
  return { page: isPage(path) && path !== 'transfers' ? path : 'portfolio' };
}

export const transfersHref = (tab: TransferTab): string => `#/transfers/${tab}`;

export const accountHref = (accountId: number): string => `#/account/${accountId}`;

export function useRoute(): [Route, (page: PageId) => void] {
  const [route, setRoute] = useState<Route>(() => parseRoute(window.location.hash));
  useEffect(() => {
    const onHash = (): void => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return [route, (next) => (window.location.hash = `/${next}`)];
}
