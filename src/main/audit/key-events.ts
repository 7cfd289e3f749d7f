// The audit log's lines for what touches a key rather than asks the exchange for something: a wallet key
// shown, stored, exported or removed, a recovery phrase likewise, the passphrase chosen, changed or entered
// wrong, a session found that this device did not make, a drill started and finished. Each line's words
// are fixed here, once, with the wallet's label as it is at that moment: a wallet renamed later keeps its
// old name in the lines written before. Nothing secret is ever an argument: a wrong passphrase is counted,
// never quoted.
import { drillName, type AuditWords, type KeyEventKind } from './audit-wording';

/** A wallet as a key event names it: its public key (to filter by) and its label now (to read). */
export interface NamedWallet {
  publicKey: string;
  label: string;
}

export interface KeyEvent {
  kind: KeyEventKind;
  /** the wallet it concerns; none for the passphrase's own events */
  wallet?: NamedWallet;
  wording: AuditWords;
  /** 'err' for what was refused (a wrong passphrase) or did not all happen (a drill) */
  result?: 'ok' | 'err';
  error?: string;
  detail?: string;
  sessionId?: string;
}

const event = (kind: KeyEventKind, wallet: NamedWallet | undefined, wording: AuditWords): KeyEvent => ({
  kind,
  ...(wallet ? { wallet } : {}),
  wording,
});

export const walletKeyShown = (w: NamedWallet): KeyEvent =>
  event('walletKeyShown', w, {
    verb: 'show',
    rest: `the secret key of new wallet ${w.label}, to back it up`,
  });

export const walletCreated = (w: NamedWallet): KeyEvent =>
  event('walletCreated', w, { verb: 'create', rest: `wallet ${w.label}, its secret key backed up` });

export const walletImported = (w: NamedWallet): KeyEvent =>
  event('walletImported', w, { verb: 'import', rest: `wallet ${w.label} from its secret key` });

export const walletRemoved = (w: NamedWallet): KeyEvent =>
  event('walletRemoved', w, { verb: 'remove', rest: `wallet ${w.label} and its key from this device` });

export const walletExported = (w: NamedWallet): KeyEvent =>
  event('walletExported', w, { verb: 'export', rest: `the secret key of wallet ${w.label}` });

export const phraseShown = (w: NamedWallet, wordCount: number): KeyEvent =>
  event('phraseShown', w, {
    verb: 'show',
    rest: `the new ${wordCount}-word recovery phrase of wallet ${w.label}, to write it down`,
  });

export const phraseCreated = (w: NamedWallet, wordCount: number, path: string): KeyEvent => ({
  ...event('phraseCreated', w, {
    verb: 'create',
    rest: `wallet ${w.label} from a new ${wordCount}-word recovery phrase`,
  }),
  detail: `path ${path}`,
});

export const phraseImported = (w: NamedWallet, path: string): KeyEvent => ({
  ...event('phraseImported', w, { verb: 'import', rest: `wallet ${w.label} from a recovery phrase` }),
  detail: `path ${path}`,
});

export const phraseWalletAdded = (w: NamedWallet, path: string): KeyEvent => ({
  ...event('phraseWalletAdded', w, { verb: 'add', rest: `wallet ${w.label} from its recovery phrase` }),
  detail: `path ${path}`,
});

/** One line per wallet made from the phrase; a phrase with none left is exported all the same. */
export const phraseExported = (w: NamedWallet | null): KeyEvent =>
  w
    ? event('phraseExported', w, { verb: 'export', rest: `the recovery phrase of wallet ${w.label}` })
    : event('phraseExported', undefined, {
        verb: 'export',
        rest: 'a recovery phrase none of whose wallets is left',
      });

export const phraseForgotten = (wordCount: number): KeyEvent =>
  event('phraseForgotten', undefined, {
    verb: 'forget',
    rest: `a ${wordCount}-word recovery phrase whose wallets were all removed`,
  });

export const passphraseChosen = (): KeyEvent =>
  event('passphraseChosen', undefined, { verb: 'choose', rest: 'the passphrase that locks Perpetua' });

export const passphraseChanged = (): KeyEvent =>
  event('passphraseChanged', undefined, {
    verb: 'change',
    rest: 'the passphrase; every key was sealed again under the new one',
  });

const many = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A forgotten passphrase: every key erased with it (how many of each, never which secret). */
export const passphraseReset = (wallets: number, phrases: number): KeyEvent =>
  event('passphraseReset', undefined, {
    verb: 'remove',
    rest: `every key and the passphrase from this device, the passphrase being forgotten (${many(wallets, 'wallet')}, ${many(phrases, 'recovery phrase')})`,
  });

/** What the passphrase was being entered for. */
export type PassphraseUse = 'unlock' | 'confirm' | 'change';
const USES: Record<PassphraseUse, string> = {
  unlock: 'to unlock',
  confirm: 'to confirm an operation',
  change: 'to change it',
};

/** How many wrong in a row (this one included) and how long the next attempt waits, never what was typed. */
export const wrongPassphrase = (use: PassphraseUse, inARow: number, waitSeconds: number): KeyEvent => ({
  ...event('wrongPassphrase', undefined, {
    verb: 'enter',
    rest: `a wrong passphrase ${USES[use]} (${inARow} in a row)`,
  }),
  result: 'err',
  error: 'WRONG_PASSPHRASE',
  ...(waitSeconds > 0 ? { detail: `The next attempt waits ${waitSeconds} s.` } : {}),
});

/** Its key (public) tells it from a session of the same number on another exchange. */
export const sessionSeenElsewhere = (w: NamedWallet, sessionId: string, sessionKey: string): KeyEvent => ({
  ...event('sessionSeenElsewhere', w, {
    verb: 'find',
    rest: `session #${sessionId} of wallet ${w.label}, not made on this device`,
  }),
  sessionId,
  detail: `session key ${sessionKey}`,
});

export const drillStarted = (drillKind: string, w: NamedWallet): KeyEvent =>
  event('drillStarted', w, { verb: 'start', rest: `the ${drillName(drillKind)} for wallet ${w.label}` });

/** Its outcome: done, or not all done, with what came of it (cut at a word to the line's 200 characters). */
export const drillFinished = (
  drillKind: string,
  w: NamedWallet,
  done: boolean,
  summary: string,
): KeyEvent => ({
  ...event('drillFinished', w, { verb: 'finish', rest: `the ${drillName(drillKind)} for wallet ${w.label}` }),
  result: done ? 'ok' : 'err',
  detail: summary.length > 200 ? `${summary.slice(0, 199).replace(/\s+\S*$/, '')}…` : summary,
});
