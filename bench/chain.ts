// Deposits on the settlement chain: from a signed Solana transaction sent to the devnet's JSON-RPC until the
// exchange's account stream says it is credited, at a zero processing delay, per second and p50/p99; beside
// the raw litesvm rate for the same TransferChecked (no RPC, no bookkeeping, no bridge) and the runtime's
// own rate (litesvm plus the transaction log, blockhash window and bridge), measured in the same run.
// `npx tsx bench/chain.ts` (BENCH_DEPOSITS=n to change the count)
import WebSocket from 'ws';
import { LiteSVM } from 'litesvm';
import {
  appendTransactionMessageInstructions,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import {
  TOKEN_PROGRAM_ADDRESS,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintEncoder,
  getMintToCheckedInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token';
import { startDevnet, type RunningDevnet } from '../src/devnet/server';
import { SigningKey, generateKeypair } from '../src/protocol/keys';
import { addressOf, associatedTokenAddress, signDeposit, signTransaction } from '../src/protocol/solana-tx';
import { report, type BenchRow } from './report';

const COUNT = Number(process.env.BENCH_DEPOSITS ?? 800);
const WORKERS = 8;
const USDC = 0;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

// ---- raw litesvm: pre-signed TransferChecked, nothing around it ------------------------------------------
function rawLitesvm(count: number): BenchRow {
  const svm = new LiteSVM();
  const authority = new SigningKey(generateKeypair().secretSeed);
  const owner = new SigningKey(generateKeypair().secretSeed);
  const mint = addressOf(new SigningKey(generateKeypair().secretSeed));
  svm.setAccount({
    address: mint,
    lamports: lamports(svm.minimumBalanceForRentExemption(82n)),
    programAddress: TOKEN_PROGRAM_ADDRESS,
    executable: false,
    space: 82n,
    data: new Uint8Array(
      getMintEncoder().encode({
        mintAuthority: addressOf(authority),
        supply: 0n,
        decimals: 6,
        isInitialized: true,
        freezeAuthority: null,
      }),
    ),
  });
  svm.airdrop(addressOf(authority), lamports(10_000_000_000n));
  svm.airdrop(addressOf(owner), lamports(10_000_000_000n));
  const source = associatedTokenAddress(addressOf(owner), mint);
  const vaultOwner = addressOf(new SigningKey(generateKeypair().secretSeed));
  const vault = associatedTokenAddress(vaultOwner, mint);
  const tx = (
    instructions: Parameters<typeof appendTransactionMessageInstructions>[0],
    signers: SigningKey[],
  ) =>
    signTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(addressOf(signers[0]!), m),
        (m) =>
          setTransactionMessageLifetimeUsingBlockhash(
            { blockhash: svm.latestBlockhash(), lastValidBlockHeight: 1_000n },
            m,
          ),
        (m) => appendTransactionMessageInstructions(instructions, m),
      ),
      signers,
    ).transaction;
  const setup = svm.sendTransaction(
    tx(
      [
        getCreateAssociatedTokenIdempotentInstruction({
          payer: createNoopSigner(addressOf(authority)),
          ata: source,
          owner: addressOf(owner),
          mint,
        }),
        getCreateAssociatedTokenIdempotentInstruction({
          payer: createNoopSigner(addressOf(authority)),
          ata: vault,
          owner: vaultOwner,
          mint,
        }),
        getMintToCheckedInstruction({
          mint,
          token: source,
          mintAuthority: createNoopSigner(addressOf(authority)),
          amount: 10n ** 15n,
          decimals: 6,
        }),
      ],
      [authority],
    ),
  );
  if ('err' in setup) throw new Error(`raw litesvm setup failed: ${setup.toString()}`);
  // distinct amounts make distinct signatures under one blockhash
  const signed = Array.from({ length: count }, (_, i) =>
    tx(
      [
        getTransferCheckedInstruction({
          source,
          mint,
          destination: vault,
          authority: createNoopSigner(addressOf(owner)),
          amount: BigInt(i + 1),
          decimals: 6,
        }),
      ],
      [owner],
    ),
  );
  const start = process.hrtime.bigint();
  for (const t of signed) {
    const r = svm.sendTransaction(t);
    if ('err' in r) throw new Error(`raw litesvm transfer failed: ${r.toString()}`);
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return {
    name: 'raw litesvm TransferChecked (pre-signed, in process)',
    operations: count,
    seconds,
    perSecond: count / seconds,
  };
}

// ---- through the devnet ---------------------------------------------------------------------------------
interface Worker {
  key: SigningKey;
  accountId: number;
  credited: Map<string, (at: number) => void>;
  ws: WebSocket;
}

async function rpcCall(devnet: RunningDevnet, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(devnet.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

async function deposits(
  tickMs: number,
): Promise<{ row: BenchRow; runtime: BenchRow; p50: number; p99: number }> {
  const devnet = await startDevnet({
    tickMs,
    config: {
      depositDelayMs: 0,
      rateLimits: { action: { perSecond: 1e9, burst: 1e9 }, other: { perSecond: 1e9, burst: 1e9 } },
    },
  });
  const rpc = createSolanaRpc(devnet.rpcUrl);
  const vaults = (await (await fetch(`${devnet.baseUrl}/settlement/vaults`)).json()) as {
    tokenId: number;
    mint: string;
    vault: string;
  }[];
  const usdc = vaults.find((v) => v.tokenId === USDC)!;
  const sign = async (key: SigningKey, amount: bigint, ref: string) =>
    signDeposit({
      key,
      mint: usdc.mint,
      decimals: 6,
      vault: usdc.vault,
      amount,
      correlation: { recipient: addressOf(key), ref },
      blockhash: (await rpc.getLatestBlockhash().send()).value,
    });
  const perWorker = Math.floor(COUNT / WORKERS);
  const workers: Worker[] = await Promise.all(
    Array.from({ length: WORKERS }, async (_, w) => {
      const key = new SigningKey(generateKeypair().secretSeed);
      await rpcCall(devnet, 'devnet_requestTokens', [addressOf(key), USDC, String(1_000_000n * 1_000_000n)]);
      // the first deposit creates the user and its account, whose stream then reports each credit
      const first = await sign(key, 1n, `open-${w}`);
      await rpc.sendTransaction(first.wire, { encoding: 'base64' }).send();
      let accountId: number | undefined;
      while (accountId === undefined) {
        const res = await fetch(`${devnet.baseUrl}/user/${addressOf(key)}`);
        if (res.ok) accountId = ((await res.json()) as { accountIds: number[] }).accountIds[0];
        else await new Promise((r) => setTimeout(r, 20));
      }
      const credited = new Map<string, (at: number) => void>();
      const ws = new WebSocket(`${devnet.baseUrl.replace('http', 'ws')}/ws/account@${accountId}`);
      ws.on('message', (data) => {
        const at = performance.now();
        // the public account payload; the devnet names its own event (and the chain transaction) under `event`
        const event = (
          JSON.parse(data.toString()) as { account?: { event?: { type?: string; chainTxId?: string } } }
        ).account?.event;
        if (event?.type === 'depositCredited' && event.chainTxId) credited.get(event.chainTxId)?.(at);
      });
      await new Promise((resolve) => ws.once('open', resolve));
      return { key, accountId, credited, ws };
    }),
  );
  // signed in advance: the measurement starts with a signed transaction
  const signed = await Promise.all(
    workers.map((w, i) =>
      Promise.all(Array.from({ length: perWorker }, (_, n) => sign(w.key, BigInt(n + 2), `${i}-${n}`))),
    ),
  );
  // Signing in advance blocks this process (the devnet's too) for seconds, long enough for pooled keep-alive
  // sockets to be closed under a request that is just reusing them (ECONNRESET). The same signed transaction
  // is sent again, as the app does: the chain knows it by its signature and takes it once.
  const send = async (wire: string, tries = 3): Promise<void> => {
    try {
      await rpc.sendTransaction(wire as never, { encoding: 'base64' }).send();
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (tries <= 1 || code !== 'ECONNRESET') throw error;
      await send(wire, tries - 1);
    }
  };
  const latencies: number[] = [];
  const start = performance.now();
  // Each wallet sends its deposits back to back (not waiting for a credit before the next), so the rate is
  // what the chain, the bridge and the exchange sustain, and each latency is its own send-to-credit time.
  await Promise.all(
    workers.map(async (w, i) => {
      const credits: Promise<void>[] = [];
      for (const tx of signed[i]!) {
        const sent = performance.now();
        const done = new Promise<number>((resolve) => w.credited.set(tx.signature, resolve));
        credits.push(done.then((at) => void latencies.push(at - sent)));
        await send(tx.wire);
      }
      await Promise.all(credits);
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  for (const w of workers) w.ws.close();
  latencies.sort((a, b) => a - b);
  const operations = perWorker * WORKERS;

  // the runtime alone (litesvm + transaction log + blockhash window + the bridge noticing the deposit), no HTTP
  const key = workers[0]!.key;
  const more = await Promise.all(
    Array.from({ length: operations }, (_, n) => sign(key, BigInt(n + 1), `rt-${n}`)),
  );
  const rtStart = process.hrtime.bigint();
  for (const tx of more)
    if (!devnet.devnet.chain.send(Buffer.from(tx.wire, 'base64')).ok) throw new Error('runtime send failed');
  const rtSeconds = Number(process.hrtime.bigint() - rtStart) / 1e9;
  await devnet.close();
  return {
    row: {
      name: `deposits signed -> credited via RPC, ${WORKERS} wallets, tick ${tickMs} ms (p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms)`,
      operations,
      seconds,
      perSecond: operations / seconds,
    },
    runtime: {
      name: 'devnet chain runtime send (litesvm + log + bridge, in process)',
      operations,
      seconds: rtSeconds,
      perSecond: operations / rtSeconds,
    },
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

const raw = rawLitesvm(COUNT);
const shipped = await deposits(100);
const fast = await deposits(5);
report('chain', [raw, shipped.runtime, shipped.row, fast.row], {
  count: COUNT,
  workers: WORKERS,
  processingDelayMs: 0,
  latencyMs: {
    tick100: { p50: shipped.p50, p99: shipped.p99 },
    tick5: { p50: fast.p50, p99: fast.p99 },
  },
});
