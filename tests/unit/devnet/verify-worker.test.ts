// The devnet's session-signature checks on a worker thread fed through shared memory (verify-worker.ts): the
// same answer as verifyEd25519 for every input, each check answered for its own bytes however many are in
// flight (more than the ring holds go to the thread pool), and close() answering what was submitted first.
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { SigningKey, generateKeypair, verifyEd25519 } from '../../../src/protocol/keys';
import { startVerifyWorker, type VerifyWorker } from '../../../src/devnet/verify-worker';

let worker: VerifyWorker | null = null;
afterEach(async () => {
  await worker?.close();
  worker = null;
});

const key = new SigningKey(generateKeypair().secretSeed);
const other = new SigningKey(generateKeypair().secretSeed);

function message(n: number, length = 120): Buffer {
  const bytes = Buffer.alloc(length);
  bytes.writeUInt32LE(n, 0);
  return bytes;
}

describe('startVerifyWorker', () => {
  it('answers as verifyEd25519 does: valid, forged, wrong key, bad key bytes, wrong lengths', async () => {
    worker = startVerifyWorker();
    const m = message(1);
    const signature = key.sign(m);
    const forged = Buffer.from(signature);
    forged[10]! ^= 1;
    const altered = Buffer.from(m);
    altered[100]! ^= 1;
    // 32 bytes that are no Ed25519 point (y = 2^255 - 1 is not canonical and not on the curve)
    const notAKey = Buffer.alloc(32, 0xff);
    const cases: [Uint8Array, Uint8Array, Uint8Array][] = [
      [key.publicKey, m, signature],
      [key.publicKey, m, forged],
      [key.publicKey, altered, signature],
      [other.publicKey, m, signature],
      [notAKey, m, signature],
      [key.publicKey.subarray(0, 31), m, signature],
      [key.publicKey, m, signature.subarray(0, 63)],
      [key.publicKey, Buffer.alloc(0), key.sign(Buffer.alloc(0))],
    ];
    const answers = await Promise.all(cases.map(([k, msg, sig]) => worker!.verify(k, msg, sig)));
    expect(answers).toEqual(cases.map(([k, msg, sig]) => verifyEd25519(k, msg, sig)));
    expect(answers).toEqual([true, false, false, false, false, false, false, true]);
    // the two of the wrong length are answered without a check, the rest by the worker
    expect(worker.counts()).toEqual({ worker: 6, threadPool: 0 });
  });

  it('answers each check for its own bytes with far more in flight than the ring holds', async () => {
    worker = startVerifyWorker(1);
    const checks = Array.from({ length: 700 }, (_, n) => {
      const m = message(n, 40 + (n % 900));
      const signature = key.sign(m);
      // every third one forged, so an answer given to the wrong check shows
      if (n % 3 === 0) signature[0]! ^= 1;
      return { m, signature, valid: n % 3 !== 0 };
    });
    const answers = await Promise.all(
      checks.map(({ m, signature }) => worker!.verify(key.publicKey, m, signature)),
    );
    expect(answers).toEqual(checks.map((c) => c.valid));
    const { worker: byWorker, threadPool } = worker.counts();
    expect(byWorker + threadPool).toBe(700);
    expect(byWorker).toBeGreaterThanOrEqual(256);
    expect(threadPool).toBeGreaterThan(0);
  });

  it('spreads checks over several workers, each answering its own', async () => {
    worker = startVerifyWorker(3);
    const checks = Array.from({ length: 90 }, (_, n) => {
      const m = message(n);
      const signature = key.sign(m);
      if (n % 4 === 0) signature[1]! ^= 1;
      return { m, signature, valid: n % 4 !== 0 };
    });
    const answers = await Promise.all(
      checks.map(({ m, signature }) => worker!.verify(key.publicKey, m, signature)),
    );
    expect(answers).toEqual(checks.map((c) => c.valid));
    expect(worker.counts()).toEqual({ worker: 90, threadPool: 0 });
    expect(worker.outstanding()).toBe(0);
  });

  it('takes a message larger than a slot through the thread pool, with the same answer', async () => {
    worker = startVerifyWorker();
    const m = message(7, 4096);
    const signature = key.sign(m);
    expect(await worker.verify(key.publicKey, m, signature)).toBe(true);
    signature[5]! ^= 1;
    expect(await worker.verify(key.publicKey, m, signature)).toBe(false);
    expect(worker.counts()).toEqual({ worker: 0, threadPool: 2 });
  });

  it('answers what was submitted before close(), and later checks still get an answer', async () => {
    worker = startVerifyWorker();
    const m = message(3);
    const signature = key.sign(m);
    const pending = Array.from({ length: 20 }, () => worker!.verify(key.publicKey, m, signature));
    await worker.close();
    expect(await Promise.all(pending)).toEqual(Array(20).fill(true));
    expect(await worker.verify(key.publicKey, m, signature)).toBe(true);
  });

  it('keeps a process with nothing else to do alive until its check is answered, and then lets it exit', () => {
    // a pending Atomics.waitAsync does not hold Node's event loop: the worker is held while checks are out
    const module = (path: string) => new URL(`../../../src/${path}`, import.meta.url).href;
    const script = `
      import { startVerifyWorker } from '${module('devnet/verify-worker.ts')}';
      import { SigningKey, generateKeypair } from '${module('protocol/keys.ts')}';
      const key = new SigningKey(generateKeypair().secretSeed);
      const message = Buffer.alloc(10, 1);
      startVerifyWorker(1).verify(key.publicKey, message, key.sign(message)).then((valid) => console.log('answered', valid));
    `;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(output.trim()).toBe('answered true');
  });
});
