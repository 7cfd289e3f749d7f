// The crash campaign's verdict must be able to fail: each kind of disagreement between the app's records and
// the exchange's, written into records that otherwise agree, is counted and named; records that agree pass.
import { describe, expect, it } from 'vitest';
import { encodeActionRaw } from '../../../../src/protocol/codec';
import { loadSchema, readBundledProto } from '../../../../src/protocol/schema';
import { emptyState, type EngineState } from '../../../../src/devnet/state';
import type { Action } from '../../../../src/protocol/types';
import { passed, reconcile, type AppRecords } from '../../../../scripts/crash-campaign/reconcile';
import type { Attempt } from '../../../../scripts/crash-campaign/attempt';

const schema = loadSchema(readBundledProto());
const WALLET = 'WalletKey1111111111111111111111111111111111';
const SESSION = 'SessionKey111111111111111111111111111111111';

function transfer(actionId: bigint, nonce: number, amount: bigint, fromAccountId = 1) {
  const action: Action = {
    currentTimestamp: 1n,
    nonce,
    kind: { type: 'transfer', sessionId: 1n, fromAccountId, toAccountId: 2, tokenId: 0, amount },
  };
  return {
    actionId,
    time: 1,
    signer: SESSION,
    nonce,
    kind: 'transfer',
    receipt: { actionId: actionId.toString(), kind: { type: 'transfer' } },
    payload: encodeActionRaw(schema, action).toString('base64'),
  };
}

/** An exchange and an app that agree: two transfers, both audited, balances and deposits matching. */
function agreeing(): { attempts: Attempt[]; app: AppRecords; exchange: EngineState } {
  const exchange = emptyState();
  exchange.actions.push(transfer(1n, 1, 1_000_001n), transfer(2n, 2, 1_000_002n));
  exchange.nonces[SESSION] = 2;
  exchange.accounts[1] = { id: 1, owner: WALLET, balances: { 0: 500n }, updateId: 3 };
  exchange.accounts[2] = { id: 2, owner: WALLET, balances: { 0: 2_000_003n }, updateId: 3 };
  exchange.deposits.push({
    id: 1n,
    time: 1,
    accountId: 1,
    tokenId: 0,
    amount: 7n,
    chainTxId: 'tx1',
    from: WALLET,
    balance: 7n,
  });
  const app: AppRecords = {
    audit: [
      { kind: 'transfer', result: 'ok', actionId: '1', sentence: 'Moved 1.000001 USDC' },
      { kind: 'transfer', result: 'ok', actionId: '2', sentence: 'Moved 1.000002 USDC' },
    ],
    accounts: [
      { walletKey: WALLET, accountId: 1, usdc: 500n },
      { walletKey: WALLET, accountId: 2, usdc: 2_000_003n },
    ],
    deposits: [{ depositId: 'd1', txId: 'tx1', amount: 7n, status: 'credited' }],
    journal: { signers: { [SESSION]: 2 }, pending: [] },
    chain: [{ publicKey: WALLET, app: 10n, chain: 10n }],
    walletKeys: [WALLET],
  };
  const attempts: Attempt[] = [
    { index: 0, kind: 'transfer', amount: 1_000_001n, outcome: 'ok', actionId: 1n },
    { index: 1, kind: 'transfer', amount: 1_000_002n, outcome: 'ok', actionId: 2n },
  ];
  return { attempts, app, exchange };
}

describe('the crash campaign reconciliation', () => {
  it('passes records that agree', () => {
    const { attempts, app, exchange } = agreeing();
    const r = reconcile(attempts, app, exchange);
    expect(r.problems).toEqual([]);
    expect(passed(r)).toBe(true);
    expect(r.exchangeActions).toBe(2);
  });

  it('counts an attempt executed twice (one amount out of one account by two actions), but not a sweep of it onward', () => {
    const { attempts, app, exchange } = agreeing();
    exchange.actions.push(transfer(3n, 3, 1_000_001n), transfer(4n, 4, 1_000_002n, 2));
    exchange.nonces[SESSION] = 4;
    app.journal.signers[SESSION] = 4;
    app.audit.push(
      { kind: 'transfer', result: 'ok', actionId: '3', sentence: 'again' },
      { kind: 'transfer', result: 'ok', actionId: '4', sentence: 'swept on' },
    );
    const r = reconcile(attempts, app, exchange);
    expect(r.executedTwice).toBe(1);
    expect(r.problems).toEqual(['executed twice: transfer of 1000001 from account 1 as actions 1, 3']);
    expect(passed(r)).toBe(false);
  });

  it('counts a confirmed action the exchange does not have, and an audit line without its action', () => {
    const { attempts, app, exchange } = agreeing();
    attempts.push({ index: 2, kind: 'withdraw', amount: 5n, outcome: 'ok', actionId: 9n });
    app.audit.push({ kind: 'withdraw', result: 'ok', actionId: '9', sentence: 'Withdrew' });
    const r = reconcile(attempts, app, exchange);
    expect([r.confirmedLost, r.auditWithoutAction]).toEqual([1, 1]);
  });

  it('counts an executed action with no audit line', () => {
    const { attempts, app, exchange } = agreeing();
    app.audit.pop();
    expect(reconcile(attempts, app, exchange).actionWithoutAudit).toBe(1);
  });

  it('counts a journal behind the exchange and a nonce used twice', () => {
    const { attempts, app, exchange } = agreeing();
    app.journal.signers[SESSION] = 1;
    expect(reconcile(attempts, app, exchange).noncesReused).toBe(1);
    const again = agreeing();
    again.exchange.actions.push({ ...transfer(3n, 2, 1_000_003n) });
    again.app.audit.push({ kind: 'transfer', result: 'ok', actionId: '3', sentence: 'x' });
    expect(reconcile(again.attempts, again.app, again.exchange).noncesReused).toBe(1);
  });

  it('counts what is unsettled: a journal entry and a deposit neither credited nor failed', () => {
    const { attempts, app, exchange } = agreeing();
    app.journal.pending.push({ signer: SESSION, nonce: 3 });
    app.deposits.push({ depositId: 'd2', txId: 'tx2', amount: 8n, status: 'confirmed' });
    expect(reconcile(attempts, app, exchange).unknownUnsettled).toBe(2);
  });

  it('counts a deposit credited twice, and balances that differ by one unit on the exchange or the chain', () => {
    const { attempts, app, exchange } = agreeing();
    exchange.deposits.push({ ...exchange.deposits[0]!, id: 2n });
    app.accounts[1]!.usdc += 1n;
    app.chain[0]!.app -= 1n;
    const r = reconcile(attempts, app, exchange);
    expect([r.depositsNotOnce, r.balanceMismatches, r.chainMismatches]).toEqual([1, 1, 1]);
  });
});
