// The audit log in sentences a person reads ("Withdrew 25.00 USDC from Trading (account 4) to 9xQe…k3Fd"). An
// action module words what was asked (a verb and the rest, amounts already formatted); this turns it into
// what happened, by the entry's result. Entries written before actions were worded fall back to their kind.
//
// An account's local name is taken when the entry is written (the review the person confirmed), not when it
// is shown: the log is an append-only record of what was signed, and the person signed "Trading (account 4)".
// Renaming the account later leaves past lines as they were said then rather than claiming a name the account
// did not have; the number always stands beside the name, so a renamed (or unnamed) account is still the
// same account to the eye, and lines written before it had a name keep saying "account 4".

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

/** The session key operations, signed by the wallet key: worded by the session they concern. */
const SESSION_KINDS: Record<string, [string, string]> = {
  createSession: ['create', 'Created'],
  refreshSession: ['refresh', 'Refreshed'],
  revokeSession: ['revoke', 'Revoked'],
  selfRevoke: ['revoke', 'Revoked'],
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

/** One sentence for an entry: what was done, or what was tried and how it ended. */
export function describeAudit(entry: Described): string {
  const drill = DRILL_KINDS[entry.kind];
  if (drill) return entry.result === 'ok' ? drill : `${drill}, not all done`;
  const session = SESSION_KINDS[entry.kind];
  const words: { verb: string; past: string; rest: string } | null = entry.wording
    ? { verb: entry.wording.verb, past: PAST[entry.wording.verb], rest: entry.wording.rest }
    : session
      ? {
          verb: session[0],
          past: session[1],
          rest: entry.sessionId ? `session #${entry.sessionId}` : 'a session',
        }
      : null;
  const asked = words
    ? `${words.verb} ${words.rest}`
    : `${entry.kind}${entry.accounts.length ? ` (account ${entry.accounts.join(', ')})` : ''}`;
  switch (entry.result) {
    case 'ok':
      return words ? `${words.past} ${words.rest}` : `Done: ${asked}`;
    case 'unknown':
      return `Sent, outcome not known yet: ${asked}`;
    case 'err':
      return `Not done: ${asked} (${entry.error ?? 'refused'})`;
  }
}
