// The devnet's Solana RPC through unmodified @solana/kit: sendAndConfirmTransactionFactory confirms over
// the PubSub WebSocket (createSolanaRpcSubscriptions) at each commitment, every subscription kind notifies,
// the token views and filtered program reads answer, and what neither port serves is refused in the
// standard error, never answered in another shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  appendTransactionMessageInstructions,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Instruction,
  type RpcSubscriptions,
  type SolanaRpcSubscriptionsApi,
} from '@solana/kit';
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { SigningKey, generateKeypair } from '../../src/protocol/keys';
import {
  addressOf,
  associatedTokenAddress,
  memoInstruction,
  signTransaction,
} from '../../src/protocol/solana-tx';
import {
  TestWallet,
  USDC,
  rpcCall,
  startExchange,
  usdc,
  vaults,
  type TestExchange,
} from './support/exchange';

let ex: TestExchange;
let subs: RpcSubscriptions<SolanaRpcSubscriptionsApi>;
let payer: SigningKey;
const aborts: AbortController[] = [];
beforeAll(async () => {
  ex = await startExchange();
  subs = createSolanaRpcSubscriptions(ex.running.pubsubUrl);
  payer = new SigningKey(generateKeypair().secretSeed);
  await rpcCall(ex, 'requestAirdrop', [addressOf(payer), 1_000_000_000]);
});
afterAll(async () => {
  for (const a of aborts) a.abort();
  await ex.close();
});

function transferSol(to: Address, lamports: bigint): Instruction {
  const data = new Uint8Array(12);
  new DataView(data.buffer).setUint32(0, 2, true);
  new DataView(data.buffer).setBigUint64(4, lamports, true);
  return {
    programAddress: '11111111111111111111111111111111' as Address,
    accounts: [
      { address: addressOf(payer), role: 3 },
      { address: to, role: 1 },
    ],
    data,
  };
}

async function signed(instructions: Instruction[]) {
  const { value } = await ex.rpc.getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(addressOf(payer), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(value, m),
    (m) =>
      appendTransactionMessageInstructions([...instructions, memoInstruction(`kit ${Math.random()}`)], m),
  );
  return signTransaction(message, [payer]);
}

/** A subscription's notifications as they arrive (kit's async iterator), until the test ends. */
async function collect<T>(subscribe: (signal: AbortSignal) => Promise<AsyncIterable<T>>): Promise<T[]> {
  const abort = new AbortController();
  aborts.push(abort);
  const seen: T[] = [];
  const iterable = await subscribe(abort.signal);
  void (async () => {
    try {
      for await (const n of iterable) seen.push(n);
    } catch {
      // aborted at the end of the test
    }
  })();
  return seen;
}

