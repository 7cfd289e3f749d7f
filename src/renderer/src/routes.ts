// The app's pages, addressed by the URL hash so that the back button and reloads keep the page.
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

export type PageId = (typeof PAGES)[number]['id'];

const isPage = (value: string): value is PageId => PAGES.some((p) => p.id === value);

function current(): PageId {
  const id = window.location.hash.replace(/^#\/?/, '');
  return isPage(id) ? id : 'portfolio';
}

export function usePage(): [PageId, (page: PageId) => void] {
  const [page, setPage] = useState<PageId>(current);
  useEffect(() => {
    const onHash = (): void => setPage(current());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return [page, (next) => (window.location.hash = `/${next}`)];
}
