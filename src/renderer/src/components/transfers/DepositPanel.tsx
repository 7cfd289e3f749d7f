// Deposits from the wallet on the settlement chain into an exchange account, and the devnet faucet; each
// deposit is followed until the exchange credits it.
import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { formatSol, useChainBalances } from '../ChainBalances';
import { unwrap, wallet } from '../../bridge/wallet';
import { keys, useDeposits, usePortfolio, useSettings, useTokens } from '../../hooks/queries';
import { readAmount } from '../amount-input';
import { onFormSubmit } from '../form-submit';
import { ErrorNote } from '../ErrorNote';
import { useAction } from '../../hooks/useAction';
import { useWalletChoice } from './choices';

const STATUS_COLOR = { submitted: 'gray', confirmed: 'blue', credited: 'teal', failed: 'red' } as const;

/** One signature costs 5,000 lamports on Solana: what a deposit (one signer) pays in SOL. */
const DEPOSIT_FEE_LAMPORTS = 5_000n;
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
          wallet.funds.deposit({
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
    </Stack>
  );
}
