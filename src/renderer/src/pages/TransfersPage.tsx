// Money in, out and between accounts. Every amount is parsed with the token's decimals into bigint; every
// action is prepared by main and shown back for confirmation before anything is signed.
import { useState } from 'react';
import {
  Badge,
  Button,
  Group,
  Paper,
  Radio,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatSol, useChainBalances } from '../components/ChainBalances';
import { unwrap, wallet } from '../bridge/wallet';
import { keys, useDeposits, usePortfolio, useSettings, useTokens, useWallets } from '../hooks/queries';
import { readAmount } from '../components/amount-input';
import { freeToMove, type FreeToMove } from '../components/free-to-move';
import { onFormSubmit } from '../components/form-submit';
import { formatAmount } from '../../../shared/money';
import { ErrorNote } from '../components/ErrorNote';
import { useAction } from '../hooks/useAction';
import { ConfirmAction, type ActionResult, type Summary } from '../components/ConfirmAction';
import { PageHeading } from '../components/PageHeading';

/** The wallet picker; `onSwitch` runs when the person picks another wallet (its accounts are different). */
function useWalletChoice(onSwitch?: () => void) {
  const wallets = useWallets();
  const [walletId, setWalletId] = useState<string | null>(null);
  const chosen = walletId ?? wallets.data?.[0]?.walletId ?? null;
  const select = (
    <Select
      label="Wallet"
      data={(wallets.data ?? []).map((w) => ({ value: w.walletId, label: w.label }))}
      value={chosen}
      onChange={(next) => {
        if (next === chosen) return;
        setWalletId(next);
        onSwitch?.();
      }}
      allowDeselect={false}
    />
  );
  return { walletId: chosen, select };
}

/**
 * The wallet and the account funds leave from: the wallet's first account until the person picks another,
 * and the first account again when another wallet is picked (its accounts are different).
 */
function useSourceAccount() {
  const [accountId, setAccountId] = useState<string | null>(null);
  const { walletId, select: walletSelect } = useWalletChoice(() => setAccountId(null));
  const portfolio = usePortfolio();
  const accounts = portfolio.data?.wallets.find((w) => w.wallet.walletId === walletId)?.accounts ?? [];
  const account = accounts.find((a) => String(a.accountId) === accountId) ?? accounts[0];
  const accountSelect = (
    <Select
      label="From account"
      data={accounts.map((a) => ({ value: String(a.accountId), label: `#${a.accountId}` }))}
      value={account ? String(account.accountId) : null}
      onChange={setAccountId}
      allowDeselect={false}
    />
  );
  return { walletId, walletSelect, account, accountSelect };
}

const STATUS_COLOR = { submitted: 'gray', confirmed: 'blue', credited: 'teal', failed: 'red' } as const;

/** One signature costs 5,000 lamports on Solana: what a deposit (one signer) pays in SOL. */
const DEPOSIT_FEE_LAMPORTS = 5_000n;
const shortSignature = (s: string) => `${s.slice(0, 6)}…${s.slice(-6)}`;

