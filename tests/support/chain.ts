// Reads the devnet's settlement chain the way any Solana client would: through its JSON-RPC with
// @solana/kit, the token account being the wallet's associated token account for the token's mint.
import { createSolanaRpc, type Address } from '@solana/kit';
import { associatedTokenAddress } from '../../src/protocol/solana-tx';
import { createChainClient } from '../../src/main/funds/chain-client';

/** The wallet's balance of a token on chain (0 when it has no token account). */
export async function chainTokenBalance(
  devnet: { baseUrl: string; rpcUrl: string },
  owner: string,
  tokenId: number,
): Promise<bigint> {
  const vaults = (await (await fetch(`${devnet.baseUrl}/settlement/vaults`)).json()) as {
    tokenId: number;
    mint: string;
  }[];
  const mint = vaults.find((v) => v.tokenId === tokenId)!.mint;
  const rpc = createSolanaRpc(devnet.rpcUrl);
  const account = associatedTokenAddress(owner, mint);
  if (!(await rpc.getAccountInfo(account, { encoding: 'base64' }).send()).value) return 0n;
  return BigInt((await rpc.getTokenAccountBalance(account as Address).send()).value.amount);
}

/** The devnet's faucet (devnet_requestTokens, asked as the app asks it): tokens, and SOL for fees. */
export async function devnetFaucet(
  rpcUrl: string,
  owner: string,
  tokenId: number,
  amount: bigint,
): Promise<void> {
  await createChainClient(rpcUrl).requestTokens(owner, tokenId, amount);
}
