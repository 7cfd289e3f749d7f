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
  vaults,
  type TestExchange,
} from './support/exchange';
import { scaledFromDecimal } from '../../src/shared/money';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  SOLANA_ERROR__INSTRUCTION_ERROR__INVALID_ACCOUNT_DATA,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
} from '@solana/kit';
import { openStreams } from './support/ws';
import { depositInstructions, memoInstruction, signTransaction } from '../../src/protocol/solana-tx';

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
    const vault = (await vaults(ex)).find((v) => v.tokenId === USDC)!;
    const vaultBefore = await tokenAmount(vault.vault);
    const solBefore = (await ex.rpc.getBalance(w.address as Address).send()).value;
    const signed = await w.signedDeposit(USDC, usdc(25));
    const signature = await w.send(signed.wire);
    expect(signature).toBe(signed.signature);
    // on chain at once: exact token amounts, and the fee (one signature) paid in SOL by the wallet
    expect(await chainBalance(ex, w.address, USDC)).toBe(usdc(15));
    expect(await tokenAmount(vault.vault)).toBe(vaultBefore + usdc(25));
    expect((await ex.rpc.getBalance(w.address as Address).send()).value).toBe(solBefore - 5_000n);
    const status = await ex.rpc.getSignatureStatuses([signature as never]).send();
    expect(status.value[0]).toMatchObject({ err: null, confirmationStatus: 'confirmed' });
    expect((await ex.get(`/user/${w.address}`)).status).toBe(404);
    expect(await settlement(signature)).toMatchObject([{ status: 'confirmed', recipient: w.address }]);

    ex.advance(1_000); // not yet
    expect(await settlement(signature)).toMatchObject([{ status: 'confirmed' }]);
    ex.advance(600);
    const [account] = await w.accountIds();
    expect(await settlement(signature)).toMatchObject([
      { status: 'credited', creditedAccountId: account, amount: usdc(25).toString(), correlation: 'memo' },
    ]);
    expect(await balances(ex, account!)).toEqual({ [USDC]: usdc(25) });
    const history = await ex.client.history(account!, 'deposit');
    expect(history.items).toEqual([
      expect.objectContaining({ amount: usdc(25), chainTxId: signature, from: w.address }),
    ]);
  });

  it('are idempotent on the signature: the same signed transaction sent again moves and credits once', async () => {
    const w = new TestWallet(ex);
    await w.faucet(USDC, usdc(10));
    const signed = await w.signedDeposit(USDC, usdc(4));
    expect(await w.send(signed.wire)).toBe(signed.signature);
    expect(await w.send(signed.wire)).toBe(signed.signature);
    expect(await chainBalance(ex, w.address, USDC)).toBe(usdc(6));
    ex.advance(2_000);
    expect(await w.send(signed.wire)).toBe(signed.signature);
    ex.advance(2_000);
    const [account] = await w.accountIds();
    expect(await balances(ex, account!)).toEqual({ [USDC]: usdc(4) });
    expect(await settlement(signed.signature)).toHaveLength(1);
  });

  it('that fail on chain (more than the wallet holds, no token account) are refused in preflight and credit nothing', async () => {
    const w = new TestWallet(ex);
    await w.faucet(USDC, usdc(5));
    const tooMuch = await w.signedDeposit(USDC, usdc(6));
    const refusal = await w
      .send(tooMuch.wire)
      .catch((e: unknown) => e as { context: Record<string, unknown> });
    // kit's own error for the RPC's answer: preflight failed, caused by the token program's error 1
    // (insufficient funds) in the first instruction
    expect(refusal).toMatchObject({
      context: { __code: -32002 },
      cause: { context: { __code: SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM, code: 1, index: 0 } },
    });
    // BTC: the wallet never held any, so it has no token account to send from
    const noAccount = await w.signedDeposit(1, 1n);
    const missing = await w
      .send(noAccount.wire)
      .catch((e: unknown) => e as { context: Record<string, unknown> });
    expect(missing).toMatchObject({
      context: { __code: -32002 },
      cause: { context: { __code: SOLANA_ERROR__INSTRUCTION_ERROR__INVALID_ACCOUNT_DATA, index: 0 } },
    });
    expect(await chainBalance(ex, w.address, USDC)).toBe(usdc(5));
    ex.advance(2_000);
    expect((await ex.get(`/user/${w.address}`)).status).toBe(404);
    for (const s of [tooMuch.signature, noAccount.signature])
      expect((await ex.get(`/settlement/deposit/${s}`)).status).toBe(404);
    expect((await ex.rpc.getSignatureStatuses([tooMuch.signature as never]).send()).value).toEqual([null]);
  });

  it('credit the user and account the memo names; without a valid memo the sender; an uncreditable one is kept, with why', async () => {
    const alice = new TestWallet(ex);
    await alice.deposit(USDC, usdc(1));
    const [aliceAccount] = await alice.accountIds();
    const bob = new TestWallet(ex);
    await bob.faucet(USDC, usdc(30));

    const toAlice = await bob.signedDeposit(USDC, usdc(10), {
      recipient: alice.address,
      accountId: aliceAccount,
    });
    await bob.send(toAlice.wire);
    // a memo that is not a valid correlation: the default recipient, the sender's own user
    const garbled = await rawDeposit(bob, usdc(5), 'perpetua:deposit:v1 to=not-an-address');
    // an account that is not the recipient's: the tokens are in the vault, the deposit is kept uncredited
    const wrongAccount = await bob.signedDeposit(USDC, usdc(7), { recipient: alice.address, accountId: 0 });
    await bob.send(wrongAccount.wire);
    ex.advance(2_000);

    expect(await balances(ex, aliceAccount!)).toEqual({ [USDC]: usdc(11) });
    const [bobAccount] = await bob.accountIds();
    expect(await balances(ex, bobAccount!)).toEqual({ [USDC]: usdc(5) });
    expect(await settlement(garbled)).toMatchObject([
      { status: 'credited', correlation: 'sender', recipient: bob.address, memoProblem: expect.any(String) },
    ]);
    const kept = await settlement(wrongAccount.signature);
    expect(kept).toMatchObject([
      { status: 'uncredited', amount: usdc(7).toString(), reason: expect.any(String) },
    ]);
    const uncredited = await ex.getJson<{ signature: string }[]>('/settlement/uncredited');
    expect(uncredited.map((d) => d.signature)).toContain(wrongAccount.signature);
    expect(await chainBalance(ex, bob.address, USDC)).toBe(usdc(8));
  });

  it('survive a devnet restart between the deposit and its credit: credited once, the resend is the same transaction', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'perpetua-chain-'));
    let node = await startExchange({ dataDir });
    try {
      const w = new TestWallet(node);
      await w.faucet(USDC, usdc(20));
      const signed = await w.signedDeposit(USDC, usdc(12));
      await w.send(signed.wire);
      await node.close();

      node = await startExchange({ dataDir });
      const again = new TestWallet(node, w.key);
      expect(await chainBalance(node, w.address, USDC)).toBe(usdc(8));
      expect(await again.send(signed.wire)).toBe(signed.signature);
      expect(await chainBalance(node, w.address, USDC)).toBe(usdc(8));
      node.advance(2_000);
      const [account] = await again.accountIds();
      expect(await balances(node, account!)).toEqual({ [USDC]: usdc(12) });
      await node.close();

      node = await startExchange({ dataDir });
      node.advance(2_000);
      expect(await balances(node, account!)).toEqual({ [USDC]: usdc(12) });
      expect(
        (await node.rpc.getSignatureStatuses([signed.signature as never]).send()).value[0],
      ).toMatchObject({
        err: null,
      });
    } finally {
      await node.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

async function tokenAmount(account: string): Promise<bigint> {
  return BigInt((await ex.rpc.getTokenAccountBalance(account as Address).send()).value.amount);
}

const settlement = (signature: string) =>
  ex.getJson<Record<string, unknown>[]>(`/settlement/deposit/${signature}`);

/** A TransferChecked into the USDC vault with a memo of the test's choosing; its signature. */
async function rawDeposit(w: TestWallet, amount: bigint, memo: string): Promise<string> {
  const vault = (await vaults(ex)).find((v) => v.tokenId === USDC)!;
  const [transfer] = depositInstructions({
    owner: w.address as Address,
    mint: vault.mint as Address,
    decimals: 6,
    vault: vault.vault as Address,
    amount,
    correlation: { recipient: w.address },
  });
  const { value } = await ex.rpc.getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(w.address as Address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(value, m),
    (m) => appendTransactionMessageInstructions([transfer!, memoInstruction(memo)], m),
  );
  return w.send(signTransaction(message, [w.key]).wire);
}

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

    const stream = await openStreams(ex, `account@${account}`);
    ex.advance(2_000);
    expect(await chainBalance(ex, dest.address, USDC)).toBe(usdc(30) - fee);
    expect(BigInt(await ex.getJson<number>('/event/last-acked-nonce'))).toBeGreaterThanOrEqual(eventNonce);
    const [processed] = await stream.next(1);
    stream.ws.close();
    const rows = await ex.client.history(account, 'withdrawal');
    expect(rows.items).toEqual([
      expect.objectContaining({ status: 'processed', fee, chainTxId: expect.any(String) }),
    ]);
    const payoutSignature = rows.items[0]!.chainTxId!;
    // the processed event names the same payout transaction
    expect(processed).toMatchObject({
      account: {
        type: 'withdrawalProcessed',
        chainTxId: payoutSignature,
        amountReceived: (usdc(30) - fee).toString(),
      },
    });
    // the payout is a real transaction: it created the destination's token account and moved amount - fee
    const payout = await ex.rpc
      .getTransaction(payoutSignature as never, { maxSupportedTransactionVersion: 0, encoding: 'json' })
      .send();
    expect(payout?.meta?.err).toBeNull();
    // creating the token account is a cross-program call of the ATA program into System and Token
    expect(payout?.meta?.innerInstructions?.length).toBeGreaterThan(0);
    expect(payout?.meta?.preTokenBalances?.find((b) => b.owner === dest.address)).toBeUndefined();
    expect(payout?.meta?.postTokenBalances?.find((b) => b.owner === dest.address)?.uiTokenAmount.amount).toBe(
      (usdc(30) - fee).toString(),
    );
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
