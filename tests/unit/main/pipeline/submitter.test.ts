// The submitter's decisions, one by one: nonces, the journal, and how an unknown outcome is settled.
//
// FakeExchange stands in for the HTTP exchange client (only the four calls the Submitter makes), so each
// fault can be placed exactly where it matters: after execution, before it, between two questions. It can
// also check timestamps and nonces BEFORE duplicates, as a real exchange may and the devnet does not. The
// real devnet over HTTP is covered by tests/integration/faults.test.ts and pipeline.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bs58 from 'bs58';
import { loadSchema, readBundledProto } from '../../../../src/protocol/schema';
import { decodeAction, encodeReceipt } from '../../../../src/protocol/codec';
import { frame, splitActionBody } from '../../../../src/protocol/framing';
import { m, v } from '../../../support/proto-wire';
import { SigningKey } from '../../../../src/protocol/keys';
import type { ActionKind, Receipt } from '../../../../src/protocol/types';
import type { ErrorName } from '../../../../src/shared/receipt-errors';
import { AppFailure } from '../../../../src/shared/result';
import { NonceJournal } from '../../../../src/main/nonces/nonce-journal';
import { EngineClock } from '../../../../src/main/exchange/engine-clock';
import { Submitter, type Recovered, type SubmitterDeps } from '../../../../src/main/pipeline/submitter';
import { flakyFolder } from '../../../support/flaky-folder';
import { failure } from '../../../support/app-failure';

const schema = loadSchema(readBundledProto());
const KEY = new SigningKey(Buffer.alloc(32, 7));
const SIGNER = bs58.encode(KEY.publicKey);
const OTHER = bs58.encode(new SigningKey(Buffer.alloc(32, 8)).publicKey);
const transfer = (amount = 5n): ActionKind => ({
  type: 'transfer',
  sessionId: 1n,
  fromAccountId: 1,
  tokenId: 0,
  amount,
});

/** What happens to one POST /action; each queued fault is used once. */
type Fault =
  | 'unreachable' // lost on the way: never executed
  | 'lose-answer' // executed, then the answer is lost
  | 'garbage' // executed, answered with bytes that are not a receipt
  | 'old-shape' // executed, answered with a receipt in the project's earlier invented layout
  | 'throttle' // 429 before anything is executed
  | 'gated' // stopped in the app: the exchange was known to be away, so the body never left
  | 'too-large' // 413 before anything is executed
  | 'hold'; // lost on the way now, but arrives (and executes) when signerNonce is next asked

/** One entry of GET /action, as the client parses it. */
type LogItem = Awaited<ReturnType<SubmitterDeps['client']['actions']>>[number];

const unreachable = () => new AppFailure('EXCHANGE_UNREACHABLE', 'fake: unreachable');

class FakeExchange {
  engineSeconds = 1_800_000_000;
  /** a real exchange may check time and nonce before duplicates; the devnet checks duplicates first */
  duplicatesFirst = true;
  /** GET /action's range limit */
  maxRange = 1_000;
  down = false;
  /** the next POST /action (whatever its fault does) is the last thing that reaches the exchange */
  downAfterPost = false;
  throttleGets = false;
  /** GET /action answers 501 NotImplemented, as the interface allows */
  noActionLog = false;
  faults: Fault[] = [];
  /** every POST /action that reached the exchange (a throttled one did not) */
  posts: Buffer[] = [];
  throttled = 0;
  rangeCalls: [bigint, bigint][] = [];
  /** runs inside submit() before the exchange looks at the body */
  onPost?: (body: Buffer) => void | Promise<void>;
  private readonly nonces = new Map<string, number>();
  private readonly seen = new Map<string, bigint>();
  private held: Buffer | null = null;
  readonly log: LogItem[] = [];

  private gate(): void {
    if (this.down) throw unreachable();
    if (this.throttleGets) throw new AppFailure('THROTTLED', 'fake: 429', { retryAfterSeconds: 2 });
  }

