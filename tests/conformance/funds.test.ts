// Money: deposits are chain transactions credited only after processing; withdrawals charge exactly the
// fee the fee endpoint states and pay amount minus fee on the chain once the settlement bridge acknowledges
// them; transfers move funds between owned accounts, into a new one, or to another user.
import { z } from 'zod';
import { TransferPageJsonSchema } from '../../src/shared/exchange/history';
import { Num, UInt } from '../../src/shared/exchange/json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bs58 from 'bs58';
import {
  TestWallet,
  USDC,
  balances,
  chainBalance,
  errorOf,
  startExchange,
  usdc,
  type TestExchange,
} from './support/exchange';
import { scaledFromDecimal } from '../../src/shared/money';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startExchange({ config: { maxAccountsPerUser: 3 } });
});
afterAll(() => ex.close());

async function funded(amount = usdc(100)): Promise<{ w: TestWallet; account: number }> {
  const w = new TestWallet(ex);
  await w.deposit(USDC, amount);
  await w.createSession();
  return { w, account: (await w.accountIds())[0]! };
}

describe('deposits', () => {
  it('confirm on the chain at once, but credit only after processing; the first creates the user', async () => {
    const w = new TestWallet(ex);
    await w.faucet(USDC, usdc(40));
    expect(await chainBalance(ex, w.address, USDC)).toBe(usdc(40));
    const res = await ex.postJson('/chain/deposit', w.signedDeposit(USDC, usdc(25)));
    const tx = (await res.json()) as { txId: string; status: string };
    expect(tx.status).toBe('confirmed');
    expect(await chainBalance(ex, w.address, USDC)).toBe(usdc(15));
    expect((await ex.get(`/user/${w.address}`)).status).toBe(404);

    ex.advance(1_000); // not yet
    expect((await ex.getJson<{ status: string }>(`/chain/tx/${tx.txId}`)).status).toBe('confirmed');
    ex.advance(600);
    expect((await ex.getJson<{ status: string; accountId: number }>(`/chain/tx/${tx.txId}`)).status).toBe(
      'credited',
    );
    const [account] = await w.accountIds();
    expect(await balances(ex, account!)).toEqual({ [USDC]: usdc(25) });
    const history = await ex.client.history(account!, 'deposit');
    expect(history.items).toEqual([expect.objectContaining({ amount: usdc(25), chainTxId: tx.txId })]);
  });

  it('refuses a deposit not signed by the depositing wallet, a reused nonce, and more than the wallet holds; the identical deposit sent again is the same transaction', async () => {
    const w = new TestWallet(ex);
    const mallory = new TestWallet(ex);
    await w.faucet(USDC, usdc(10));
    const forged = { ...mallory.signedDeposit(USDC, usdc(5)), from: w.address };
    const res = await ex.postJson('/chain/deposit', forged);
    expect(res.status).toBe(400);
    expect(res.headers.get('x-error-message')).toMatch(/not signed by the depositing wallet/);

    const good = w.signedDeposit(USDC, usdc(5));
    const first = await ex.postJson('/chain/deposit', good);
    expect(first.status).toBe(200);
    const { txId } = (await first.json()) as { txId: string };
    // a client that lost the answer sends the same signed deposit again: same transaction, funds moved once
    const again = await ex.postJson('/chain/deposit', good);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { txId: string }).txId).toBe(txId);
    // the same nonce in another transaction is a replay
    const reused = w.signedDeposit(USDC, usdc(1), {}, good.nonce);
    const replay = await ex.postJson('/chain/deposit', reused);
    expect(replay.status).toBe(400);
    expect(replay.headers.get('x-error-message')).toMatch(/nonce was already used/);
    const tooMuch = await ex.postJson('/chain/deposit', w.signedDeposit(USDC, usdc(6)));
    expect(tooMuch.headers.get('x-error-message')).toMatch(/does not hold that much/);
    expect(await chainBalance(ex, w.address, USDC)).toBe(usdc(5));
  });
});

