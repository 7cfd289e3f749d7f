// The funds group: money on the settlement chain (balances, the devnet's faucet, deposits into the
// exchange and how each is going) and the fee a withdrawal would cost.
import { z } from 'zod';
import { AccountId, Address, Amount, Id, TokenId } from './ids';
import { Done, NoArgs, UNLOCKED, UNLOCKED_READ, group } from './method';

export const TrackedDepositSchema = z.object({
  depositId: z.string(),
  walletId: Id,
  tokenId: TokenId,
  amount: z.bigint(),
  txId: z.string().nullable(),
  accountId: AccountId.nullable(),
  status: z.enum(['submitted', 'confirmed', 'credited', 'failed']),
  detail: z.string().optional(),
});

/** A wallet on the settlement chain: its SOL (lamports, for fees) and each token's associated account. */
export const ChainBalancesSchema = z.object({
  address: Address,
  sol: z.bigint(),
  tokens: z.array(z.object({ tokenId: TokenId, amount: z.bigint(), hasAccount: z.boolean() })),
});

export const funds = group({
  faucet: {
    args: z.object({ walletId: Id, tokenId: TokenId, amount: Amount }),
    result: Done,
    access: UNLOCKED,
  },
  chainBalances: { args: z.object({ walletId: Id }), result: ChainBalancesSchema, access: UNLOCKED_READ },
  deposit: {
    args: z.object({ walletId: Id, tokenId: TokenId, amount: Amount, accountId: AccountId.optional() }),
    result: TrackedDepositSchema,
    access: UNLOCKED,
  },
  deposits: { args: NoArgs, result: z.array(TrackedDepositSchema), access: UNLOCKED_READ },
  /** how deposits and balances are followed: live (the RPC's PubSub WebSocket), polling, or none (no RPC) */
  chainUpdates: {
    args: NoArgs,
    result: z.object({
      mode: z.enum(['live', 'polling', 'none']),
      pubsubUrl: z.string().nullable(),
      pollMs: z.number().int().positive(),
    }),
    access: UNLOCKED_READ,
  },
  /** the quote token unless tokenId is given; re-read while the Withdraw form is open, so not activity */
  withdrawalFee: {
    args: z.object({ accountId: AccountId, tokenId: TokenId.optional() }),
    result: z.object({ tokenId: TokenId, fee: z.bigint() }),
    access: UNLOCKED_READ,
  },
  /** whether a withdrawal from here went to this address before (the first-time warning, while typing) */
  checkDestination: {
    args: z.object({ address: z.string().max(64) }),
    result: z.object({
      usedBefore: z.boolean(),
      /** the person's wallet with this address (a withdrawal there does not ask for the passphrase) */
      ownWalletId: Id.nullable(),
    }),
    access: UNLOCKED_READ,
  },
});
