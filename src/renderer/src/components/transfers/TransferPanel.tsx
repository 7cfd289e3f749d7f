// A transfer into a new account of the wallet or an existing account, the person's own or someone else's;
// an account number typed in is looked up before main prepares the transfer.
import { useState } from 'react';
import { Alert, Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { usePreparedAction } from '../../hooks/usePreparedAction';
import { onFormSubmit } from '../form-submit';
import { ErrorNote } from '../ErrorNote';
import { useOutgoingAmount } from './outgoing-amount';
import { useSourceAccount } from './choices';

export function TransferPanel() {
  const { walletId, walletSelect, account: from, accountSelect } = useSourceAccount();
  const [target, setTarget] = useState<'new' | 'existing'>('new');
  const [toText, setToText] = useState('');
  const outgoing = useOutgoingAmount(from, 'transferred');
  const { tokenId, amount } = outgoing;
  const action = usePreparedAction({ onDone: outgoing.clear });
  const { busy, error } = action;
  const toId = /^\d{1,10}$/.test(toText.trim()) ? Number(toText.trim()) : null;
  const ready =
    walletId !== null && from !== undefined && amount !== null && (target === 'new' || toId !== null);
  // who the typed account belongs to, looked up while typing: someone else's, never sent to, is warned of
  const recipient = useQuery({
    queryKey: ['recipient', toId],
    queryFn: () => unwrap(wallet.portfolio.lookupAccount({ accountId: toId! })),
    enabled: target === 'existing' && toId !== null,
  });
  const stranger =
    target === 'existing' &&
    recipient.data?.exists === true &&
    recipient.data.ownWalletId === null &&
    !recipient.data.sentBefore;

  const review = () => {
    if (!ready) return;
    void action.prepare(async () => {
      if (target === 'existing') {
        const found = await unwrap(wallet.portfolio.lookupAccount({ accountId: toId! }));
        if (!found.exists) throw new Error(`Account ${toId} does not exist. Check the number.`);
      }
      return {
        kind: 'transfer',
        walletId,
        fromAccountId: from.accountId,
        tokenId,
        amount: amount!,
        ...(target === 'existing' ? { toAccountId: toId! } : {}),
      };
    });
  };
  return (
    <>
      <Stack component="form" onSubmit={onFormSubmit(review)}>
        <Group grow align="flex-start">
          {walletSelect}
          {accountSelect}
          {outgoing.tokenSelect}
          {outgoing.field}
        </Group>
        {outgoing.marginNote}
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
        {stranger ? (
          <Alert color="orange" title="Someone else's account">
            Account {toId} belongs to someone else and you have not sent to it before. Check the number.
          </Alert>
        ) : null}
        <ErrorNote error={error} />
        <Button type="submit" loading={busy} disabled={!ready}>
          Review transfer
        </Button>
        {action.outcome}
      </Stack>
      {action.review}
    </>
  );
}
