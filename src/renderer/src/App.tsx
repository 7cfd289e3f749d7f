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
import { useQuery } from '@tanstack/react-query';
import { PAGES, usePage, type PageId } from './routes';
import { unwrap, wallet } from './bridge/wallet';
import { PortfolioPage } from './pages/PortfolioPage';
import { PlaceholderPage } from './pages/PlaceholderPage';

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
  if (page === 'portfolio') return <PortfolioPage />;
  return <PlaceholderPage title={PAGES.find((p) => p.id === page)!.label} />;
}

export function App() {
  const [page, setPage] = usePage();
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
