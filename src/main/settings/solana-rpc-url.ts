// Checks a Solana RPC address a person typed before it is saved: a plain http(s) URL where a Solana JSON-RPC
// answers getVersion and says it is healthy (getHealth). An address that does not is never saved, so the
// app cannot be left reading balances from, or sending deposits to, nothing.
import { createSolanaRpc } from '@solana/kit';
import { AppFailure } from '../../shared/result';
import { parseWebAddress } from './web-address';

export function normalizeSolanaRpcUrl(text: string): string {
  const url = parseWebAddress(text, {
    name: 'Solana RPC',
    one: 'a Solana RPC',
    example: 'https://api.devnet.solana.com',
  });
  if (url.hash) throw new AppFailure('INVALID_ARGUMENT', 'The address must not contain a #fragment.');
  return url.href.replace(/\/$/, '');
}

/** Normalizes the address and asks the RPC there for its version and health; a plain-words AppFailure. */
export async function checkSolanaRpcUrl(text: string, timeoutMs = 5_000): Promise<string> {
  const url = normalizeSolanaRpcUrl(text);
  const rpc = createSolanaRpc(url);
  try {
    const version = await rpc.getVersion().send({ abortSignal: AbortSignal.timeout(timeoutMs) });
    if (typeof version?.['solana-core'] !== 'string') throw new Error('no solana-core version');
  } catch (error) {
    throw new AppFailure(
      'EXCHANGE_UNREACHABLE',
      `No Solana RPC answered getVersion at ${url} (${(error as Error).message.slice(0, 200)}). Check the address.`,
    );
  }
  let health: unknown;
  try {
    health = await rpc.getHealth().send({ abortSignal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    health = (error as Error).message;
  }
  if (health !== 'ok')
    throw new AppFailure(
      'EXCHANGE_BAD_RESPONSE',
      `The Solana RPC at ${url} answered, but says it is not healthy (${String(health).slice(0, 200)}).`,
    );
  return url;
}