async function until(test: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const someAddress = () => addressOf(new SigningKey(generateKeypair().secretSeed));

describe('@solana/kit against the devnet RPC and its PubSub WebSocket', () => {
  it('sendAndConfirmTransactionFactory confirms at confirmed at once, and at finalized once the slot is sealed', async () => {
    const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc: ex.rpc, rpcSubscriptions: subs });
    const first = await signed([transferSol(someAddress(), 1_000_000n)]);
    await sendAndConfirm(first.transaction as never, { commitment: 'confirmed' });
    const [status] = (await ex.rpc.getSignatureStatuses([first.signature as never]).send()).value;
    expect(status).toMatchObject({ err: null, confirmationStatus: 'confirmed' });

    const second = await signed([transferSol(someAddress(), 2_000_000n)]);
    let done = false;
    const finalized = sendAndConfirm(second.transaction as never, { commitment: 'finalized' }).then(() => {
      done = true;
    });
    await new Promise((r) => setTimeout(r, 400));
    expect(done).toBe(false);
    ex.advance(400);
    await finalized;
    const [sealed] = (await ex.rpc.getSignatureStatuses([second.signature as never]).send()).value;
    expect(sealed).toMatchObject({ confirmationStatus: 'finalized' });
  });

  it('slot, account and logs subscriptions notify what happened', async () => {
    const to = someAddress();
    const slots = await collect((abortSignal) => subs.slotNotifications().subscribe({ abortSignal }));
    const account = await collect((abortSignal) =>
      subs
        .accountNotifications(to, { commitment: 'confirmed', encoding: 'base64' })
        .subscribe({ abortSignal }),
    );
    const logs = await collect((abortSignal) =>
      subs.logsNotifications({ mentions: [to] }, { commitment: 'confirmed' }).subscribe({ abortSignal }),
    );
    const tx = await signed([transferSol(to, 7_000_000n)]);
    await ex.rpc.sendTransaction(tx.wire as never, { encoding: 'base64' }).send();
    await until(() => account.length === 1 && logs.length === 1);
    expect(account[0]!.value.lamports).toBe(7_000_000n);
    expect(logs[0]!.value).toMatchObject({ signature: tx.signature, err: null });
    expect(logs[0]!.value.logs).toContain('Program 11111111111111111111111111111111 success');
    // one that lands and fails (more than the payer holds, no preflight): its logs and error are told, and
    // the recipient's account, which it did not change, is not
    const failing = await signed([transferSol(to, 10n ** 15n)]);
    await ex.rpc.sendTransaction(failing.wire as never, { encoding: 'base64', skipPreflight: true }).send();
    await until(() => logs.length === 2);
    expect(logs[1]!.value).toMatchObject({
      signature: failing.signature,
      err: { InstructionError: expect.anything() },
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(account).toHaveLength(1);
    const before = await ex.rpc.getSlot().send();
    ex.advance(800);
    await until(() => slots.length >= 2);
    expect(slots.map((s) => s.slot)).toEqual([before + 1n, before + 2n]);
    expect(slots[1]).toMatchObject({ parent: before + 1n });
  });

  it('programSubscribe with the filters token clients use tells a wallet its token account changed', async () => {
    const w = new TestWallet(ex);
    const seen = await collect((abortSignal) =>
      subs
        .programNotifications(TOKEN_PROGRAM_ADDRESS, {
          commitment: 'confirmed',
          encoding: 'jsonParsed',
          filters: [
            { dataSize: 165n },
            { memcmp: { offset: 32n, bytes: w.address as never, encoding: 'base58' } },
          ],
        })
        .subscribe({ abortSignal }),
    );
    const other = new TestWallet(ex);
    await other.faucet(USDC, usdc(1));
    await w.faucet(USDC, usdc(4));
    await until(() => seen.length >= 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.value.account.data).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'account', info: { owner: w.address, tokenAmount: { amount: '4000000' } } },
    });
  });

  it('answers getTokenSupply, getTokenLargestAccounts, filtered getProgramAccounts, isBlockhashValid and getBlock in jsonParsed', async () => {
    const w = new TestWallet(ex);
    const signature = await w.faucet(USDC, usdc(900_000));
    const { mint } = (await vaults(ex)).find((v) => v.tokenId === USDC)!;
    const supply = await ex.rpc.getTokenSupply(mint as Address).send();
    expect(supply.value.decimals).toBe(6);
    expect(BigInt(supply.value.amount)).toBeGreaterThanOrEqual(usdc(900_000));
    const largest = await ex.rpc.getTokenLargestAccounts(mint as Address).send();
    expect(largest.value[0]).toMatchObject({ amount: usdc(900_000).toString(), uiAmountString: '900000' });
    const owned = await ex.rpc
      .getProgramAccounts(TOKEN_PROGRAM_ADDRESS, {
        encoding: 'base64',
        filters: [
          { dataSize: 165n },
          { memcmp: { offset: 32n, bytes: w.address as never, encoding: 'base58' } },
        ],
      })
      .send();
    expect(owned.map((a) => a.pubkey)).toEqual([largest.value[0]!.address]);
    const { value } = await ex.rpc.getLatestBlockhash().send();
    expect((await ex.rpc.isBlockhashValid(value.blockhash).send()).value).toBe(true);
    expect((await ex.rpc.isBlockhashValid('11111111111111111111111111111111' as never).send()).value).toBe(
      false,
    );
    const { slot } = (await ex.rpc.getSignatureStatuses([signature as never]).send()).value[0]!;
    const block = await ex.rpc
      .getBlock(slot, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'confirmed' })
      .send();
    const tx = block!.transactions.find((t) => t.transaction.signatures[0] === signature)!;
    expect(
      tx.transaction.message.instructions.map((ix) => ('program' in ix ? ix.program : ix.programId)),
    ).toEqual(expect.arrayContaining(['spl-associated-token-account', 'spl-token', 'spl-memo']));
    expect(block!.parentSlot).toBe(slot - 1n);
  });

  it('refuses an unknown encoding or commitment with -32602 in Solana words, never another shape', async () => {
    const me = addressOf(payer);
    await expect(ex.rpc.getAccountInfo(me, { encoding: 'json' as never }).send()).rejects.toMatchObject({
      context: {
        __code: -32602,
        __serverMessage:
          'Invalid params: unknown variant `json`, expected one of `binary`, `base58`, `base64`, `jsonParsed`, `base64+zstd`.',
      },
    });
    const sig = (await signed([])).signature;
    await expect(
      ex.rpc.getTransaction(sig as never, { commitment: 'processed' as never, encoding: 'json' }).send(),
    ).rejects.toMatchObject({ context: { __code: -32602 } });
    await expect(ex.rpc.getBlock(10n ** 12n, { commitment: 'confirmed' }).send()).rejects.toMatchObject({
      context: { __code: -32004 },
    });
  });
});

