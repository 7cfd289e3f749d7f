// The multi-account sweep, guided: choose the accounts and where their spare funds go, review every transfer
// once (what stays behind and why, the passphrase once if any leaves your wallets), then follow each transfer
// and read the summary. A sweep that stopped halfway says what moved; reviewing again only offers what is
// still there, so nothing moves twice.
import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, List, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { usePortfolio } from '../accounts';
import { useTokens } from '../markets';
import { useFreshUnlock } from '../../hooks/useFreshUnlock';
import { useDrillRun, useRememberRun, type DrillRun } from './useDrillRun';
import { useDestinationCheck } from '../transfers';
import { ErrorNote } from '../../components/ErrorNote';
import { AccountPicker } from '../accounts';
import { OtherAccountField } from '../transfers';
import { DRILL_STEP, DrillSteps, ReviewActions } from './DrillSteps';
import { formatTimeOfDay } from '../../../../shared/time';
import type { ResultOf } from '../../../../shared/ipc/contract';

const OTHER = 'other';

type Review = ResultOf<'drills.reviewSweep'>;

/** What the sweep moves in all, per token (bigint sums). */
function totalsByToken(transfers: Review['transfers']): Map<number, bigint> {
  const totals = new Map<number, bigint>();
  for (const t of transfers) totals.set(t.tokenId, (totals.get(t.tokenId) ?? 0n) + t.amount);
  return totals;
}

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * The sweep's one signing step: the passphrase asked for up front when any transfer leaves the wallets, or
 * when main answers that the wallet-signed sessions need a recent unlock.
 */
function SignSweep({
  review,
  onStep,
  onStarted,
}: {
  review: Review;
  onStep(step: number): void;
  onStarted(run: DrillRun): void;
}) {
  const [error, setError] = useState<unknown>(null);
  const [starting, setStarting] = useState(false);
  const fresh = useFreshUnlock({
    asked: review.moneyLeaves,
    carried: true,
    description: review.moneyLeaves
      ? 'Money leaves your wallets: your passphrase, once for the whole sweep.'
      : 'The new sessions are signed with your wallet keys: your passphrase, once for the whole sweep.',
  });
  const n = review.transfers.length;
  const sessions = review.sessionsToCreate.length;
  const start = async () => {
    setError(null);
    setStarting(true);
    try {
      onStarted(
        await fresh.guard((passphrase) =>
          unwrap(
            wallet.drills.startSweep({ reviewId: review.reviewId, ...(passphrase ? { passphrase } : {}) }),
          ),
        ),
      );
    } catch (e) {
      setError(e);
    } finally {
      setStarting(false);
    }
  };
  return (
    <>
      {fresh.field}
      <ErrorNote error={error} />
      <ReviewActions onStep={onStep}>
        <Button disabled={n === 0 || !fresh.ready} loading={starting} onClick={() => void start()}>
          {`Sign ${count(n, 'transfer')}${sessions > 0 ? ` and ${count(sessions, 'session')}` : ''}`}
        </Button>
      </ReviewActions>
    </>
  );
}