describe('withdrawals', () => {
  it('charge the fee the endpoint states; the destination receives amount minus fee once acknowledged', async () => {
    const { w, account } = await funded();
    const fee = await ex.client.withdrawalFee(account, 6);
    expect(fee).toBe(usdc(1));
    const dest = new TestWallet(ex);
    const ackedBefore = BigInt(await ex.getJson<number>('/event/last-acked-nonce'));

    const receipt = await ex.submit(
      w.sessionBody({
        type: 'withdraw',
        sessionId: w.session!.id,
        tokenId: USDC,
        amount: usdc(30),
        destPubkey: dest.key.publicKey,
        accountId: account,
      }),
    );
    expect(receipt.kind).toMatchObject({
      type: 'withdrawResult',
      amount: usdc(30),
      fee,
      balance: usdc(70),
      accountId: account,
    });
    const eventNonce = (receipt.kind as { eventNonce: bigint }).eventNonce;
    expect(eventNonce).toBeGreaterThan(ackedBefore);
    expect(bs58.encode((receipt.kind as { destPubkey: Buffer }).destPubkey)).toBe(dest.address);
    expect(await balances(ex, account)).toEqual({ [USDC]: usdc(70) });
    expect(await chainBalance(ex, dest.address, USDC)).toBe(0n);
    expect(BigInt(await ex.getJson<number>('/event/last-acked-nonce'))).toBeLessThan(eventNonce);

    ex.advance(2_000);
    expect(await chainBalance(ex, dest.address, USDC)).toBe(usdc(30) - fee);
    expect(BigInt(await ex.getJson<number>('/event/last-acked-nonce'))).toBeGreaterThanOrEqual(eventNonce);
    const rows = await ex.client.history(account, 'withdrawal');
    expect(rows.items).toEqual([expect.objectContaining({ status: 'processed', fee })]);
    const system = await ex.read(
      '/account/system',
      z.object({ feeVault: z.array(z.object({ tokenId: UInt(), amount: Num })) }),
    );
    const vault = system.feeVault.find((f) => f.tokenId === USDC)!.amount;
    expect(scaledFromDecimal(vault, 6)).toBeGreaterThanOrEqual(fee);
    // the fee's own trail: a system transfer from the account into the fee vault, by this action
    const feeRows = (await ex.read('/account/system/history/transfer', TransferPageJsonSchema)).items;
    expect(feeRows.filter((r) => r.actionId === receipt.actionId)).toEqual([
      expect.objectContaining({ fromAccountId: account, toAccountId: 0, tokenId: USDC, amount: '1' }),
    ]);
  });

  it('of another token charge the fee the endpoint states for that token, out of the amount', async () => {
    const ETH = 2;
    const { w, account } = await funded();
    await w.deposit(ETH, 100_000_000n); // 1 ETH
    const fee = await ex.client.withdrawalFee(account, 8, ETH);
    expect(fee).toBe(31_250n); // 1 USDC at 3,200 USDC per ETH, rounded up
    expect((await ex.get(`/account/${account}/fees/withdrawal?tokenId=99`)).status).toBe(404);
    expect((await ex.get(`/account/${account}/fees/withdrawal?tokenId=x`)).status).toBe(400);
    const receipt = await ex.submit(
      w.sessionBody({ type: 'withdraw', sessionId: w.session!.id, tokenId: ETH, amount: 50_000_000n }),
    );
    expect(receipt.kind).toMatchObject({ type: 'withdrawResult', amount: 50_000_000n, fee });
    ex.advance(2_000);
    expect(await chainBalance(ex, w.address, ETH)).toBe(50_000_000n - fee);
  });

  it('default to the wallet itself as destination', async () => {
    const { w } = await funded();
    const before = await chainBalance(ex, w.address, USDC);
    await ex.submit(
      w.sessionBody({ type: 'withdraw', sessionId: w.session!.id, tokenId: USDC, amount: usdc(10) }),
    );
    ex.advance(2_000);
    expect(await chainBalance(ex, w.address, USDC)).toBe(before + usdc(9));
  });

  it('grow the fee with protocol debt while unhealthy, and charge that same fee', async () => {
    const { w, account } = await funded();
    expect((await ex.postJson('/devnet/protocol-debt', { amount: usdc(50_000).toString() })).status).toBe(
      200,
    );
    try {
      expect((await ex.get('/health')).status).toBe(503);
      expect((await ex.get('/health/settlement')).status).toBe(503);
      expect((await ex.get('/health/execution')).status).toBe(200);
      const fee = await ex.client.withdrawalFee(account, 6);
      expect(fee).toBe(usdc(1) + usdc(50)); // 10 bps of 50,000 USDC of debt
      const receipt = await ex.submit(
        w.sessionBody({ type: 'withdraw', sessionId: w.session!.id, tokenId: USDC, amount: usdc(60) }),
      );
      expect(receipt.kind).toMatchObject({ type: 'withdrawResult', fee });
    } finally {
      await ex.postJson('/devnet/protocol-debt', { amount: '0' });
    }
    expect((await ex.get('/health')).status).toBe(200);
  });

  it('refuse amounts not above the fee, above the balance, other tokens it lacks, and others’ accounts, changing nothing', async () => {
    const { w, account } = await funded(usdc(20));
    const other = await funded();
    const withdraw = (amount: bigint, extra: object = {}) =>
      ex.submit(
        w.sessionBody({ type: 'withdraw', sessionId: w.session!.id, tokenId: USDC, amount, ...extra }),
      );
    expect(errorOf(await withdraw(usdc(1)))).toBe('WITHDRAW_AMOUNT_TOO_SMALL');
    expect(errorOf(await withdraw(usdc(21)))).toBe('BALANCE_INSUFFICIENT');
    expect(errorOf(await withdraw(usdc(5), { accountId: other.account }))).toBe('ACCOUNT_INVALID_OWNER');
    expect(errorOf(await withdraw(usdc(5), { accountId: 99_999 }))).toBe('ACCOUNT_NOT_FOUND');
    expect(
      errorOf(
        await ex.submit(
          w.sessionBody({ type: 'withdraw', sessionId: w.session!.id, tokenId: 77, amount: usdc(5) }),
        ),
      ),
    ).toBe('TOKEN_NOT_FOUND');
    expect(
      errorOf(
        await ex.submit(
          w.sessionBody({ type: 'withdraw', sessionId: w.session!.id, tokenId: 1, amount: 10_000n }),
        ),
      ),
    ).toBe('BALANCE_INSUFFICIENT');
    expect(await balances(ex, account)).toEqual({ [USDC]: usdc(20) });
    expect(await balances(ex, other.account)).toEqual({ [USDC]: usdc(100) });
  });
});

