// The security center: every session key of every wallet, as the exchange sees them. A session this device
// did not create stands out, and any session can be revoked in one click (signed by the wallet key).
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { unwrap, wallet, WalletError } from '../bridge/wallet';
import { keys, useSessions, useWallets } from '../hooks/queries';
import { ErrorNote } from '../components/ErrorNote';
import { PageHeading } from '../components/PageHeading';
import { formatDateTime, fromSeconds } from '../../../shared/time';

const when = (seconds: number | null) => (seconds === null ? '—' : formatDateTime(fromSeconds(seconds)));
const DURATIONS = [
  { value: '3600', label: '1 hour' },
  { value: '86400', label: '24 hours' },
  { value: '604800', label: '7 days' },
];

/** Runs an operation that needs a fresh unlock, asking for the passphrase when main says so. */
function useFreshUnlock() {
  const [ask, setAsk] = useState<null | (() => Promise<void>)>(null);
  const [passphrase, setPassphrase] = useState('');
  const [error, setError] = useState<unknown>(null);
  const run = async (operation: () => Promise<void>) => {
    setError(null);
    try {
      await operation();
    } catch (e) {
      if (e instanceof WalletError && e.code === 'LOCKED') setAsk(() => operation);
      else setError(e);
    }
  };
  const modal = ask ? (
    <Modal opened onClose={() => setAsk(null)} title="Confirm with your passphrase">
      <Stack
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          void (async () => {
            try {
              await unwrap(wallet.lock.unlock({ passphrase }));
              const operation = ask;
              setAsk(null);
              setPassphrase('');
              await run(operation);
            } catch (err) {
              setError(err);
            }
          })();
        }}
      >
        <PasswordInput
          label="Passphrase"
          value={passphrase}
          onChange={(e) => setPassphrase(e.currentTarget.value)}
          autoFocus
        />
        <Button type="submit">Confirm</Button>
      </Stack>
    </Modal>
  ) : null;
  return { run, modal, error };
}

export function SessionsPage() {
  const client = useQueryClient();
  const sessions = useSessions();
  const wallets = useWallets();
  const [walletId, setWalletId] = useState<string | null>(null);
  const [label, setLabel] = useState('This device');
  const [duration, setDuration] = useState('86400');
  const fresh = useFreshUnlock();
  const chosen = walletId ?? wallets.data?.[0]?.walletId ?? null;
  const refresh = () => client.invalidateQueries({ queryKey: keys.sessions });
  const unknown = (sessions.data ?? []).filter((s) => !s.createdHere);
  const expiring = (sessions.data ?? []).filter((s) => s.status === 'expiring');

  return (
    <Stack>
      <PageHeading>Sessions</PageHeading>
      <Text c="dimmed">
        Session keys sign your everyday actions so that your wallet key stays in the keychain. If a trading
        key leaked, revoke it here.
      </Text>
      {unknown.length > 0 ? (
        <Alert
          color="orange"
          title={`${unknown.length} session${unknown.length > 1 ? 's' : ''} not created on this device`}
        >
          If you did not create {unknown.length > 1 ? 'them' : 'it'} on another device, revoke{' '}
          {unknown.length > 1 ? 'them' : 'it'} now.
        </Alert>
      ) : null}
      {expiring.length > 0 ? (
        <Alert color="yellow" title="Expiring soon">
          {expiring.length === 1
            ? `Session #${expiring[0]!.sessionId} expires at ${when(expiring[0]!.expiry)}.`
            : `${expiring.length} sessions expire soon, the first at ${when(Math.min(...expiring.map((s) => s.expiry)))}.`}{' '}
          {expiring.some((s) => s.createdHere && s.refreshDeadline !== null)
            ? 'Sessions created here are renewed automatically while their refresh deadline allows.'
            : 'Perpetua cannot renew a session it did not create, or one without a refresh deadline: create a new one when it ends.'}
        </Alert>
      ) : null}
      <Paper withBorder p="md">
        <Group align="flex-end">
          <Select
            label="Wallet"
            data={(wallets.data ?? []).map((w) => ({ value: w.walletId, label: w.label }))}
            value={chosen}
            onChange={setWalletId}
            allowDeselect={false}
          />
          <TextInput
            label="Label"
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            maxLength={40}
          />
          <Select
            label="Expires after"
            data={DURATIONS}
            value={duration}
            onChange={(v) => setDuration(v ?? duration)}
            allowDeselect={false}
          />
          <Button
            disabled={!chosen}
            onClick={() =>
              void fresh.run(async () => {
                await unwrap(
                  wallet.sessions.create({
                    walletId: chosen!,
                    label,
                    expiresInSeconds: Number(duration),
                    refreshDeadlineSeconds: 30 * 86400,
                  }),
                );
                await refresh();
              })
            }
          >
            Create session
          </Button>
          <Button
            color="red"
            variant="light"
            disabled={!chosen}
            onClick={() =>
              void fresh.run(async () => {
                await unwrap(wallet.sessions.revokeAll({ walletId: chosen! }));
                await refresh();
              })
            }
          >
            Revoke all of this wallet
          </Button>
        </Group>
      </Paper>
      <ErrorNote error={fresh.error ?? sessions.error} />
      <Table aria-label="Sessions" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Wallet</Table.Th>
            <Table.Th>Session</Table.Th>
            <Table.Th>Label</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Refresh deadline</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(sessions.data ?? []).map((s) => (
            <Table.Tr key={`${s.walletId}:${s.sessionId}`}>
              <Table.Td>{s.walletLabel}</Table.Td>
              <Table.Td>
                <Tooltip label={s.sessionKey}>
                  <Text size="sm">#{s.sessionId}</Text>
                </Tooltip>
                {s.createdHere ? (
                  <Badge color="teal" size="sm">
                    this device
                  </Badge>
                ) : (
                  <Badge color="orange" size="sm">
                    unknown device
                  </Badge>
                )}
                {s.status !== 'active' ? (
                  <Badge color="yellow" size="sm" ml={4}>
                    {s.status}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>{s.label ?? '—'}</Table.Td>
              <Table.Td>{when(s.expiry)}</Table.Td>
              <Table.Td>{when(s.refreshDeadline)}</Table.Td>
              <Table.Td>{when(s.lastUsed)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {s.createdHere && s.refreshDeadline ? (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() =>
                        void fresh.run(async () => {
                          await unwrap(
                            wallet.sessions.refresh({ walletId: s.walletId, sessionId: s.sessionId }),
                          );
                          await refresh();
                        })
                      }
                    >
                      Refresh
                    </Button>
                  ) : null}
                  <Button
                    size="xs"
                    color="red"
                    aria-label={`Revoke session ${s.sessionId}`}
                    onClick={() =>
                      void fresh.run(async () => {
                        await unwrap(
                          wallet.sessions.revoke({ walletId: s.walletId, sessionId: s.sessionId }),
                        );
                        await refresh();
                      })
                    }
                  >
                    Revoke
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {sessions.data?.length === 0 ? <Text c="dimmed">No active sessions.</Text> : null}
      {fresh.modal}
    </Stack>
  );
}
