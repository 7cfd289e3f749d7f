// The devnet's Solana RPC driven by unmodified @solana/web3.js 1.x, the client most wallets and scripts
// still use: it sends and confirms through the PubSub WebSocket it finds at the RPC's port + 1, reads
// transactions in jsonParsed, lists an address's signatures and follows an account's changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  sendAndConfirmTransaction,
  type AccountInfo,
  type ParsedInstruction,
} from '@solana/web3.js';
import { TestWallet, USDC, startExchange, usdc, vaults, type TestExchange } from './support/exchange';

const MEMO_PROGRAM = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

let ex: TestExchange;
let connection: Connection;
let payer: Keypair;
beforeAll(async () => {
  ex = await startExchange();
  connection = new Connection(ex.rpcUrl, 'confirmed');
  payer = Keypair.generate();
  const airdrop = await connection.requestAirdrop(payer.publicKey, 2 * LAMPORTS_PER_SOL);
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
  await connection.confirmTransaction({ signature: airdrop, blockhash, lastValidBlockHeight });
});
afterAll(async () => {
  // web3.js closes its socket a moment after the last subscription ends
  await new Promise((r) => setTimeout(r, 50));
  await ex.close();
});

const transfer = (to: PublicKey, lamports: number, memo?: string) => {
  const tx = new Transaction().add(
    SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports }),
  );
  if (memo)
    tx.add(new TransactionInstruction({ programId: MEMO_PROGRAM, keys: [], data: Buffer.from(memo) }));
  return tx;
};

