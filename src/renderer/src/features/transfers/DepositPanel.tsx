// Deposits from the wallet on the settlement chain into an exchange account, and the devnet faucet; each
// deposit is followed until the exchange credits it.
import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useChainBalances } from '../chain';
import { formatSol } from '../../../../shared/figures';
import { depositNotice } from '../../../../shared/notices';
import { unwrap, wallet } from '../../bridge/wallet';
import { useAccountLabels, usePortfolio, useWallets } from '../accounts';
import { chainKeys } from '../chain';
import { useTokens } from '../markets';
import { useSettings } from '../network';
import { transferKeys, useDeposits } from './queries';
import type { Line } from '../../../../shared/ipc/actions';
import type { ResultOf } from '../../../../shared/ipc/contract';
import { SummaryTable } from '../actions';
import { useReturnFocus } from '../../components/focus-return';
import { readAmount } from '../../components/amount-input';
import { onFormSubmit } from '../../components/form-submit';
import { ErrorNote } from '../../components/ErrorNote';
import { useAction } from '../../hooks/useAction';
import { useWalletChoice } from './choices';
import { AccountPicker } from '../accounts';

type TrackedDeposit = ResultOf<'funds.deposits'>[number];

const STATUS_COLOR = { submitted: 'gray', confirmed: 'blue', credited: 'teal', failed: 'red' } as const;

/** One signature costs 5,000 lamports on Solana: what a deposit (one signer) pays in SOL. */
const DEPOSIT_FEE_LAMPORTS = 5_000n;
const said = (key: string, label: string, text: string): Line => ({
  key,
  label,
  value: { type: 'text', text },
});
const shortSignature = (s: string) => `${s.slice(0, 6)}…${s.slice(-6)}`;

