// A transfer into a new account of the wallet or an existing account, the person's own or someone else's.
// An account number typed in is looked up while it is typed (destination-check): a number with no account
// is refused before the review, someone else's account is said to be so. Once sent, the draft's
// destination and what was said of it go.
import { useState } from 'react';
import { Alert, Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { usePreparedAction } from '../../hooks/usePreparedAction';
import { onFormSubmit } from '../form-submit';
import { ErrorNote } from '../ErrorNote';
import { useOutgoingAmount } from './outgoing-amount';
import { useSourceAccount } from './choices';
import { useDestinationCheck } from './destination-check';

export function TransferPanel() {
  const { walletId, walletSelect, account: from, accountSelect } = useSourceAccount();
  const [target, setTarget] = useState<'new' | 'existing'>('new');
  const [toText, setToText] = useState('');
  const outgoing = useOutgoingAmount(from, 'transferred');
  const { tokenId, amount } = outgoing;
  const client = useQueryClient();
  const action = usePreparedAction({
    onDone: () => {
      outgoing.clear();
      setToText('');
      // sent to now: the next look-up of it says so
      void client.invalidateQueries({ queryKey: ['recipient'] });
    },
  });
  const { busy, error } = action;
  const to = useDestinationCheck(toText, from?.accountId, target === 'existing');
  const ready = walletId !== null && from !== undefined && amount !== null && (target === 'new' || to.ready);

  const review = () => {
    if (!ready) return;
    void action.prepare({
      kind: 'transfer',
      walletId,
      fromAccountId: from.accountId,
      tokenId,
      amount: amount!,
      ...(target === 'existing' && to.id !== null ? { toAccountId: to.id } : {}),
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
          <>
            <TextInput
              label="Account id"
              value={toText}
              onChange={(e) => setToText(e.currentTarget.value)}
              error={to.error}
              inputMode="numeric"
            />
            {to.notice ? (
              <Alert color="orange" title={to.notice.title}>
                {to.notice.text}
              </Alert>
            ) : null}
            <ErrorNote error={to.lookupError} />
          </>
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
