// The nonce journal on disk: nonces only go up, and what is reserved is durable before anything is sent.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NonceJournal } from '../../../../src/main/nonces/nonce-journal';
import { AppFailure } from '../../../../src/shared/result';
import { flakyFolder } from '../../../support/flaky-folder';

const ALICE = 'A1iceSigner1111111111111111111111111111111';
const BOB = 'BobSigner11111111111111111111111111111111';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'perpetua-nonces-'));
  file = join(dir, 'nonces.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const body = (n: number) => ({ body: Buffer.from(`signed body ${n}`), kind: 'transfer' });

describe('nonce journal', () => {
  it('a folder that cannot be written refuses a reservation in words, and what it refused is never sent later', () => {
    const { folder, refuse, restore } = flakyFolder(dir);
    const journal = new NonceJournal(join(folder, 'nonces.json'));
    journal.reserve(ALICE, body, 1000);
    journal.settle(ALICE, 1);
    refuse();
    let failure: unknown;
    try {
      journal.reserve(ALICE, body, 1001);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(AppFailure);
    expect((failure as AppFailure).code).toBe('STORAGE_UNAVAILABLE');
    expect((failure as AppFailure).message).toMatch(
      /could not save to its data folder .*: this user may not write there/,
    );
    // nothing of the refused reservation is held: recovery has no body to send
    expect(journal.pending()).toEqual([]);
    expect(journal.last(ALICE)).toBe(1);
    restore();
    expect(journal.reserve(ALICE, body, 1002).nonce).toBe(2);
    expect(new NonceJournal(join(folder, 'nonces.json')).pending().map((p) => p.nonce)).toEqual([2]);
    // and no temp file was left behind
    expect(readdirSync(folder)).toEqual(['nonces.json']);
  });

  it('reserves strictly increasing nonces per signer, and each survives a reopen with its body', () => {
    const journal = new NonceJournal(file);
    const nonces = [1, 2, 3].map((i) => journal.reserve(ALICE, body, 1000 + i).nonce);
    expect(nonces).toEqual([1, 2, 3]);
    expect(journal.reserve(BOB, body, 2000).nonce).toBe(1); // counted per signer

    const reopened = new NonceJournal(file);
    expect(reopened.last(ALICE)).toBe(3);
    expect(reopened.pending(ALICE).map((p) => [p.nonce, Buffer.from(p.body, 'base64').toString()])).toEqual([
      [1, 'signed body 1'],
      [2, 'signed body 2'],
      [3, 'signed body 3'],
    ]);
    expect(reopened.reserve(ALICE, body, 3000).nonce).toBe(4);
  });

  it('signs with the nonce it reserves, and a failed signing reserves nothing', () => {
    const journal = new NonceJournal(file);
    journal.observe(ALICE, 41);
    const seen: number[] = [];
    journal.reserve(ALICE, (n) => (seen.push(n), body(n)), 1);
    expect(seen).toEqual([42]);
    expect(() =>
      journal.reserve(
        ALICE,
        () => {
          throw new Error('the key is gone');
        },
        2,
      ),
    ).toThrow('the key is gone');
    const reopened = new NonceJournal(file);
    expect(reopened.last(ALICE)).toBe(42);
    expect(reopened.pending(ALICE).map((p) => p.nonce)).toEqual([42]);
  });

  it('observe raises the count to the exchange’s, never lowers it, and marks a signer as known', () => {
    const journal = new NonceJournal(file);
    expect(journal.knows(ALICE)).toBe(false);
    journal.observe(ALICE, 0);
    expect(journal.knows(ALICE)).toBe(true);
    expect(journal.last(ALICE)).toBe(0);
    journal.observe(ALICE, 10);
    journal.observe(ALICE, 3); // a lagging or wrong answer must not make a nonce reusable
    expect(journal.last(ALICE)).toBe(10);
    journal.reserve(ALICE, body, 1);
    journal.observe(ALICE, 5);
    expect(new NonceJournal(file).last(ALICE)).toBe(11);
    expect(journal.reserve(ALICE, body, 2).nonce).toBe(12);
  });

  it('settles one entry, durably, and leaves the others open', () => {
    const journal = new NonceJournal(file);
    journal.reserve(ALICE, body, 1);
    journal.reserve(ALICE, body, 2);
    journal.reserve(BOB, body, 3);
    journal.settle(ALICE, 1);
    expect(journal.has(ALICE, 1)).toBe(false);
    expect(journal.has(ALICE, 2)).toBe(true);
    const reopened = new NonceJournal(file);
    expect(reopened.pending().map((p) => `${p.signer.slice(0, 3)}:${p.nonce}`)).toEqual(['A1i:2', 'Bob:1']);
    expect(reopened.last(ALICE)).toBe(2); // settling never gives a nonce back
  });

  it('keeps the caller’s context with the entry, and reads journals written before contexts existed', () => {
    const journal = new NonceJournal(file);
    journal.reserve(ALICE, body, 5, { wallet: 'W', kind: 'withdraw', accounts: [3] });
    expect(new NonceJournal(file).pending(ALICE)[0]!.context).toEqual({
      wallet: 'W',
      kind: 'withdraw',
      accounts: [3],
    });

    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        signers: { [ALICE]: 7 },
        pending: [{ signer: ALICE, nonce: 7, body: 'AA==', kind: 'transfer', createdAt: 1 }],
      }),
    );
    const old = new NonceJournal(file);
    expect(old.pending(ALICE)).toEqual([
      { signer: ALICE, nonce: 7, body: 'AA==', kind: 'transfer', createdAt: 1 },
    ]);
    expect(old.reserve(ALICE, body, 2).nonce).toBe(8);
  });

  it('refuses to go past the largest u32 nonce instead of wrapping', () => {
    const journal = new NonceJournal(file);
    journal.observe(ALICE, 0xffffffff);
    expect(() => journal.reserve(ALICE, body, 1)).toThrow(/every nonce/);
    expect(JSON.parse(readFileSync(file, 'utf8')).pending).toEqual([]);
  });
});
