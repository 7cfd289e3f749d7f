// The record of wallets the leaked wallet-key drill marked: kept across restarts, marked once, and a damaged
// record refused in words rather than read as "no wallet leaked".
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CompromisedWallets } from '../../../../src/main/wallets/compromised-wallets';
import { AppFailure } from '../../../../src/shared/result';

const OLD = '93PrLdB7yJ3dcZ9b9Xk4Nbq3hqhZ6U5yq2wKQ9i27Cbd';
const NEW = '4G4drFm5cHh1Rc3Z1mWZkS1q4Gx7yJqg3yQwLwMh2G';
const dirs: string[] = [];
const dir = () => {
  const made = mkdtempSync(join(tmpdir(), 'perpetua-compromised-'));
  dirs.push(made);
  return made;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('CompromisedWallets', () => {
  it('keeps a marked wallet marked after a restart, once', () => {
    const data = dir();
    const first = new CompromisedWallets(data);
    expect(first.isCompromised(OLD)).toBe(false);
    first.mark(OLD, NEW, 1_000);
    first.mark(OLD, NEW, 2_000);
    const again = new CompromisedWallets(data);
    expect(again.isCompromised(OLD)).toBe(true);
    expect(again.isCompromised(NEW)).toBe(false);
    expect(again.list()).toEqual([{ publicKey: OLD, markedAt: 1_000, movedTo: NEW }]);
  });

  it('refuses in words, and never answers "not compromised", when its record is damaged', () => {
    const data = dir();
    writeFileSync(join(data, 'compromised-wallets.json'), '{"version":1,"wallets":[{"publicKey":');
    const store = new CompromisedWallets(data);
    let failure: unknown;
    try {
      store.isCompromised(OLD);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(AppFailure);
    expect((failure as AppFailure).message).toMatch(/cannot be read.*treats none as safe to send to\.$/);
  });
});
