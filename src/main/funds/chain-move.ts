// Moving everything a wallet holds on chain to another address: each exchange token whole (its emptied
// token account closed, so the rent goes along), then the SOL left after the fee. Used by the leaked
// wallet-key drill. Each move is "all of it, read now", so it cannot move anything twice: after a crash the
// balance is read again, and a transaction that landed meanwhile left nothing to move (one still in flight
// makes a second one fail on the chain for want of funds, never pay twice).
import { AppFailure } from '../../shared/result';
import type { TokenInfo } from '../../shared/exchange/info';
import { signChainMove } from '../../protocol/solana-tx';
import type { SigningKey } from '../../protocol/keys';
import { LAMPORTS_PER_SIGNATURE, type ChainClient } from './chain-client';

export interface ChainMoveDeps {
  chain: ChainClient;
  signingKey(): Promise<SigningKey>;
  /** the wallet's address */
  from: string;
  pollMs?: number;
  timeoutMs?: number;
}

/** What moved: null when there was nothing. */
export type Moved = { amount: bigint; signature: string } | null;

/** The whole balance of `token` (or SOL, less the fee, when token is null) from the wallet to `to`. */
export async function moveAllOnChain(
  deps: ChainMoveDeps,
  to: string,
  token: TokenInfo | null,
): Promise<Moved> {
  const { chain } = deps;
  let amount: bigint;
  if (token) {
    amount = (await chain.tokenBalance(deps.from, token.mint)) ?? 0n;
    // an empty token account is left as it is: closing it alone is not worth a fee
    if (amount === 0n) return null;
    if ((await chain.sol(deps.from)) < LAMPORTS_PER_SIGNATURE)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        `The wallet has no SOL to pay the network fee, so its ${token.symbol} cannot leave it.`,
      );
  } else {
    amount = (await chain.sol(deps.from)) - LAMPORTS_PER_SIGNATURE;
    if (amount <= 0n) return null;
  }
  const signed = signChainMove({
    key: await deps.signingKey(),
    to,
    ...(token ? { token: { mint: token.mint, decimals: token.decimals, amount } } : { lamports: amount }),
    blockhash: await chain.latestBlockhash(),
  });
  await chain.send(signed.wire);
  await landed(deps, signed.signature);
  return { amount, signature: signed.signature };
}

async function landed(deps: ChainMoveDeps, signature: string): Promise<void> {
  const end = Date.now() + (deps.timeoutMs ?? 60_000);
  for (;;) {
    const status = await deps.chain.status(signature);
    if (status.status === 'landed') {
      if (status.err === null) return;
      throw new AppFailure('CHAIN_REFUSED', 'The transaction failed on the chain; nothing left the wallet.');
    }
    if (Date.now() > end)
      throw new AppFailure(
        'OUTCOME_UNKNOWN',
        `The chain has not confirmed transaction ${signature} yet; finishing the drill reads the balance again.`,
      );
    await new Promise((r) => setTimeout(r, deps.pollMs ?? 300));
  }
}
