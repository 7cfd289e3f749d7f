// What the campaign does and what it heard back: the kinds of action it mixes and one attempt's record, which
// the campaign writes and the reconciliation reads (neither imports the other for it).
export const ACTION_KINDS = [
  'transfer',
  'transferToNewAccount',
  'withdraw',
  'deposit',
  'vaultDeposit',
  'vaultWithdraw',
  'vaultClaim',
  'sessionCreate',
  'sessionRefresh',
  'sessionRevoke',
  'addTrigger',
  'removeTrigger',
  'sweep',
  'compromisedKeyDrill',
] as const;
export type CampaignActionKind = (typeof ACTION_KINDS)[number];

export type Outcome = 'ok' | 'refused' | 'lost' | 'skipped';
export type Victim = 'core' | 'devnet' | 'both';

/** One action as the campaign asked for it and what it heard back. */
export interface Attempt {
  index: number;
  kind: CampaignActionKind;
  /** unique per attempt, so the exchange's records say which attempt a movement of money came from */
  amount?: bigint;
  outcome: Outcome;
  /** the exchange's action id the app reported (confirmed actions) */
  actionId?: bigint;
  /** the deposit's chain transaction the app reported */
  txId?: string;
  code?: string;
  killed?: Victim;
}
