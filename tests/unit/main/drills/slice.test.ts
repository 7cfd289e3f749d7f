// The drills' methods for the exchange connected now: their record is that network's own (drill-runs.json in
// its folder), a run the app was stopped in the middle of is settled by the drill of its kind and shown until
// dismissed, and finishing the leaked wallet-key drill has the passphrase checked before anything.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDrills, type DrillsDeps } from '../../../../src/main/drills/slice';
import { DrillRecordStore } from '../../../../src/main/drills/drill-record-store';
import { DrillRun } from '../../../../src/main/drills/drill-run';
import { AuditLog } from '../../../../src/main/audit/audit-log';
import { AppFailure } from '../../../../src/shared/result';

const WALLET = '11111111111111111111111111111111';
let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'perpetua-drills-slice-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function drills() {
  const passphrases: string[] = [];
  const refused = () => Promise.reject(new Error('not called here'));
  const never = (): never => {
    throw new Error('not called here');
  };
  const deps: DrillsDeps = {
    networkDir: dir,
    audit: new AuditLog(join(dir, 'audit.jsonl')),
    wallets: { get: never, list: () => [], signingKey: never },
    sessions: { list: refused, revokeByWallet: refused, create: refused, signer: never },
    client: {
      user: refused,
      account: refused,
      triggers: refused,
      accountExists: refused,
      history: refused,
      vaultHoldings: refused,
      withdrawalFee: refused,
    },
    pipeline: { prepare: refused, confirm: refused },
    lock: {
      requireFreshUnlock: never,
      reauthenticate: async (passphrase) => {
        passphrases.push(passphrase);
        throw new AppFailure('LOCKED', 'That passphrase is not right.');
      },
    },
    ownership: { accountOwners: refused },
    journal: { pending: () => [] },
    info: refused,
    funds: { chain: never, deposit: refused, list: () => [] },
    compromised: { isCompromised: () => false, mark: never },
  };
  return { passphrases, handlers: createDrills(deps).handlers };
}

/** A run of each kind, recorded as running when the app stopped, with a step not started yet. */
function stoppedRuns(): Record<string, string> {
  const store = new DrillRecordStore(join(dir, 'drill-runs.json'));
  const started = (kind: 'compromisedKey' | 'sweep' | 'walletKey') => new DrillRun(kind, 1_000, [WALLET]);
  const revoking = started('compromisedKey');
  revoking.add({ key: 'revoke:w1:7', label: 'Revoke session 7 of One' });
  const moving = started('walletKey');
  moving.add({ key: 'session:w2', label: 'Make a session for the new wallet' });
  const sweeping = started('sweep');
  const transfer = { fromAccountId: 4, toAccountId: 12, tokenId: 0, amount: 5_000_000n };
  sweeping.add({ key: 'transfer:4:0', label: '5 USDC from account 4 to account 12', transfer });
  const usdc = { tokenId: 0, symbol: 'USDC', name: 'USD Coin', decimals: 6, mint: WALLET };
  sweeping.sweep = { targetAccountId: 12, tokens: [usdc], stepWallets: { 'transfer:4:0': WALLET } };
  for (const run of [revoking, moving, sweeping]) store.save(run.record());
  return { compromisedKey: revoking.runId, walletKey: moving.runId, sweep: sweeping.runId };
}

describe('the drills of the exchange connected now', () => {
  it("settles each run the app was stopped in, by its own kind's drill, from this network's record", async () => {
    const ids = stoppedRuns();
    const { handlers } = drills();
    const shown = await handlers.interrupted({});
    const byKind = Object.fromEntries(shown.map((r) => [r.kind, r]));
    expect(Object.keys(byKind).sort()).toEqual(['compromisedKey', 'sweep', 'walletKey']);
    for (const run of shown) expect(run.status).not.toBe('running');
    expect(byKind.compromisedKey!.summary).toMatch(/^Interrupted: the app stopped during the drill/);
    expect(byKind.walletKey!.summary).toMatch(/Finish the drill to do the rest/);
    expect(byKind.sweep!.summary).toMatch(/account 12/);
    expect((await handlers.run({ runId: ids.sweep! })).summary).toBe(byKind.sweep!.summary);
  });

  it('a dismissed run is no longer shown; a run unknown here is not found', async () => {
    const ids = stoppedRuns();
    const { handlers } = drills();
    await handlers.interrupted({});
    expect(await handlers.dismiss({ runId: ids.sweep! })).toEqual({ done: true });
    expect((await handlers.interrupted({})).map((r) => r.kind).sort()).toEqual([
      'compromisedKey',
      'walletKey',
    ]);
    await expect(handlers.run({ runId: 'elsewhere' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('finishing the leaked wallet-key drill checks the passphrase given before anything else', async () => {
    const ids = stoppedRuns();
    const { handlers, passphrases } = drills();
    await expect(
      handlers.finishWalletKey({ runId: ids.walletKey!, passphrase: 'typed' }),
    ).rejects.toMatchObject({
      code: 'LOCKED',
    });
    expect(passphrases).toEqual(['typed']);
  });
});