export function SweepPage() {
  const portfolio = usePortfolio();
  const { format, quoteTokenId } = useTokens();
  const [step, setStep] = useState(0);
  const [sources, setSources] = useState<string[]>([]);
  const [target, setTarget] = useState<string | null>(null);
  const [otherTarget, setOtherTarget] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [runId, setRunId] = useState<string | null>(null);
  const remember = useRememberRun();
  const run = useDrillRun(runId);

  const accounts = (portfolio.data?.wallets ?? []).flatMap((w) =>
    w.accounts.map((a) => ({ ...a, walletLabel: w.wallet.label })),
  );
  // someone else's account, typed: checked with the exchange as it is typed, like a transfer's destination
  const other = useDestinationCheck(otherTarget, undefined, target === OTHER);
  const targetId =
    target === OTHER ? (other.ready ? other.id : null) : target === null ? null : Number(target);
  const accountIds = sources.map(Number).filter((id) => id !== targetId);
  const review = useQuery({
    queryKey: ['sweepReview', accountIds, targetId, attempt],
    queryFn: () => unwrap(wallet.drills.reviewSweep({ accountIds, targetAccountId: targetId! })),
    enabled: step === DRILL_STEP.review && targetId !== null && accountIds.length > 0,
    staleTime: Infinity,
    gcTime: 0,
  });
  const reviewAgain = () => {
    setRunId(null);
    setAttempt((n) => n + 1);
    setStep(DRILL_STEP.review);
  };

  return (
    <DrillSteps
      drill={{ kind: 'sweep', name: 'Sweep' }}
      title="Sweep accounts"
      intro="Move what several accounts can spare into one account: free collateral only, token by token. What open positions and orders need stays where it is."
      step={step}
      onStep={setStep}
      choose={{
        label: 'Accounts',
        description: 'Choose',
        next: 'Review sweep',
        ready: targetId !== null && accountIds.length > 0,
        children: (
          <>
            <Checkbox.Group label="Accounts to sweep" value={sources} onChange={setSources}>
              <Stack gap="xs" mt="xs">
                {accounts.map((a) => (
                  <Checkbox
                    key={a.accountId}
                    value={String(a.accountId)}
                    disabled={String(a.accountId) === target}
                    label={`Account #${a.accountId} · ${a.walletLabel} · free collateral ${format(a.freeCollateral > 0n ? a.freeCollateral : 0n, quoteTokenId)}`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <Group align="flex-end">
              <AccountPicker
                label="Into"
                placeholder="Choose the target"
                extra={[{ value: OTHER, label: 'Someone else’s account' }]}
                value={target}
                onChange={setTarget}
              />
              {target === OTHER ? (
                <OtherAccountField
                  label="Account number"
                  value={otherTarget}
                  onChange={setOtherTarget}
                  error={other.error}
                />
              ) : null}
            </Group>
            {target === OTHER && other.notice ? (
              <Alert color="orange" title={other.notice.title}>
                {other.notice.text}
              </Alert>
            ) : null}
            {target === OTHER ? <ErrorNote error={other.lookupError} /> : null}
          </>
        ),
      }}
      review={{
        label: 'Review',
        description: 'Every transfer',
        children: (
          <>
            <ErrorNote error={review.error} />
            {review.data ? (
              <>
                {review.data.transfers.length === 0 ? (
                  <Alert color="yellow" title="Nothing to move">
                    None of these accounts has anything to spare now.
                  </Alert>
                ) : (
                  <Table aria-label="Transfers of this sweep" striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>From</Table.Th>
                        <Table.Th ta="right">Amount</Table.Th>
                        <Table.Th>To</Table.Th>
                        <Table.Th>Note</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {review.data.transfers.map((t) => (
                        <Table.Tr key={`${t.fromAccountId}:${t.tokenId}`}>
                          <Table.Td>
                            Account #{t.fromAccountId} · {t.walletLabel}
                          </Table.Td>
                          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                            {format(t.amount, t.tokenId)}
                          </Table.Td>
                          <Table.Td>Account #{t.toAccountId}</Table.Td>
                          <Table.Td>
                            {t.moneyLeaves ? (
                              <Badge color="orange" variant="light" tt="none">
                                leaves your wallets
                              </Badge>
                            ) : null}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
                {review.data.transfers.length > 0 ? (
                  <Text fw={600}>
                    In all:{' '}
                    {[...totalsByToken(review.data.transfers)]
                      .map(([tokenId, amount]) => format(amount, tokenId))
                      .join(' and ')}{' '}
                    into account #{review.data.targetAccountId}.
                  </Text>
                ) : null}
                {review.data.transfers.length > 0 && review.data.sessionsToCreate.length > 0 ? (
                  <Stack gap={4}>
                    <Text fw={600}>Signed first, with the wallet key</Text>
                    <List aria-label="Sessions this sweep creates">
                      {review.data.sessionsToCreate.map((w) => (
                        <List.Item key={w.walletId}>
                          Create a session for wallet {w.walletLabel} (signed with the wallet key)
                        </List.Item>
                      ))}
                    </List>
                    <Text size="sm" c="dimmed">
                      No session of these wallets is on this device yet. Each new session then signs its
                      wallet’s transfers, so the wallet key is used only for this.
                    </Text>
                  </Stack>
                ) : null}
                {review.data.transfers.some((t) => t.warnings.length > 0) ? (
                  <Alert color="orange" title="Check before signing">
                    <List>
                      {[...new Set(review.data.transfers.flatMap((t) => t.warnings))].map((w) => (
                        <List.Item key={w}>{w}</List.Item>
                      ))}
                    </List>
                  </Alert>
                ) : null}
                {review.data.kept.length > 0 ? (
                  <Table aria-label="What stays" striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Stays in</Table.Th>
                        <Table.Th ta="right">Amount</Table.Th>
                        <Table.Th>Why</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {review.data.kept.map((k, i) => (
                        <Table.Tr key={i}>
                          <Table.Td>Account #{k.accountId}</Table.Td>
                          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                            {k.tokenId === null ? '—' : format(k.amount, k.tokenId)}
                          </Table.Td>
                          <Table.Td>{k.reason}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                ) : null}
                {review.data.transfers.length > 0 ? (
                  <Text size="sm" c="dimmed">
                    This review holds until {formatTimeOfDay(review.data.expiresAt)}; each transfer is signed
                    as shown here, once.
                  </Text>
                ) : null}
              </>
            ) : null}
            {review.data ? (
              <SignSweep
                key={review.data.reviewId}
                review={review.data}
                onStep={setStep}
                onStarted={(started) => {
                  remember(started);
                  setRunId(started.runId);
                  setStep(DRILL_STEP.run);
                }}
              />
            ) : (
              <ReviewActions onStep={setStep} />
            )}
          </>
        ),
      }}
      run={{
        label: 'Summary',
        description: 'What moved',
        run,
        progress: 'Transfers',
        after: (ended) =>
          ended.status === 'failed' ? (
            <Group>
              <Button onClick={reviewAgain}>Review again</Button>
            </Group>
          ) : null,
      }}
    />
  );
}