  /** The engine itself: executes or rejects one body (the signer is the one test key). */
  execute(body: Buffer): Receipt {
    const action = decodeAction(schema, splitActionBody(body).payload);
    const reject = (error: ErrorName, actionId = 0n): Receipt => ({ actionId, kind: { type: 'err', error } });
    const hash = body.toString('base64');
    const seen = this.seen.get(hash);
    if (this.duplicatesFirst && seen !== undefined) return reject('DUPLICATE', seen);
    const ts = Number(action.currentTimestamp);
    if (ts < this.engineSeconds - 120) return reject('TIMESTAMP_STALE');
    if (ts > this.engineSeconds + 120) return reject('TIMESTAMP_OUT_OF_THRESHOLD');
    if (action.nonce <= (this.nonces.get(SIGNER) ?? 0)) return reject('ACTION_INVALID_NONCE');
    if (seen !== undefined) return reject('DUPLICATE', seen);
    return this.record(SIGNER, action.nonce, hash, splitActionBody(body).raw);
  }

  /** `raw`: the delimited Action as submitted, which the public log item carries as its payload */
  private record(signer: string, nonce: number, hash?: string, raw?: Uint8Array): Receipt {
    const actionId = BigInt(this.log.length + 1);
    this.nonces.set(signer, nonce);
    if (hash) this.seen.set(hash, actionId);
    this.log.push({
      actionId,
      physicalTime: new Date(this.engineSeconds * 1000).toISOString(),
      // another device's action under the same nonce is other bytes
      payload: Buffer.from(raw ?? `${signer}:${nonce}`).toString('base64'),
    });
    return {
      actionId,
      kind: {
        type: 'transferred',
        fromAccountId: 1,
        toUserAccount: 2,
        tokenId: 0,
        amount: 5n,
        accountCreated: false,
      },
    };
  }

  /** Someone else's actions, to fill the log. */
  noise(count: number): void {
    for (let i = 0; i < count; i += 1) this.record(OTHER, (this.nonces.get(OTHER) ?? 0) + 1);
  }

  /** Another device signs with the same key and uses `nonce`. */
  foreign(nonce: number): void {
    this.record(SIGNER, nonce);
  }

  signerLast(signer = SIGNER): number {
    return this.nonces.get(signer) ?? 0;
  }

  private async submitHttp(body: Uint8Array): Promise<Buffer> {
    try {
      return await this.post(Buffer.from(body));
    } finally {
      if (this.downAfterPost) [this.down, this.downAfterPost] = [true, false];
    }
  }

  private async post(bytes: Buffer): Promise<Buffer> {
    await this.onPost?.(bytes);
    if (this.down) throw unreachable();
    const fault = this.faults.shift();
    if (fault === 'gated')
      throw new AppFailure('EXCHANGE_UNREACHABLE', 'fake: not answering, nothing was sent', { sent: false });
    if (fault === 'throttle') {
      this.throttled += 1;
      throw new AppFailure('THROTTLED', 'fake: 429', { retryAfterSeconds: 3 });
    }
    if (fault === 'too-large')
      throw new AppFailure('EXCHANGE_BAD_RESPONSE', 'fake: PayloadTooLarge', { status: 413 });
    this.posts.push(bytes);
    if (fault === 'unreachable') throw unreachable();
    if (fault === 'hold') {
      this.held = bytes;
      throw unreachable();
    }
    const receipt = this.execute(bytes);
    if (fault === 'lose-answer') throw unreachable();
    if (fault === 'garbage') return Buffer.from('<html>502 but with a 200</html>');
    // Receipt { action_id; withdraw_result (39) { amount 2; fee 5; event_nonce 6 as a VARINT } }: the public
    // field 6 is user_pubkey (bytes), so a strict decoder refuses it instead of reading zeros
    if (fault === 'old-shape')
      return frame(Buffer.concat([v(1, receipt.actionId), m(39, v(2, 5), v(5, 1), v(6, 3))]));
    return encodeReceipt(schema, receipt);
  }

