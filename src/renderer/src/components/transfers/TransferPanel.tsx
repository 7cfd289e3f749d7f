// A transfer into a new account of the wallet or an existing account, the person's own (picked by wallet and
// name) or someone else's (a number typed in, looked up before main prepares the transfer).
import { useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unwrap, wallet } from '../../bridge/wallet';
import { usePreparedAction } from '../../hooks/usePreparedAction';
import { useWallets } from '../../hooks/queries';
import { onFormSubmit } from '../form-submit';
import { ErrorNote } from '../ErrorNote';
import { useOutgoingAmount } from './outgoing-amount';
import { useSourceAccount } from './choices';
import { AccountPicker } from './AccountPicker';
import { OtherAccountField } from './OtherAccountField';

const NEW = 'new';
const OTHER = 'other';

export function TransferPanel() {
  const { walletId, account: from, accountSelect } = useSourceAccount();
  const wallets = useWallets();
  // NEW, OTHER (someone else's: a number typed in) or one of the person's accounts by its number
  const [choice, setChoice] = useState(NEW);
  const [toText, setToText] = useState('');
  const target = choice === NEW ? 'new' : 'existing';
  const outgoing = useOutgoingAmount(from, 'transferred');
  const { tokenId, amount } = outgoing;
  const action = usePreparedAction({ onDone: outgoing.clear });
  const { busy, error } = action;
  const typed = choice === OTHER ? toText.trim() : choice;
  const toId = choice !== NEW && /^\d{1,10}$/.test(typed) ? Number(typed) : null;
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
          <OtherAccountField
            label="Account id"
            value={toText}
            onChange={setToText}
            error={toText && toId === null ? 'An account id is a number.' : null}
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
