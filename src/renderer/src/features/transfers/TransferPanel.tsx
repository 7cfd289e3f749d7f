// A transfer into a new account of the wallet or an existing account: the person's own (picked by wallet and
// name) or someone else's (a number typed in, or an address book entry's account). Someone else's number is
// looked up while it is typed (destination-check): a number with no account is refused before the review,
// someone else's account is said to be so. Once sent, the draft's destination and what was said of it go.
import { useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { usePreparedAction } from '../actions';
import { useWallets } from '../accounts';
import { onFormSubmit } from '../../components/form-submit';
import { ErrorNote } from '../../components/ErrorNote';
import { useOutgoingAmount } from './outgoing-amount';
import { useSourceAccount } from './choices';
import { useDestinationCheck } from './destination-check';
import { AccountPicker } from '../accounts';
import { OtherAccountField } from './OtherAccountField';

const NEW = 'new';
const OTHER = 'other';

export function TransferPanel() {
  const { walletId, account: from, accountSelect } = useSourceAccount();
  const wallets = useWallets();
  // NEW, OTHER (someone else's: a number typed in) or one of the person's accounts by its number
  const [choice, setChoice] = useState(NEW);
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
  const other = useDestinationCheck(toText, from?.accountId, choice === OTHER);
  const toId = choice === NEW ? null : choice === OTHER ? other.id : Number(choice);
  const ready =
    walletId !== null &&
    from !== undefined &&
    amount !== null &&
    (choice === NEW || (choice === OTHER ? other.ready : toId !== null));

  const review = () => {
    if (!ready) return;
    void action.prepare({
      kind: 'transfer',
      walletId,
      fromAccountId: from.accountId,
      tokenId,
      amount: amount!,
      ...(toId !== null ? { toAccountId: toId } : {}),
    });
  };
  return (
    <>
      <Stack component="form" onSubmit={onFormSubmit(review)}>
        <Group grow align="flex-start">
          {accountSelect}
          {outgoing.tokenSelect}
          {outgoing.field}
        </Group>
        {outgoing.marginNote}
        <AccountPicker
          label="To"
          value={choice}
          onChange={setChoice}
          except={from?.accountId}
          extra={[
            {
              value: NEW,
              label: `A new account of ${wallets.data?.find((w) => w.walletId === walletId)?.label ?? 'this wallet'}`,
            },
            { value: OTHER, label: 'Someone else’s account' },
          ]}
        />
        {choice === OTHER ? (
          <>
            <OtherAccountField label="Account id" value={toText} onChange={setToText} error={other.error} />
            {other.notice ? (
              <Alert color="orange" title={other.notice.title}>
                {other.notice.text}
              </Alert>
            ) : null}
            <ErrorNote error={other.lookupError} />
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
