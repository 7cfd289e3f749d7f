// A withdrawal to a settlement-chain address: the fee is read from main while typing (an amount not above
// it is refused there and then) and shown again, exact, in the review; the passphrase is asked for in the
// confirmation, as money leaves the wallets. Once sent, the draft's address and its notice go.
import { useState } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BASE58_KEY } from '../../../../shared/base58';
import { unwrap, wallet } from '../../bridge/wallet';
import { useWallets } from '../accounts';
import { useTokens } from '../markets';
import { usePreparedAction } from '../actions';
import { onFormSubmit } from '../../components/form-submit';
import { ErrorNote } from '../../components/ErrorNote';
import { useOutgoingAmount } from './outgoing-amount';
import { useSourceAccount } from './choices';

export function WithdrawPanel() {
  const { walletId, account, accountSelect } = useSourceAccount();
  const { format } = useTokens();
  const wallets = useWallets();
  const [destination, setDestination] = useState('');
  const outgoing = useOutgoingAmount(account, 'withdrawn');
  const { tokenId, amount } = outgoing;
  const client = useQueryClient();
  const action = usePreparedAction({
    onDone: () => {
      outgoing.clear();
      setDestination('');
      void client.invalidateQueries({ queryKey: ['destination'] });
    },
  });
  const { busy, error } = action;
  const { fee } = outgoing;
  const own = wallets.data?.find((w) => w.walletId === walletId)?.publicKey ?? '';
  const addresses = useQuery({ queryKey: ['addresses'], queryFn: () => unwrap(wallet.addresses.list()) });
  const addressError =
    destination.trim() !== '' && !BASE58_KEY.test(destination.trim())
      ? 'Not a base58 settlement-chain address.'
      : null;
  const ready = walletId !== null && account !== undefined && amount !== null && addressError === null;
  // whose the destination is and whether it was used before, asked of main while it is typed (the wallet's own
  // address when none is): one of the person's wallets is named as theirs, never "a new address" (a wallet
  // whose key leaked is no longer theirs), and the review's first-time warning is said here already
  const typed = destination.trim();
  const going = typed === '' ? own : typed;
  const firstTime = useQuery({
    queryKey: ['destination', going],
    queryFn: () => unwrap(wallet.funds.checkDestination({ address: going })),
    enabled: going !== '' && addressError === null,
  });
  const ownWallet = wallets.data?.find((w) => w.walletId === firstTime.data?.ownWalletId);

  const review = () => {
    if (!ready) return;
    void action.prepare({
      kind: 'withdraw',
      walletId,
      accountId: account.accountId,
      tokenId,
      amount: amount!,
      ...(destination.trim() ? { destination: destination.trim() } : {}),
    });
  };
  return (
    <>
      <Stack component="form" onSubmit={onFormSubmit(review)}>
        <Group grow align="flex-start">
          {accountSelect}
          {outgoing.tokenSelect}
        </Group>
        <Group grow align="flex-start">
          {outgoing.field}
          <Select
            label="From the address book"
            // a hint like its neighbours', so the three fields line up
            description="Addresses saved under Settings"
            placeholder="Choose a saved address"
            data={(addresses.data ?? []).map((a) => ({
              value: a.address,
              label: a.walletId !== null ? `Your wallet ${a.label}` : a.label,
            }))}
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
        {ownWallet ? (
          <Text size="sm" c="teal" role="status" aria-label="Destination">
            Your wallet {ownWallet.label}: the money stays yours, so no passphrase is asked.
          </Text>
        ) : null}
        {typed !== '' &&
        firstTime.data &&
        !firstTime.data.usedBefore &&
        firstTime.data.ownWalletId === null &&
        typed !== own ? (
          <Alert color="orange" title="A new address">
            You have not withdrawn to this address before. Check it character by character.
          </Alert>
        ) : null}
        {outgoing.marginNote}
        <Paper withBorder p="sm" aria-label="Fee">
          <Group gap="xl">
            <Text size="sm">
              Withdrawal fee: {fee.data ? format(fee.data.fee, fee.data.tokenId, { exact: true }) : '…'}
            </Text>
            <Text size="sm">
              You receive:{' '}
              {fee.data && amount !== null && amount > fee.data.fee
                ? format(amount - fee.data.fee, tokenId, { exact: true })
                : '—'}
            </Text>
          </Group>
        </Paper>
        <ErrorNote error={error ?? fee.error} />
        <Button type="submit" loading={busy} disabled={!ready}>
          Review withdrawal
        </Button>
        {action.outcome}
      </Stack>
      {action.review}
    </>
  );
}
