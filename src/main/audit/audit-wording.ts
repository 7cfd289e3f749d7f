// The audit log in sentences a person reads ("Withdrew 25.00 USDC from Trading (account 4) to 9xQe…k3Fd"). An
// action module words what was asked (a verb and the rest, amounts already formatted); this turns it into
// what happened, by the entry's result. Entries written before actions were worded fall back to their kind.
//
// An account's local name is taken when the entry is written (the review the person confirmed), not when it
// is shown: the log is an append-only record of what was signed, and the person signed "Trading (account 4)".
// Renaming the account later leaves past lines as they were said then rather than claiming a name the account
// did not have; the number always stands beside the name, so a renamed (or unnamed) account is still the
// same account to the eye, and lines written before it had a name keep saying "account 4".
//
// A wallet is named the same way: by the label it had when the line was written (the entry's walletLabel),
// or, for a line written before labels were kept, by its public key shortened.

import { accountInWords } from '../../shared/account-words';

/** The verbs actions are worded with, and how each reads once done. */
const PAST = {
  withdraw: 'Withdrew',
  transfer: 'Transferred',
  deposit: 'Deposited',
  request: 'Requested',
  claim: 'Claimed',
  add: 'Added',
  change: 'Changed',
  remove: 'Removed',
  cancel: 'Cancelled',
  create: 'Created',
  import: 'Imported',
  export: 'Exported',
  show: 'Showed',
  enter: 'Entered',
  choose: 'Chose',
  forget: 'Forgot',
  find: 'Found',
  start: 'Started',
  finish: 'Finished',
  close: 'Closed',
  send: 'Sent',
} as const;

export type AuditVerb = keyof typeof PAST;
export const AUDIT_VERBS = Object.keys(PAST) as [AuditVerb, ...AuditVerb[]];

/** What an action module states of itself for the log. */
export interface AuditWords {
  verb: AuditVerb;
  rest: string;
}

interface Described {
  kind: string;
  wallet?: string | undefined;
  walletLabel?: string | undefined;
  accounts: number[];
  result: 'ok' | 'err' | 'unknown';
  error?: string | undefined;
  sessionId?: string | undefined;
  wording?: AuditWords | undefined;
}

/** The names the person gave accounts on this computer (the settings' list). */
export type AccountNames = readonly { accountId: number; name: string }[];

/** An account in a sentence: by its local name with its number ("Trading (account 4)"), or its number. */
export const accountWords = (accountId: number, names: AccountNames): string =>
  accountInWords(accountId, names.find((n) => n.accountId === accountId)?.name);

/** "9xQe…k3Fd": enough of an address to recognise it; the review showed it whole. */
export const shortAddress = (address: string): string =>
  address.length > 12 ? `${address.slice(0, 4)}…${address.slice(-4)}` : address;

/**
 * What happened to a key, the passphrase or a drill, rather than an action asked of the exchange: each line
 * states a fact in its own words (written with the wallet's label as it was then), whatever its result. A
 * wrong passphrase is such a fact; its result says it was refused.
 */
const KEY_EVENT_KINDS = [
  'walletKeyShown',
  'walletCreated',
  'walletImported',
  'walletRemoved',
  'walletExported',
  'phraseShown',
  'phraseCreated',
  'phraseImported',
  'phraseWalletAdded',
  'phraseExported',
  'phraseForgotten',
  'passphraseChosen',
  'passphraseChanged',
  'wrongPassphrase',
  'sessionSeenElsewhere',
  'drillStarted',
  'drillFinished',
] as const;
export type KeyEventKind = (typeof KEY_EVENT_KINDS)[number];
const KEY_EVENTS = new Set<string>(KEY_EVENT_KINDS);

/** The drills by the name a sentence gives them; a drill not listed here is still named, by its kind. */
const DRILL_NAMES: Record<string, string> = {
  compromisedKey: 'compromised-key drill',
  sweep: 'multi-account sweep',
};
export const drillName = (kind: string): string => DRILL_NAMES[kind] ?? `${kind} drill`;

/** "wallet Hot key": a wallet in a sentence, by its label then or (an older line) its key shortened. */
const walletWords = (entry: Pick<Described, 'wallet' | 'walletLabel'>): string | null =>
  entry.walletLabel
    ? `wallet ${entry.walletLabel}`
    : entry.wallet
      ? `wallet ${shortAddress(entry.wallet)}`
      : null;

/** " of Hot key" after a session's number (" of wallet 9xQe…k3Fd" for a line without the label). */
const sessionOf = (entry: Pick<Described, 'wallet' | 'walletLabel'>): string => {
  const wallet = entry.walletLabel ?? walletWords(entry);
  return wallet ? ` of ${wallet}` : '';
};

/** The session key operations, signed by the wallet key: worded by the session they concern. */
const SESSION_KINDS: Record<string, [string, string]> = {
  createSession: ['create', 'Created'],
  refreshSession: ['refresh', 'Refreshed'],
  revokeSession: ['revoke', 'Revoked'],
  selfRevoke: ['revoke', 'Revoked'],
  // not an action of this device: the stranger watch's line when a session made elsewhere appears
  unknownSession: ['notice', 'Noticed another device’s'],
};

/**
 * The drills' own lines, one per wallet when a run ends: named for the drill, while their detail says what
 * came of it (the actions they ran have lines of their own).
 */
const DRILL_KINDS: Record<string, string> = {
  sweep: 'Multi-account sweep',
  compromisedKeyDrill: 'Compromised-key drill',
  walletKeyDrill: 'Leaked wallet key drill',
};

/** One sentence for an entry: what was done, or what was tried and how it ended, and for which wallet. */
export function describeAudit(entry: Described): string {
  // a key event's words name their wallet themselves
  if (KEY_EVENTS.has(entry.kind) && entry.wording) return `${PAST[entry.wording.verb]} ${entry.wording.rest}`;
  const wallet = walletWords(entry);
  const drill = DRILL_KINDS[entry.kind];
  if (drill)
    return `${drill}${wallet ? ` of ${wallet}` : ''}${entry.result === 'ok' ? '' : ', not all done'}`;
  const session = SESSION_KINDS[entry.kind];
  const words: { verb: string; past: string; rest: string } | null = entry.wording
    ? {
        verb: entry.wording.verb,
        past: PAST[entry.wording.verb],
        rest: `${entry.wording.rest}${wallet ? `, ${wallet}` : ''}`,
      }
    : session
      ? {
          verb: session[0],
          past: session[1],
          // "session #4 of Hot key", as the Sessions page names it
          rest: `${entry.sessionId ? `session #${entry.sessionId}` : 'a session'}${sessionOf(entry)}`,
        }
      : null;
  const asked = words
    ? `${words.verb} ${words.rest}`
    : `${entry.kind}${entry.accounts.length ? ` (account ${entry.accounts.join(', ')})` : ''}${wallet ? `, ${wallet}` : ''}`;
  switch (entry.result) {
    case 'ok':
      return words ? `${words.past} ${words.rest}` : `Done: ${asked}`;
    case 'unknown':
      return `Sent, outcome not known yet: ${asked}`;
    case 'err':
      return `Not done: ${asked} (${entry.error ?? 'refused'})`;
  }
}