describe('transfers', () => {
  it('into a new owned account, reported in the receipt, then between owned accounts', async () => {
    const { w, account } = await funded();
    const receipt = await ex.submit(
      w.sessionBody({
        type: 'transfer',
        sessionId: w.session!.id,
        fromAccountId: account,
        tokenId: USDC,
        amount: usdc(40),
      }),
    );
    expect(receipt.kind).toMatchObject({
      type: 'transferred',
      fromAccountId: account,
      accountCreated: true,
      amount: usdc(40),
    });
    const created = (receipt.kind as { toUserAccount: number }).toUserAccount;
    expect(await w.accountIds()).toEqual([account, created]);
    expect(await ex.getJson<string>(`/account/${created}/pubkey`)).toBe(w.address);
    const back = await ex.submit(
      w.sessionBody({
        type: 'transfer',
        sessionId: w.session!.id,
        fromAccountId: created,
        tokenId: USDC,
        amount: usdc(15),
        toAccountId: account,
      }),
    );
    expect(back.kind).toMatchObject({ type: 'transferred', toUserAccount: account, accountCreated: false });
    expect(await balances(ex, account)).toEqual({ [USDC]: usdc(75) });
    expect(await balances(ex, created)).toEqual({ [USDC]: usdc(25) });
    const rows = await ex.getJson<{ items: { direction: string }[] }>(`/account/${created}/history/transfer`);
    expect(rows.items.map((r) => r.direction)).toEqual(['received', 'sent']);
  });

  it('into the fee vault (public special_account), reported as to_special_account; the claim vault refuses', async () => {
    const { w, account } = await funded();
    const feeVault = async () => {
      const system = await ex.read(
        '/account/system',
        z.object({ feeVault: z.array(z.object({ tokenId: UInt(), amount: Num })) }),
      );
      const row = system.feeVault.find((b) => b.tokenId === USDC);
      return row === undefined ? 0n : scaledFromDecimal(row.amount, 6);
    };
    const paid = await feeVault();
    const special = (specialAccount: 'FeeVault' | 'CLAIM_VAULT', extra: object = {}) =>
      ex.submit(
        w.sessionBody({
          type: 'transfer',
          sessionId: w.session!.id,
          fromAccountId: account,
          tokenId: USDC,
          amount: usdc(3),
          specialAccount,
          ...extra,
        }),
      );
    const receipt = await special('FeeVault');
    expect(receipt.kind).toEqual({
      type: 'transferred',
      fromAccountId: account,
      tokenId: USDC,
      amount: usdc(3),
      accountCreated: false,
      toSpecialAccount: 'FeeVault',
    });
    expect(await w.accountIds()).toEqual([account]);
    expect(await balances(ex, account)).toEqual({ [USDC]: usdc(97) });
    expect((await feeVault()) - paid).toBe(usdc(3));
    expect(errorOf(await special('CLAIM_VAULT'))).toBe('ACTION_NOT_ALLOWED');
    expect(errorOf(await special('FeeVault', { toAccountId: account + 1 }))).toBe('TRANSFER');
    expect(await balances(ex, account)).toEqual({ [USDC]: usdc(97) });
  });

  it("to another user's existing account", async () => {
    const { w, account } = await funded();
    const other = await funded();
    const receipt = await ex.submit(
      w.sessionBody({
        type: 'transfer',
        sessionId: w.session!.id,
        fromAccountId: account,
        tokenId: USDC,
        amount: usdc(10),
        toAccountId: other.account,
      }),
    );
    expect(receipt.kind).toMatchObject({ type: 'transferred', toUserAccount: other.account });
    expect(await balances(ex, other.account)).toEqual({ [USDC]: usdc(110) });
  });

  it('unknown or unowned accounts, insufficient balance, zero and self transfers are errors that change nothing', async () => {
    const { w, account } = await funded(usdc(10));
    const other = await funded();
    const t = (extra: object) =>
      ex.submit(
        w.sessionBody({
          type: 'transfer',
          sessionId: w.session!.id,
          fromAccountId: account,
          tokenId: USDC,
          amount: usdc(1),
          ...extra,
        }),
      );
    expect(errorOf(await t({ toAccountId: 424242 }))).toBe('ACCOUNT_NOT_FOUND');
    expect(errorOf(await t({ fromAccountId: other.account, toAccountId: account }))).toBe(
      'ACCOUNT_INVALID_OWNER',
    );
    expect(errorOf(await t({ amount: usdc(11), toAccountId: other.account }))).toBe('BALANCE_INSUFFICIENT');
    expect(errorOf(await t({ amount: 0n, toAccountId: other.account }))).toBe('TRANSFER');
    expect(errorOf(await t({ toAccountId: account }))).toBe('TRANSFER');
    expect(await balances(ex, account)).toEqual({ [USDC]: usdc(10) });
    expect(await balances(ex, other.account)).toEqual({ [USDC]: usdc(100) });
    expect(await w.accountIds()).toEqual([account]);
  });

  it('stop creating accounts at the per-user cap', async () => {
    const { w, account } = await funded();
    for (let i = 0; i < 2; i += 1) {
      expect(
        (
          await ex.submit(
            w.sessionBody({
              type: 'transfer',
              sessionId: w.session!.id,
              fromAccountId: account,
              tokenId: USDC,
              amount: 1n,
            }),
          )
        ).kind.type,
      ).toBe('transferred');
    }
    expect(
      errorOf(
        await ex.submit(
          w.sessionBody({
            type: 'transfer',
            sessionId: w.session!.id,
            fromAccountId: account,
            tokenId: USDC,
            amount: 1n,
          }),
        ),
      ),
    ).toBe('TOO_MANY_USER_ACCOUNTS');
    expect(await w.accountIds()).toHaveLength(3);
  });
});
