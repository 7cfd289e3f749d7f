// The exchange's rules for what arrives on the settlement chain: which tokens in a confirmed transaction are
// a deposit, and for whom. Tokens arriving in one of the exchange's vault token accounts are a deposit for
// the user a deposit memo names or, without a valid one, for the sender's own user; a memo that tried and
// failed is kept so the default is explained.
import { MEMO_PROGRAM_ADDRESS, parseDepositMemo } from '../../protocol/solana-tx';
import type { TokenInfo } from '../../shared/exchange/info';
import type { Confirmed } from './runtime';
import type { BridgeDeposit } from './state';

/** SPL Memo v1 and v2: either names a deposit's recipient. */
const MEMO_PROGRAMS = new Set<string>([MEMO_PROGRAM_ADDRESS, 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo']);

/** One deposit per transaction and token. */
export const depositKey = (d: Pick<BridgeDeposit, 'signature' | 'tokenId'>): string =>
  `${d.signature}:${d.tokenId}`;

/**
 * The deposits a confirmed transaction made: one per vault token account it paid into (`vaultToken` says
 * which token a vault account holds, undefined for any other account), due for crediting at `dueMs`.
 */
export function depositsIn(
  c: Confirmed,
  vaultToken: (account: string) => TokenInfo | undefined,
  dueMs: number,
): BridgeDeposit[] {
  const memos = c.instructions
    .filter((ix) => MEMO_PROGRAMS.has(ix.program))
    .map((ix) => new TextDecoder().decode(ix.data));
  const named = memos.map(parseDepositMemo).find((m) => m !== null);
  const attempted = memos.find((m) => m.startsWith('perpetua:deposit'));
  const found: BridgeDeposit[] = [];
  for (const d of c.tokenDeltas) {
    const token = vaultToken(d.account);
    if (!token || d.delta <= 0n) continue;
    const senders = new Set(
      c.tokenDeltas.filter((x) => x.mint === d.mint && x.delta < 0n).map((x) => x.owner),
    );
    const sender = senders.size === 1 ? [...senders][0]! : c.feePayer;
    found.push({
      signature: c.record.signature,
      tokenId: token.tokenId,
      amount: d.delta.toString(),
      sender,
      recipient: named?.recipient ?? sender,
      ...(named?.accountId !== undefined ? { accountId: named.accountId } : {}),
      correlation: named ? 'memo' : 'sender',
      ...(!named && attempted ? { memoProblem: `not a valid deposit memo: ${attempted.slice(0, 120)}` } : {}),
      slot: c.record.slot,
      dueMs,
      status: 'confirmed',
    });
  }
  return found;
}
