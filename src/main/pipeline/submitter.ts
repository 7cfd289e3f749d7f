// Signs and submits one action, and settles every outcome: executed, rejected, or unknown because the answer
// was lost or unreadable. An unknown outcome is settled from the exchange's own record, never by signing a
// new action: the signer's last accepted nonce says whether the first copy can still be pending, and the
// action log says whether it executed. See docs/signing-pipeline.md, "Nonces and recovery".
import bs58 from 'bs58';
import { AppFailure } from '../../shared/result';
import { describeReceiptError, type ErrorName } from '../../shared/receipt-errors';
import { buildActionBody, splitActionBody } from '../../protocol/framing';
import { decodeAction, decodeReceipt, encodeActionRaw } from '../../protocol/codec';
import { signAction, type Framing } from '../../protocol/signing';
import type { SigningKey } from '../../protocol/keys';
import type { ProtocolSchema } from '../../protocol/schema';
import type { ActionKind, Receipt } from '../../protocol/types';
import type { ExchangeClient } from '../exchange/exchange-client';
import type { EngineClock } from '../exchange/engine-clock';
import { asUnsentAction } from '../exchange/reachability';
import type { NonceJournal, PendingSubmission, SubmissionContext } from '../nonces/nonce-journal';

export type Outcome =
  | { status: 'executed'; actionId: bigint; receipt: Receipt }
  /** the first copy had executed; its receipt is in the exchange's action log */
  | { status: 'executed-earlier'; actionId: bigint; kind: string };

export interface NotExecuted {
  status: 'not-executed';
  /**
   * rejected: the identical resend was rejected while the nonce proved the first copy had not executed;
   * refused: the exchange refused the resend's request itself (HTTP 4xx), same proof;
   * nonce-used: the nonce was used up, and not by this action (it is not in the action log)
   */
  reason: 'rejected' | 'refused' | 'nonce-used';
  error?: ErrorName;
  /** the exchange's words for a refusal */
  detail?: string;
}

export type Settlement = Outcome | NotExecuted;

export interface Recovered {
  pending: PendingSubmission;
  outcome: Settlement;
}

export interface SubmitOptions {
  /** stored with the journal entry and handed back if recovery settles it (e.g. the audit line's fields) */
  context?: SubmissionContext;
  /** how many times a rejection that changed nothing (stale time, used nonce) is retried with fresh values */
  retries?: number;
  /**
   * What the caller records of an executed action (its audit line, its session's record), run before the
   * journal lets go of the submission: a crash after the action executed then leaves either the record or
   * the open entry that recovery settles and records (never neither). If it throws, the entry stays open.
   */
  onExecuted?: (outcome: Outcome) => void;
}

export interface SubmitterDeps {
  client: Pick<ExchangeClient, 'submit' | 'signerNonce' | 'lastExecutedId' | 'actions'>;
  clock: Pick<EngineClock, 'seconds' | 'invalidate'>;
  journal: NonceJournal;
  schema: () => Promise<ProtocolSchema>;
  now?: () => number;
  /**
   * Called with nothing awaited between it and the signature: throws to stop a signature (the app locked
   * while the action was on its way here).
   */
  beforeSign?: () => void;
  /**
   * Called once an action of this app is known to have executed (submitted, or settled by recovery): the
   * figures anyone read before it are older than the exchange now (a read started earlier is not handed out).
   */
  afterExecuted?: () => void;
  /**
   * Most ids one GET /action may span. The interface does not state it (the devnet's is 1,000); a smaller
   * limit answered with 400 RangeTooLarge is found by halving.
   */
  maxActionRange?: number;
}

/** Engine time at execution is within this of the action's signed timestamp (the interface's Limits). */
const TIMESTAMP_THRESHOLD_SECONDS = 120;
/** Slack on top when searching the action log: its times are whole seconds and the threshold may grow. */
const LOG_MARGIN_SECONDS = 300;
/** When a journalled body cannot be read, its local creation time stands in, with this much more slack. */
const LOCAL_CLOCK_MARGIN_SECONDS = 24 * 3600;
const DEFAULT_ACTION_RANGE = 1_000;

const THROTTLED_MESSAGE = 'The exchange is limiting requests; nothing was sent. Try again in a moment.';