export function DepositPanel() {
  const client = useQueryClient();
  const { walletId, select } = useWalletChoice();
  const { list, tokens, format, quoteTokenId } = useTokens();
  const connection = useSettings().data?.connection;
  // the faucet is the embedded devnet's own; another exchange has none
  const withFaucet = connection?.kind === 'embedded-devnet' || connection?.kind === 'embedded-devnet-demo';
  const [tokenId, setTokenId] = useState<string>(String(quoteTokenId));
  const [amountText, setAmountText] = useState('');
  const action = useAction();
  const deposits = useDeposits();
  const chain = useChainBalances(walletId);
  const token = tokens.get(Number(tokenId));
  const amount = readAmount(amountText, token?.decimals);
  const onChain = chain.data?.tokens.find((b) => b.tokenId === Number(tokenId));
  const held = onChain?.amount ?? 0n;
  const sol = chain.data?.sol ?? 0n;
  // Checked here so the person sees why before anything is signed; main checks the same again.
  const problem =
    amount.error ??
    (amount.value === null || !chain.data
      ? null
      : !onChain?.hasAccount
        ? `This wallet has no ${token?.symbol ?? ''} on the chain yet.`
        : amount.value > held
          ? 'More than the wallet holds on the chain.'
          : sol < DEPOSIT_FEE_LAMPORTS
            ? 'The wallet has no SOL to pay the network fee (0.000005 SOL).'
            : null);
  const canDeposit =
    walletId !== null && amount.value !== null && problem === null && chain.data !== undefined;

  const run = (fn: () => Promise<unknown>) =>
    action.run(async () => {
      await fn();
      void client.invalidateQueries({ queryKey: chainKeys.chain(walletId ?? '') });
      void client.invalidateQueries({ queryKey: transferKeys.deposits });
    });
  // which of the wallet's exchange accounts is credited; the memo names it (none yet: the first deposit opens one)
  const [intoText, setIntoText] = useState<string | null>(null);
  const ownAccounts =
    usePortfolio().data?.wallets.find((w) => w.wallet.walletId === walletId)?.accounts ?? [];
  const into = ownAccounts.find((a) => String(a.accountId) === intoText)?.accountId;
  // the review, like every other money action's: what the wallet signs, before it signs
  const [reviewing, setReviewing] = useState<Line[] | null>(null);
  // the deposit sent from this form, followed in the deposits list until the exchange credits it
  const [sent, setSent] = useState<{ depositId: string; text: string } | null>(null);
  const followed = deposits.data?.find((d) => d.depositId === sent?.depositId);
  const walletLabel = useWallets().data?.find((w) => w.walletId === walletId)?.label ?? '';
  const names = useAccountLabels();
  const intoId = into ?? ownAccounts[0]?.accountId;
  // by its wallet and name, as every review names an account: "Twelve · Savings (#5)"
  const intoName = intoId !== undefined ? names.full(intoId) : 'a new account';
  const review = () => {
    if (!canDeposit) return;
    setSent(null);
    setReviewing([
      said('wallet', 'Wallet', walletLabel),
      {
        key: 'amount',
        label: 'Amount',
        value: { type: 'amount', tokenId: Number(tokenId), amount: amount.value! },
      },
      said('into', 'Into', intoName),
      said('fee', 'Network fee', `${formatSol(DEPOSIT_FEE_LAMPORTS)}, paid by the wallet on the chain`),
      said('then', 'Then', 'credited once the exchange has processed the transaction'),
    ]);
  };
  const confirmLabel = `Deposit ${amount.value !== null ? format(amount.value, Number(tokenId)) : ''} into ${intoName}`;
  const deposit = () =>
    run(async () => {
      const tracked = await unwrap(
        wallet.funds.deposit({
          walletId: walletId!,
          tokenId: Number(tokenId),
          amount: amount.value!,
          ...(into !== undefined ? { accountId: into } : {}),
        }),
      );
      setReviewing(null);
      setAmountText('');
      setSent({
        depositId: tracked.depositId,
        text: `${format(tracked.amount, tracked.tokenId)} is on its way into ${intoName}; it shows below until the exchange credits it.`,
      });
    });
  const { busy, error } = action;
  return (
    <Stack component="form" onSubmit={onFormSubmit(review)}>
      <Group grow align="flex-start">
        {select}
        <Select
          label="Token"
          data={list.map((t) => ({ value: String(t.tokenId), label: t.symbol }))}
          value={tokenId}
          onChange={(v) => setTokenId(v ?? tokenId)}
          allowDeselect={false}
        />
        <TextInput
          label="Amount"
          value={amountText}
          onChange={(e) => setAmountText(e.currentTarget.value)}
          error={problem}
          inputMode="decimal"
        />
        <AccountPicker
          label="Into account"
          walletId={walletId}
          // the wallet's first account; without accounts, the new one the first deposit opens
          extra={[
            { value: '', label: ownAccounts.length ? 'The first account' : 'A new account (first deposit)' },
          ]}
          value={into !== undefined ? String(into) : ''}
          onChange={(v) => setIntoText(v || null)}
        />
      </Group>
      <Text size="sm" c="dimmed" aria-label="Wallet on chain">
        {chain.isError
          ? `The wallet's on-chain balance could not be read: ${chain.error instanceof Error ? chain.error.message : 'no answer'}`
          : chain.data
            ? `On chain this wallet holds ${format(held, Number(tokenId))} and ${formatSol(sol)} for network fees. A deposit is a Solana transaction signed by this wallet; the exchange credits it once it has processed it.`
            : 'Reading the wallet on chain…'}
      </Text>
      {reviewing ? null : <ErrorNote error={error} />}
      {sent ? <SentDeposit text={sent.text} followed={followed} /> : null}
      <Group>
        <Button type="submit" loading={busy} disabled={!canDeposit}>
          Review deposit
        </Button>
        {withFaucet ? (
          <Button
            variant="light"
            onClick={() =>
              void run(() =>
                unwrap(
                  wallet.funds.faucet({
                    walletId: walletId!,
                    tokenId: Number(tokenId),
                    amount: 1_000n * 10n ** BigInt(token?.decimals ?? 0),
                  }),
                ),
              )
            }
            disabled={!walletId || !token}
            loading={busy}
          >
            Get 1,000 {token?.symbol} of test funds (devnet faucet)
          </Button>
        ) : null}
      </Group>
      {deposits.data && deposits.data.length > 0 ? (
        <Table aria-label="Deposits">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Transaction</Table.Th>
              <Table.Th>Account</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...deposits.data].reverse().map((d) => (
              <Table.Tr key={d.depositId}>
                <Table.Td>{format(d.amount, d.tokenId)}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[d.status]}>{d.status}</Badge> {d.detail}
                </Table.Td>
                <Table.Td title={d.txId ?? undefined}>{d.txId ? shortSignature(d.txId) : '—'}</Table.Td>
                <Table.Td>{d.accountId ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {reviewing ? (
        <DepositReview
          lines={reviewing}
          confirmLabel={confirmLabel}
          busy={busy}
          error={error}
          onConfirm={() => void deposit()}
          onClose={() => setReviewing(null)}
        />
      ) : null}
    </Stack>
  );
}

/**
 * What became of the deposit sent from here, in one place: on its way, then in the words of the notice that
 * tells it credited (or failed).
 */
function SentDeposit({ text, followed }: { text: string; followed: TrackedDeposit | undefined }) {
  const { format } = useTokens();
  const labels = useAccountLabels();
  const done = followed ? depositNotice(followed, format, labels.full) : null;
  return (
    <Alert color={done?.color ?? 'teal'} title={done?.title ?? 'Deposit sent'} role="status">
      {done?.message ?? text}
    </Alert>
  );
}

function DepositReview({
  lines,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  lines: Line[];
  confirmLabel: string;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  useReturnFocus();
  return (
    <Modal opened onClose={onClose} title="Review deposit" size="lg">
      <Stack
        component="form"
        onSubmit={(e) => {
          // stopped here: the deposit form around this dialog is a form too
          e.preventDefault();
          e.stopPropagation();
          onConfirm();
        }}
      >
        <SummaryTable lines={lines} />
        <ErrorNote error={error} title="Not sent" />
        <Text size="xs" c="dimmed">
          The wallet signs this Solana transaction with its own key; the amount leaves the wallet on the chain
          and arrives in your exchange account.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