function DepositPanel() {
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
      void client.invalidateQueries({ queryKey: keys.chain(walletId ?? '') });
      void client.invalidateQueries({ queryKey: keys.deposits });
    });
  // which of the wallet's exchange accounts is credited; the memo names it (none yet: the first deposit opens one)
  const [intoText, setIntoText] = useState<string | null>(null);
  const ownAccounts =
    usePortfolio().data?.wallets.find((w) => w.wallet.walletId === walletId)?.accounts ?? [];
  const into = ownAccounts.find((a) => String(a.accountId) === intoText)?.accountId;
  const deposit = () => {
    if (canDeposit)
      void run(() =>
        unwrap(
          wallet.deposit({
            walletId: walletId!,
            tokenId: Number(tokenId),
            amount: amount.value!,
            ...(into !== undefined ? { accountId: into } : {}),
          }),
        ),
      );
  };
  const { busy, error } = action;
  return (
    <Stack component="form" onSubmit={onFormSubmit(deposit)}>
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
        <Select
          label="Into account"
          data={[
            { value: '', label: ownAccounts.length ? 'The first account' : 'A new account (first deposit)' },
            ...ownAccounts.map((a) => ({ value: String(a.accountId), label: `#${a.accountId}` })),
          ]}
          value={into !== undefined ? String(into) : ''}
          onChange={(v) => setIntoText(v || null)}
          allowDeselect={false}
        />
      </Group>
      <Text size="sm" c="dimmed" aria-label="Wallet on chain">
        {chain.isError
          ? `The wallet's on-chain balance could not be read: ${chain.error instanceof Error ? chain.error.message : 'no answer'}`
          : chain.data
            ? `On chain this wallet holds ${format(held, Number(tokenId))} and ${formatSol(sol)} for network fees. A deposit is a Solana transaction signed by this wallet; the exchange credits it once it has processed it.`
            : 'Reading the wallet on chain…'}
      </Text>
      <ErrorNote error={error} />
      <Group>
        <Button type="submit" loading={busy} disabled={!canDeposit}>
          Deposit
        </Button>
        {withFaucet ? (
          <Button
            variant="light"
            onClick={() =>
              void run(() =>
                unwrap(
                  wallet.faucet({
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
    </Stack>
  );
}

function ActionResultNote({ result, tokenId }: { result: ActionResult | null; tokenId: number }) {
  const { format } = useTokens();
  if (!result) return null;
  return (
    <Paper withBorder p="sm" bg="var(--mantine-color-teal-light)" role="status">
      {result.kind === 'withdraw'
        ? `Withdrawal sent (action ${result.actionId}). ${format(result.receive, tokenId)} will arrive once the exchange processes it.`
        : `Transferred (action ${result.actionId}) into account ${result.toAccountId}.`}
    </Paper>
  );
}

/**
 * The amount field of a withdrawal or transfer: its Max is what may leave the account now (see freeToMove),
 * and when open positions hold part of the balance as margin, the form says how much may go.
 */
function AmountField({
  verb,
  tokenId,
  move,
  text,
  onText,
  error,
}: {
  verb: 'withdrawn' | 'transferred';
  tokenId: number;
  move: FreeToMove;
  text: string;
  onText: (text: string) => void;
  error: string | null;
}) {
  const { tokens, format } = useTokens();
  const token = tokens.get(tokenId);
  return (
    <TextInput
      label={`Amount (${token?.symbol ?? ''})`}
      description={
        move.limitedByMargin
          ? `Up to ${format(move.max, tokenId)} now`
          : `Available: ${format(move.max, tokenId)}`
      }
      value={text}
      onChange={(e) => onText(e.currentTarget.value)}
      error={error}
      rightSection={
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={`Max: fill in all that can be ${verb}`}
          onClick={() => token && onText(formatAmount(move.max, token.decimals))}
        >
          Max
        </Button>
      }
      rightSectionWidth={56}
      inputMode="decimal"
    />
  );
}

/** Why the amount cannot go, in the words of what limits it. */
function amountProblem(
  amount: bigint | null,
  move: FreeToMove,
  verb: 'withdrawn' | 'transferred',
  format: (v: bigint) => string,
): string | null {
  if (amount === null || amount <= move.max) return null;
  if (amount > move.balance) return 'More than the account holds.';
  return `More than your open positions leave free: up to ${format(move.max)} can be ${verb} now.`;
}

/**
 * The token to move: the quote token (the collateral) and every other token the account holds. A token the
 * chosen account does not hold falls back to the quote token.
 */
function useTokenChoice(account: { balances: { tokenId: number; amount: bigint }[] } | undefined) {
  const { tokens, quoteTokenId } = useTokens();
  const [chosen, setChosen] = useState<string | null>(null);
  const held = (account?.balances ?? []).filter((b) => b.amount > 0n).map((b) => b.tokenId);
  const options = [quoteTokenId, ...held.filter((t) => t !== quoteTokenId)];
  const tokenId = chosen !== null && options.includes(Number(chosen)) ? Number(chosen) : quoteTokenId;
  const select = (
    <Select
      label="Token"
      data={options.map((t) => ({ value: String(t), label: tokens.get(t)?.symbol ?? `Token ${t}` }))}
      value={String(tokenId)}
      onChange={setChosen}
      allowDeselect={false}
    />
  );
  return { tokenId, select };
}

function MarginNote({ move, verb }: { move: FreeToMove; verb: 'withdrawn' | 'transferred' }) {
  const { format, quoteTokenId } = useTokens();
  if (!move.limitedByMargin) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="margin-limit">
      Up to {format(move.max, quoteTokenId)} can be {verb} while your positions and orders are open: they keep
      the rest of the {format(move.balance, quoteTokenId)} balance as margin.
    </Text>
  );
}

function WithdrawPanel() {
  const { walletId, walletSelect, account, accountSelect } = useSourceAccount();
  const { tokens, format, quoteTokenId } = useTokens();
  const wallets = useWallets();
  const [amountText, setAmountText] = useState('');
  const [destination, setDestination] = useState('');
  const [summary, setSummary] = useState<Summary | null>(null);
  const [result, setResult] = useState<ActionResult | null>(null);
  const { run, busy, error } = useAction();
  const { tokenId, select: tokenSelect } = useTokenChoice(account);
  const token = tokens.get(tokenId);
  const amount = readAmount(amountText, token?.decimals);
  const move = freeToMove(account, tokenId, quoteTokenId);
  const fee = useQuery({
    queryKey: ['fee', account?.accountId, tokenId],
    queryFn: () => unwrap(wallet.getWithdrawalFee({ accountId: account!.accountId, tokenId })),
    enabled: account !== undefined,
    refetchInterval: 15_000,
  });
  const own = wallets.data?.find((w) => w.walletId === walletId)?.publicKey ?? '';
  const addresses = useQuery({ queryKey: ['addresses'], queryFn: () => unwrap(wallet.listAddresses()) });
  const addressError =
    destination.trim() !== '' && !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(destination.trim())
      ? 'Not a base58 settlement-chain address.'
      : null;
  const tooMuch = amountProblem(amount.value, move, 'withdrawn', (v) => format(v, tokenId));
  const ready =
    walletId !== null && account !== undefined && amount.value !== null && !tooMuch && addressError === null;

  const review = () => {
    if (!ready) return;
    void run(async () => {
      setResult(null);
      setSummary(
        await unwrap(
          wallet.prepareAction({
            kind: 'withdraw',
            walletId,
            accountId: account.accountId,
            tokenId,
            amount: amount.value!,
            ...(destination.trim() ? { destination: destination.trim() } : {}),
          }),
        ),
      );
    });
  };
  return (
    <>
      <Stack component="form" onSubmit={onFormSubmit(review)}>
        <Group grow align="flex-start">
          {walletSelect}
          {accountSelect}
          {tokenSelect}
        </Group>
        <Group grow align="flex-start">
          <AmountField
            verb="withdrawn"
            tokenId={tokenId}
            move={move}
            text={amountText}
            onText={setAmountText}
            error={amount.error ?? tooMuch}
          />
          <Select
            label="From the address book"
            placeholder="Choose a saved address"
            data={(addresses.data ?? []).map((a) => ({ value: a.address, label: a.label }))}
            value={null}
            onChange={(v) => v && setDestination(v)}
            clearable
          />
          <TextInput
            label="Destination address"
            description={`Your own wallet by default: ${own.slice(0, 10)}…`}
            placeholder={own}
            value={destination}
            onChange={(e) => setDestination(e.currentTarget.value)}
            error={addressError}
          />
        </Group>
        <MarginNote move={move} verb="withdrawn" />
        <Paper withBorder p="sm" aria-label="Fee">
          <Group gap="xl">
            <Text size="sm">Withdrawal fee: {fee.data ? format(fee.data.fee, fee.data.tokenId) : '…'}</Text>
            <Text size="sm">
              You receive:{' '}
              {fee.data && amount.value !== null && amount.value > fee.data.fee
                ? format(amount.value - fee.data.fee, tokenId)
                : '—'}
            </Text>
          </Group>
        </Paper>
        <ErrorNote error={error ?? fee.error} />
        <Button type="submit" loading={busy} disabled={!ready}>
          Review withdrawal
        </Button>
        <ActionResultNote result={result} tokenId={tokenId} />
      </Stack>
      {summary ? (
        <ConfirmAction
          summary={summary}
          onClose={() => setSummary(null)}
          onDone={(r) => {
            setSummary(null);
            setResult(r);
            setAmountText('');
          }}
        />
      ) : null}
    </>
  );
}

function TransferPanel() {
  const { walletId, walletSelect, account: from, accountSelect } = useSourceAccount();
  const { tokens, format, quoteTokenId } = useTokens();
  const [target, setTarget] = useState<'new' | 'existing'>('new');
  const [toText, setToText] = useState('');
  const [amountText, setAmountText] = useState('');
  const [summary, setSummary] = useState<Summary | null>(null);
  const [result, setResult] = useState<ActionResult | null>(null);
  const { run, busy, error } = useAction();
  const { tokenId, select: tokenSelect } = useTokenChoice(from);
  const token = tokens.get(tokenId);
  const amount = readAmount(amountText, token?.decimals);
  const move = freeToMove(from, tokenId, quoteTokenId);
  const toId = /^\d{1,10}$/.test(toText.trim()) ? Number(toText.trim()) : null;
  const tooMuch = amountProblem(amount.value, move, 'transferred', (v) => format(v, tokenId));
  const ready =
    walletId !== null &&
    from !== undefined &&
    amount.value !== null &&
    !tooMuch &&
    (target === 'new' || toId !== null);

  const review = () => {
    if (!ready) return;
    void run(async () => {
      setResult(null);
      if (target === 'existing') {
        const found = await unwrap(wallet.lookupAccount({ accountId: toId! }));
        if (!found.exists) throw new Error(`Account ${toId} does not exist. Check the number.`);
      }
      setSummary(
        await unwrap(
          wallet.prepareAction({
            kind: 'transfer',
            walletId,
            fromAccountId: from.accountId,
            tokenId,
            amount: amount.value!,
            ...(target === 'existing' ? { toAccountId: toId! } : {}),
          }),
        ),
      );
    });
  };
  return (
    <>
      <Stack component="form" onSubmit={onFormSubmit(review)}>
        <Group grow align="flex-start">
          {walletSelect}
          {accountSelect}
          {tokenSelect}
          <AmountField
            verb="transferred"
            tokenId={tokenId}
            move={move}
            text={amountText}
            onText={setAmountText}
            error={amount.error ?? tooMuch}
          />
        </Group>
        <MarginNote move={move} verb="transferred" />
        <Radio.Group label="To" value={target} onChange={(v) => setTarget(v as 'new' | 'existing')}>
          <Group mt="xs">
            <Radio value="new" label="A new account of this wallet" />
            <Radio value="existing" label="An existing account (yours or someone else's)" />
          </Group>
        </Radio.Group>
        {target === 'existing' ? (
          <TextInput
            label="Account id"
            value={toText}
            onChange={(e) => setToText(e.currentTarget.value)}
            error={toText && toId === null ? 'An account id is a number.' : null}
            inputMode="numeric"
          />
        ) : null}
        <ErrorNote error={error} />
        <Button type="submit" loading={busy} disabled={!ready}>
          Review transfer
        </Button>
        <ActionResultNote result={result} tokenId={tokenId} />
      </Stack>
      {summary ? (
        <ConfirmAction
          summary={summary}
          onClose={() => setSummary(null)}
          onDone={(r) => {
            setSummary(null);
            setResult(r);
            setAmountText('');
          }}
        />
      ) : null}
    </>
  );
}

export function TransfersPage() {
  return (
    <Stack>
      <PageHeading>Move funds</PageHeading>
      <Tabs defaultValue="deposit" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="deposit">Deposit</Tabs.Tab>
          <Tabs.Tab value="withdraw">Withdraw</Tabs.Tab>
          <Tabs.Tab value="transfer">Transfer</Tabs.Tab>
        </Tabs.List>
        <Paper withBorder p="md" mt="sm">
          <Tabs.Panel value="deposit">
            <DepositPanel />
          </Tabs.Panel>
          <Tabs.Panel value="withdraw">
            <WithdrawPanel />
          </Tabs.Panel>
          <Tabs.Panel value="transfer">
            <TransferPanel />
          </Tabs.Panel>
        </Paper>
      </Tabs>
    </Stack>
  );
}