describe('@solana/web3.js 1.x against the devnet RPC', () => {
  it('finds the PubSub WebSocket at the RPC port + 1', () => {
    expect(new URL(ex.running.pubsubUrl).port).toBe(String(Number(new URL(ex.rpcUrl).port) + 1));
  });

  it('sendAndConfirmTransaction confirms a transfer, and getParsedTransaction reads it in jsonParsed', async () => {
    const to = Keypair.generate().publicKey;
    const signature = await sendAndConfirmTransaction(connection, transfer(to, 1_234_567, 'hello devnet'), [
      payer,
    ]);
    expect(await connection.getBalance(to)).toBe(1_234_567);
    const parsed = await connection.getParsedTransaction(signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    expect(parsed!.transaction.message.accountKeys[0]).toMatchObject({ signer: true, writable: true });
    expect(parsed!.transaction.message.accountKeys[0]!.pubkey.equals(payer.publicKey)).toBe(true);
    const [sol, memo] = parsed!.transaction.message.instructions as ParsedInstruction[];
    expect(sol).toMatchObject({
      program: 'system',
      parsed: {
        type: 'transfer',
        info: { source: payer.publicKey.toBase58(), destination: to.toBase58(), lamports: 1_234_567 },
      },
    });
    expect(memo).toMatchObject({ program: 'spl-memo', parsed: 'hello devnet' });
    expect(parsed!.meta).toMatchObject({ err: null, fee: 5_000 });
  });

  it('sendAndConfirmTransaction at finalized waits for the slot to be sealed, told over the socket', async () => {
    let done = false;
    const finalized = sendAndConfirmTransaction(
      connection,
      transfer(Keypair.generate().publicKey, 1_000_000),
      [payer],
      {
        commitment: 'finalized',
      },
    ).then((signature) => {
      done = true;
      return signature;
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(done).toBe(false);
    ex.advance(400);
    const signature = await finalized;
    expect((await connection.getSignatureStatus(signature)).value?.confirmationStatus).toBe('finalized');
  });

  it('getParsedTransaction reads a token deposit: TransferChecked with its token amount', async () => {
    const w = new TestWallet(ex);
    await w.faucet(USDC, usdc(10));
    const signed = await w.signedDeposit(USDC, usdc(3));
    const signature = await connection.sendRawTransaction(Buffer.from(signed.wire, 'base64'));
    const latest = await connection.getLatestBlockhash();
    await connection.confirmTransaction({ signature, ...latest }, 'confirmed');
    const parsed = await connection.getParsedTransaction(signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    const vault = (await vaults(ex)).find((v) => v.tokenId === USDC)!;
    const instructions = parsed!.transaction.message.instructions as ParsedInstruction[];
    expect(instructions.find((ix) => ix.program === 'spl-token')).toMatchObject({
      parsed: {
        type: 'transferChecked',
        info: {
          destination: vault.vault,
          mint: vault.mint,
          authority: w.address,
          tokenAmount: { amount: '3000000', decimals: 6, uiAmountString: '3' },
        },
      },
    });
    expect(instructions.find((ix) => ix.program === 'spl-memo')?.parsed).toEqual(expect.any(String));
    expect(parsed!.meta!.postTokenBalances).toContainEqual(
      expect.objectContaining({
        owner: w.address,
        uiTokenAmount: expect.objectContaining({ amount: '7000000' }),
      }),
    );
  });

  it('onAccountChange tells a balance change at confirmed at once, and at finalized once the slot is sealed', async () => {
    const to = Keypair.generate().publicKey;
    const confirmed: AccountInfo<Buffer>[] = [];
    const finalized: AccountInfo<Buffer>[] = [];
    const a = connection.onAccountChange(to, (info) => confirmed.push(info), { commitment: 'confirmed' });
    const b = connection.onAccountChange(to, (info) => finalized.push(info), { commitment: 'finalized' });
    // web3.js subscribes once its socket is open; a first request waits for that
    await until(() => (connection as unknown as { _rpcWebSocketConnected: boolean })._rpcWebSocketConnected);
    await new Promise((r) => setTimeout(r, 100));
    await sendAndConfirmTransaction(connection, transfer(to, 5_000_000), [payer]);
    await until(() => confirmed.length === 1);
    expect(confirmed[0]!.lamports).toBe(5_000_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(finalized).toHaveLength(0);
    ex.advance(400);
    await until(() => finalized.length === 1);
    expect(finalized[0]!.lamports).toBe(5_000_000);
    await connection.removeAccountChangeListener(a);
    await connection.removeAccountChangeListener(b);
  });

  it('getSignaturesForAddress lists newest first, with before, until and limit', async () => {
    const to = Keypair.generate().publicKey;
    const sent: string[] = [];
    for (let i = 0; i < 4; i += 1)
      sent.push(await sendAndConfirmTransaction(connection, transfer(to, 1_000_000 + i, `n${i}`), [payer]));
    ex.advance(400); // sealed: the default commitment of web3.js here is confirmed, but finalized lists too
    const all = await connection.getSignaturesForAddress(to);
    expect(all.map((s) => s.signature)).toEqual([...sent].reverse());
    expect(all[0]).toMatchObject({ err: null, memo: '[2] n3', confirmationStatus: 'finalized' });
    const page = await connection.getSignaturesForAddress(to, { before: sent[3], limit: 2 });
    expect(page.map((s) => s.signature)).toEqual([sent[2], sent[1]]);
    const since = await connection.getSignaturesForAddress(to, { until: sent[1] });
    expect(since.map((s) => s.signature)).toEqual([sent[3], sent[2]]);
  });

  it('answers getEpochInfo, getMultipleAccounts, getFeeForMessage and getRecentPrioritizationFees', async () => {
    const epoch = await connection.getEpochInfo();
    expect(epoch).toMatchObject({ epoch: 0, slotsInEpoch: 432_000 });
    expect(epoch.absoluteSlot).toBe(await connection.getSlot());
    const nobody = Keypair.generate().publicKey;
    const [mine, none] = await connection.getMultipleAccountsInfo([payer.publicKey, nobody]);
    expect(mine!.owner.equals(SystemProgram.programId)).toBe(true);
    expect(none).toBeNull();
    const tx = transfer(nobody, 1);
    tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
    tx.feePayer = payer.publicKey;
    expect((await connection.getFeeForMessage(tx.compileMessage())).value).toBe(5_000);
    const fees = await connection.getRecentPrioritizationFees();
    expect(fees.length).toBeGreaterThan(0);
    expect(fees.every((f) => f.prioritizationFee === 0)).toBe(true);
  });
});

async function until(test: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error('not within 5 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}