const statusOf = (error: unknown): number | null =>
  error instanceof AppFailure && error.details?.status !== undefined ? Number(error.details.status) : null;

/**
 * The exchange turned the request away before executing anything: 4xx other than 429 (413 too large, 415,
 * a 404 for the path...). Only used once the nonce has shown the first copy did not execute either.
 */
const isRefusal = (error: unknown): error is AppFailure => {
  if (!(error instanceof AppFailure)) return false;
  if (error.code === 'NOT_FOUND') return true;
  const status = statusOf(error);
  return error.code === 'EXCHANGE_BAD_RESPONSE' && status !== null && status >= 400 && status < 500;
};

const entryId = (p: { signer: string; nonce: number }): string => `${p.signer}:${p.nonce}`;

export class Submitter {
  /** Entries a submit() or recover() in this process is settling right now; nobody else touches them. */
  private readonly inFlight = new Set<string>();
  private readonly listeners = new Set<(recovered: Recovered) => void>();

  constructor(private readonly deps: SubmitterDeps) {}

  /** Whether an action is on its way to the exchange or being settled right now (a reset waits for it). */
  get sending(): boolean {
    return this.inFlight.size > 0;
  }

  /** Called for every entry recover() settles (not for outcomes submit() returns or throws itself). */
  onRecovered(listener: (recovered: Recovered) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

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

  /**
   * Settles one submission whose answer never arrived, from what the exchange has recorded. Throws, leaving
   * the journal entry open, while anything needed is unknown (unreachable, throttled, unreadable).
   */
  private async resolve(pending: PendingSubmission): Promise<Settlement> {
    const serverLast = await this.deps.client.signerNonce(pending.signer);
    if (serverLast < pending.nonce) {
      // Nonces are monotonic per signer, so nothing with this nonce has executed: the first copy did not.
      // Only now is the identical body's answer conclusive: it executes, DUPLICATE (the first copy landed
      // between the two questions), or a rejection or refusal that changed nothing.
      let receipt: Receipt;
      try {
        receipt = await this.post(pending);
      } catch (error) {
        if (isRefusal(error)) return { status: 'not-executed', reason: 'refused', detail: error.message };
        throw error;
      }
      if (receipt.kind.type !== 'err') return { status: 'executed', actionId: receipt.actionId, receipt };
      if (receipt.kind.error === 'DUPLICATE')
        return { status: 'executed-earlier', actionId: receipt.actionId, kind: pending.kind };
      return { status: 'not-executed', reason: 'rejected', error: receipt.kind.error };
    }
    // The nonce is used up, by the first copy or by another action (another device with the same key). A
    // resend cannot tell which: an exchange that checks time or nonce before duplicates answers a copy that
    // DID execute with TIMESTAMP_STALE or ACTION_INVALID_NONCE. The action log can.
    const actionId = await this.findInLog(pending);
    if (actionId === 'no-log') {
      // The exchange keeps no queryable log (501). DUPLICATE still proves execution; nothing else proves
      // the opposite, so anything else leaves the entry open.
      const receipt = await this.post(pending);
      if (receipt.kind.type === 'err' && receipt.kind.error === 'DUPLICATE')
        return { status: 'executed-earlier', actionId: receipt.actionId, kind: pending.kind };
      throw new AppFailure(
        'EXCHANGE_BAD_RESPONSE',
        'The exchange cannot show its action log, so whether this executed is not known yet.',
      );
    }
    if (actionId === null)
      return { status: 'not-executed', reason: 'nonce-used', error: 'ACTION_INVALID_NONCE' };
    return { status: 'executed-earlier', actionId, kind: pending.kind };
  }

  /** The engine time the body was signed for; the exchange executes it within the threshold of that. */
  private async signedAt(pending: PendingSubmission): Promise<{ seconds: number; slack: number }> {
    const schema = await this.deps.schema();
    try {
      const { payload } = splitActionBody(Buffer.from(pending.body, 'base64'));
      return { seconds: Number(decodeAction(schema, payload).currentTimestamp), slack: 0 };
    } catch {
      return { seconds: Math.floor(pending.createdAt / 1000), slack: LOCAL_CLOCK_MARGIN_SECONDS };
    }
  }

  /**
   * The id of the executed action with this signer and nonce, scanning the log backwards from its newest
   * entry until entries are older than the submission could have executed; null if it is not there.
   */
  private async findInLog(pending: PendingSubmission): Promise<bigint | null | 'no-log'> {
    const { seconds, slack } = await this.signedAt(pending);
    const oldest = seconds - TIMESTAMP_THRESHOLD_SECONDS - LOG_MARGIN_SECONDS - slack;
    const last = await this.deps.client.lastExecutedId();
    if (last === null)
      // the nonce says something executed, the log says nothing did: believe neither yet
      throw new AppFailure(
        'EXCHANGE_BAD_RESPONSE',
        'The exchange reports a used nonce but no executed actions; whether this executed is not known yet.',
      );
    let range = BigInt(Math.max(1, this.deps.maxActionRange ?? DEFAULT_ACTION_RANGE));
    let to = last;
    while (to >= 1n) {
      const from = to - range + 1n > 1n ? to - range + 1n : 1n;
      let items: Awaited<ReturnType<ExchangeClient['actions']>>;
      try {
        items = await this.deps.client.actions(from, to);
      } catch (error) {
        const status = statusOf(error);
        if (status === 400 && range > 1n) {
          range /= 2n; // RangeTooLarge: the exchange's limit is below ours
          continue;
        }
        if (status === 501) return 'no-log';
        throw error;
      }
      // the public ActionsItem carries the delimited Action as submitted: ours is the body less its
      // signature, byte for byte (signer and nonce are inside it)
      const raw = Buffer.from(splitActionBody(Buffer.from(pending.body, 'base64')).raw);
      const match = items.find((i) => Buffer.from(i.payload, 'base64').equals(raw));
      if (match) return match.actionId;
      if (items.some((i) => Date.parse(i.physicalTime) / 1000 < oldest)) return null;
      to = from - 1n;
    }
    return null;
  }

  /** Settles every submission a crash or a network failure left open. Safe to call at any time. */
  async recover(signer?: string): Promise<Recovered[]> {
    const journal = this.deps.journal;
    const results: Recovered[] = [];
    for (const pending of journal.pending(signer)) {
      const id = entryId(pending);
      // settled meanwhile, or being settled by a submit() or another recover() right now
      if (this.inFlight.has(id) || !journal.has(pending.signer, pending.nonce)) continue;
      this.inFlight.add(id);
      try {
        const recovered = { pending, outcome: await this.resolve(pending) };
        // Reported before the entry is settled: a crash in between repeats a report, never loses one.
        for (const listener of this.listeners) {
          try {
            listener(recovered);
          } catch {
            // a failing listener must not keep a settled entry open forever
          }
        }
        journal.settle(pending.signer, pending.nonce);
        if (recovered.outcome.status !== 'not-executed') this.deps.afterExecuted?.();
        results.push(recovered);
      } finally {
        this.inFlight.delete(id);
      }
    }
    return results;
  }

  submit(key: SigningKey, framing: Framing, kind: ActionKind, options: SubmitOptions = {}): Promise<Outcome> {
    return this.submitNow(key, framing, kind, options).then(
      (outcome) => {
        this.deps.afterExecuted?.();
        return outcome;
      },
      // stopped while the exchange is away, on a read on the way or at the post itself: nothing left the app
      (error: unknown) => {
        throw asUnsentAction(error);
      },
    );
  }

  private async submitNow(
    key: SigningKey,
    framing: Framing,
    kind: ActionKind,
    options: SubmitOptions,
  ): Promise<Outcome> {
    const retries = options.retries ?? 1;
    const signer = bs58.encode(key.publicKey);
    const journal = this.deps.journal;
    // What this signer left open is settled before it signs anything else, so a person is never asked to
    // act again while an earlier action of theirs may still have happened.
    if (journal.pending(signer).some((p) => !this.inFlight.has(entryId(p)))) {
      try {
        await this.recover(signer);
      } catch (error) {
        throw notSent(error);
      }
    }
    if (!journal.knows(signer)) journal.observe(signer, await this.deps.client.signerNonce(signer));

    const schema = await this.deps.schema();
    const currentTimestamp = await this.deps.clock.seconds();
    this.deps.beforeSign?.();
    const pending = journal.reserve(
      signer,
      (nonce) => {
        const raw = encodeActionRaw(schema, { currentTimestamp, nonce, kind });
        return { body: buildActionBody(raw, signAction(raw, key, framing)), kind: kind.type };
      },
      (this.deps.now ?? Date.now)(),
      options.context,
    );

    let receipt: Receipt;
    const id = entryId(pending);
    this.inFlight.add(id);
    try {
      receipt = await this.post(pending);
    } catch (error) {
      if (error instanceof AppFailure && error.details?.sent === false) {
        // Stopped before it left the app (the exchange was known to be away): settled, nothing to check.
        journal.settle(signer, pending.nonce);
        throw error;
      }
      if (error instanceof AppFailure && error.code === 'THROTTLED') {
        // 429 is the exchange declining before it executes anything: settled, and safe to try again.
        journal.settle(signer, pending.nonce);
        throw new AppFailure(
          'THROTTLED',
          THROTTLED_MESSAGE,
          error.details?.retryAfterSeconds !== undefined
            ? { retryAfterSeconds: error.details.retryAfterSeconds }
            : undefined,
        );
      }
      // The answer is lost or unreadable: settle it now if the exchange can say; else it stays open.
      let settled: Settlement;
      try {
        settled = await this.resolve(pending);
      } catch {
        throw unknownOutcome(error);
      }
      if (settled.status !== 'not-executed') {
        options.onExecuted?.(settled);
        journal.settle(signer, pending.nonce);
        return settled;
      }
      journal.settle(signer, pending.nonce);
      throw notExecuted(settled);
    } finally {
      this.inFlight.delete(id);
    }
    const answer = receipt.kind;
    // A fresh body can only be a duplicate of itself: a copy of it did execute.
    if (answer.type !== 'err' || answer.error === 'DUPLICATE') {
      const executed: Outcome =
        answer.type !== 'err'
          ? { status: 'executed', actionId: receipt.actionId, receipt }
          : { status: 'executed-earlier', actionId: receipt.actionId, kind: kind.type };
      options.onExecuted?.(executed);
      journal.settle(signer, pending.nonce);
      return executed;
    }
    journal.settle(signer, pending.nonce);
    const error = answer.error;
    // Rejected actions change nothing on the exchange, so these two are safe to retry with fresh values.
    if (retries > 0 && (error === 'TIMESTAMP_STALE' || error === 'TIMESTAMP_OUT_OF_THRESHOLD')) {
      this.deps.clock.invalidate();
      return this.submit(key, framing, kind, { ...options, retries: retries - 1 });
    }
    if (retries > 0 && error === 'ACTION_INVALID_NONCE') {
      journal.observe(signer, await this.deps.client.signerNonce(signer));
      return this.submit(key, framing, kind, { ...options, retries: retries - 1 });
    }
    throw new AppFailure('EXCHANGE_REJECTED', describeReceiptError(error), { receiptError: error });
  }
}

function notExecuted(settled: NotExecuted): AppFailure {
  if (settled.reason === 'refused')
    return new AppFailure('EXCHANGE_REJECTED', settled.detail ?? 'The exchange refused the request.');
  const error = settled.error ?? 'ACTION_INVALID_NONCE';
  return new AppFailure('EXCHANGE_REJECTED', describeReceiptError(error), { receiptError: error });
}

/** `cause` is what became of the first copy's answer: lost, or unreadable. */
function unknownOutcome(cause: unknown): AppFailure {
  const unreadable = cause instanceof AppFailure && cause.code === 'EXCHANGE_BAD_RESPONSE';
  return new AppFailure(
    'OUTCOME_UNKNOWN',
    `${unreadable ? 'The exchange’s answer could not be read' : 'The exchange did not answer'}, so it is not known yet whether this went through. Perpetua will check as soon as the exchange is reachable; do not send it again.`,
    { cause: cause instanceof AppFailure ? cause.code : 'INTERNAL' },
  );
}

/** An earlier action of this signer is still unsettled, so this one was not signed or sent. */
function notSent(cause: unknown): AppFailure {
  return new AppFailure(
    cause instanceof AppFailure ? cause.code : 'INTERNAL',
    'Nothing was sent: Perpetua is still checking whether an earlier action signed by this key went through, and the exchange has not said yet. Try again in a moment.',
    cause instanceof AppFailure && cause.details?.retryAfterSeconds !== undefined
      ? { retryAfterSeconds: cause.details.retryAfterSeconds }
      : undefined,
  );
}