describe('the PubSub port refuses what it does not serve', () => {
  let ws: WebSocket;
  const answers: unknown[] = [];
  beforeAll(async () => {
    ws = new WebSocket(ex.running.pubsubUrl);
    ws.on('message', (data) => answers.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
  });
  afterAll(() => ws.close());

  const ask = async (frame: string) => {
    const before = answers.length;
    ws.send(frame);
    await until(() => answers.length > before);
    return answers[before];
  };

  it('answers bad frames, unknown methods, bad params and unknown subscription ids with the standard errors', async () => {
    expect(await ask('{not json')).toMatchObject({ error: { code: -32700 }, id: null });
    expect(await ask('{"jsonrpc":"2.0","id":1,"method":"getBalance","params":[]}')).toMatchObject({
      error: { code: -32601, message: 'Method not found' },
      id: 1,
    });
    expect(await ask('{"jsonrpc":"2.0","id":2,"method":"accountSubscribe","params":["nope"]}')).toMatchObject(
      {
        error: { code: -32602 },
        id: 2,
      },
    );
    expect(
      await ask(
        '{"jsonrpc":"2.0","id":3,"method":"logsSubscribe","params":[{"mentions":["11111111111111111111111111111111","11111111111111111111111111111111"]}]}',
      ),
    ).toMatchObject({ error: { code: -32602 }, id: 3 });
    expect(
      await ask('{"jsonrpc":"2.0","id":4,"method":"accountUnsubscribe","params":[424242]}'),
    ).toMatchObject({
      error: { code: -32602, message: 'Invalid subscription id.' },
      id: 4,
    });
    const sub = (await ask('{"jsonrpc":"2.0","id":5,"method":"slotSubscribe"}')) as { result: number };
    expect(sub.result).toEqual(expect.any(Number));
    // unsubscribing with the wrong kind's method is refused; with the right one it ends
    expect(
      await ask(`{"jsonrpc":"2.0","id":6,"method":"accountUnsubscribe","params":[${sub.result}]}`),
    ).toMatchObject({
      error: { code: -32602 },
    });
    expect(
      await ask(`{"jsonrpc":"2.0","id":7,"method":"slotUnsubscribe","params":[${sub.result}]}`),
    ).toMatchObject({
      result: true,
      id: 7,
    });
  });

  it('answers every malformed call of every PubSub method with an error object, and keeps answering', async () => {
    const methods = [
      'signatureSubscribe',
      'accountSubscribe',
      'programSubscribe',
      'slotSubscribe',
      'logsSubscribe',
      'signatureUnsubscribe',
      'accountUnsubscribe',
      'programUnsubscribe',
      'slotUnsubscribe',
      'logsUnsubscribe',
    ];
    const someone = addressOf(payer);
    const junk: unknown[] = [
      null,
      true,
      -1,
      'x',
      {},
      [[]],
      [-1],
      [2 ** 64],
      ['x'.repeat(5000)],
      [someone, { commitment: 'recent' }],
      [someone, { encoding: 'base99' }],
      [someone, { filters: [{ memcmp: { offset: 0, bytes: '0OIl' } }] }],
      [someone, { filters: Array.from({ length: 5 }, () => ({ dataSize: 165 })) }],
      [{ mentions: [] }],
      [{ mentions: ['x'] }],
      ['everything'],
    ];
    let id = 100;
    for (const method of methods)
      for (const params of junk) {
        id += 1;
        const answer = (await ask(JSON.stringify({ jsonrpc: '2.0', id, method, params }))) as {
          id: number;
          error?: { code: number };
        };
        expect([method, params, answer.id]).toEqual([method, params, id]);
        if (answer.error) expect([method, params, answer.error.code]).toEqual([method, params, -32602]);
      }
    expect(await ask('{"jsonrpc":"2.0","id":1,"method":"slotSubscribe"}')).toMatchObject({
      result: expect.any(Number),
    });
  });

  it('tells a token account in base58 (too long for it) in the words a validator uses, and keeps going', async () => {
    const w = new TestWallet(ex);
    const { mint } = (await vaults(ex)).find((v) => v.tokenId === USDC)!;
    const ata = associatedTokenAddress(w.address, mint);
    // no encoding: base58, which a 165-byte token account does not fit
    const sub = (await ask(
      `{"jsonrpc":"2.0","id":20,"method":"accountSubscribe","params":["${ata}",{"commitment":"confirmed"}]}`,
    )) as {
      result: number;
    };
    const before = answers.length;
    await w.faucet(USDC, usdc(1));
    await until(() => answers.length > before);
    expect(answers[before]).toMatchObject({
      method: 'accountNotification',
      params: {
        subscription: sub.result,
        result: { value: { data: ['error: data too large for bs58 encoding', 'base58'], space: 165 } },
      },
    });
    expect(await ex.rpc.getHealth().send()).toBe('ok');
  });

  it('closes a connection that sends an oversized frame, and keeps serving others', async () => {
    const big = new WebSocket(ex.running.pubsubUrl);
    await new Promise((resolve) => big.once('open', resolve));
    const closed = new Promise<number>((resolve) => big.once('close', (code) => resolve(code)));
    big.send('x'.repeat(100 * 1024));
    expect(await closed).toBe(1009);
    expect(await ask('{"jsonrpc":"2.0","id":8,"method":"slotSubscribe","params":[]}')).toMatchObject({
      id: 8,
    });
  });

  it('answers a plain HTTP request with 400, and refuses a browser (Origin) with 403', async () => {
    const http = ex.running.pubsubUrl.replace('ws:', 'http:');
    expect((await fetch(http)).status).toBe(400);
    const browser = new WebSocket(ex.running.pubsubUrl, { origin: 'https://evil.example' });
    const status = await new Promise<number>((resolve) =>
      browser.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(403);
  });
});
