// What each money action records in the audit log: the amount asked for and the words the log reads it in.
// A vault withdrawal request of 25 USDC was logged as "0 USDC": the own-account plan defaulted the audited
// amount to 0 for any kind that moved nothing out of the account, and the request stated none.
import { describe, expect, it } from 'vitest';
import type { ActionContext } from '../../../../src/main/actions/context';
import type { Account } from '../../../../src/main/exchange/account-model';
import { vaultWithdraw } from '../../../../src/main/actions/vault-withdraw';
import { vaultDeposit } from '../../../../src/main/actions/vault-deposit';
import { withdraw } from '../../../../src/main/actions/withdraw';
import { transfer } from '../../../../src/main/actions/transfer';
import { addTrigger } from '../../../../src/main/actions/add-trigger';
import { pnlAt } from '../../../../src/main/actions/trigger-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountWords, describeAudit, type AccountNames } from '../../../../src/main/audit/audit-wording';
import { AuditLog } from '../../../../src/main/audit/audit-log';
import { cancelOrder } from '../../../../src/main/actions/cancel-order';
import { amountLine } from '../../../support/action-lines';

const USDC = { tokenId: 0, symbol: 'USDC', name: 'USD Coin', decimals: 6, mint: 'm' };
const BTC = { tokenId: 1, symbol: 'BTC', name: 'Bitcoin', decimals: 8, mint: 'b' };
const usdc = (n: number) => BigInt(n) * 1_000_000n;
const DEST = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const MARKET = {
  marketId: 0,
  symbol: 'BTC-PERP',
  baseTokenId: 1,
  priceDecimals: 1,
  sizeDecimals: 4,
  mmfBps: 300,
} as const;

function account(over: Partial<Account> = {}): Account {
  return {
    accountId: 4,
    balances: [{ tokenId: 0, amount: usdc(1_000) }],
    positions: [],
    openOrders: [],
    margin: {
      equity: usdc(1_000),
      initialRequirement: 0n,
      maintenanceRequirement: 0n,
      freeCollateral: usdc(1_000),
      healthBps: null,
    },
    updateId: 1,
    ...over,
  };
}

function context(acc: Account = account(), names: AccountNames = []): ActionContext {
  const vault = {
    vaultId: 1,
    name: 'BTC Momentum',
    equity: usdc(100_000),
    totalShares: usdc(100_000),
    epochEnd: 1_800_000_000,
    epochSeconds: 3600,
    navPerShare: 1_000_000n,
    navDecimals: 6,
  };
  return {
    wallet: { walletId: 'w', label: 'Main', publicKey: 'Wa11et1111111111111111111111111111111111111' },
    info: { tokens: [USDC], quoteTokenId: 0, markets: [MARKET] },
    client: {
      vault: async () => vault,
      vaultHoldings: async () => [{ vaultId: 1, shares: usdc(100), currentWithdrawal: 0n }],
      accountExists: async () => true,
    },
    known: { usedDestination: () => false, usedRecipient: () => false },
    ownedAccount: async () => acc,
    ownAccount: async () => false,
    addressOwner: () => null,
    token: (id: number) => (id === 1 ? BTC : USDC),
    quote: () => USDC,
    withdrawalFee: async () => usdc(1),
    accountWords: (id: number) => accountWords(id, names),
  } as unknown as ActionContext;
}

const base = { walletId: 'w', accountId: 4 } as const;