  readonly client: SubmitterDeps['client'] = {
    submit: (body: Uint8Array) => this.submitHttp(body),
    signerNonce: async (signer: string) => {
      this.gate();
      const last = this.signerLast(signer);
      if (this.held) {
        // the first copy arrives right after the exchange answered this question
        this.execute(this.held);
        this.held = null;
      }
      return last;
    },
    lastExecutedId: async () => {
      this.gate();
      return this.log.length ? BigInt(this.log.length) : null;
    },
    actions: async (from: bigint, to: bigint) => {
      this.gate();
      this.rangeCalls.push([from, to]);
      if (this.noActionLog) throw new AppFailure('EXCHANGE_BAD_RESPONSE', 'NotImplemented', { status: 501 });
      if (to - from + 1n > BigInt(this.maxRange))
        throw new AppFailure('EXCHANGE_BAD_RESPONSE', 'RangeTooLarge', { status: 400 });
      return this.log.filter((a) => a.actionId >= from && a.actionId <= to);
    },
  };
}

let dir: string;
let fake: FakeExchange;
let journal: NonceJournal;
let fetchTimestamp: number;
let recovered: Recovered[];

function makeSubmitter(extra: Partial<SubmitterDeps> = {}): Submitter {
  const submitter = new Submitter({
    client: fake.client,
    clock: new EngineClock({
      fetchTimestamp: async () => {
        if (fake.down) throw unreachable();
        fetchTimestamp += 1;
        return fake.engineSeconds;
      },
    }),
    journal,
    schema: async () => schema,
    ...extra,
  });
  submitter.onRecovered((r) => recovered.push(r));
  return submitter;
}

