// Ed25519 checks on worker threads fed through shared memory, for a server that checks a signature per
// request (one verify thread on a two-core machine: verifyThreads). node:crypto's callback form (verifyEd25519Async) gives every check its own thread-pool job: the
// caller's thread builds the job, wakes a pool thread (a futex call and a context switch on a busy machine),
// and is woken again for the answer, ~25 µs of the caller's CPU per check beside the check itself. Here the
// caller copies the key, signature and message into a ring of slots in a SharedArrayBuffer and goes on; the
// worker checks every waiting slot in turn with node:crypto's synchronous verify (the same call, the same key
// handling and the same answers as verifyEd25519) and sleeps only when the ring is empty; the caller is woken
// once for all the answers that came in while it was busy. Nothing is batched into one check: every
// signature is verified by itself, exactly as before. A check that does not fit (ring full, message larger
// than a slot) or a worker that failed goes to verifyEd25519Async instead, with the same answer.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { verifyEd25519Async } from '../protocol/keys';

/** slots in the ring: more checks than this waiting at once go to the thread pool */
const SLOTS = 256;
/** a slot: public key, signature, message length (u16), message; a POST /action body is at most 1,024 bytes */
const KEY_BYTES = 32;
const SIGNATURE_BYTES = 64;
const MESSAGE_AT = KEY_BYTES + SIGNATURE_BYTES + 2;
const SLOT_BYTES = 1152;
const MAX_MESSAGE_BYTES = SLOT_BYTES - MESSAGE_AT;

// control words (Int32): how many checks were submitted (caller), how many answered (worker), closing
const SUBMITTED = 0;
const ANSWERED = 1;
const CLOSING = 2;
const CONTROL_WORDS = 4;

/** Atomics.waitAsync (Node 16+; TypeScript's lib has it from ES2024 only) */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      array: Int32Array,
      index: number,
      value: number,
    ): { async: false; value: string } | { async: true; value: Promise<string> };
  }
).waitAsync;

