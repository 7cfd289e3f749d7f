import {
  ActionIcon,
  AppShell,
  Badge,
  Group,
  NavLink,
  Text,
  Title,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PAGES, useRoute, type Route } from './routes';
import { unwrap, wallet, WalletError } from './bridge/wallet';
import { PortfolioPage } from './pages/PortfolioPage';
import { VaultsPage } from './pages/VaultsPage';
import { AccountsPage } from './pages/AccountsPage';
import { TransfersPage } from './pages/TransfersPage';
import { SessionsPage } from './pages/SessionsPage';
import { HistoryPage } from './pages/HistoryPage';
import { SettingsPage } from './pages/SettingsPage';
import { AccountPage } from './pages/AccountPage';
import { NetworkScreen } from './pages/NetworkScreen';
import { SetupScreen, UnlockScreen } from './pages/LockScreen';
import { FirstWalletScreen } from './pages/FirstWalletScreen';
import { KeychainScreen } from './pages/KeychainScreen';
import {
  useExchangeStatus,
  useLiveEvents,
  useLockState,
  useSessionWarnings,
  useSettings,
  useWallets,
} from './hooks/queries';
import { Center, Loader, Button } from '@mantine/core';
import { ErrorNote } from './components/ErrorNote';
import { useActivityReports } from './hooks/useActivity';

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
  const status = useExchangeStatus().data;
  const connection = settings.data?.connection;
  if (!connection) return null;
  const offline = status?.connected === false && status.baseUrl === connection.baseUrl;
  return (
    <Group gap={6}>
      <Tooltip label={connection.baseUrl}>
        <Badge variant="light" color={connection.kind === 'custom' ? 'blue' : 'grape'}>
          {NETWORK_LABEL[connection.kind]}
        </Badge>
      </Tooltip>
      {offline && (
        <Tooltip label={`No contact with ${connection.baseUrl}; retrying. Figures may be out of date.`}>
          <Badge color="orange" variant="filled" role="status">
            Offline
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
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
      return <TransfersPage />;
    case 'vaults':
      return <VaultsPage />;
    case 'sessions':
      return <SessionsPage />;
    case 'history':
      return <HistoryPage />;
    case 'settings':
      return <SettingsPage />;
  }
}

/** Nothing but the lock screens until the passphrase is set and entered. */
export function App() {
  useLiveEvents();
  const lock = useLockState();
  if (lock.isPending)
    return (
      <Center h="100vh">
        <Loader aria-label="Starting" />
      </Center>
    );
  if (lock.isError && lock.error instanceof WalletError && lock.error.code === 'KEYCHAIN_UNAVAILABLE')
    return (
      <KeychainScreen
        message={lock.error.message}
        retrying={lock.isFetching}
        onRetry={() => void lock.refetch()}
      />
    );
  if (lock.isError)
    return (
      <Center h="100vh" p="xl">
        <ErrorNote error={lock.error} title="Perpetua cannot start" />
      </Center>
    );
  if (lock.data.status === 'uninitialized') return <SetupScreen />;
  if (lock.data.status === 'locked') return <UnlockScreen retryAfterSeconds={lock.data.retryAfterSeconds} />;
  return <Unlocked />;
}

/** Set for the rest of the session once the first-wallet step is over (or was never needed). */
const WALLET_STEP_DONE = 'perpetua.firstWalletStep.done';

/**
 * First run goes on from the network choice (an exchange fixed for this run needs none) to the first wallet,
 * when there is none yet. That step shows once a session: it ends when a wallet is added or the person
 * chooses "Later", and never shows when wallets exist.
 */
function Unlocked() {
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
  if (needsNetwork) return <NetworkScreen />;
  if (!stepDone && wallets.isPending)
    return (
      <Center h="100vh">
        <Loader aria-label="Loading wallets" />
      </Center>
    );
  if (!stepDone && wallets.data?.length === 0)
    return (
      <FirstWalletScreen
        onLater={() => {
          window.location.hash = '/portfolio';
          setStepDone(true);
        }}
      />
    );
  return <Shell />;
}

function Shell() {
  useSessionWarnings();
  useActivityReports();
  const [route, setPage] = useRoute();
  const client = useQueryClient();
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 210, breakpoint: 0 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="xs">
            <Title order={3}>Perpetua</Title>
            <Text size="sm" c="dimmed">
              wallet and account manager
            </Text>
          </Group>
          <Group gap="sm">
            <NetworkBadge />
            <ThemeToggle />
            <Button
              size="xs"
              variant="default"
              onClick={() => void unwrap(wallet.lock()).then((s) => client.setQueryData(['lockState'], s))}
            >
              Lock
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        {PAGES.map((p) => (
          <NavLink
            key={p.id}
            href={`#/${p.id}`}
            label={p.label}
            active={p.id === route.page || (route.page === 'account' && p.id === 'portfolio')}
            onClick={(event) => {
              event.preventDefault();
              setPage(p.id);
            }}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <Page route={route} />
      </AppShell.Main>
    </AppShell>
  );
}
