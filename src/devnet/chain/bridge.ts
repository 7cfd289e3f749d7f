// The settlement bridge between the chain and the exchange. It watches every confirmed transaction: tokens
// arriving in one of the exchange's vault token accounts are a deposit, credited after the processing delay
// to the user the transaction's memo names (or, without a valid one, to the sender's own user). Each deposit
// is keyed by its transaction signature, so nothing is credited twice, and one the exchange cannot credit is
// kept with its reason instead of disappearing. Processed withdrawals are paid from the vault to the
// destination's associated token account by a transaction the bridge signs.
import { createNoopSigner, type Address } from '@solana/kit';
import {
  getCreateAssociatedTokenIdempotentInstruction,
  getMintToCheckedInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token';
import { addressOf, associatedTokenAddress, memoInstruction } from '../../protocol/solana-tx';
import type { TokenInfo } from '../../shared/exchange/info';
import type { ChainRuntime, Confirmed } from './runtime';
import type { BridgeDeposit, BridgeState } from './state';
import { depositKey, depositsIn } from './rules';

/** SOL a faucet request leaves a wallet with at least, so it can pay for its own transactions. */
export const FAUCET_SOL_FLOOR = 100_000_000n;
export const FAUCET_SOL_TOP_UP = 1_000_000_000n;
/** The most the faucet hands out in one request, in whole tokens. */
export const FAUCET_MAX_WHOLE = 1_000_000n;

export class Bridge {
  private readonly vaults = new Map<string, { token: TokenInfo; account: Address }>();

  constructor(
    private readonly chain: ChainRuntime,
    private readonly tokens: readonly TokenInfo[],
    readonly state: BridgeState,
    private readonly deps: { nowMs: () => number; depositDelayMs: () => number },
  ) {
    const owner = addressOf(chain.vaultOwner);
    for (const token of tokens) {
      const account = associatedTokenAddress(owner, token.mint);
      this.vaults.set(account, { token, account });
      // At genesis (or after a token was added) the vault token accounts are created on chain.
      if (!chain.tokenAccount(account))
        chain.execute(
          [
            getCreateAssociatedTokenIdempotentInstruction({
              payer: createNoopSigner(addressOf(chain.treasury)),
              ata: account,
              owner,
              mint: token.mint as Address,
            }),
          ],
          [],
        );
    }
    chain.onConfirmed((c) => this.observe(c));
  }

  /** The exchange's deposit vault for each token: where deposits are sent. */
  vaultList(): { tokenId: number; mint: string; owner: string; vault: string }[] {
    return [...this.vaults.values()].map((v) => ({
      tokenId: v.token.tokenId,
      mint: v.token.mint,
      owner: addressOf(this.chain.vaultOwner),
      vault: v.account,
    }));
  }

  deposits(signature: string): BridgeDeposit[] {
    return Object.values(this.state.deposits).filter((d) => d.signature === signature);
  }

  uncredited(): BridgeDeposit[] {
    return Object.values(this.state.deposits).filter((d) => d.status === 'uncredited');
  }

  private observe(c: Confirmed): void {
    const found = depositsIn(
      c,
      (account) => this.vaults.get(account)?.token,
      this.deps.nowMs() + this.deps.depositDelayMs(),
    );
    // each deposit is keyed by its transaction and token, so one seen before is never counted again
    for (const deposit of found) this.state.deposits[depositKey(deposit)] ??= deposit;
  }

  /** Deposits whose processing delay has passed, oldest first. */
  due(nowMs: number): BridgeDeposit[] {
    return Object.values(this.state.deposits)
      .filter((d) => d.status === 'confirmed' && d.dueMs <= nowMs)
      .sort((a, b) => a.dueMs - b.dueMs);
  }

  /** Makes a confirmed deposit due now (the demo seeds history that is already processed). */
  expedite(signature: string): void {
    for (const d of this.deposits(signature)) if (d.status === 'confirmed') d.dueMs = 0;
  }

  /**
   * Pays a processed withdrawal: amount (less the fee, already taken) from the vault to the destination's
   * associated token account, created when absent. Returns the payout's transaction signature.
   */
  payout(destination: string, tokenId: number, amount: bigint, eventNonce: bigint): string {
    const token = this.tokens.find((t) => t.tokenId === tokenId);
    if (!token) throw new Error(`no token ${tokenId}`);
    const vault = associatedTokenAddress(addressOf(this.chain.vaultOwner), token.mint);
    const held = this.chain.tokenAccount(vault)?.amount ?? 0n;
    const mint = token.mint as Address;
    const treasury = createNoopSigner(addressOf(this.chain.treasury));
    const instructions = [];
    // Balances the devnet's own market maker paid out were never deposited: the treasury mints what the
    // vault lacks, in the same transaction and in plain sight, rather than letting the payout fail.
    if (held < amount)
      instructions.push(
        getMintToCheckedInstruction({
          mint,
          token: vault,
          mintAuthority: treasury,
          amount: amount - held,
          decimals: token.decimals,
        }),
      );
    const destinationAccount = associatedTokenAddress(destination, token.mint);
    instructions.push(
      getCreateAssociatedTokenIdempotentInstruction({
        payer: treasury,
        ata: destinationAccount,
        owner: destination as Address,
        mint,
      }),
      getTransferCheckedInstruction({
        source: vault,
        mint,
        destination: destinationAccount,
        authority: createNoopSigner(addressOf(this.chain.vaultOwner)),
        amount,
        decimals: token.decimals,
      }),
      memoInstruction(`perpetua:withdrawal:v1 nonce=${eventNonce}`),
    );
    return this.chain.execute(instructions, [this.chain.vaultOwner]).signature;
  }

  /**
   * Devnet faucet: mints test tokens to the owner's associated token account (creating it) and tops its
   * SOL up for fees. Returns the token transaction's signature.
   */
  faucet(owner: string, tokenId: number, amount: bigint): string {
    const token = this.tokens.find((t) => t.tokenId === tokenId);
    if (!token) throw new FaucetError(`token ${tokenId} does not exist`);
    if (amount <= 0n) throw new FaucetError('the amount must be more than zero');
    if (amount > FAUCET_MAX_WHOLE * 10n ** BigInt(token.decimals))
      throw new FaucetError(`the faucet gives at most ${FAUCET_MAX_WHOLE} ${token.symbol} at a time`);
    if (
      this.vaults.has(associatedTokenAddress(owner, token.mint)) ||
      owner === addressOf(this.chain.vaultOwner)
    )
      throw new FaucetError('the faucet does not pay the exchange vault');
    const mint = token.mint as Address;
    const ata = associatedTokenAddress(owner, token.mint);
    const treasury = createNoopSigner(addressOf(this.chain.treasury));
    const signature = this.chain.execute(
      [
        getCreateAssociatedTokenIdempotentInstruction({
          payer: treasury,
          ata,
          owner: owner as Address,
          mint,
        }),
        getMintToCheckedInstruction({
          mint,
          token: ata,
          mintAuthority: treasury,
          amount,
          decimals: token.decimals,
        }),
      ],
      [],
    ).signature;
    if (this.chain.lamports(owner as Address) < FAUCET_SOL_FLOOR)
      this.chain.airdrop(owner as Address, FAUCET_SOL_TOP_UP);
    return signature;
  }
}

export class FaucetError extends Error {}