const nonceOf = (body: Buffer) => decodeAction(schema, splitActionBody(body).payload).nonce;
const timestampOf = (body: Buffer) => decodeAction(schema, splitActionBody(body).payload).currentTimestamp;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'perpetua-submitter-'));
  fake = new FakeExchange();
  journal = new NonceJournal(join(dir, 'nonces.json'));
  fetchTimestamp = 0;
  recovered = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('submitting', () => {
  it('signs with the next nonce, and has journalled the exact body on disk before it leaves', async () => {
    const submitter = makeSubmitter();
    const midFlight: { nonce: number; last: number; body: string }[] = [];
    fake.onPost = (body) => {
      const fromDisk = new NonceJournal(join(dir, 'nonces.json')); // what a crash right now would leave
      const entry = fromDisk.pending(SIGNER).at(-1)!;
      midFlight.push({ nonce: entry.nonce, last: fromDisk.last(SIGNER), body: entry.body });
      expect(entry.body).toBe(body.toString('base64'));
    };
    const first = await submitter.submit(KEY, 'session', transfer(), { context: { kind: 'transfer' } });
    const second = await submitter.submit(KEY, 'session', transfer());
    expect(first).toMatchObject({ status: 'executed', actionId: 1n });
    expect(second).toMatchObject({ status: 'executed', actionId: 2n });
    expect(midFlight.map((m) => [m.nonce, m.last])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(fake.posts.map(nonceOf)).toEqual([1, 2]);
    expect(journal.pending()).toEqual([]);
    expect(new NonceJournal(join(dir, 'nonces.json')).pending()).toEqual([]);
  });

  it('what the caller records of an executed action is written while the journal still holds it: a crash between the two leaves one or the other, never neither', async () => {
    const submitter = makeSubmitter();
    const onDisk: number[] = [];
    // the first executes with its answer in hand, the second with its answer lost and settled from the log
    const record = () => onDisk.push(new NonceJournal(join(dir, 'nonces.json')).pending(SIGNER).length);
    await submitter.submit(KEY, 'session', transfer(5n), { onExecuted: record });
    fake.faults = ['lose-answer'];
    await submitter.submit(KEY, 'session', transfer(6n), { onExecuted: record });
    expect(onDisk).toEqual([1, 1]);
    expect(journal.pending()).toEqual([]);
  });

  it('a record that cannot be written leaves the executed action open in the journal, for recovery to record', async () => {
    const submitter = makeSubmitter();
    const failing = () => {
      throw new Error('disk full');
    };
    await expect(submitter.submit(KEY, 'session', transfer(), { onExecuted: failing })).rejects.toThrow();
    expect(fake.log).toHaveLength(1);
    expect(new NonceJournal(join(dir, 'nonces.json')).pending(SIGNER)).toHaveLength(1);
    const [settled] = await submitter.recover();
    expect(settled!.outcome).toMatchObject({ status: 'executed-earlier', actionId: 1n });
  });

  it('a data folder that cannot be written: nothing is signed or sent, the person is told why, and the next action goes out once it can', async () => {
    const { folder, refuse, restore } = flakyFolder(dir);
    journal = new NonceJournal(join(folder, 'nonces.json'));
    const submitter = makeSubmitter();
    await submitter.submit(KEY, 'session', transfer(5n));
    refuse();
    const refused = await failure(submitter.submit(KEY, 'session', transfer(6n)));
    expect(refused.code).toBe('STORAGE_UNAVAILABLE');
    expect(refused.message).toMatch(/could not save to its data folder/);
    expect(fake.posts).toHaveLength(1);
    restore();
    const next = await submitter.submit(KEY, 'session', transfer(7n));
    expect(next).toMatchObject({ status: 'executed', actionId: 2n });
    // the refused one was never sent, then or by the recovery before the next
    expect(fake.posts.map(nonceOf)).toEqual([1, 2]);
    expect(fake.log).toHaveLength(2);
  });

  it('asks the exchange where an unknown signer stands before its first nonce (a second device)', async () => {
    fake.foreign(1);
    fake.foreign(2);
    await makeSubmitter().submit(KEY, 'session', transfer());
    expect(fake.posts.map(nonceOf)).toEqual([3]);
  });

  it('HTTP 429 on POST /action: nothing executed, so the entry is settled and the person told so', async () => {
    const submitter = makeSubmitter();
    fake.faults = ['throttle'];
    const error = await failure(submitter.submit(KEY, 'session', transfer()));
    expect(error.code).toBe('THROTTLED');
    expect(error.message).toBe('The exchange is limiting requests; nothing was sent. Try again in a moment.');
    expect(error.details).toEqual({ retryAfterSeconds: 3 });
    expect(journal.pending()).toEqual([]);
    expect(fake.throttled).toBe(1);
    expect(fake.log).toEqual([]);
    // trying again goes straight through, with no recovery round trips first
    expect(await submitter.submit(KEY, 'session', transfer())).toMatchObject({ status: 'executed' });
    expect(fake.posts).toHaveLength(1);
  });

  it('stopped before it left the app (exchange known away): settled as not sent, no recovery round trips', async () => {
    const submitter = makeSubmitter();
    fake.faults = ['gated'];
    const error = await failure(submitter.submit(KEY, 'session', transfer()));
    expect(error).toMatchObject({ code: 'EXCHANGE_UNREACHABLE', details: { sent: false } });
    expect(journal.pending()).toEqual([]);
    expect(fake.log).toEqual([]);
    expect(await submitter.submit(KEY, 'session', transfer())).toMatchObject({ status: 'executed' });
    expect(fake.posts).toHaveLength(1);
  });

  it('says when an action of its own executed (figures read before are older), and not when nothing was', async () => {
    let told = 0;
    const submitter = makeSubmitter({ afterExecuted: () => (told += 1) });
    fake.faults = ['throttle', 'gated'];
    await failure(submitter.submit(KEY, 'session', transfer()));
    await failure(submitter.submit(KEY, 'session', transfer()));
    expect(told).toBe(0);
    await submitter.submit(KEY, 'session', transfer());
    expect(told).toBe(1);
  });

  it('TIMESTAMP_STALE: the clock is measured again and the action retried once with fresh time', async () => {
    const submitter = makeSubmitter();
    await submitter.submit(KEY, 'session', transfer(1n)); // the clock sampled here
    expect(fetchTimestamp).toBe(1);
    fake.engineSeconds += 600; // the engine moved on while the local offset did not
    const outcome = await submitter.submit(KEY, 'session', transfer(2n));
    expect(outcome).toMatchObject({ status: 'executed' });
    expect(fetchTimestamp).toBe(2);
    const [, stale, fresh] = fake.posts;
    expect(timestampOf(fresh!)).toBe(BigInt(fake.engineSeconds));
    expect(timestampOf(stale!)).toBeLessThan(BigInt(fake.engineSeconds - 120));
    expect(journal.pending()).toEqual([]);
  });

  it('ACTION_INVALID_NONCE: the exchange’s count is observed and the action retried once above it', async () => {
    const submitter = makeSubmitter();
    await submitter.submit(KEY, 'session', transfer(1n));
    for (let n = 2; n <= 50; n += 1) fake.foreign(n); // another device with this key
    const outcome = await submitter.submit(KEY, 'session', transfer(2n));
    expect(outcome).toMatchObject({ status: 'executed', actionId: 51n });
    expect(fake.posts.map(nonceOf)).toEqual([1, 2, 51]);
    expect(journal.last(SIGNER)).toBe(51);
  });
});

describe('an answer lost, settled by the exchange’s own record', () => {
  it('nonce below the pending one: the first copy did not execute, so the identical resend executes it', async () => {
    const submitter = makeSubmitter();
    fake.faults = ['unreachable'];
    const outcome = await submitter.submit(KEY, 'session', transfer());
    expect(outcome).toMatchObject({ status: 'executed', actionId: 1n });
    expect(fake.posts).toHaveLength(2);
    expect(fake.posts[1]!.equals(fake.posts[0]!)).toBe(true); // identical bytes, not a new signature
    expect(fake.log).toHaveLength(1);
    expect(journal.pending()).toEqual([]);
  });

  it('the first copy lands between the nonce question and the resend: DUPLICATE is executed-earlier', async () => {
    const submitter = makeSubmitter();
    fake.faults = ['hold'];
    const outcome = await submitter.submit(KEY, 'session', transfer());
    expect(outcome).toEqual({ status: 'executed-earlier', actionId: 1n, kind: 'transfer' });
    expect(fake.log).toHaveLength(1);
    expect(journal.pending()).toEqual([]);
  });

  it('nonce used and the action in the log: executed-earlier with its id, found without any resend', async () => {
    const submitter = makeSubmitter({ maxActionRange: 1_000 });
    fake.duplicatesFirst = false; // an identical resend would now be answered TIMESTAMP_STALE
    fake.noise(10);
    // lost, and the exchange gone before the app can ask
    fake.faults = ['lose-answer'];
    fake.downAfterPost = true;
    const error = await failure(submitter.submit(KEY, 'session', transfer()));
    expect(error.code).toBe('OUTCOME_UNKNOWN');
    expect(journal.pending(SIGNER)).toHaveLength(1);

    // hours later, after a busy exchange executed thousands of other actions
    fake.down = false;
    fake.engineSeconds += 3 * 3600;
    fake.noise(2_500);
    const posted = fake.posts.length;
    const settled = await submitter.recover();
    expect(settled.map((r) => r.outcome)).toEqual([
      { status: 'executed-earlier', actionId: 11n, kind: 'transfer' },
    ]);
    expect(fake.posts.length).toBe(posted); // nothing was resent
    expect(fake.rangeCalls.every(([from, to]) => to - from + 1n <= 1_000n)).toBe(true);
    expect(journal.pending()).toEqual([]);
    expect(recovered).toEqual(settled);
    // and what a resend would have said, had the app trusted it:
    expect(fake.execute(Buffer.from(settled[0]!.pending.body, 'base64')).kind).toEqual({
      type: 'err',
      error: 'TIMESTAMP_STALE',
    });
  });

  it('nonce used but not by this action (superseded): not-executed, and the log search stops at the time bound', async () => {
    const submitter = makeSubmitter({ maxActionRange: 1_000 });
    fake.noise(5_000); // old history, long before this submission
    fake.engineSeconds += 3600;
    fake.downAfterPost = true;
    fake.faults = ['unreachable'];
    expect((await failure(submitter.submit(KEY, 'session', transfer()))).code).toBe('OUTCOME_UNKNOWN');
    fake.down = false;
    fake.foreign(5); // another device with the same key moved the nonce past ours
    fake.noise(1_500);
    const posted = fake.posts.length;
    const settled = await submitter.recover(SIGNER);
    expect(settled.map((r) => r.outcome)).toEqual([
      { status: 'not-executed', reason: 'nonce-used', error: 'ACTION_INVALID_NONCE' },
    ]);
    expect(fake.posts.length).toBe(posted);
    // 6,501 actions in the log; only the last ~1,500 plus one chunk into the old ones were read
    expect(fake.rangeCalls.length).toBeLessThanOrEqual(3);
    expect(fake.rangeCalls.at(-1)![0]).toBeGreaterThan(1n);
    expect(journal.pending()).toEqual([]);
  });

  it('finds the exchange’s smaller range limit by halving on 400 RangeTooLarge', async () => {
    const submitter = makeSubmitter({ maxActionRange: 1_000 });
    fake.maxRange = 100;
    fake.downAfterPost = true;
    fake.faults = ['lose-answer'];
    await failure(submitter.submit(KEY, 'session', transfer()));
    fake.down = false;
    fake.noise(300);
    const settled = await submitter.recover();
    expect(settled[0]!.outcome).toEqual({ status: 'executed-earlier', actionId: 1n, kind: 'transfer' });
    expect(fake.rangeCalls.filter(([from, to]) => to - from + 1n <= 100n).length).toBeGreaterThan(0);
  });

  it('nonce below and the resend rejected: definitive not-executed, because the nonce proved it', async () => {
    const submitter = makeSubmitter();
    fake.downAfterPost = true;
    fake.faults = ['unreachable'];
    await failure(submitter.submit(KEY, 'session', transfer()));
    fake.down = false;
    fake.engineSeconds += 3600;
    const settled = await submitter.recover();
    expect(settled.map((r) => r.outcome)).toEqual([
      { status: 'not-executed', reason: 'rejected', error: 'TIMESTAMP_STALE' },
    ]);
    expect(fake.log).toEqual([]);
    expect(journal.pending()).toEqual([]);
  });

  it('nonce below and the resend refused with a 4xx: not-executed, and the exchange’s words surface', async () => {
    const submitter = makeSubmitter();
    fake.faults = ['unreachable', 'too-large'];
    const error = await failure(submitter.submit(KEY, 'session', transfer()));
    expect(error).toMatchObject({ code: 'EXCHANGE_REJECTED', message: 'fake: PayloadTooLarge' });
    expect(fake.log).toEqual([]);
    expect(journal.pending()).toEqual([]);
  });

  it('no action log (501): only a DUPLICATE proves execution; anything else keeps the entry open', async () => {
    const submitter = makeSubmitter();
    fake.noActionLog = true;
    fake.faults = ['lose-answer'];
    fake.downAfterPost = true;
    await failure(submitter.submit(KEY, 'session', transfer()));
    fake.down = false;
    fake.engineSeconds += 3600;

    fake.duplicatesFirst = false; // the resend is answered TIMESTAMP_STALE: proves nothing
    await expect(submitter.recover()).rejects.toMatchObject({ code: 'EXCHANGE_BAD_RESPONSE' });
    expect(journal.pending()).toHaveLength(1);

    fake.duplicatesFirst = true;
    expect((await submitter.recover()).map((r) => r.outcome)).toEqual([
      { status: 'executed-earlier', actionId: 1n, kind: 'transfer' },
    ]);
    expect(fake.log).toHaveLength(1);
    expect(journal.pending()).toEqual([]);
  });

  it('the exchange unreachable during recovery: the entry stays open and the outcome is unknown', async () => {
    const submitter = makeSubmitter();
    fake.downAfterPost = true;
    fake.faults = ['lose-answer'];
    const error = await failure(submitter.submit(KEY, 'session', transfer()));
    expect(error.code).toBe('OUTCOME_UNKNOWN');
    expect(error.message).toMatch(/do not send it again/);
    expect(journal.pending(SIGNER).map((p) => p.nonce)).toEqual([1]);

    // still unreachable: recovery leaves it open, and a new action is not even signed
    await expect(submitter.recover()).rejects.toMatchObject({ code: 'EXCHANGE_UNREACHABLE' });
    const blocked = await failure(submitter.submit(KEY, 'session', transfer(9n)));
    expect(blocked.message).toMatch(/^Nothing was sent/);
    expect(journal.pending(SIGNER).map((p) => p.nonce)).toEqual([1]);
    expect(journal.last(SIGNER)).toBe(1);

    // reachable but throttling its GETs: still open
    fake.down = false;
    fake.throttleGets = true;
    await expect(submitter.recover()).rejects.toMatchObject({ code: 'THROTTLED' });
    expect(journal.pending(SIGNER)).toHaveLength(1);
    expect(recovered).toEqual([]);

    fake.throttleGets = false;
    expect((await submitter.recover()).map((r) => r.outcome.status)).toEqual(['executed-earlier']);
    expect(journal.pending()).toEqual([]);
  });

  it('an unreadable receipt for an action that executed: settled from the log, not left stuck', async () => {
    const submitter = makeSubmitter();
    fake.faults = ['garbage'];
    expect(await submitter.submit(KEY, 'session', transfer())).toEqual({
      status: 'executed-earlier',
      actionId: 1n,
      kind: 'transfer',
    });
    expect(fake.posts).toHaveLength(1);
    expect(journal.pending()).toEqual([]);
  });

  it('a receipt in a wrong layout is unreadable, not zeros: settled from the log as executed', async () => {
    const submitter = makeSubmitter();
    fake.faults = ['old-shape'];
    expect(await submitter.submit(KEY, 'session', transfer())).toEqual({
      status: 'executed-earlier',
      actionId: 1n,
      kind: 'transfer',
    });
    expect(fake.posts).toHaveLength(1);
    expect(journal.pending()).toEqual([]);
  });

  it('an unreadable receipt while the exchange then goes away: open, then settled by the signer’s next action', async () => {
    const submitter = makeSubmitter();
    fake.downAfterPost = true;
    fake.faults = ['garbage'];
    const error = await failure(submitter.submit(KEY, 'session', transfer(1n)));
    expect(error).toMatchObject({ code: 'OUTCOME_UNKNOWN', details: { cause: 'EXCHANGE_BAD_RESPONSE' } });
    expect(error.message).toMatch(/^The exchange’s answer could not be read/);
    expect(journal.pending(SIGNER)).toHaveLength(1);

    fake.down = false;
    const next = await submitter.submit(KEY, 'session', transfer(2n));
    expect(next).toMatchObject({ status: 'executed', actionId: 2n });
    expect(recovered.map((r) => [r.pending.nonce, r.outcome])).toEqual([
      [1, { status: 'executed-earlier', actionId: 1n, kind: 'transfer' }],
    ]);
    expect(fake.posts.map(nonceOf)).toEqual([1, 2]);
    expect(journal.pending()).toEqual([]);
  });

  it('recover() leaves alone an entry whose submit() is still waiting for its answer', async () => {
    const submitter = makeSubmitter();
    let release!: () => void;
    const waiting = new Promise<void>((r) => (release = r));
    let arrived!: () => void;
    const posted = new Promise<void>((r) => (arrived = r));
    fake.onPost = async () => {
      fake.onPost = undefined;
      arrived();
      await waiting;
    };
    const submitting = submitter.submit(KEY, 'session', transfer());
    await posted;
    expect(journal.pending()).toHaveLength(1);
    expect(await submitter.recover()).toEqual([]);
    release();
    expect(await submitting).toMatchObject({ status: 'executed', actionId: 1n });
    expect(fake.posts).toHaveLength(1);
  });
});
