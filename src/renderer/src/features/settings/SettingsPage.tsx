import { useId, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { auditKeys } from '../audit';
import { lockKeys, useLockState } from '../lock';
import { networkKeys, useSettings } from '../network';
import { ErrorNote } from '../../components/ErrorNote';
import { NetworkForm } from '../network';
import { useAction } from '../../hooks/useAction';
import { saveText } from '../../lib/save-file';
import { schemeOf, themeOf } from '../../theme/color-scheme';
import { PageHeading } from '../../components/PageHeading';
import { AuditTable } from '../audit';
import { useChainUpdates } from '../chain';
import { MIN_PASSPHRASE_LENGTH, passphraseShortfall } from '../../../../shared/passphrase-rules';

const CONNECTION_LABEL = {
  'embedded-devnet': 'Embedded devnet',
  'embedded-devnet-demo': 'Embedded devnet with demo data',
  custom: 'Custom exchange',
} as const;

function NetworkPanel() {
  const settings = useSettings();
  const connection = settings.data?.connection ?? null;
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={4}>Network</Title>
        <ErrorNote error={settings.error} />
        {connection ? (
          <Text aria-label="Current network">
            {CONNECTION_LABEL[connection.kind]} at <Code>{connection.baseUrl}</Code>
          </Text>
        ) : (
          <Text c="orange">Not connected to an exchange.</Text>
        )}
        {connection?.warning ? (
          <Alert color="yellow" title="Unencrypted connection">
            {connection.warning}
          </Alert>
        ) : null}
        <SolanaRpcForm />
        {settings.data?.fixed ? (
          <Text size="sm" c="dimmed">
            This run was started for this exchange on the command line; restart Perpetua without that option
            to choose another network here.
          </Text>
        ) : settings.data ? (
          <NetworkForm current={settings.data.network} submitLabel="Switch network" />
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The Solana RPC deposits are sent to and wallet balances read from: the exchange's own (the embedded
 * devnet's) unless the person sets another, which main checks (getVersion, getHealth) before saving it.
 */
function SolanaRpcForm() {
  const settings = useSettings();
  const client = useQueryClient();
  const action = useAction();
  const rpc = settings.data?.solanaRpc ?? null;
  const updates = useChainUpdates();
  const [text, setText] = useState('');
  const save = (url: string | null) =>
    void action.run(async () => {
      const view = await unwrap(wallet.settings.setSolanaRpc({ url }));
      client.setQueryData(networkKeys.settings, view);
      void client.invalidateQueries({ queryKey: ['chain'] });
      setText('');
    });
  return (
    <Stack gap="xs">
      <Text aria-label="Solana RPC">
        Solana RPC:{' '}
        {rpc?.url ? (
          <Code>{rpc.url}</Code>
        ) : (
          <Text span c="orange">
            none known
          </Text>
        )}
        {rpc ? (rpc.custom ? ' (your choice)' : ' (the exchange’s own)') : null}
      </Text>
      {updates.data && updates.data.mode !== 'none' ? (
        <Text size="sm" aria-label="Solana RPC updates">
          {updates.data.mode === 'live'
            ? `Live updates: deposits are confirmed the moment they land, through its PubSub WebSocket (${updates.data.pubsubUrl}).`
            : `Polling every ${updates.data.pollMs / 1000} s: this RPC has no PubSub WebSocket answering, so deposits are checked on a timer.`}
        </Text>
      ) : null}
      <Group
        align="flex-end"
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) save(text);
        }}
      >
        <TextInput
          label="Use another Solana RPC"
          placeholder="https://… or http://127.0.0.1:8899"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          w={360}
        />
        <Button type="submit" variant="default" loading={action.busy} disabled={!text.trim()}>
          Check and use
        </Button>
        {rpc?.custom ? (
          <Button variant="subtle" onClick={() => save(null)} loading={action.busy}>
            Back to the exchange’s own
          </Button>
        ) : null}
      </Group>
      <ErrorNote error={action.error} />
    </Stack>
  );
}

function ThemePanel() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={4}>Theme</Title>
        <SegmentedControl
          aria-label="Theme"
          w={320}
          value={themeOf(colorScheme)}
          onChange={(value) => setColorScheme(schemeOf(value as 'light' | 'dark' | 'system'))}
          data={[
            { value: 'light', label: 'Light' },
            { value: 'dark', label: 'Dark' },
            { value: 'system', label: 'System' },
          ]}
        />
        <Text size="sm" c="dimmed">
          System follows your operating system’s light or dark setting.
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * Whether what the app tells on its own (deposits credited, withdrawals paid out, liquidations) also goes
 * to the operating system's notifications. Only the desktop app has them; the browser host says so.
 */
function NotificationsPanel() {
  const client = useQueryClient();
  const settings = useSettings();
  const host = useQuery({ queryKey: networkKeys.appInfo, queryFn: () => unwrap(wallet.app.info()) }).data
    ?.host;
  const action = useAction();
  // shown as ticked or not at once; main's answer settles it (and a refusal puts it back)
  const [chosen, setChosen] = useState<boolean | null>(null);
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={4}>Notifications</Title>
        <Checkbox
          label="Also show notifications in the operating system"
          description={
            host === 'browser-host'
              ? 'Only the desktop app can; in this browser they show inside the window.'
              : 'Deposits credited, withdrawals paid out, orders filled and liquidations, even while Perpetua is in the background.'
          }
          checked={chosen ?? settings.data?.osNotifications ?? true}
          disabled={!settings.data || action.busy}
          onChange={(e) => {
            const enabled = e.currentTarget.checked;
            setChosen(enabled);
            void action
              .run(async () =>
                client.setQueryData(
                  networkKeys.settings,
                  await unwrap(wallet.settings.setOsNotifications({ enabled })),
                ),
              )
              .finally(() => setChosen(null));
          }}
        />
        <ErrorNote error={action.error} title="Not changed" />
      </Stack>
    </Paper>
  );
}

