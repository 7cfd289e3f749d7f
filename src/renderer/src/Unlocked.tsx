// Everything after the passphrase: the first-run steps, the shell (header, navigation) and the pages, each
// page its own chunk. This module is a chunk of its own too, so the lock screen draws without it; App starts
// fetching it once the lock screen is up.
import {
  ActionIcon,
  AppShell,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  NavLink,
  Text,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PAGES, useRoute, type Route } from './routes';
import { unwrap, wallet } from './bridge/wallet';
import { NavigationCount } from './components/PageHeading';
import './theme/mantine-app-styles';
import { useWallets } from './features/accounts';
import { CompromisedKeyPage, SweepPage, WalletKeyPage } from './features/drills';
import { HistoryPage, useActivityReports } from './features/history';
import { FirstWalletScreen, WALLET_STEP_DONE } from './features/lock';
import {
  DevnetStoppedNote,
  NetworkScreen,
  useDevnetStatus,
  useOffline,
  useSettings,
} from './features/network';
import { AccountPage, PortfolioPage } from './features/portfolio';
import { SessionsPage, StrangerSessions, useSessionWarnings } from './features/sessions';
import { SettingsPage } from './features/settings';
import { TransfersPage } from './features/transfers';
import { VaultsPage } from './features/vaults';
import { AccountsPage } from './features/wallets';

// Each page is its own chunk (its feature's index makes it lazy), fetched when it is first shown: the lock
// screen draws before any of them loads.
// the portfolio is where unlocking lands: fetch it with this module rather than after the shell draws
void PortfolioPage.preload();

function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <Tooltip label={`Switch to ${next} theme`}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={`Switch to ${next} theme`}
        onClick={() => setColorScheme(next)}
      >
        {scheme === 'dark' ? '☀' : '☾'}
      </ActionIcon>
    </Tooltip>
  );
}

const NETWORK_LABEL = {
  'embedded-devnet': 'Embedded devnet',
  'embedded-devnet-demo': 'Embedded devnet · demo data',
  custom: 'Custom exchange',
} as const;

