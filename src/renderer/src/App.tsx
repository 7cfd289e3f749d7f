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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGES, usePage, type PageId } from './routes';
import { unwrap, wallet } from './bridge/wallet';
import { PortfolioPage } from './pages/PortfolioPage';
import { PlaceholderPage } from './pages/PlaceholderPage';
import { AccountsPage } from './pages/AccountsPage';
import { TransfersPage } from './pages/TransfersPage';
import { SessionsPage } from './pages/SessionsPage';
import { HistoryPage } from './pages/HistoryPage';
import { SettingsPage } from './pages/SettingsPage';
import { SetupScreen, UnlockScreen } from './pages/LockScreen';
import { useLiveEvents, useLockState, useSessionWarnings } from './hooks/queries';
import { Center, Loader, Button } from '@mantine/core';
import { ErrorNote } from './components/ErrorNote';

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

function NetworkBadge() {
  const info = useQuery({ queryKey: ['appInfo'], queryFn: () => unwrap(wallet.getAppInfo()) });
  if (!info.data) return null;
  const label = info.data.network.kind === 'embedded-devnet' ? 'Embedded devnet' : 'Custom exchange';
  return (
    <Tooltip label={info.data.network.baseUrl}>
      <Badge variant="light" color={info.data.network.kind === 'embedded-devnet' ? 'grape' : 'blue'}>
        {label}
      </Badge>
    </Tooltip>
  );
}

function Page({ page }: { page: PageId }) {
  switch (page) {
    case 'portfolio':
      return <PortfolioPage />;
    case 'accounts':
      return <AccountsPage />;
    case 'transfers':
      return <TransfersPage />;
    case 'sessions':
      return <SessionsPage />;
    case 'history':
      return <HistoryPage />;
    case 'settings':
      return <SettingsPage />;
    default:
      return <PlaceholderPage title={PAGES.find((p) => p.id === page)!.label} />;
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
  if (lock.isError)
    return (
      <Center h="100vh" p="xl">
        <ErrorNote error={lock.error} title="Perpetua cannot start" />
      </Center>
    );
  if (lock.data.status === 'uninitialized') return <SetupScreen />;
  if (lock.data.status === 'locked') return <UnlockScreen retryAfterSeconds={lock.data.retryAfterSeconds} />;
  return <Shell />;
}

function Shell() {
  useSessionWarnings();
  const [page, setPage] = usePage();
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
            active={p.id === page}
            onClick={(event) => {
              event.preventDefault();
              setPage(p.id);
            }}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <Page page={page} />
      </AppShell.Main>
    </AppShell>
  );
}
