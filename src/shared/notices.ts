// What the app tells the person about on its own, in plain words: account stream events and deposit
// progress. The window shows these as notices; in Electron they also go to the operating system (Settings
// can keep them in the window), so both read them from here.
import type { EventOf } from './ipc/events';
import { accountInWords } from './account-words';
import { formatDateTime, formatTimeOfDay, fromSeconds } from './time';

/** An account in a notice: its local name with its number where it has one (shared/account-words.ts). */
export type AccountWords = (accountId: number) => string;
const byNumber: AccountWords = (id) => accountInWords(id, undefined);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface Notice {
  color: string;
  title: string;
  message: string;
}

/**
 * What a notice is known by in the window: the same words twice are one notice. While "Order filled" for an
 * account is on screen, another fill of it adds nothing a person could read; a run of fills otherwise stacked
 * one notice each, queued a few at a time and still arriving minutes after the run, every one redrawing the
 * page as it came and went.
 */
export const noticeId = (notice: Notice): string => `notice:${notice.title}:${notice.message}`;

/** Account stream events worth telling the person about. */
const ACCOUNT_NOTICES: Record<
  string,
  { color: string; title: string; message: (account: string) => string }
> = {
  withdrawalProcessed: {
    color: 'teal',
    title: 'Withdrawal processed',
    message: (account) => `The withdrawal from ${account} has been paid out on the settlement chain.`,
  },
  fill: {
    color: 'blue',
    title: 'Order filled',
    message: (account) => `A resting order of ${account} was filled. Positions and balances are updated.`,
  },
  triggerFired: {
    color: 'blue',
    title: 'Trigger executed',
    message: (account) => `A stop-loss or take-profit of ${account} reached its price and sent its order.`,
  },
  liquidated: {
    color: 'red',
    title: 'Account liquidated',
    message: (account) =>
      `${capitalised(account)} fell below its maintenance margin: its orders were cancelled and its positions closed.`,
  },
};

export function accountNotice(
  update: EventOf<'accountUpdate'>,
  words: AccountWords = byNumber,
): Notice | null {
  // one of this app's own deposits is told by its own progress (depositNotice)
  if (update.type === 'depositCredited' && update.fromElsewhere)
    return {
      color: 'teal',
      title: 'Deposit received',
      message: `A deposit sent from elsewhere arrived in ${words(update.accountId)}. Its balance is updated.`,
    };
  const notice = ACCOUNT_NOTICES[update.type];
  return notice ? { ...notice, message: notice.message(words(update.accountId)) } : null;
}

export function depositNotice(
  deposit: EventOf<'depositStatus'>,
  format: (amount: bigint, tokenId: number) => string,
  words: AccountWords = byNumber,
): Notice | null {
  if (deposit.status === 'credited')
    return {
      color: 'teal',
      title: 'Deposit credited',
      message: `${format(deposit.amount, deposit.tokenId)} arrived in ${deposit.accountId === null || deposit.accountId === undefined ? 'its account' : words(deposit.accountId)}.`,
    };
  if (deposit.status === 'failed')
    return {
      color: 'red',
      title: 'Deposit failed',
      message: deposit.detail ?? 'The deposit did not go through.',
    };
  return null;
}

/**
 * When a session this device did not make was made, as far as its reads tell (see NoticedSchema): by the time
 * of day when that was today, with the date when not (the record outlives a restart).
 */
export function madeWhen(noticed: { at: number; after: number | null }, nowMs = Date.now()): string {
  const today = new Date(nowMs).toDateString() === new Date(fromSeconds(noticed.at)).toDateString();
  const time = (seconds: number) => (today ? formatTimeOfDay : formatDateTime)(fromSeconds(seconds));
  return noticed.after === null
    ? `found at ${time(noticed.at)}, made while Perpetua was not watching`
    : `made between ${time(noticed.after)} and ${time(noticed.at)}`;
}

type Stranger = Pick<EventOf<'sessionsChanged'>['strangers'][number], 'walletLabel' | 'sessionId'> & {
  /** null until main's watch has read it (the list may be read first) */
  noticed: EventOf<'sessionsChanged'>['strangers'][number]['noticed'] | null;
};

/** A session a stranger may have made: made with the wallet key, so the key is used somewhere else. */
export function strangerNotice(session: Stranger): Notice {
  return {
    color: 'orange',
    title: `New session of ${session.walletLabel}, not made on this device`,
    message: `Session #${session.sessionId} was ${session.noticed ? madeWhen(session.noticed) : 'made elsewhere'}. If you did not make it on another device, the wallet key has leaked: run the wallet-key drill.`,
  };
}