/** The worker's loop (CommonJS, run with `eval` so that it needs no file of its own in any build). */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { createPublicKey, verify } = require('node:crypto');
const { control: controlBuffer, results: resultsBuffer, slots: slotsBuffer } = workerData;
const control = new Int32Array(controlBuffer);
const results = new Uint8Array(resultsBuffer);
const slots = Buffer.from(slotsBuffer);
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const keys = new Map();
function verifyKey(publicKey) {
  const id = publicKey.toString('latin1');
  let key = keys.get(id);
  if (key === undefined) {
    try {
      key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' });
    } catch {
      key = null;
    }
    if (keys.size >= 4096) keys.delete(keys.keys().next().value);
    keys.set(id, key);
  }
  return key;
}
let answered = 0;
for (;;) {
  if (Atomics.load(control, ${CLOSING}) === 1) break;
  if (Atomics.load(control, ${SUBMITTED}) === answered) {
    Atomics.wait(control, ${SUBMITTED}, answered);
    continue;
  }
  const slot = answered % ${SLOTS};
  const at = slot * ${SLOT_BYTES};
  const publicKey = slots.subarray(at, at + ${KEY_BYTES});
  const signature = slots.subarray(at + ${KEY_BYTES}, at + ${KEY_BYTES + SIGNATURE_BYTES});
  const length = slots.readUInt16LE(at + ${KEY_BYTES + SIGNATURE_BYTES});
  const message = slots.subarray(at + ${MESSAGE_AT}, at + ${MESSAGE_AT} + length);
  const key = verifyKey(publicKey);
  let valid = false;
  if (key !== null) {
    try {
      valid = verify(null, message, key, signature);
    } catch {
      valid = false;
    }
  }
  results[slot] = valid ? 1 : 0;
  answered += 1;
  Atomics.store(control, ${ANSWERED}, answered);
  Atomics.notify(control, ${ANSWERED});
}
`;

export interface VerifyWorker {
  /** verifyEd25519's answer for these bytes, from the worker (or the thread pool when it cannot take it) */
  verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): Promise<boolean>;
  /** How many checks the worker answered, and how many went to the thread pool instead. */
  counts(): { worker: number; threadPool: number };
  /** checks submitted and not yet answered */
  outstanding(): number;
  /** Stops the worker once the checks submitted so far are answered. */
  close(): Promise<void>;
}

/**
 * Verify threads for a machine: one per core beyond the one the event loop needs, at least one (two cores
 * here: the event loop and one verify thread), at most four.
 */
export const verifyThreads = (): number => Math.min(4, Math.max(1, availableParallelism() - 1));

/** `threads` workers, each with its own ring; a check goes to the one with the fewest outstanding. */
export function startVerifyWorker(threads = verifyThreads()): VerifyWorker {
  const workers = Array.from({ length: Math.max(1, threads) }, startOne);
  if (workers.length === 1) return workers[0]!;
  return {
    verify(publicKey, message, signature) {
      let least = workers[0]!;
      for (const worker of workers) if (worker.outstanding() < least.outstanding()) least = worker;
      return least.verify(publicKey, message, signature);
    },
    counts: () =>
      workers.reduce(
        (sum, worker) => {
          const { worker: byWorker, threadPool } = worker.counts();
          return { worker: sum.worker + byWorker, threadPool: sum.threadPool + threadPool };
        },
        { worker: 0, threadPool: 0 },
      ),
    outstanding: () => workers.reduce((sum, worker) => sum + worker.outstanding(), 0),
    close: async () => {
      await Promise.all(workers.map((worker) => worker.close()));
    },
  };
}

function startOne(): VerifyWorker {
  const control = new Int32Array(new SharedArrayBuffer(CONTROL_WORDS * 4));
  const resultsBuffer = new SharedArrayBuffer(SLOTS);
  const results = new Uint8Array(resultsBuffer);
  const slotsBuffer = new SharedArrayBuffer(SLOTS * SLOT_BYTES);
  const slots = Buffer.from(slotsBuffer);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { control: control.buffer, results: resultsBuffer, slots: slotsBuffer },
  });
  // A process with nothing else to do must be able to exit with the worker idle; but a check outstanding
  // keeps it alive until answered (a pending Atomics.waitAsync alone does not hold Node's event loop), so
  // the worker is held only while checks are outstanding.
  worker.unref();
  let held = false;
  const hold = (outstanding: boolean): void => {
    if (outstanding === held) return;
    held = outstanding;
    if (outstanding) worker.ref();
    else worker.unref();
  };

  /** per slot, what to call with its answer; the inputs kept in case the worker fails before answering */
  const waiting: ({
    resolve(valid: boolean): void;
    publicKey: Uint8Array;
    message: Uint8Array;
    signature: Uint8Array;
  } | null)[] = new Array(SLOTS).fill(null);
  let submitted = 0;
  /** answers taken (in submission order): a slot is written again only after its answer was taken */
  let taken = 0;
  let watching = false;
  let failed = false;
  let closed = false;
  let stopped: Promise<void> | null = null;
  let threadPool = 0;
  let byWorker = 0;
  const onThreadPool = (publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array) => {
    threadPool += 1;
    return verifyEd25519Async(publicKey, message, signature);
  };

  const takeAnswers = (): void => {
    const answered = Atomics.load(control, ANSWERED);
    while (taken < answered) {
      const slot = taken % SLOTS;
      const entry = waiting[slot]!;
      waiting[slot] = null;
      taken += 1;
      byWorker += 1;
      entry.resolve(results[slot] === 1);
    }
    if (taken === submitted) hold(false);
  };
  /** waits (without blocking) for the worker's next answer while any check is outstanding */
  const watch = (): void => {
    while (!watching && !failed && taken < submitted) {
      if (Atomics.load(control, ANSWERED) !== taken) {
        takeAnswers();
        continue;
      }
      const wait = waitAsync(control, ANSWERED, taken);
      if (wait.async) {
        watching = true;
        void wait.value.then(() => {
          watching = false;
          takeAnswers();
          watch();
        });
      }
    }
  };

  worker.on('error', () => {
    // what the worker had not answered goes to the thread pool, as does everything after it
    failed = true;
    takeAnswers();
    for (; taken < submitted; taken += 1) {
      const entry = waiting[taken % SLOTS]!;
      waiting[taken % SLOTS] = null;
      onThreadPool(entry.publicKey, entry.message, entry.signature).then(entry.resolve, () =>
        entry.resolve(false),
      );
    }
  });

  return {
    verify(publicKey, message, signature) {
      if (publicKey.length !== KEY_BYTES || signature.length !== SIGNATURE_BYTES)
        return Promise.resolve(false);
      if (failed || closed || message.length > MAX_MESSAGE_BYTES || submitted - taken >= SLOTS)
        return onThreadPool(publicKey, message, signature);
      const slot = submitted % SLOTS;
      const at = slot * SLOT_BYTES;
      slots.set(publicKey, at);
      slots.set(signature, at + KEY_BYTES);
      slots.writeUInt16LE(message.length, at + KEY_BYTES + SIGNATURE_BYTES);
      slots.set(message, at + MESSAGE_AT);
      return new Promise<boolean>((resolve) => {
        waiting[slot] = { resolve, publicKey, message, signature };
        submitted += 1;
        hold(true);
        Atomics.store(control, SUBMITTED, submitted);
        Atomics.notify(control, SUBMITTED);
        watch();
      });
    },
    counts: () => ({ worker: byWorker, threadPool }),
    outstanding: () => submitted - taken,
    close() {
      if (stopped) return stopped;
      closed = true;
      stopped = (async () => {
        while (!failed && taken < submitted) await new Promise((resolve) => setTimeout(resolve, 1));
        Atomics.store(control, CLOSING, 1);
        Atomics.notify(control, SUBMITTED);
        await worker.terminate();
      })();
      return stopped;
    },
  };
}
