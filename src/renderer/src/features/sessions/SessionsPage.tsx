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
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { useFreshUnlock } from '../../hooks/useFreshUnlock';
import { useAction } from '../../hooks/useAction';
import { useReturnFocus } from '../../components/focus-return';
import { useWallets } from '../accounts';
import { madeElsewhere, sessionKeys, useSessions } from './queries';
import { ErrorNote } from '../../components/ErrorNote';
import { PageHeading } from '../../components/PageHeading';
import { WALLET_KEY_DRILL_HREF } from './StrangerSessions';
import { formatDateTime, fromSeconds } from '../../../../shared/time';
import { madeWhen } from '../../../../shared/notices';

const when = (seconds: number | null) => (seconds === null ? '—' : formatDateTime(fromSeconds(seconds)));
const DURATIONS = [
  { value: '3600', label: '1 hour' },
  { value: '86400', label: '24 hours' },
  { value: '604800', label: '7 days' },
];

/**
 * A badge's words in full: Mantine's badge hides what overflows, so a squeezed table column cut its label
 * short ("UNKNOWN DEV…"); at its text's width at least, the column makes room for it instead.
 */
const WHOLE = { minWidth: 'max-content' } as const;

type SessionView = NonNullable<ReturnType<typeof useSessions>['data']>[number];

/** What a revoke covers: one session, or every session of one wallet. */
type Revoke =
  | { kind: 'one'; session: SessionView }
  | { kind: 'all'; walletId: string; walletLabel: string; sessions: SessionView[] };

const origin = (s: SessionView) => (s.createdHere ? 'this device' : s.demo ? 'demo data' : 'other device');
const sessionName = (s: SessionView) => `#${s.sessionId}${s.label ? ` (${s.label})` : ''}`;

/**
 * Revoking is asked for once more, with what it covers in sight: the sessions stop signing at once and the
 * wallet key signs the revocation (so main may ask for the passphrase). The result says what was revoked.
 */
