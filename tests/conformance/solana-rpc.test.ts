// The devnet's Solana JSON-RPC, driven through @solana/kit's own client (createSolanaRpc): every method the
// app's flows use answers in the shape kit expects, and bad input of every kind gets the standard JSON-RPC
// error object rather than an exception or a hang.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SOLANA_ERROR__JSON_RPC__INVALID_PARAMS,
  SOLANA_ERROR__JSON_RPC__METHOD_NOT_FOUND,
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Signature,
} from '@solana/kit';
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import {
  TestWallet,
  USDC,
  rpcCall,
  startExchange,
  usdc,
  vaults,
  type TestExchange,
} from './support/exchange';
import { memoInstruction, signTransaction } from '../../src/protocol/solana-tx';

let ex: TestExchange;
let w: TestWallet;
let faucetSignature: string;
beforeAll(async () => {
  ex = await startExchange();
  w = new TestWallet(ex);
  faucetSignature = await w.faucet(USDC, usdc(50));
});
afterAll(() => ex.close());

async function post(body: string): Promise<{ status: number; json: unknown }> {
  const res = await fetch(ex.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

describe('the Solana JSON-RPC through @solana/kit', () => {
  it('answers getVersion, getHealth, getSlot, getLatestBlockhash and getMinimumBalanceForRentExemption', async () => {
    expect(await ex.rpc.getVersion().send()).toMatchObject({ 'solana-core': expect.any(String) });
    expect(await ex.rpc.getHealth().send()).toBe('ok');
    const slot = await ex.rpc.getSlot().send();
    expect(typeof slot).toBe('bigint');
    ex.advance(4_000); // ten slots of 400 ms
    expect(await ex.rpc.getSlot().send()).toBe(slot + 10n);
    const { context, value } = await ex.rpc.getLatestBlockhash().send();
    expect(context.slot).toBe(slot + 10n);
    expect(value.lastValidBlockHeight).toBe(slot + 10n + 150n);
    expect(value.blockhash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(await ex.rpc.getMinimumBalanceForRentExemption(165n).send()).toBe(2_039_280n);
  });

  it('answers getBalance, getAccountInfo, getTokenAccountsByOwner and getTokenAccountBalance for a funded wallet', async () => {
    const me = w.address as Address;
    expect((await ex.rpc.getBalance(me).send()).value).toBe(1_000_000_000n);
    const usdcMint = (await vaults(ex)).find((v) => v.tokenId === USDC)!.mint as Address;
    const owned = await ex.rpc
      .getTokenAccountsByOwner(me, { mint: usdcMint }, { encoding: 'jsonParsed' })
      .send();
    expect(owned.value).toHaveLength(1);
    const parsed = owned.value[0]!.account.data.parsed;
    expect(parsed).toMatchObject({
      type: 'account',
      info: {
        mint: usdcMint,
        owner: me,
        state: 'initialized',
        tokenAmount: { amount: '50000000', decimals: 6 },
      },
    });
    const byProgram = await ex.rpc
      .getTokenAccountsByOwner(me, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'base64' })
      .send();
    expect(byProgram.value.map((a) => a.pubkey)).toEqual([owned.value[0]!.pubkey]);
    expect((await ex.rpc.getTokenAccountBalance(owned.value[0]!.pubkey).send()).value).toMatchObject({
      amount: '50000000',
      decimals: 6,
      uiAmountString: '50',
    });
    const mint = await ex.rpc.getAccountInfo(usdcMint, { encoding: 'jsonParsed' }).send();
    expect(mint.value).toMatchObject({
      owner: TOKEN_PROGRAM_ADDRESS,
      data: { parsed: { type: 'mint', info: { decimals: 6 } } },
    });
    const plain = await ex.rpc.getAccountInfo(me, { encoding: 'base64' }).send();
    expect(plain.value).toMatchObject({
      lamports: 1_000_000_000n,
      owner: '11111111111111111111111111111111',
      executable: false,
    });
    const nobody = new TestWallet(ex).address as Address;
    expect((await ex.rpc.getAccountInfo(nobody).send()).value).toBeNull();
    expect((await ex.rpc.getBalance(nobody).send()).value).toBe(0n);
  });

  it('requestAirdrop credits lamports in a transaction getSignatureStatuses and getTransaction know', async () => {
    const other = new TestWallet(ex).address as Address;
    const sig = await ex.rpc.requestAirdrop(other, lamports(2_000_000n)).send();
    expect((await ex.rpc.getBalance(other).send()).value).toBe(2_000_000n);
    const statuses = await ex.rpc.getSignatureStatuses([sig, faucetSignature as Signature]).send();
    // one node and no forks: confirmed in its own slot, finalized once that slot is sealed
    expect(statuses.value.map((s) => s?.confirmationStatus)).toEqual(['confirmed', 'finalized']);
    expect(
      await ex.rpc
        .getTransaction(sig, { commitment: 'finalized', maxSupportedTransactionVersion: 0, encoding: 'json' })
        .send(),
    ).toBeNull();
    ex.advance(400);
    const sealed = await ex.rpc.getSignatureStatuses([sig]).send();
    expect(sealed.value[0]).toMatchObject({ confirmationStatus: 'finalized', confirmations: null });
    const tx = await ex.rpc
      .getTransaction(sig, { maxSupportedTransactionVersion: 0, encoding: 'json' })
      .send();
    expect(tx).toMatchObject({ version: 0, meta: { err: null, fee: 5_000n } });
    expect(tx!.transaction.signatures).toEqual([sig]);
    const b64 = await ex.rpc
      .getTransaction(sig, { maxSupportedTransactionVersion: 0, encoding: 'base64' })
      .send();
    expect(b64!.transaction[1]).toBe('base64');
    // a v0 transaction for a client that did not say it reads v0: the standard refusal
    await expect(ex.rpc.getTransaction(sig).send()).rejects.toMatchObject({ context: { __code: -32015 } });
    const unknown = 'z'.repeat(88) as Signature;
    expect(
      await ex.rpc.getTransaction(unknown, { maxSupportedTransactionVersion: 0, encoding: 'json' }).send(),
    ).toBeNull();
  });

  it('simulateTransaction runs without landing; sendTransaction lands; a failing one is refused with the program error', async () => {
    const { value: blockhash } = await ex.rpc.getLatestBlockhash().send();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(w.address as Address, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstructions([memoInstruction('hello from the conformance suite')], m),
    );
    const signed = signTransaction(message, [w.key]);
    const sim = await ex.rpc
      .simulateTransaction(signed.wire, {
        encoding: 'base64',
        accounts: { addresses: [w.address as Address], encoding: 'base64' },
      })
      .send();
    expect(sim.value.err).toBeNull();
    expect(sim.value.logs?.join('\n')).toMatch(/Memo/);
    expect(sim.value.accounts?.[0]).toMatchObject({ owner: '11111111111111111111111111111111' });
    expect((await ex.rpc.getSignatureStatuses([signed.signature]).send()).value).toEqual([null]);
    // unsigned, as fee estimators simulate: fine without sigVerify, refused with it
    const unsigned = getBase64EncodedWireTransaction({
      ...signed.transaction,
      signatures: { [w.address]: null },
    } as never);
    expect((await ex.rpc.simulateTransaction(unsigned, { encoding: 'base64' }).send()).value.err).toBeNull();
    await expect(
      ex.rpc.simulateTransaction(unsigned, { encoding: 'base64', sigVerify: true }).send(),
    ).rejects.toMatchObject({ context: { __code: -32003 } });

    const sig = await ex.rpc.sendTransaction(signed.wire, { encoding: 'base64' }).send();
    expect(sig).toBe(signed.signature);
    expect((await ex.rpc.getSignatureStatuses([sig]).send()).value[0]).toMatchObject({ err: null });

    // an expired blockhash: 151 slots later the same kind of message is refused
    ex.advance(151 * 400);
    const stale = signTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(w.address as Address, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) => appendTransactionMessageInstructions([memoInstruction('too late')], m),
      ),
      [w.key],
    );
    await expect(ex.rpc.sendTransaction(stale.wire, { encoding: 'base64' }).send()).rejects.toMatchObject({
      context: { __code: -32002 },
    });
    // a transaction whose signature does not match its message
    const { value: latest } = await ex.rpc.getLatestBlockhash().send();
    const fresh = signTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(w.address as Address, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
        (m) => appendTransactionMessageInstructions([memoInstruction('tampered')], m),
      ),
      [w.key],
    );
    const tampered = { ...fresh.transaction, signatures: { [w.address]: new Uint8Array(64).fill(7) } };
    await expect(
      ex.rpc
        .sendTransaction(getBase64EncodedWireTransaction(tampered as never), { encoding: 'base64' })
        .send(),
    ).rejects.toMatchObject({ context: { __code: -32003 } });
  });

  it('answers unknown methods with -32601 and bad params with -32602, through kit', async () => {
    const notAddress = 'not-an-address' as Address;
    await expect(ex.rpc.getBalance(notAddress).send()).rejects.toMatchObject({
      context: { __code: SOLANA_ERROR__JSON_RPC__INVALID_PARAMS },
    });
    await expect(ex.rpc.getTokenAccountBalance(w.address as Address).send()).rejects.toMatchObject({
      context: { __code: SOLANA_ERROR__JSON_RPC__INVALID_PARAMS },
    });
    await expect(ex.rpc.sendTransaction('!!!' as never, { encoding: 'base64' }).send()).rejects.toMatchObject(
      {
        context: { __code: SOLANA_ERROR__JSON_RPC__INVALID_PARAMS },
      },
    );
    await expect(
      ex.rpc
        .getTokenAccountsByOwner(w.address as Address, { mint: address('11111111111111111111111111111111') })
        .send(),
    ).rejects.toMatchObject({ context: { __code: SOLANA_ERROR__JSON_RPC__INVALID_PARAMS } });
    await expect(ex.rpc.requestAirdrop(w.address as Address, lamports(0n)).send()).rejects.toMatchObject({
      context: { __code: SOLANA_ERROR__JSON_RPC__INVALID_PARAMS },
    });
    expect(SOLANA_ERROR__JSON_RPC__METHOD_NOT_FOUND).toBe(-32601);
    await expect(rpcCall(ex, 'getBlockProduction', [])).rejects.toThrow(/-32601/);
  });

  it('answers malformed bodies with the standard error objects and never throws', async () => {
    expect(await post('{not json')).toEqual({
      status: 200,
      json: { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null },
    });
    for (const body of [
      '42',
      '"x"',
      'null',
      '[]',
      '{"jsonrpc":"1.0","id":1,"method":"getSlot"}',
      '{"jsonrpc":"2.0","id":1}',
      '{"jsonrpc":"2.0","id":{},"method":"getSlot"}',
    ])
      expect((await post(body)).json, body).toMatchObject({
        jsonrpc: '2.0',
        error: { code: -32600 },
      });
    expect((await post('{"jsonrpc":"2.0","id":7,"method":"nope"}')).json).toMatchObject({
      error: { code: -32601 },
      id: 7,
    });
    expect((await post('{"jsonrpc":"2.0","id":"a","method":"__proto__"}')).json).toMatchObject({
      error: { code: -32601 },
    });
    for (const params of ['{}', '[1]', '["x",{"encoding":"nope"}]', '[[],[]]', '["x","y","z","w"]'])
      expect(
        (await post(`{"jsonrpc":"2.0","id":1,"method":"getBalance","params":${params}}`)).json,
        params,
      ).toMatchObject({
        error: { code: -32602 },
        id: 1,
      });
    expect(
      (
        await post(
          `{"jsonrpc":"2.0","id":1,"method":"getSignatureStatuses","params":[${JSON.stringify(Array(300).fill('1'.repeat(88)))}]}`,
        )
      ).json,
    ).toMatchObject({ error: { code: -32602 } });
    // a batch answers each call; a notification (no id) gets no answer
    const batch = await post(
      '[{"jsonrpc":"2.0","id":1,"method":"getHealth"},{"jsonrpc":"2.0","id":2,"method":"nope"},{"jsonrpc":"2.0","method":"getSlot"}]',
    );
    expect(batch.json).toEqual([
      { jsonrpc: '2.0', result: 'ok', id: 1 },
      { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id: 2 },
    ]);
    expect((await fetch(ex.rpcUrl)).status).toBe(405);
    const foreign = await fetch(ex.rpcUrl, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
    // still answering after all that
    expect(await ex.rpc.getHealth().send()).toBe('ok');
  });

  it('answers every malformed call of every method with an error object, and keeps answering', async () => {
    const methods = [
      'getLatestBlockhash',
      'sendTransaction',
      'simulateTransaction',
      'getSignatureStatuses',
      'getTransaction',
      'getBalance',
      'getAccountInfo',
      'getTokenAccountsByOwner',
      'getTokenAccountBalance',
      'getMinimumBalanceForRentExemption',
      'requestAirdrop',
      'getVersion',
      'getHealth',
      'getSlot',
      'getBlockHeight',
      'getEpochInfo',
      'getBlock',
      'getSignaturesForAddress',
      'getMultipleAccounts',
      'getProgramAccounts',
      'getTokenSupply',
      'getTokenLargestAccounts',
      'getFeeForMessage',
      'getRecentPrioritizationFees',
      'isBlockhashValid',
      'devnet_requestTokens',
    ];
    const junk: unknown[] = [
      null,
      true,
      -1,
      1e308,
      2 ** 64,
      'x',
      '',
      'A'.repeat(5000),
      [],
      [[]],
      {},
      { encoding: 'base99' },
      { __proto__: { polluted: 1 } },
      ['11111111111111111111111111111111', { dataSlice: { offset: -1, length: 2 } }],
      ['AAAA', { encoding: 'base64' }],
      ['!!', { encoding: 'base58' }],
      [w.address, 'nope'],
      [w.address, 1, 'x'],
      [2 ** 64],
      [[w.address, 'x']],
      [w.address, { filters: [{ memcmp: { offset: 0, bytes: '0OIl' } }] }],
      [w.address, { filters: [{ memcmp: { offset: 2 ** 60, bytes: '1' } }, { dataSize: -1 }] }],
      [w.address, { limit: 0, before: 'x' }],
      [w.address, { commitment: 'processed' }],
      ['AAAA'],
    ];
    for (const method of methods)
      for (const params of junk) {
        const body = JSON.stringify({ jsonrpc: '2.0', id: 9, method, params });
        const { status, json } = await post(body);
        expect([method, params, status]).toEqual([method, params, 200]);
        expect(json, `${method} ${body.slice(0, 120)}`).toMatchObject({ jsonrpc: '2.0', id: 9 });
        const error = (json as { error?: { code: number } }).error;
        if (error) expect([-32602, -32002, -32003, -32004, -32015]).toContain(error.code);
      }
    expect(await ex.rpc.getHealth().send()).toBe('ok');
  });

  it('the devnet faucet mints to the wallet token account (creating it), tops up SOL, and refuses the absurd', async () => {
    const fresh = new TestWallet(ex);
    await fresh.faucet(1, 100_000_000n);
    const btcMint = (await vaults(ex)).find((v) => v.tokenId === 1)!.mint as Address;
    const owned = await ex.rpc
      .getTokenAccountsByOwner(fresh.address as Address, { mint: btcMint }, { encoding: 'jsonParsed' })
      .send();
    expect(owned.value[0]!.account.data.parsed.info.tokenAmount.amount).toBe('100000000');
    expect((await ex.rpc.getBalance(fresh.address as Address).send()).value).toBe(1_000_000_000n);
    await expect(rpcCall(ex, 'devnet_requestTokens', [fresh.address, 99, '1'])).rejects.toThrow(
      /-32602.*does not exist/,
    );
    await expect(
      rpcCall(ex, 'devnet_requestTokens', [fresh.address, 0, '1' + '0'.repeat(20)]),
    ).rejects.toThrow(/at most/);
    const vault = (await vaults(ex)).find((v) => v.tokenId === 0)!;
    await expect(rpcCall(ex, 'devnet_requestTokens', [vault.owner, 0, '1'])).rejects.toThrow(/vault/);
  });
});
