// How processed / confirmed / finalized map onto a chain with one node and no forks (litesvm has no
// consensus). A transaction runs the moment it is sent, in the current slot: it is processed then, and
// confirmed at once too (no other node could vote it out). Its slot is sealed when the slot clock moves on
// (at most 400 ms later), and a transaction in a sealed slot is finalized. getSignatureStatuses, the
// reads that take a commitment and the PubSub notifications all answer from these three functions, so a
// client never hears "finalized" from one and "not yet" from another.

export type Commitment = 'processed' | 'confirmed' | 'finalized';

/** The newest slot a reader at this commitment sees: finalized readers see only sealed slots. */
export const slotAt = (current: number, commitment: Commitment = 'finalized'): number =>
  Math.max(0, sealedOr(current, commitment));

/** Whether a transaction of txSlot has reached the commitment by the current slot. */
export const reached = (txSlot: number, current: number, commitment: Commitment = 'finalized'): boolean =>
  txSlot <= sealedOr(current, commitment);

// -1 while slot 0 is still open: nothing is finalized yet
const sealedOr = (current: number, commitment: Commitment) =>
  commitment === 'finalized' ? current - 1 : current;

/** A landed transaction's status, as getSignatureStatuses and getSignaturesForAddress report it. */
export const statusOf = (txSlot: number, current: number): 'confirmed' | 'finalized' =>
  reached(txSlot, current, 'finalized') ? 'finalized' : 'confirmed';