function ConfirmRevoke({
  revoke,
  onClose,
  onDone,
}: {
  revoke: Revoke;
  onClose: () => void;
  onDone: (report: string) => void;
}) {
  const client = useQueryClient();
  const fresh = useFreshUnlock({ focus: 'modal' });
  const { run, busy, error } = useAction();
  const sessions = revoke.kind === 'one' ? [revoke.session] : revoke.sessions;
  const walletLabel = revoke.kind === 'one' ? revoke.session.walletLabel : revoke.walletLabel;
  const label =
    revoke.kind === 'one'
      ? `Revoke session #${revoke.session.sessionId}`
      : `Revoke ${sessions.length} session${sessions.length === 1 ? '' : 's'}`;
  const confirm = () =>
    run(async () => {
      const report = await fresh.guard(async () => {
        if (revoke.kind === 'one') {
          const { walletId, sessionId } = revoke.session;
          await unwrap(wallet.sessions.revoke({ walletId, sessionId }));
          return `Revoked session ${sessionName(revoke.session)} of ${walletLabel}.`;
        }
        const { revoked } = await unwrap(wallet.sessions.revokeAll({ walletId: revoke.walletId }));
        const named = revoked === sessions.length ? `: ${sessions.map(sessionName).join(', ')}` : '';
        return `Revoked ${revoked} session${revoked === 1 ? '' : 's'} of ${walletLabel}${named}.`;
      });
      await client.invalidateQueries({ queryKey: sessionKeys.sessions });
      onDone(report);
    });
  useReturnFocus();
  return (
    <Modal opened onClose={onClose} title={`${label} of ${walletLabel}?`}>
      <Stack
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          e.stopPropagation();
          if (fresh.ready) void confirm();
        }}
      >
        <Text size="sm">
          {revoke.kind === 'one' ? 'This session stops' : 'These sessions stop'} signing at once; whoever
          holds {revoke.kind === 'one' ? 'its key' : 'their keys'} can no longer act for {walletLabel}. The
          wallet key signs the revocation.
        </Text>
        <Table aria-label="Sessions to revoke">
          <Table.Tbody>
            {sessions.map((s) => (
              <Table.Tr key={s.sessionId}>
                <Table.Td>#{s.sessionId}</Table.Td>
                <Table.Td>{s.label ?? '—'}</Table.Td>
                <Table.Td>{origin(s)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {fresh.field}
        <ErrorNote error={error} title="Nothing was revoked" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={busy} disabled={!fresh.ready}>
            {label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The sessions a stranger may have made, first on the page (in sight at 1024x700): each with its wallet,
 * when it was made and its Revoke button, and the drill for a leaked wallet key.
 */
function Strangers({ sessions, onRevoke }: { sessions: SessionView[]; onRevoke: (s: SessionView) => void }) {
  const one = sessions.length === 1;
  return (
    <section aria-label="Sessions not made on this device">
      <Alert color="orange" title={`${sessions.length} session${one ? '' : 's'} not made on this device`}>
        <Stack gap="xs">
          <Text size="sm">
            A session is made with the wallet key. If you did not make {one ? 'it' : 'them'} on another
            device, the wallet key has leaked: revoke {one ? 'it' : 'them'} and run the wallet-key drill.
          </Text>
          <Table aria-label="Made elsewhere" verticalSpacing={4}>
            <Table.Tbody>
              {sessions.map((s) => (
                <Table.Tr key={`${s.walletId}:${s.sessionId}`}>
                  <Table.Td>{s.walletLabel}</Table.Td>
                  <Table.Td>#{s.sessionId}</Table.Td>
                  <Table.Td>{s.noticed ? madeWhen(s.noticed) : 'made elsewhere'}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      color="red"
                      aria-label={`Revoke session ${s.sessionId} of ${s.walletLabel}, not made on this device`}
                      onClick={() => onRevoke(s)}
                    >
                      Revoke
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group>
            <Button component="a" href={WALLET_KEY_DRILL_HREF} color="red" size="xs">
              My wallet key leaked: run the drill
            </Button>
          </Group>
        </Stack>
      </Alert>
    </section>
  );
}

/** What the last signed change on this page came to, said on the page (a toast would cover the table). */
interface Report {
  title: string;
  text: string;
}

export function SessionsPage() {
  const client = useQueryClient();
  const sessions = useSessions();
  const wallets = useWallets();
  const [walletId, setWalletId] = useState<string | null>(null);
  const [label, setLabel] = useState('This device');
  const [duration, setDuration] = useState('86400');
  const fresh = useFreshUnlock();
  const signing = useAction();
  const [revoke, setRevoke] = useState<Revoke | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  /** creating and refreshing are signed by the wallet key: main may ask for the passphrase first */
  const signed = (title: string, operation: () => Promise<SessionView>) =>
    void signing.run(async () => {
      setReport(null);
      const s = await fresh.guard(operation);
      await refresh();
      setReport({
        title,
        text: `Session ${sessionName(s)} of ${s.walletLabel} signs until ${when(s.expiry)}.`,
      });
    });
  const byWallet = (wallets.data ?? [])
    .map((w) => ({ wallet: w, sessions: (sessions.data ?? []).filter((s) => s.walletId === w.walletId) }))
    .filter((w) => w.sessions.length > 0);
  const chosen = walletId ?? wallets.data?.[0]?.walletId ?? null;
  const refresh = () => client.invalidateQueries({ queryKey: sessionKeys.sessions });
  const unknown = (sessions.data ?? []).filter(madeElsewhere);
  // a stranger's session is not this device's to renew or replace: it is listed above, to be revoked
  const expiring = (sessions.data ?? []).filter((s) => s.status === 'expiring' && !madeElsewhere(s));
  const revokeOne = (s: SessionView) => {
    setReport(null);
    setRevoke({ kind: 'one', session: s });
  };

  return (
    <Stack>
      <PageHeading>Sessions</PageHeading>
      {unknown.length > 0 ? <Strangers sessions={unknown} onRevoke={revokeOne} /> : null}
      <Text c="dimmed">
        Session keys sign your everyday actions so that your wallet key stays in the keychain. If a trading
        key leaked, revoke it here.
      </Text>
      <Group>
        <Button component="a" href="#/compromised-key" color="red" variant="light">
          Compromised-key drill: revoke everything and cancel orders
        </Button>
      </Group>
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
      <Paper withBorder p="md" component="section" aria-label="Create a session">
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
            disabled={!chosen || !fresh.ready}
            loading={signing.busy}
            onClick={() =>
              signed('Session created', () =>
                unwrap(
                  wallet.sessions.create({
                    walletId: chosen!,
                    label,
                    expiresInSeconds: Number(duration),
                    refreshDeadlineSeconds: 30 * 86400,
                  }),
                ),
              )
            }
          >
            Create session
          </Button>
        </Group>
        {fresh.field}
      </Paper>
      <ErrorNote error={signing.error ?? sessions.error} />
      {report ? (
        <Alert color="teal" title={report.title} role="status">
          {report.text}
        </Alert>
      ) : null}
      {byWallet.length > 0 ? (
        <Group>
          {byWallet.map(({ wallet: w, sessions: list }) => (
            <Button
              key={w.walletId}
              color="red"
              variant="light"
              onClick={() => {
                setReport(null);
                setRevoke({ kind: 'all', walletId: w.walletId, walletLabel: w.label, sessions: list });
              }}
            >
              Revoke all sessions of {w.label}
            </Button>
          ))}
        </Group>
      ) : null}
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
                <Badge color={s.createdHere ? 'teal' : s.demo ? 'blue' : 'orange'} size="sm" style={WHOLE}>
                  {origin(s)}
                </Badge>
                {/* "expiring" is this device's concern for its own: a stranger's session is to be revoked */}
                {s.status === 'expired' || (s.status === 'expiring' && !madeElsewhere(s)) ? (
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
                        signed('Session refreshed', () =>
                          unwrap(wallet.sessions.refresh({ walletId: s.walletId, sessionId: s.sessionId })),
                        )
                      }
                    >
                      Refresh
                    </Button>
                  ) : null}
                  <Button
                    size="xs"
                    color="red"
                    aria-label={`Revoke session ${s.sessionId}`}
                    onClick={() => revokeOne(s)}
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
      {revoke ? (
        <ConfirmRevoke
          revoke={revoke}
          onClose={() => setRevoke(null)}
          onDone={(done) => {
            setRevoke(null);
            setReport({ title: 'Revoked', text: done });
          }}
        />
      ) : null}
    </Stack>
  );
}
