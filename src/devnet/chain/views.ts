// The bridge's deposit records as GET /settlement/* answers them.
import type { BridgeDeposit } from './state';

/** A deposit as JSON: optional fields appear only when they say something. */
export const wireDeposit = (d: BridgeDeposit) => ({
  signature: d.signature,
  tokenId: d.tokenId,
  amount: d.amount,
  sender: d.sender,
  recipient: d.recipient,
  ...(d.accountId !== undefined ? { accountId: d.accountId } : {}),
  correlation: d.correlation,
  ...(d.memoProblem ? { memoProblem: d.memoProblem } : {}),
  slot: d.slot,
  status: d.status,
  ...(d.reason ? { reason: d.reason } : {}),
  ...(d.creditedAccountId !== undefined ? { creditedAccountId: d.creditedAccountId } : {}),
});