/** The passphrase that unlocks the app: the current one proves it is the person, the new one twice. */
function ChangePassphrasePanel() {
  const client = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [changed, setChanged] = useState(false);
  const titleId = useId();
  const { run, busy, error } = useAction();
  // shown as soon as the repeat cannot become the new passphrase by typing on
  const mismatch = repeat.length > 0 && !next.startsWith(repeat);
  const ready = current.length > 0 && next.length > 0 && repeat === next;
  const submit = () =>
    run(async () => {
      setChanged(false);
      client.setQueryData(
        lockKeys.lock,
        await unwrap(wallet.lock.changePassphrase({ oldPassphrase: current, newPassphrase: next })),
      );
      setCurrent('');
      setNext('');
      setRepeat('');
      setChanged(true);
    });
  return (
    <Paper withBorder p="md">
      <Stack
        component="form"
        aria-labelledby={titleId}
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) void submit();
        }}
      >
        <Title order={4} id={titleId}>
          Change passphrase
        </Title>
        <Group align="flex-start" grow maw={960}>
          <PasswordInput
            label="Current passphrase"
            value={current}
            onChange={(e) => {
              setCurrent(e.currentTarget.value);
              setChanged(false);
            }}
            maxLength={1024}
            autoComplete="current-password"
          />
          <PasswordInput
            label="New passphrase"
            value={next}
            onChange={(e) => {
              setNext(e.currentTarget.value);
              setChanged(false);
            }}
            maxLength={1024}
            autoComplete="new-password"
            error={passphraseShortfall(next)}
          />
          <PasswordInput
            label="Repeat the new passphrase"
            value={repeat}
            onChange={(e) => {
              setRepeat(e.currentTarget.value);
              setChanged(false);
            }}
            maxLength={1024}
            autoComplete="new-password"
            error={mismatch ? 'The two new passphrases differ.' : null}
          />
        </Group>
        <Text size="sm" c="dimmed">
          The new passphrase needs at least {MIN_PASSPHRASE_LENGTH} characters. The current one stops working
          at once.
        </Text>
        <ErrorNote error={error} title="The passphrase was not changed" />
        {changed ? (
          <Text c="teal" role="status">
            Passphrase changed. Use the new one to unlock Perpetua from now on.
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={busy} disabled={!ready}>
            Change passphrase
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function AddressBookPanel() {
  const client = useQueryClient();
  const book = useQuery({ queryKey: ['addresses'], queryFn: () => unwrap(wallet.addresses.list()) });
  const [label, setLabel] = useState('');
  const [address, setAddress] = useState('');
  const { run, error } = useAction();
  const save = () =>
    run(async () => {
      client.setQueryData(['addresses'], await unwrap(wallet.addresses.save({ label, address })));
      setLabel('');
      setAddress('');
    });
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={4}>Address book</Title>
        <Group align="flex-end">
          <TextInput
            label="Name"
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            maxLength={40}
          />
          <TextInput
            label="Settlement-chain address"
            value={address}
            onChange={(e) => setAddress(e.currentTarget.value)}
            w={420}
          />
          <Button onClick={() => void save()} disabled={!label.trim() || !address.trim()}>
            Save address
          </Button>
        </Group>
        <ErrorNote error={error} title="Not saved" />
        <Table aria-label="Address book">
          <Table.Tbody>
            {(book.data ?? []).map((e) => (
              <Table.Tr key={e.address}>
                <Table.Td>
                  {e.label}{' '}
                  {e.walletId !== null ? (
                    <Badge color="teal" variant="light">
                      Your wallet
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td style={{ fontFamily: 'monospace' }}>{e.address}</Table.Td>
                <Table.Td>
                  {/* one of the person's wallets: listed from the wallets, renamed or removed under Accounts */}
                  {e.walletId !== null ? (
                    <Text size="xs" c="dimmed">
                      From Accounts
                    </Text>
                  ) : (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() =>
                        void unwrap(wallet.addresses.remove({ address: e.address })).then((list) =>
                          client.setQueryData(['addresses'], list),
                        )
                      }
                    >
                      Remove
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}

export function SettingsPage() {
  const client = useQueryClient();
  const lock = useLockState();
  const audit = useQuery({
    queryKey: auditKeys.audit,
    queryFn: () => unwrap(wallet.audit.list({ limit: 100 })),
  });
  return (
    <Stack>
      <PageHeading>Settings</PageHeading>
      <NetworkPanel />
      <ThemePanel />
      <NotificationsPanel />
      <Paper withBorder p="md">
        <Group align="flex-end">
          <Select
            label="Lock automatically after"
            data={['1', '5', '10', '30', '60'].map((m) => ({ value: m, label: `${m} minutes idle` }))}
            value={String(lock.data?.autoLockMinutes ?? 10)}
            onChange={(v) =>
              v &&
              void unwrap(wallet.lock.setAutoLock({ minutes: Number(v) })).then((s) =>
                client.setQueryData(lockKeys.lock, s),
              )
            }
            allowDeselect={false}
          />
          <Button
            variant="default"
            onClick={() => void unwrap(wallet.lock.lock()).then((s) => client.setQueryData(lockKeys.lock, s))}
          >
            Lock now
          </Button>
        </Group>
      </Paper>
      <ChangePassphrasePanel />
      <AddressBookPanel />
      <Paper withBorder p="md">
        <Stack>
          <Group justify="space-between">
            <Title order={4}>Audit log</Title>
            <Button
              variant="default"
              onClick={() =>
                void unwrap(wallet.audit.export()).then(({ csv }) => saveText('perpetua-audit.csv', csv))
              }
            >
              Export CSV
            </Button>
          </Group>
          <ErrorNote error={audit.error} />
          <AuditTable label="Audit log" entries={audit.data?.entries ?? []} />
        </Stack>
      </Paper>
    </Stack>
  );
}