describe('what the audit log records of each action', () => {
  it('a 25 USDC vault withdrawal request is logged as 25 USDC, not 0', async () => {
    const plan = await vaultWithdraw.plan(
      { ...base, kind: 'vaultWithdraw', vaultId: 1, by: 'QUOTE_NOTIONAL', amount: usdc(25) },
      context(),
    );
    expect(plan.audit.amount).toBe(usdc(25));
    expect(
      describeAudit({ kind: 'vaultWithdraw', accounts: [4], result: 'ok', wording: plan.audit.wording }),
    ).toBe('Requested a withdrawal of 25.00 USDC from BTC Momentum into account 4');
  });

  it('a request in shares says shares', async () => {
    const plan = await vaultWithdraw.plan(
      { ...base, kind: 'vaultWithdraw', vaultId: 1, by: 'SHARES', amount: usdc(10) },
      context(),
    );
    expect(plan.audit.amount).toBe(usdc(10));
    expect(plan.audit.wording.rest).toContain('10.000000 shares');
  });

  it('a withdrawal: the words and the confirm button name the amount and where it goes', async () => {
    const plan = await withdraw.plan(
      { ...base, kind: 'withdraw', tokenId: 0, amount: usdc(25), destination: DEST },
      context(),
    );
    expect(plan.confirmLabel).toBe('Withdraw 25.00 USDC');
    expect(
      describeAudit({ kind: 'withdraw', accounts: [4], result: 'ok', wording: plan.audit.wording }),
    ).toBe('Withdrew 25.00 USDC from account 4 to 9xQe…VFin');
  });

  it("a withdrawal to one of the person's wallets is named as theirs, in the review and the log, and asks nothing", async () => {
    const ctx = context();
    const mine = { walletId: 'w2', label: 'Savings', publicKey: DEST };
    const plan = await withdraw.plan(
      { ...base, kind: 'withdraw', tokenId: 0, amount: usdc(25), destination: DEST },
      { ...ctx, addressOwner: (a: string) => (a === DEST ? mine : null) } as ActionContext,
    );
    expect(plan.moneyLeaves).toBe(false);
    expect(plan.lines.find((l) => l.key === 'toWallet')?.value).toEqual({
      type: 'text',
      text: 'Your wallet Savings',
    });
    expect(plan.warnings.join(' ')).not.toMatch(/not withdrawn to this address/);
    expect(
      describeAudit({ kind: 'withdraw', accounts: [4], result: 'ok', wording: plan.audit.wording }),
    ).toBe('Withdrew 25.00 USDC from account 4 to your wallet Savings (9xQe…VFin)');
    // someone else's address has no such line, and it leaves
    const away = await withdraw.plan(
      { ...base, kind: 'withdraw', tokenId: 0, amount: usdc(25), destination: DEST },
      ctx,
    );
    expect(away.moneyLeaves).toBe(true);
    expect(away.lines.some((l) => l.key === 'toWallet')).toBe(false);
  });

  it('a vault deposit and a transfer are named for what they do', async () => {
    const deposit = await vaultDeposit.plan(
      { ...base, kind: 'vaultDeposit', vaultId: 1, amount: usdc(25) },
      context(),
    );
    expect(deposit.confirmLabel).toBe('Deposit into BTC Momentum');
    expect(deposit.audit.amount).toBe(usdc(25));
    const move = await transfer.plan(
      { walletId: 'w', kind: 'transfer', fromAccountId: 4, tokenId: 0, amount: usdc(7), toAccountId: 9 },
      context(),
    );
    expect(move.confirmLabel).toBe('Transfer 7.00 USDC');
    expect(
      describeAudit({ kind: 'transfer', accounts: [4, 9], result: 'ok', wording: move.audit.wording }),
    ).toBe('Transferred 7.00 USDC from account 4 to account 9');
  });

  it('says what was tried when it was refused or its outcome is unknown', () => {
    const wording = { verb: 'withdraw', rest: '25 USDC from account 4 to 9xQe…VFin' } as const;
    expect(
      describeAudit({ kind: 'withdraw', accounts: [4], result: 'err', error: 'NOT_ENOUGH', wording }),
    ).toBe('Not done: withdraw 25 USDC from account 4 to 9xQe…VFin (NOT_ENOUGH)');
    expect(describeAudit({ kind: 'withdraw', accounts: [4], result: 'unknown', wording })).toBe(
      'Sent, outcome not known yet: withdraw 25 USDC from account 4 to 9xQe…VFin',
    );
    // entries from before actions were worded
    expect(describeAudit({ kind: 'withdraw', accounts: [3], result: 'ok' })).toBe(
      'Done: withdraw (account 3)',
    );
    // a drill's own closing line is named for the drill; its detail says what came of it
    expect(describeAudit({ kind: 'sweep', accounts: [3, 9], result: 'ok' })).toBe('Multi-account sweep');
    expect(describeAudit({ kind: 'compromisedKeyDrill', accounts: [], result: 'err' })).toBe(
      'Compromised-key drill, not all done',
    );
  });
});

describe('amounts in the one format (figures.ts), never less precise than what is signed', () => {
  it('an exact amount keeps every place in the button, the review sentence and the log; a round one shows its cents', async () => {
    const exact = await withdraw.plan(
      { ...base, kind: 'withdraw', tokenId: 0, amount: 25_123_456n, destination: DEST },
      context(),
    );
    expect(exact.confirmLabel).toBe('Withdraw 25.123456 USDC');
    expect(exact.audit.wording.rest).toBe('25.123456 USDC from account 4 to 9xQe…VFin');
    const large = await transfer.plan(
      { walletId: 'w', kind: 'transfer', fromAccountId: 4, tokenId: 0, amount: usdc(999), toAccountId: 9 },
      context(account({ balances: [{ tokenId: 0, amount: usdc(1_000) }] })),
    );
    expect(large.confirmLabel).toBe('Transfer 999.00 USDC');
    const grouped = await vaultWithdraw.plan(
      { ...base, kind: 'vaultWithdraw', vaultId: 1, by: 'SHARES', amount: 12_345_678n },
      context(),
    );
    // shares count in the quote token's units: every place of a request in shares, never cut
    expect(grouped.audit.wording.rest).toContain('12.345678 shares');
  });

  it('prices and sizes carry their units, in the market’s decimals', async () => {
    const withOrder = account({
      openOrders: [
        {
          orderId: '7',
          marketId: 0,
          side: 'BID',
          price: 650_000n,
          remainingSize: 1_000n,
          clientOrderId: null,
        },
      ],
    });
    const plan = await cancelOrder.plan({ ...base, kind: 'cancelOrder', orderId: 7n }, context(withOrder));
    expect(plan.audit.wording.rest).toBe(
      'the BTC-PERP buy order of 0.1000 BTC at 65,000.0 USDC on account 4',
    );
  });
});

