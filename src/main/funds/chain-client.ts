// The settlement chain as the app reads and writes it: a Solana JSON-RPC through @solana/kit's client.
// Every call has a deadline. Failures come out as AppFailures in two kinds the deposit tracker must tell
// apart: a refusal (the chain answered no: nothing happened) and no answer (it may or may not have landed).
import {
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  SOLANA_ERROR__INSTRUCTION_ERROR__INSUFFICIENT_FUNDS,
  SOLANA_ERROR__INSTRUCTION_ERROR__INVALID_ACCOUNT_DATA,
  SOLANA_ERROR__INSTRUCTION_ERROR__UNINITIALIZED_ACCOUNT,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
  SOLANA_ERROR__TRANSACTION_ERROR__ACCOUNT_NOT_FOUND,
  SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_FEE,
  createSolanaRpc,
  fetchEncodedAccount,
  isSolanaError,
  type Address,
  type Base64EncodedWireTransaction,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
} from '@solana/kit';
import { TOKEN_PROGRAM_ADDRESS, getTokenDecoder, getTokenSize } from '@solana-program/token';
import { associatedTokenAddress } from '../../protocol/solana-tx';
import { AppFailure } from '../../shared/result';

const TIMEOUT_MS = 10_000;
/** What one signature costs on Solana (the base fee); a deposit has one signer. */
export const LAMPORTS_PER_SIGNATURE = 5_000n;

export type TxStatus = { status: 'landed'; err: unknown } | { status: 'unknown' };

export interface ChainClient {
  url: string;
  latestBlockhash(): Promise<{ blockhash: string; lastValidBlockHeight: bigint }>;
  /** sends a signed transaction (preflight on); its signature */
  send(wire: string): Promise<string>;
  status(signature: string): Promise<TxStatus>;
  slot(): Promise<bigint>;
  sol(owner: string): Promise<bigint>;
  /** the owner's associated token account for a mint: null when it does not exist */
  tokenBalance(owner: string, mint: string): Promise<bigint | null>;
  /** devnet only: test tokens (and SOL for fees) to the owner */
  requestTokens(owner: string, tokenId: number, amount: bigint): Promise<string>;
}

/** Did the request perhaps not arrive (as opposed to an answer that said no)? */
export function isUnanswered(error: unknown): boolean {
  if (error instanceof AppFailure) return error.code === 'CHAIN_UNREACHABLE';
  return true;
}

export function createChainClient(url: string): ChainClient {
  const rpc = createSolanaRpc(url) as Rpc<SolanaRpcApi>;
  const signal = () => ({ abortSignal: AbortSignal.timeout(TIMEOUT_MS) });
  const call = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      throw classify(error, what, url);
    }
  };
  return {
    url,
    latestBlockhash: () =>
      call('getLatestBlockhash', async () => (await rpc.getLatestBlockhash().send(signal())).value),
    send: (wire) =>
      call('sendTransaction', () =>
        rpc.sendTransaction(wire as Base64EncodedWireTransaction, { encoding: 'base64' }).send(signal()),
      ),
    status: (signature) =>
      call('getSignatureStatuses', async () => {
        const s = (await rpc.getSignatureStatuses([signature as Signature]).send(signal())).value[0];
        return s ? { status: 'landed' as const, err: s.err } : { status: 'unknown' as const };
      }),
    slot: () => call('getSlot', () => rpc.getSlot().send(signal())),
    sol: (owner) =>
      call('getBalance', async () => (await rpc.getBalance(owner as Address).send(signal())).value),
    // one read of the token account, decoded here (it was a read to see it exists, then a second for its
    // balance: two round trips after every payout before the figure could change)
    tokenBalance: (owner, mint) =>
      call('getAccountInfo', async () => {
        const address = associatedTokenAddress(owner, mint) as Address;
        const account = await fetchEncodedAccount(rpc, address, signal());
        if (!account.exists) return null;
        const token = account.programAddress === TOKEN_PROGRAM_ADDRESS ? decodeToken(account.data) : null;
        if (!token || token.mint !== mint || token.owner !== owner)
          throw new AppFailure(
            'CHAIN_REFUSED',
            `The Solana RPC answered for ${address}, the wallet's token account, with an account that is not it.`,
          );
        return token.amount;
      }),
    requestTokens: (owner, tokenId, amount) =>
      call('devnet_requestTokens', async () => {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'devnet_requestTokens',
            params: [owner, tokenId, amount.toString()],
          }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } };
        if (body.error?.code === -32601)
          throw new AppFailure('CONFLICT', 'This Solana RPC has no test-token faucet: it is not a devnet.');
        if (body.error) throw new AppFailure('INVALID_ARGUMENT', `The faucet refused: ${body.error.message}`);
        if (typeof body.result !== 'string') throw new Error('the faucet answered without a signature');
        return body.result;
      }),
  };
}

/** An SPL token account's fields, or null when the bytes are not one. */
function decodeToken(data: Uint8Array) {
  if (data.length !== getTokenSize()) return null;
  try {
    return getTokenDecoder().decode(data);
  } catch {
    return null;
  }
}

/** The chain's answer in words a person can act on; anything without an answer is CHAIN_UNREACHABLE. */
function classify(error: unknown, what: string, url: string): AppFailure {
  if (error instanceof AppFailure) return error;
  if (isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE))
    return new AppFailure('CHAIN_REFUSED', refusalInWords(error.cause));
  if (isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE))
    return new AppFailure('CHAIN_REFUSED', 'The chain did not accept the wallet’s signature on the deposit.');
  if (
    isSolanaError(error) &&
    (error.context as { __code: number }).__code < 0 &&
    (error.context as { __code: number }).__code > -32800
  )
    return new AppFailure('CHAIN_REFUSED', `The Solana RPC refused ${what}: ${error.message}`);
  return new AppFailure('CHAIN_UNREACHABLE', `The Solana RPC at ${url} did not answer ${what}.`);
}

/** What a failed preflight means for the person (insufficient tokens, no token account, no SOL for the fee). */
export function refusalInWords(cause: unknown): string {
  if (isSolanaError(cause, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM) && cause.context.code === 1)
    return 'Your wallet holds fewer of these tokens on the chain than that amount. Nothing was sent.';
  if (isSolanaError(cause, SOLANA_ERROR__INSTRUCTION_ERROR__INSUFFICIENT_FUNDS))
    return 'Your wallet holds fewer of these tokens on the chain than that amount. Nothing was sent.';
  if (
    isSolanaError(cause, SOLANA_ERROR__INSTRUCTION_ERROR__INVALID_ACCOUNT_DATA) ||
    isSolanaError(cause, SOLANA_ERROR__INSTRUCTION_ERROR__UNINITIALIZED_ACCOUNT)
  )
    return 'Your wallet has no token account for this token on the chain (it has never held any), so there is nothing to send. Nothing was sent.';
  if (
    isSolanaError(cause, SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_FEE) ||
    isSolanaError(cause, SOLANA_ERROR__TRANSACTION_ERROR__ACCOUNT_NOT_FOUND)
  )
    return 'Your wallet has no SOL to pay the network fee. Nothing was sent.';
  if (isSolanaError(cause, SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND))
    return 'The transaction expired before it reached the chain. Nothing left your wallet; try again.';
  return `The chain refused the transaction (${cause instanceof Error ? cause.message : 'no reason given'}). Nothing was sent.`;
}