function NetworkBadge() {
  const settings = useSettings();
  const { offline, seconds } = useOffline();
  const devnet = useDevnetStatus().data;
  const connection = settings.data?.connection;
  if (!connection) return null;
  return (
    <Group gap={6}>
      <Tooltip label={connection.baseUrl}>
        <Badge variant="light" color={connection.kind === 'custom' ? 'blue' : 'grape'}>
          {NETWORK_LABEL[connection.kind]}
        </Badge>
      </Tooltip>
      {offline && (
        <Tooltip
          label={
            devnet && devnet.state !== 'running'
              ? devnet.message
              : `No contact with ${connection.baseUrl}; retrying. Figures may be out of date.`
          }
        >
          <Badge color="orange" variant="filled" role="status" tt="none">
            Offline · figures {formatAge(seconds)} old
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

/** "8 s", "3 min", "2 h": the age of the figures on screen, in the largest whole unit. */
function formatAge(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h`;
}

function Page({ route }: { route: Route }) {
  switch (route.page) {
    case 'account':
      return <AccountPage accountId={route.accountId} />;
    case 'portfolio':
      return <PortfolioPage />;
    case 'accounts':
      return <AccountsPage />;
    case 'transfers':
      return <TransfersPage tab={route.tab} />;
    case 'vaults':
      return <VaultsPage />;
    case 'sessions':
      return <SessionsPage />;
    case 'history':
      return <HistoryPage />;
    case 'settings':
      return <SettingsPage />;
    case 'compromised-key':
      return <CompromisedKeyPage />;
    case 'sweep':
      return <SweepPage />;
    case 'wallet-key':
      return <WalletKeyPage />;
  }
}

function Centered({ label }: { label: string }) {
  return (
    <Center h="100vh">
      <Loader aria-label={label} />
    </Center>
  );
}

/**
 * First run goes on from the network choice (an exchange fixed for this run needs none) to the first wallet,
 * when there is none yet. That step shows once a session: it ends when a wallet is added or the person
 * chooses "Later", and never shows when wallets exist.
 */
export function Unlocked() {
  const settings = useSettings();
  const needsNetwork = settings.data?.network === null && !settings.data.fixed;
  const wallets = useWallets(!settings.isPending && !needsNetwork);
  const [stepDone, setStepDone] = useState(() => sessionStorage.getItem(WALLET_STEP_DONE) !== null);
  // a wallet exists (or the list cannot be read: the pages say why): no step this session
  if (!stepDone && !needsNetwork && (wallets.isError || (wallets.data?.length ?? 0) > 0)) setStepDone(true);
  useEffect(() => {
    if (stepDone) sessionStorage.setItem(WALLET_STEP_DONE, '1');
  }, [stepDone]);
  if (settings.isPending)
    return (
      <Center h="100vh">
        <Loader aria-label="Loading settings" />
      </Center>
    );
  if (needsNetwork)
    return (
      <Suspense fallback={<Centered label="Loading" />}>
        <NetworkScreen />
      </Suspense>
    );
  if (!stepDone && wallets.isPending)
    return (
      <Center h="100vh">
        <Loader aria-label="Loading wallets" />
      </Center>
    );
  if (!stepDone && wallets.data?.length === 0)
    return (
      <Suspense fallback={<Centered label="Loading" />}>
        <FirstWalletScreen
          onLater={() => {
            window.location.hash = '/portfolio';
            setStepDone(true);
          }}
        />
      </Suspense>
    );
  return <Shell />;
}

/** Counts the person's moves between pages (not the first page shown), for PageHeading to take the focus. */
function useNavigationCount(route: Route): number {
  const key = route.page === 'account' ? `account/${route.accountId}` : route.page;
  const [seen, setSeen] = useState({ key, count: 0 });
  if (seen.key !== key) setSeen({ key, count: seen.count + 1 });
  return seen.key === key ? seen.count : seen.count + 1;
}

function Shell() {
  useSessionWarnings();
  useActivityReports();
  const { offline } = useOffline();
  const [route, setPage] = useRoute();
  const navigations = useNavigationCount(route);
  const main = useRef<HTMLElement>(null);
  const client = useQueryClient();
  // the skip link's target: the page's heading, or the main area while the page is still loading
  const skipToMain = (event: React.MouseEvent) => {
    event.preventDefault();
    const target = main.current?.querySelector<HTMLElement>('h1') ?? main.current;
    target?.focus();
  };
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 210, breakpoint: 0 }} padding="md">
      <a href="#main" className="skip-link" onClick={skipToMain}>
        Skip to main content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="xs">
            <Text fw={700} size="xl" component="span">
              Perpetua
            </Text>
            <Text size="sm" c="dimmed" component="span">
              wallet and account manager
            </Text>
          </Group>
          <Group gap="sm">
            <NetworkBadge />
            <ThemeToggle />
            <Button
              size="xs"
              variant="default"
              onClick={() =>
                void unwrap(wallet.lock.lock()).then((s) => client.setQueryData(['lockState'], s))
              }
            >
              Lock
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        {PAGES.map((p) => {
          const active =
            p.id === route.page ||
            (route.page === 'account' && p.id === 'portfolio') ||
            ((route.page === 'compromised-key' || route.page === 'wallet-key') && p.id === 'sessions') ||
            (route.page === 'sweep' && p.id === 'transfers');
          return (
            <NavLink
              key={p.id}
              href={`#/${p.id}`}
              label={p.label}
              active={active}
              aria-current={active ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                setPage(p.id);
              }}
            />
          );
        })}
      </AppShell.Navbar>
      {/* Stale figures lose their colour while the exchange is out of contact (grey, not faded: fading would take
          text below AA contrast); the badge says how old they are. */}
      <AppShell.Main id="main" ref={main} tabIndex={-1} data-stale={offline || undefined}>
        {/* above the greyed figures, in its own colour */}
        <DevnetStoppedNote />
        {/* the Sessions page lists them itself, each with its Revoke button; the drills are already the remedy */}
        {route.page === 'sessions' ||
        route.page === 'compromised-key' ||
        route.page === 'wallet-key' ? null : (
          <StrangerSessions />
        )}
        <div style={offline ? { filter: 'grayscale(1)' } : undefined}>
          <NavigationCount.Provider value={navigations}>
            <Suspense fallback={<Loader aria-label="Loading the page" m="md" />}>
              <Page route={route} />
            </Suspense>
          </NavigationCount.Provider>
        </div>
      </AppShell.Main>
    </AppShell>
  );
}
