// The compromised-key drill ("a session key leaked"), guided: choose the wallets, review everything that will be revoked, removed
// and cancelled, then watch main do it step by step and read what the audit log recorded. Reached from the
// Sessions page and from the notice about a session this device did not create.
import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { useWallets } from '../accounts';
import { useMarketFormat } from '../markets';
import { useSessions } from '../sessions';
import { useFreshUnlock } from '../../hooks/useFreshUnlock';
import { useDrillRun, useRememberRun } from './useDrillRun';
import { ErrorNote } from '../../components/ErrorNote';
import { DRILL_STEP, DrillSteps, ReviewActions } from './DrillSteps';
import type { ResultOf } from '../../../../shared/ipc/contract';

type Review = ResultOf<'drills.reviewCompromisedKey'>;

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function ReviewWallet({ w }: { w: Review['wallets'][number] }) {
  const market = useMarketFormat();
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {w.walletLabel}
        </Title>
        <Text>
          {w.sessions.length === 0
            ? 'No session to revoke.'
            : `Revoke ${count(w.sessions.length, 'session')} with the wallet key: ${w.sessions
                .map(
                  (s) =>
                    `#${s.sessionId} (${s.createdHere ? (s.label ?? 'this device') : 'not made on this device'})`,
                )
                .join(', ')}.`}
        </Text>
        {w.accounts.length === 0 ? (
          <Text c="dimmed">No account on the exchange yet.</Text>
        ) : (
          <Table aria-label={`Open orders and triggers of ${w.walletLabel}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Account</Table.Th>
                <Table.Th>Open orders to cancel</Table.Th>
                <Table.Th>Triggers to remove</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {w.accounts.map((a) => (
                <Table.Tr key={a.accountId}>
                  <Table.Td>#{a.accountId}</Table.Td>
                  <Table.Td>
                    {a.openOrders.length === 0
                      ? 'none'
                      : a.openOrders
                          .map(
                            (o) =>
                              `${o.side === 'BID' ? 'Buy' : 'Sell'} ${market.size(o.marketId, o.remainingSize)} on ${market.symbol(o.marketId)} at ${market.price(o.marketId, o.price, { unit: true })}`,
                          )
                          .join('; ')}
                  </Table.Td>
                  <Table.Td>
                    {a.triggers.length === 0
                      ? 'none'
                      : a.triggers
                          .map(
                            (t) =>
                              `${t.kind === 'STOP_LOSS' ? 'Stop-loss' : 'Take-profit'} ${market.symbol(t.marketId)} at ${market.price(t.marketId, t.triggerPrice, { unit: true })}`,
                          )
                          .join('; ')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

export function CompromisedKeyPage() {
  const wallets = useWallets();
  const sessions = useSessions();
  const [step, setStep] = useState(0);
  const [picked, setPicked] = useState<string[] | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [starting, setStarting] = useState(false);
  const fresh = useFreshUnlock({
    description: 'Revoking sessions is signed by the wallet key: Perpetua asks for your passphrase first.',
  });
  const remember = useRememberRun();
  const run = useDrillRun(runId);
  // the wallets a session not made here points at, else every wallet
  const suspicious = [...new Set((sessions.data ?? []).filter((s) => !s.createdHere).map((s) => s.walletId))];
  const chosen = picked ?? (suspicious.length > 0 ? suspicious : (wallets.data ?? []).map((w) => w.walletId));
  const review = useQuery({
    queryKey: ['compromisedKeyReview', chosen],
    queryFn: () => unwrap(wallet.drills.reviewCompromisedKey({ walletIds: chosen })),
    enabled: step === DRILL_STEP.review && chosen.length > 0,
    staleTime: 0,
  });
  const totals = (review.data?.wallets ?? []).reduce(
    (t, w) => ({
      sessions: t.sessions + w.sessions.length,
      here: t.here + w.sessions.filter((s) => s.createdHere).length,
      orders: t.orders + w.accounts.reduce((n, a) => n + a.openOrders.length, 0),
      triggers: t.triggers + w.accounts.reduce((n, a) => n + a.triggers.length, 0),
    }),
    { sessions: 0, here: 0, orders: 0, triggers: 0 },
  );

  const start = async () => {
    setError(null);
    setStarting(true);
    try {
      const started = await fresh.guard(() =>
        unwrap(wallet.drills.startCompromisedKey({ walletIds: chosen })),
      );
      remember(started);
      setRunId(started.runId);
      setStep(DRILL_STEP.run);
    } catch (e) {
      setError(e);
    } finally {
      setStarting(false);
    }
  };

  return (
    <DrillSteps
      drill={{ kind: 'compromisedKey', name: 'Compromised-key drill' }}
      title="Compromised-key drill"
      intro="A session key leaked: revoke every session of your wallets with the wallet key, then, with a new session made here, remove every trigger and cancel every open order of their accounts. Nothing is withdrawn or moved, and the wallet key itself can still sign afterwards."
      step={step}
      onStep={setStep}
      choose={{
        label: 'Wallets',
        description: 'Choose',
        next: 'Review what will happen',
        ready: chosen.length > 0,
        children: (
          <>
            <Alert color="red" title="Did the wallet key or its recovery phrase leak?">
              Then this drill is not enough: whoever has the wallet key can make a new session or withdraw a
              second after it.{' '}
              <Anchor href="#/wallet-key" c="inherit" underline="always" fw={600}>
                Run the leaked wallet-key drill
              </Anchor>{' '}
              instead: it moves the money to a new wallet.
            </Alert>
            <Checkbox.Group label="Wallets to secure" value={chosen} onChange={setPicked}>
              <Stack gap="xs" mt="xs">
                {(wallets.data ?? []).map((w) => (
                  <Checkbox
                    key={w.walletId}
                    value={w.walletId}
                    label={
                      suspicious.includes(w.walletId)
                        ? `${w.label} — has a session not made on this device`
                        : w.label
                    }
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          </>
        ),
      }}
      review={{
        label: 'Review',
        description: 'Before signing',
        children: (
          <>
            <ErrorNote error={review.error} />
            {review.data ? (
              <>
                <Alert color="orange" title="What will happen">
                  {`Revoke ${count(totals.sessions, 'session')}${totals.here > 0 ? ` (${totals.here} made on this device)` : ''}, each signed by its wallet key. Then a new session made here removes ${count(totals.triggers, 'trigger')} and cancels ${count(totals.orders, 'open order')}, and the exchange is checked for anything left. Open positions stay as they are.`}
                </Alert>
                {review.data.wallets.map((w) => (
                  <ReviewWallet key={w.walletId} w={w} />
                ))}
              </>
            ) : null}
            {fresh.field}
            <ErrorNote error={error} />
            <ReviewActions onStep={setStep}>
              <Button
                color="red"
                disabled={!review.data || !fresh.ready}
                loading={starting}
                onClick={() => void start()}
              >
                Revoke sessions and cancel orders
              </Button>
            </ReviewActions>
          </>
        ),
      }}
      run={{
        label: 'Done',
        description: 'What happened',
        run,
        progress: 'Progress',
        after: () => (
          <Group>
            <Button component="a" href="#/sessions" variant="default">
              Go to Sessions
            </Button>
          </Group>
        ),
      }}
    />
  );
}
