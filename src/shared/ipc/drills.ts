// The two drills' operations: the compromised-key drill (revoke every session of the chosen wallets, then
// cancel every open order and remove every trigger of their accounts with a fresh session) and the
// multi-account sweep (move what each chosen account can spare into one target). Each is reviewed first,
// then started; main runs it step by step and the screen polls the run for its progress and its record.
import { z } from 'zod';
import { AccountId, Address, Id, MarketId, Passphrase, TokenId } from './ids';
import { AuditEntryViewSchema } from './audit';
import { LineSchema } from './actions';
import { Done, FRESH_UNLOCK, UNLOCKED, UNLOCKED_READ, group } from './method';

const WalletIds = z.array(Id).min(1).max(32);

export const CompromisedKeyReviewSchema = z.object({
  wallets: z.array(
    z.object({
      walletId: Id,
      walletLabel: z.string(),
      walletPublicKey: Address,
      sessions: z.array(
        z.object({ sessionId: z.string(), label: z.string().nullable(), createdHere: z.boolean() }),
      ),
      accounts: z.array(
        z.object({
          accountId: AccountId,
          openOrders: z.array(
            z.object({
              orderId: z.string(),
              marketId: MarketId,
              side: z.enum(['ASK', 'BID']),
              price: z.bigint(),
              remainingSize: z.bigint(),
            }),
          ),
          triggers: z.array(
            z.object({
              triggerId: z.bigint(),
              marketId: MarketId,
              kind: z.enum(['STOP_LOSS', 'TAKE_PROFIT']),
              triggerPrice: z.bigint(),
            }),
          ),
        }),
      ),
    }),
  ),
});

/** One transfer of a sweep as reviewed: from one account, one token, what it can spare. */
export const SweepTransferSchema = z.object({
  walletId: Id,
  walletLabel: z.string(),
  fromAccountId: AccountId,
  toAccountId: AccountId,
  tokenId: TokenId,
  amount: z.bigint(),
  /** the target is no wallet's here: this one sends money out of the person's wallets */
  moneyLeaves: z.boolean(),
  warnings: z.array(z.string()),
});

export const SweepReviewSchema = z.object({
  reviewId: Id,
  targetAccountId: AccountId,
  transfers: z.array(SweepTransferSchema),
  /** what stays where it is, and why (a position needs it, nothing to move) */
  kept: z.array(
    z.object({ accountId: AccountId, tokenId: TokenId.nullable(), amount: z.bigint(), reason: z.string() }),
  ),
  /** any transfer leaves the person's wallets: starting it needs the passphrase, once */
  moneyLeaves: z.boolean(),
  /**
   * the wallets with no usable session here: starting signs a session for each with the wallet key (so it
   * needs an unlock of the last few minutes) before their transfers, and the review says so
   */
  sessionsToCreate: z.array(z.object({ walletId: Id, walletLabel: z.string() })),
  expiresAt: z.number(),
});

const PositionRef = z.object({ accountId: AccountId, marketId: MarketId });

/**
 * What the leaked wallet-key drill would do now: every action it will sign, in order, with what each costs;
 * each open position with what closing it at once would do (the person chooses which); how the new wallet's
 * exchange account gets its first funds; and what cannot move yet, with when and how.
 */
export const WalletKeyReviewSchema = z.object({
  reviewId: Id,
  target: z.object({ walletId: Id, label: z.string(), publicKey: Address, hasAccount: z.boolean() }),
  /** how money reaches the new wallet's exchange account, and what that costs, in words */
  route: z.string(),
  wallets: z.array(z.object({ walletId: Id, label: z.string(), publicKey: Address })),
  actions: z.array(
    z.object({
      walletLabel: z.string(),
      /** what is signed, in words, amounts formatted */
      label: z.string(),
      /** what it costs, in words (a network fee, a withdrawal fee, a trading fee); null: nothing */
      cost: z.string().nullable(),
    }),
  ),
  positions: z.array(
    PositionRef.extend({
      walletLabel: z.string(),
      /** the close's review lines: estimated fill price, fee, realized PnL */
      lines: z.array(LineSchema),
      warnings: z.array(z.string()),
      close: z.boolean(),
    }),
  ),
  /** what cannot move yet: what it is, and when and how it can */
  kept: z.array(z.object({ walletLabel: z.string(), what: z.string(), when: z.string() })),
  /** how soon the person must act: a leaked key can still sign until the money has moved */
  urgency: z.string(),
  expiresAt: z.number(),
});

