// GET /ws/{streams}: the account stream carries every balance change with gap-free update ids that match
// GET /account/{id}'s updateId; several streams share one socket; bad streams are refused with a reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestWallet, USDC, startExchange, usdc, type TestExchange } from './support/exchange';
import { openStreams } from './support/ws';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startExchange();
});
afterAll(() => ex.close());

interface Message {
  account?: { accountId: number; type: string; balances: { tokenId: number; amount: string }[] };
  stream: string;
  update_id: number;
  last_update_id: number;
}

const open = (streams: string) => openStreams<Message>(ex, streams);

describe('account stream', () => {
  it('pushes transfers, withdrawals (requested and processed) and credited deposits with gap-free update ids', async () => {
    const w = new TestWallet(ex);
    await w.deposit(USDC, usdc(100));
    await w.createSession();
    const [a] = await w.accountIds();
    const { ws, next } = await open(`account@${a}`);
    const startId = (await ex.getJson<{ updateId: number }>(`/account/${a}`)).updateId;

    const created = (
      await ex.submit(
        w.sessionBody({
          type: 'transfer',
          sessionId: w.session!.id,
          fromAccountId: a!,
          tokenId: USDC,
          amount: usdc(10),
        }),
      )
    ).kind as { toUserAccount: number };
    await ex.submit(
      w.sessionBody({ type: 'withdraw', sessionId: w.session!.id, tokenId: USDC, amount: usdc(20) }),
    );
    ex.advance(2_000);
    await w.deposit(USDC, usdc(5));

    const messages = await next(4);
    expect(messages.map((m) => m.account!.type)).toEqual([
      'transferSent',
      'withdrawalRequested',
      'withdrawalProcessed',
      'depositCredited',
    ]);
    messages.forEach((m, i) => {
      expect(m.stream).toBe(`account@${a}`);
      expect(m.update_id).toBe(startId + i + 1);
      expect(m.last_update_id).toBe(m.update_id - 1);
    });
    expect(messages[3]!.account!.balances).toEqual([{ tokenId: USDC, amount: usdc(75).toString() }]);
    expect((await ex.getJson<{ updateId: number }>(`/account/${a}`)).updateId).toBe(messages[3]!.update_id);
    expect(created.toUserAccount).not.toBe(a);
    ws.close();
  });

  it('several streams joined with & share one socket', async () => {
    const w = new TestWallet(ex);
    await w.deposit(USDC, usdc(50));
    await w.createSession();
    const [a] = await w.accountIds();
    const b = (
      (
        await ex.submit(
          w.sessionBody({
            type: 'transfer',
            sessionId: w.session!.id,
            fromAccountId: a!,
            tokenId: USDC,
            amount: 1n,
          }),
        )
      ).kind as { toUserAccount: number }
    ).toUserAccount;
    const { ws, next } = await open(`account@${a}&account@${b}`);
    await ex.submit(
      w.sessionBody({
        type: 'transfer',
        sessionId: w.session!.id,
        fromAccountId: a!,
        tokenId: USDC,
        amount: usdc(5),
        toAccountId: b,
      }),
    );
    const messages = await next(2);
    expect(messages.map((m) => [m.stream, m.account!.type]).sort()).toEqual([
      [`account@${a}`, 'transferSent'],
      [`account@${b}`, 'transferReceived'],
    ]);
    ws.close();
  });

  it('refuses unknown or malformed streams with a reason naming the valid forms', async () => {
    await expect(open('orders@1')).rejects.toThrow(/400 .*unknown stream .*orders@1.*account@<account_id>/);
    await expect(open('account@abc')).rejects.toThrow(/400|404/);
    await expect(open('account@99999')).rejects.toThrow(/404 .*account 99999 does not exist/);
    await expect(open('account@1&&account@2')).rejects.toThrow(/400/);
  });
});
