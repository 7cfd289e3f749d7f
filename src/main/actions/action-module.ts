// The shape every action kind gives: `plan` checks an intent against what the exchange says now and returns
// what the person reviews and how to build the action; `result` says what came of it. The pipeline runs
// these for every kind alike (review, confirmation, passphrase, signing, audit) and knows no kind itself.
import type { ActionKind, ReceiptKind } from '../../protocol/types';
import type { IntentKind, IntentOf, Line } from '../../shared/ipc/actions';
import type { ActionContext } from './context';
import type { AuditWords } from '../audit/audit-wording';

export interface ActionPlan<Facts> {
  /** what the confirmation dialog is titled */
  title: string;
  /** what is reviewed, after the wallet line the pipeline puts first */
  lines: Line[];
  warnings: string[];
  /** the confirm button, named for the action: "Withdraw 25 USDC", "Deposit into BTC Momentum" */
  confirmLabel: string;
  /**
   * Money leaves the person's wallets (a withdrawal, a transfer to an account no wallet here owns): the
   * confirmation must carry the passphrase, however recently the app was unlocked.
   */
  moneyLeaves: boolean;
  /** signing needs an unlock of the last few minutes even when a session key exists */
  needsFreshUnlock: boolean;
  /** what the audit log and the nonce journal record of it, with the words the log reads it in */
  audit: {
    accounts: number[];
    tokenId: number;
    amount: bigint;
    fee: bigint;
    received: bigint;
    wording: AuditWords;
  };
  /** the action a session key signs */
  build(sessionId: bigint): ActionKind;
  /**
   * Checked again once the confirmation is taken, right before signing: what can change between review and
   * signing and must not be signed unseen (a withdrawal fee that rose). Throwing refuses the signature.
   */
  recheck?(): Promise<void>;
  /** after the exchange executed it (e.g. remembering a destination for the first-time warning) */
  executed?(): void;
  /** what the plan knew, for the result when the exchange's receipt is lost */
  facts: Facts;
}

export interface ResultView {
  /** e.g. "Withdrawal sent" */
  title: string;
  /** one sentence, amounts formatted */
  message: string;
  lines: Line[];
}

export interface ActionModule<K extends IntentKind, Facts> {
  plan(intent: IntentOf<K>, ctx: ActionContext): Promise<ActionPlan<Facts>>;
  /** receipt: null when the answer was lost and a resend proved the action executed earlier */
  result(receipt: ReceiptKind | null, facts: Facts): ResultView;
}