describe('accounts by the name given them here (issue 17, item 13)', () => {
  const trading: AccountNames = [{ accountId: 4, name: 'Trading' }];

  it('names a named account with its number, in the words of every kind', async () => {
    const out = await withdraw.plan(
      { ...base, kind: 'withdraw', tokenId: 0, amount: usdc(25), destination: DEST },
      context(account(), trading),
    );
    expect(describeAudit({ kind: 'withdraw', accounts: [4], result: 'ok', wording: out.audit.wording })).toBe(
      'Withdrew 25.00 USDC from Trading (account 4) to 9xQe…VFin',
    );
    const move = await transfer.plan(
      { walletId: 'w', kind: 'transfer', fromAccountId: 4, tokenId: 0, amount: usdc(7), toAccountId: 9 },
      context(account(), [...trading, { accountId: 9, name: 'Savings' }]),
    );
    expect(move.audit.wording.rest).toBe('7.00 USDC from Trading (account 4) to Savings (account 9)');
    const intoVault = await vaultDeposit.plan(
      { ...base, kind: 'vaultDeposit', vaultId: 1, amount: usdc(25) },
      context(account(), trading),
    );
    expect(intoVault.audit.wording.rest).toBe('25.00 USDC from Trading (account 4) into BTC Momentum');
  });

  it('keeps the name the account had when the line was written: a rename does not rewrite the log', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpetua-audit-names-'));
    try {
      const log = new AuditLog(join(dir, 'audit.jsonl'));
      const signed = await withdraw.plan(
        { ...base, kind: 'withdraw', tokenId: 0, amount: usdc(25), destination: DEST },
        context(account(), trading),
      );
      log.append({
        time: 1,
        wallet: 'w',
        walletLabel: 'Main',
        kind: 'withdraw',
        accounts: [4],
        result: 'ok',
        wording: signed.audit.wording,
      });
      // renamed afterwards: the past line still says what the person confirmed; a new review uses the new name
      const renamed: AccountNames = [{ accountId: 4, name: 'Savings' }];
      const later = await withdraw.plan(
        { ...base, kind: 'withdraw', tokenId: 0, amount: usdc(25), destination: DEST },
        context(account(), renamed),
      );
      expect(log.list().entries.map((e) => e.sentence)).toEqual([
        'Withdrew 25.00 USDC from Trading (account 4) to 9xQe…VFin, wallet Main',
      ]);
      expect(later.audit.wording.rest).toBe('25.00 USDC from Savings (account 4) to 9xQe…VFin');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the words of a trigger', () => {
  it('states its price with the unit', async () => {
    const long = account({
      positions: [
        {
          marketId: 0,
          size: 1_000n,
          entryPrice: 600_000n,
          markPrice: 610_000n,
          unrealizedPnl: 0n,
          fundingPnl: 0n,
          liquidationPrice: 100_000n,
        },
      ],
    });
    const plan = await addTrigger.plan(
      { ...base, kind: 'addTrigger', marketId: 0, triggerKind: 'STOP_LOSS', triggerPrice: 550_000n },
      context(long, [{ accountId: 4, name: 'Trading' }]),
    );
    expect(plan.audit.wording.rest).toBe('a BTC-PERP stop-loss at 55,000.0 USDC to Trading (account 4)');
  });
});

describe('the stop-loss review', () => {
  const long = account({
    positions: [
      {
        marketId: 0,
        size: 1_000n, // 0.1 BTC
        entryPrice: 600_000n, // 60,000.0
        markPrice: 610_000n,
        unrealizedPnl: 0n,
        fundingPnl: 0n,
        liquidationPrice: 100_000n,
      },
    ],
  });

  it('shows the estimated loss at the trigger price', async () => {
    const plan = await addTrigger.plan(
      { ...base, kind: 'addTrigger', marketId: 0, triggerKind: 'STOP_LOSS', triggerPrice: 550_000n },
      context(long),
    );
    // 0.1 BTC from 60,000 down to 55,000: a 500 USDC loss
    expect(amountLine(plan, 'pnlAtTrigger')).toBe(-usdc(500));
    expect(plan.lines.find((l) => l.key === 'pnlAtTrigger')?.label).toBe(
      'Estimated loss at the trigger price',
    );
    expect(plan.confirmLabel).toBe('Add stop-loss at 55,000.0 USDC');
  });

  it('rounds a loss down, never understating it', () => {
    // 0.0001 BTC over 0.1 of price is 0.00001: a tenth of the smallest unit of a 4-decimal quote token
    expect(pnlAt(9n, 10n, 1n, MARKET, 4)).toBe(-1n);
    expect(pnlAt(11n, 10n, 1n, MARKET, 4)).toBe(0n);
    expect(pnlAt(9n, 10n, -1n, MARKET, 4)).toBe(0n);
  });
});
