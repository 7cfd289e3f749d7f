// Signs and submits one action, and settles every outcome: executed, rejected, or unknown because the answer
// was lost. An unknown outcome is resolved by resending the IDENTICAL signed body, never by signing a new
// one: if the first copy landed, the exchange answers DUPLICATE with its action id; if it did not, this copy
// executes. Either way the action executes exactly once.
import bs58 from 'bs58';
import { AppFailure } from '../../shared/result';
import { describeReceiptError, type ErrorName } from '../../shared/receipt-errors';
import { buildActionBody } from '../../protocol/framing';
import { decodeReceipt, encodeActionRaw } from '../../protocol/codec';
import { signAction, type Framing } from '../../protocol/signing';
import type { SigningKey } from '../../protocol/keys';
import type { ProtocolSchema } from '../../protocol/schema';
import type { ActionKind, Receipt } from '../../protocol/types';
import type { ExchangeClient } from '../exchange/exchange-client';
import type { EngineClock } from '../exchange/engine-clock';
import type { NonceJournal, PendingSubmission } from '../nonces/nonce-journal';

export type Outcome =
  | { status: 'executed'; actionId: bigint; receipt: Receipt }
  /** a resend found the first copy had executed; its receipt is in the exchange's action log */
  | { status: 'executed-earlier'; actionId: bigint; kind: string };

export interface SubmitterDeps {
  client: ExchangeClient;
  clock: EngineClock;
  journal: NonceJournal;
  schema: () => Promise<ProtocolSchema>;
  now?: () => number;
}

const isNetworkFailure = (error: unknown): boolean =>
  error instanceof AppFailure &&
  (error.code === 'EXCHANGE_UNREACHABLE' ||
    error.code === 'THROTTLED' ||
    (error.code === 'EXCHANGE_BAD_RESPONSE' &&
      error.details?.status !== undefined &&
      Number(error.details.status) >= 500));

export class Submitter {
  constructor(private readonly deps: SubmitterDeps) {}

  private async post(pending: PendingSubmission): Promise<Receipt> {
    const schema = await this.deps.schema();
    const answer = await this.deps.client.submit(Buffer.from(pending.body, 'base64'));
    try {
      return decodeReceipt(schema, answer);
    } catch {
      throw new AppFailure(
        'EXCHANGE_BAD_RESPONSE',
        'The exchange answered with something that is not a receipt.',
      );
    }
  }

  /** Resends one pending body; returns its settled outcome, or why it did not execute; throws if still unknown. */
  private async resolve(
    pending: PendingSubmission,
  ): Promise<Outcome | { status: 'not-executed'; error: ErrorName }> {
    const receipt = await this.post(pending);
    this.deps.journal.settle(pending.signer, pending.nonce);
    if (receipt.kind.type !== 'err') return { status: 'executed', actionId: receipt.actionId, receipt };
    if (receipt.kind.error === 'DUPLICATE')
      return { status: 'executed-earlier', actionId: receipt.actionId, kind: pending.kind };
    // Any other rejection of the identical body means the first copy never executed either.
    return { status: 'not-executed', error: receipt.kind.error };
  }

  /** Settles every submission a crash or a network failure left open. Safe to call at any time. */
  async recover(
    signer?: string,
  ): Promise<
    { pending: PendingSubmission; outcome: Outcome | { status: 'not-executed'; error: ErrorName } }[]
  > {
    const results = [];
    for (const pending of this.deps.journal.pending(signer))
      results.push({ pending, outcome: await this.resolve(pending) });
    return results;
  }

  async submit(key: SigningKey, framing: Framing, kind: ActionKind, retries = 1): Promise<Outcome> {
    const signer = bs58.encode(key.publicKey);
    const journal = this.deps.journal;
    if (journal.pending(signer).length > 0) {
      try {
        await this.recover(signer);
      } catch (error) {
        if (isNetworkFailure(error)) throw unknownOutcome();
        throw error;
      }
    }
    if (!journal.knows(signer)) journal.observe(signer, await this.deps.client.signerNonce(signer));

    const schema = await this.deps.schema();
    const currentTimestamp = await this.deps.clock.seconds();
    const pending = journal.reserve(
      signer,
      (nonce) => {
        const raw = encodeActionRaw(schema, { currentTimestamp, nonce, kind });
        return { body: buildActionBody(raw, signAction(raw, key, framing)), kind: kind.type };
      },
      (this.deps.now ?? Date.now)(),
    );

    let receipt: Receipt;
    try {
      receipt = await this.post(pending);
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      // The answer is lost: resend the identical bytes once; if that fails too, the journal keeps it open.
      try {
        const outcome = await this.resolve(pending);
        if (outcome.status !== 'not-executed') return outcome;
        throw new AppFailure('EXCHANGE_REJECTED', describeReceiptError(outcome.error), {
          receiptError: outcome.error,
        });
      } catch (again) {
        if (isNetworkFailure(again)) throw unknownOutcome();
        throw again;
      }
    }
    journal.settle(signer, pending.nonce);

    if (receipt.kind.type !== 'err') return { status: 'executed', actionId: receipt.actionId, receipt };
    const error = receipt.kind.error;
    // Rejected actions change nothing on the exchange, so these two are safe to retry with fresh values.
    if (retries > 0 && (error === 'TIMESTAMP_STALE' || error === 'TIMESTAMP_OUT_OF_THRESHOLD')) {
      this.deps.clock.invalidate();
      return this.submit(key, framing, kind, retries - 1);
    }
    if (retries > 0 && error === 'ACTION_INVALID_NONCE') {
      journal.observe(signer, await this.deps.client.signerNonce(signer));
      return this.submit(key, framing, kind, retries - 1);
    }
    throw new AppFailure('EXCHANGE_REJECTED', describeReceiptError(error), { receiptError: error });
  }
}

function unknownOutcome(): AppFailure {
  return new AppFailure(
    'OUTCOME_UNKNOWN',
    'The exchange did not answer, so it is not known yet whether this went through. Perpetua will check as soon as the exchange is reachable; do not send it again.',
  );
}
