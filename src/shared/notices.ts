// What the app tells the person about on its own, in plain words: account stream events and deposit
// progress. The window shows these as notices; in Electron they also go to the operating system (Settings
// can keep them in the window), so both read them from here.
import type { EventOf } from './ipc/events';

export interface Notice {
  color: string;
  title: string;
  message: string;
}

/** Account stream events worth telling the person about. */
const ACCOUNT_NOTICES: Record<
  string,
  { color: string; title: string; message: (accountId: number) => string }
> = {
  withdrawalProcessed: {
    color: 'teal',
    title: 'Withdrawal processed',
    message: (id) => `The withdrawal from account ${id} has been paid out on the settlement chain.`,
  },
  fill: {
    color: 'blue',
    title: 'Order filled',
    message: (id) => `A resting order of account ${id} was filled. Positions and balances are updated.`,
  },
  triggerFired: {
    color: 'blue',
    title: 'Trigger executed',
    message: (id) => `A stop-loss or take-profit of account ${id} reached its price and sent its order.`,
  },
  liquidated: {
    color: 'red',
    title: 'Account liquidated',
    message: (id) =>
      `Account ${id} fell below its maintenance margin: its orders were cancelled and its positions closed.`,
  },
};

export function accountNotice(update: EventOf<'accountUpdate'>): Notice | null {
  // one of this app's own deposits is told by its own progress (depositNotice)
  if (update.type === 'depositCredited' && update.fromElsewhere)
    return {
      color: 'teal',
      title: 'Deposit received',
      message: `A deposit sent from elsewhere arrived in account ${update.accountId}. Its balance is updated.`,
    };
  const notice = ACCOUNT_NOTICES[update.type];
  return notice ? { ...notice, message: notice.message(update.accountId) } : null;
}

export function depositNotice(
  deposit: EventOf<'depositStatus'>,
  format: (amount: bigint, tokenId: number) => string,
): Notice | null {
  if (deposit.status === 'credited')
    return {
      color: 'teal',
      title: 'Deposit credited',
      message: `${format(deposit.amount, deposit.tokenId)} arrived in account ${deposit.accountId ?? ''}.`,
    };
  if (deposit.status === 'failed')
    return {
      color: 'red',
      title: 'Deposit failed',
      message: deposit.detail ?? 'The deposit did not go through.',
    };
  return null;
}