export const CompromisedWalletSchema = z.object({
  publicKey: Address,
  markedAt: z.number(),
  /** the new wallet its money was moved to */
  movedTo: Address,
});

export const DrillStepSchema = z.object({
  key: z.string().max(80),
  label: z.string(),
  status: z.enum(['pending', 'running', 'done', 'failed', 'skipped']),
  /** what came of it in words: the error, or why it was skipped */
  detail: z.string().nullable(),
  actionId: z.string().nullable(),
  /** a sweep's transfer: what moves, for the summary */
  transfer: SweepTransferSchema.pick({
    fromAccountId: true,
    toAccountId: true,
    tokenId: true,
    amount: true,
  }).nullable(),
});

export const DrillRunSchema = z.object({
  runId: Id,
  kind: z.enum(['compromisedKey', 'sweep', 'walletKey']),
  status: z.enum(['running', 'done', 'failed']),
  steps: z.array(DrillStepSchema),
  /** one paragraph of what was done, once the run has ended */
  summary: z.string().nullable(),
  /** the audit log's entries written while it ran, oldest first */
  audit: z.array(AuditEntryViewSchema),
  startedAt: z.number(),
  /** the app stopped while it ran: what its unfinished steps did was found out after the restart */
  interrupted: z.boolean(),
});

const RunId = z.object({ runId: Id });

export const drills = group({
  /** what the drill would do now: every session, open order and trigger of the chosen wallets */
  reviewCompromisedKey: {
    args: z.object({ walletIds: WalletIds }),
    result: CompromisedKeyReviewSchema,
    access: UNLOCKED,
  },
  /** starts the drill and returns its run at once; revoking is wallet-signed: a passphrase of the last minutes */
  startCompromisedKey: {
    args: z.object({ walletIds: WalletIds }),
    result: DrillRunSchema,
    access: FRESH_UNLOCK,
  },
  /** every transfer a sweep of the accounts into the target would make, reviewed once */
  reviewSweep: {
    args: z.object({
      accountIds: z.array(AccountId).min(1).max(64),
      targetAccountId: AccountId,
    }),
    result: SweepReviewSchema,
    access: UNLOCKED,
  },
  /** runs a reviewed sweep; money leaving is checked by the sweep itself: the passphrase typed for it */
  startSweep: {
    args: z.object({ reviewId: Id, passphrase: Passphrase.optional() }),
    result: DrillRunSchema,
    access: UNLOCKED,
  },
  /**
   * what the leaked wallet-key drill would do now, moving the chosen wallets' money to the target (a wallet
   * made from a new recovery phrase), closing the positions listed in `close`
   */
  reviewWalletKey: {
    args: z.object({
      walletIds: WalletIds,
      targetWalletId: Id,
      close: z.array(PositionRef).max(256),
    }),
    result: WalletKeyReviewSchema,
    access: UNLOCKED,
  },
  /** runs a reviewed leaked wallet-key drill; the passphrase, once, for everything it signs */
  startWalletKey: {
    args: z.object({ reviewId: Id, passphrase: Passphrase }),
    result: DrillRunSchema,
    access: UNLOCKED,
  },
  /** finishes a leaked wallet-key drill the app stopped in: what was done is not done again */
  finishWalletKey: {
    args: z.object({ runId: Id, passphrase: Passphrase }),
    result: DrillRunSchema,
    access: UNLOCKED,
  },
  /** the wallets marked compromised here, to flag wherever their address appears */
  compromised: { args: z.object({}), result: z.array(CompromisedWalletSchema), access: UNLOCKED_READ },
  /** polled while a drill runs, so not activity */
  run: { args: RunId, result: DrillRunSchema, access: UNLOCKED_READ },
  /**
   * the runs the app was stopped in the middle of, not yet dismissed: each settled first where it can be
   * (what its unfinished steps did found out, its summary written once to the audit log)
   */
  interrupted: { args: z.object({}), result: z.array(DrillRunSchema), access: UNLOCKED_READ },
  /** puts an interrupted run's record away once the person has read it */
  dismiss: { args: RunId, result: Done, access: UNLOCKED },
});
