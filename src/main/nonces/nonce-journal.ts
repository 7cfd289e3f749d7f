// Nonces per signer and the journal of submissions whose outcome is not known yet. Everything is written to
// disk (atomically, fsynced) BEFORE the action leaves the app, so a crash can neither reuse a nonce nor forget
// that something may have been sent. A signed body is not secret: it is what the exchange receives anyway.
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { writeFileAtomic } from '../../support/atomic-file';

const PendingSchema = z.object({
  signer: z.string(),
  nonce: z.number().int().min(1),
  /** base64 of the exact POST /action body */
  body: z.string(),
  kind: z.string(),
  /** local time (ms) it was signed; the engine time it was signed for is inside the body */
  createdAt: z.number(),
  /** what the caller needs to report the outcome if recovery settles it (audit fields); never secrets */
  context: z.record(z.string(), z.unknown()).optional(),
});

const JournalSchema = z.object({
  version: z.literal(1),
  signers: z.record(z.string(), z.number().int().min(0)),
  pending: z.array(PendingSchema),
});

export type PendingSubmission = z.infer<typeof PendingSchema>;
export type SubmissionContext = NonNullable<PendingSubmission['context']>;

export class NonceJournal {
  private data: z.infer<typeof JournalSchema>;

  constructor(private readonly file: string) {
    this.data = existsSync(file)
      ? JournalSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
      : { version: 1, signers: {}, pending: [] };
  }

  /**
   * The journal as `next`, on disk first: a write that fails (a full disk) leaves what this process holds
   * as it was, so a body that never reached the disk is never sent later by recovery.
   */
  private commit(next: z.infer<typeof JournalSchema>): void {
    writeFileAtomic(this.file, JSON.stringify(next));
    this.data = next;
  }

  knows(signer: string): boolean {
    return signer in this.data.signers;
  }

  last(signer: string): number {
    return this.data.signers[signer] ?? 0;
  }

  /** Raises the local count to what the exchange has seen (another device, a lost journal). Never lowers it. */
  observe(signer: string, serverLast: number): void {
    if (serverLast > this.last(signer) || !this.knows(signer))
      this.commit({
        ...this.data,
        signers: { ...this.data.signers, [signer]: Math.max(serverLast, this.last(signer)) },
      });
  }

  /** Reserves the next nonce and records the body to be sent, durably, in one write. */
  reserve(
    signer: string,
    prepare: (nonce: number) => { body: Buffer; kind: string },
    now: number,
    context?: SubmissionContext,
  ): PendingSubmission {
    const nonce = this.last(signer) + 1;
    if (nonce > 0xffffffff) throw new Error('this signer has used every nonce; create a new session');
    const { body, kind } = prepare(nonce);
    const pending: PendingSubmission = {
      signer,
      nonce,
      body: body.toString('base64'),
      kind,
      createdAt: now,
      ...(context ? { context } : {}),
    };
    this.commit({
      ...this.data,
      signers: { ...this.data.signers, [signer]: nonce },
      pending: [...this.data.pending, pending],
    });
    return pending;
  }

  settle(signer: string, nonce: number): void {
    this.commit({
      ...this.data,
      pending: this.data.pending.filter((p) => !(p.signer === signer && p.nonce === nonce)),
    });
  }

  has(signer: string, nonce: number): boolean {
    return this.data.pending.some((p) => p.signer === signer && p.nonce === nonce);
  }

  pending(signer?: string): PendingSubmission[] {
    return this.data.pending.filter((p) => signer === undefined || p.signer === signer);
  }
}
