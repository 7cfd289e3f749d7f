// The leaked wallet-key drill, guided: choose the wallets whose key or recovery phrase leaked and the new
// wallet the money goes to (made here from a new recovery phrase, its backup checked), review every action
// the drill will sign with what it costs, which positions to close and what cannot move yet, then give the
// passphrase once and follow main as it moves the money and retires the old wallets. A drill the app was
// stopped in is shown where it stopped, to be finished.
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { useCompromised, useWallets } from '../accounts';
import { useMarketFormat } from '../markets';
import { useDrillRun, useRememberRun, type DrillRun } from './useDrillRun';
import { ErrorNote } from '../../components/ErrorNote';
import { PassphraseField } from '../../components/PassphraseField';
import { SummaryTable } from '../actions';
import { CreateWalletModal } from '../wallets';
import { DRILL_STEP, DrillSteps, ReviewActions } from './DrillSteps';
import type { ResultOf } from '../../../../shared/ipc/contract';

type Review = ResultOf<'drills.reviewWalletKey'>;
type PositionRef = { accountId: number; marketId: number };
const refKey = (p: PositionRef) => `${p.accountId}:${p.marketId}`;

/** The passphrase and one button: how a drill is started, or finished after the app stopped in it. */
function SignOnce({
  label,
  description,
  disabled,
  onSign,
  onStarted,
  children,
}: {
  label: string;
  description: string;
  disabled?: boolean;
  onSign(passphrase: string): Promise<DrillRun>;
  onStarted(run: DrillRun): void;
  children?: React.ReactNode;
}) {
  const [passphrase, setPassphrase] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const sign = async () => {
    setError(null);
    setBusy(true);
    try {
      onStarted(await onSign(passphrase));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <PassphraseField value={passphrase} onChange={setPassphrase} description={description} />
      <ErrorNote error={error} />
      <Group>
        {children}
        <Button
          color="red"
          disabled={disabled === true || passphrase.length === 0}
          loading={busy}
          onClick={() => void sign()}
        >
          {label}
        </Button>
      </Group>
    </Stack>
  );
}

function ReviewBody({
  review,
  closing,
  onClosing,
}: {
  review: Review;
  closing: string[];
  onClosing(keys: string[]): void;
}) {
  const market = useMarketFormat();
  return (
    <>
      <Alert color="red" title="Speed matters">
        {review.urgency}
      </Alert>
      <Alert color="blue" title={`How the money reaches ${review.target.label}`}>
        {review.route}
      </Alert>
      {review.positions.length > 0 ? (
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Title order={3} size="h5">
              Open positions
            </Title>
            <Text size="sm" c="dimmed">
              A position kept open keeps its margin in the old wallet, where the leaked key can reach it.
              Closing is a reduce-only order that fills at once at the book or not at all.
            </Text>
            <Checkbox.Group value={closing} onChange={onClosing}>
              <Stack>
                {review.positions.map((p) => (
                  <Stack key={refKey(p)} gap={4}>
                    <Checkbox
                      value={refKey(p)}
                      label={`Close ${market.symbol(p.marketId)} on account #${p.accountId} (${p.walletLabel})`}
                    />
                    {p.lines.length > 0 ? <SummaryTable lines={p.lines} /> : null}
                    {p.warnings.map((w) => (
                      <Text key={w} size="sm" c="orange">
                        {w}
                      </Text>
                    ))}
                  </Stack>
                ))}
              </Stack>
            </Checkbox.Group>
          </Stack>
        </Paper>
      ) : null}
      <Table aria-label="Everything this drill signs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Wallet</Table.Th>
            <Table.Th>What is signed, in this order</Table.Th>
            <Table.Th>Cost</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {review.actions.map((a, i) => (
            <Table.Tr key={i}>
              <Table.Td>{a.walletLabel}</Table.Td>
              <Table.Td>{a.label}</Table.Td>
              <Table.Td>{a.cost ?? 'nothing'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {review.kept.length > 0 ? (
        <Table aria-label="What cannot move yet" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>What cannot move yet</Table.Th>
              <Table.Th>When and how</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {review.kept.map((k, i) => (
              <Table.Tr key={i}>
                <Table.Td>
                  {k.walletLabel}: {k.what}
                </Table.Td>
                <Table.Td>{k.when}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </>
  );
}

export function WalletKeyPage() {
  const wallets = useWallets();
  const compromised = useCompromised();
  const [step, setStep] = useState(0);
  const [chosen, setChosen] = useState<string[]>([]);
  const [target, setTarget] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  /** the positions to close, by account and market; null until the first review: all of them */
  const [closing, setClosing] = useState<string[] | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const remember = useRememberRun();
  const run = useDrillRun(runId);
  const marked = new Set((compromised.data ?? []).map((c) => c.publicKey));
  const usable = (wallets.data ?? []).filter((w) => !marked.has(w.publicKey));
  const targets = usable.filter((w) => !chosen.includes(w.walletId));
  const ready = chosen.length > 0 && target !== null && !chosen.includes(target);

  const close = (review: Review | undefined): PositionRef[] =>
    (review?.positions ?? [])
      .filter((p) => (closing === null ? true : closing.includes(refKey(p))))
      .map(({ accountId, marketId }) => ({ accountId, marketId }));
  // the first review lists the positions; each change of what to close is reviewed again
  const review = useQuery({
    queryKey: ['walletKeyReview', chosen, target, closing],
    queryFn: async () => {
      const args = { walletIds: chosen, targetWalletId: target! };
      if (closing !== null)
        return unwrap(
          wallet.drills.reviewWalletKey({
            ...args,
            close: closing.map((k) => {
              const [accountId, marketId] = k.split(':').map(Number);
              return { accountId: accountId!, marketId: marketId! };
            }),
          }),
        );
      const first = await unwrap(wallet.drills.reviewWalletKey({ ...args, close: [] }));
      if (first.positions.length === 0) return first;
      // by default every position is closed: kept open, its margin stays where the leaked key reaches it
      return unwrap(wallet.drills.reviewWalletKey({ ...args, close: close(first) }));
    },
    enabled: step === DRILL_STEP.review && ready,
    staleTime: Infinity,
    gcTime: 0,
  });
  const started = (r: DrillRun) => {
    remember(r);
    setRunId(r.runId);
    setStep(DRILL_STEP.run);
  };

  return (
    <DrillSteps
      drill={{
        kind: 'walletKey',
        name: 'Leaked wallet-key drill',
        finish: (interrupted) => (
          <SignOnce
            label="Finish the drill"
            description="Finishing signs the steps not done yet; what was done is not done again."
            onSign={(passphrase) =>
              unwrap(wallet.drills.finishWalletKey({ runId: interrupted.runId, passphrase }))
            }
            onStarted={started}
          />
        ),
      }}
      title="My wallet key or recovery phrase leaked"
      intro="Whoever has a wallet’s key (or the recovery phrase it came from) can sign anything for it: make a new session, withdraw. Revoking sessions does not stop them. This drill moves everything the wallet holds, on the exchange and on the chain, to a new wallet made from a new recovery phrase, then revokes its sessions and marks it compromised. If only a session key leaked, use the session-key drill instead."
      step={step}
      onStep={setStep}
      choose={{
        label: 'Wallets',
        description: 'Leaked and new',
        next: 'Review what will happen',
        ready,
        children: (
          <>
            <Checkbox.Group
              label="Wallets whose key or recovery phrase leaked"
              description="A wallet made from a leaked recovery phrase is leaked too: choose every wallet made from it."
              value={chosen}
              onChange={setChosen}
            >
              <Stack gap="xs" mt="xs">
                {usable.map((w) => (
                  <Checkbox key={w.walletId} value={w.walletId} label={w.label} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Group align="flex-end">
              <Select
                label="Move everything to"
                description="A wallet made from a new recovery phrase, never one from the leaked one"
                placeholder="Choose the new wallet"
                data={targets.map((w) => ({ value: w.walletId, label: w.label }))}
                value={target}
                onChange={setTarget}
                allowDeselect={false}
              />
              <Button variant="light" onClick={() => setCreating(true)}>
                Create a new wallet
              </Button>
            </Group>
            {creating ? (
              <CreateWalletModal
                defaultLabel="New wallet"
                onClose={() => setCreating(false)}
                onCreated={(created) => setTarget(created.walletId)}
              />
            ) : null}
          </>
        ),
      }}
      review={{
        label: 'Review',
        description: 'Everything it signs',
        children: (
          <>
            <ErrorNote error={review.error} />
            {review.data ? (
              <>
                <ReviewBody
                  review={review.data}
                  closing={review.data.positions.filter((p) => p.close).map(refKey)}
                  onClosing={setClosing}
                />
                <SignOnce
                  key={review.data.reviewId}
                  label={`Move everything to ${review.data.target.label}`}
                  description="Once, for every action listed above."
                  onSign={(passphrase) =>
                    unwrap(wallet.drills.startWalletKey({ reviewId: review.data.reviewId, passphrase }))
                  }
                  onStarted={started}
                >
                  <Button variant="default" onClick={() => setStep(DRILL_STEP.choose)}>
                    Back
                  </Button>
                </SignOnce>
              </>
            ) : (
              <ReviewActions onStep={setStep} />
            )}
          </>
        ),
      }}
      run={{
        label: 'Done',
        description: 'What moved',
        run,
        progress: 'Steps',
        after: (ended) =>
          ended.status === 'failed' ? (
            <SignOnce
              label="Finish the drill"
              description="Finishing signs the steps not done yet; what was done is not done again."
              onSign={(passphrase) =>
                unwrap(wallet.drills.finishWalletKey({ runId: ended.runId, passphrase }))
              }
              onStarted={started}
            />
          ) : (
            <Group>
              <Button component="a" href="#/portfolio" variant="default">
                Go to Portfolio
              </Button>
            </Group>
          ),
      }}
    />
  );
}
