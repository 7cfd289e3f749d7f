// The devnet's settlement chain: a real Solana runtime (litesvm, running the real System, SPL Token and
// Associated Token Account programs) with the bookkeeping a validator adds around it: slots and recent
// blockhashes that expire, a transaction log answering getTransaction and getSignatureStatuses, and
// snapshots so the chain survives a devnet restart. Everything the devnet does on chain (mints, vaults,
// faucet, withdrawal payouts) is a signed transaction through the same path as anyone's.
import { createHash } from 'node:crypto';
import { Clock as ClockSysvar, LiteSVM } from 'litesvm';
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getBase58Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type Instruction,
  type ReadonlyUint8Array,
  type Transaction,
} from '@solana/kit';
import { TOKEN_PROGRAM_ADDRESS, getMintEncoder, getTokenDecoder } from '@solana-program/token';
import { SigningKey } from '../../protocol/keys';
import {
  SYSTEM_PROGRAM,
  addressOf,
  memoInstruction,
  signTransaction,
  transferLamports,
} from '../../protocol/solana-tx';
import type { TokenInfo } from '../../shared/exchange/info';
import type { Clock } from '../clock';
import { transactionError } from './errors';
import type { ChainState, SavedAccount, TokenBalanceJson, TransactionErrorJson, TxRecord } from './state';

export const MINT_SIZE = 82n;
export const TOKEN_ACCOUNT_SIZE = 165n;
/** A slot lasts 400 ms, as on Solana; a blockhash stays valid for 150 slots after it was current. */
export const SLOT_MS = 400;
export const BLOCKHASH_VALID_SLOTS = 150;
/** What one signature costs, as litesvm (and Solana's base fee) charges it. */
export const LAMPORTS_PER_SIGNATURE = 5_000n;
/**
 * Transactions kept for getTransaction and getSignatureStatuses (and saved in every snapshot); older ones are
 * forgotten, as a pruning RPC node forgets them: their effects stay on chain, and a resend of one is refused
 * by its long-expired blockhash.
 */
const KEPT_TRANSACTIONS = 2_000;
const SYSVAR_OWNER = 'Sysvar1111111111111111111111111111111111111';

export interface TokenAccountView {
  address: string;
  mint: string;
  owner: string;
  amount: bigint;
  decimals: number;
}

/** A token account's movement in one transaction (post minus pre), with its owner. */
export interface TokenDelta {
  account: string;
  mint: string;
  owner: string;
  delta: bigint;
}

export interface Confirmed {
  record: TxRecord;
  /** the fee payer, first signer */
  feePayer: string;
  /** every top-level instruction with its program and data, for correlation (memos) */
  instructions: { program: string; data: Uint8Array; accounts: string[] }[];
  tokenDeltas: TokenDelta[];
}

export type SendOutcome =
  | { ok: true; record: TxRecord; duplicate: boolean }
  | { ok: false; reason: 'decode' | 'signatures' | 'blockhash'; message: string }
  | { ok: false; reason: 'failed'; record: TxRecord; message: string };

export type SimulateOutcome =
  | { ok: false; reason: 'decode' | 'signatures' | 'blockhash'; message: string }
  | {
      ok: true;
      err: TransactionErrorJson | null;
      logs: string[];
      computeUnits: string;
      accounts: ({ lamports: bigint; data: Uint8Array; owner: string; executable: boolean } | null)[];
    };

// Kit's codecs are composed when created, which costs more than a decode: each is built once.
const b58 = getBase58Decoder();
const tokenDecoder = getTokenDecoder();
const transactionDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();
const base64 = getBase64Encoder();
const sha = (text: string) => createHash('sha256').update(text).digest();

/** A devnet key derived from a label: stable across restarts, so the vault keeps its address. */
export const devnetKey = (label: string): SigningKey => new SigningKey(sha(`perpetua-devnet:key:${label}`));

export class ChainRuntime {
  private svm: LiteSVM;
  private readonly state: ChainState;
  private readonly txs = new Map<string, TxRecord>();
  private readonly touched = new Set<string>();
  private readonly listeners: ((confirmed: Confirmed) => void)[] = [];
  private readonly landedListeners: ((record: TxRecord) => void)[] = [];
  /** the treasury pays the devnet's own fees and owns the mints (mint authority) */
  readonly treasury = devnetKey('treasury');
  /** owns the exchange's deposit vault token accounts and signs withdrawal payouts */
  readonly vaultOwner = devnetKey('vault');
  private recent: { slot: number; hashes: Map<string, number> } | null = null;
  private clockSysvarSlot = -1;
  private nextMemo = 0;

  constructor(
    private readonly tokens: readonly TokenInfo[],
    private readonly clock: Clock,
    saved?: ChainState,
  ) {
    this.svm = ChainRuntime.freshSvm();
    if (saved) {
      this.state = { ...saved, accounts: {}, txs: [] };
      this.restore(saved);
    } else {
      this.state = { version: 1, genesisMs: clock.nowMs(), slot: 0, accounts: {}, txs: [] };
      this.genesis();
    }
  }

  private static freshSvm(): LiteSVM {
    // The blockhash check is ours (a window of recent slots that survives restarts), litesvm's history
    // is ours too (the transaction log, persisted), so a restored chain still refuses a replay.
    return new LiteSVM().withBlockhashCheck(false).withTransactionHistory(0n);
  }

  onConfirmed(listener: (confirmed: Confirmed) => void): void {
    this.listeners.push(listener);
  }

  /** Every transaction that lands, failed ones too (their fee was charged): what PubSub notifies. */
  onLanded(listener: (record: TxRecord) => void): () => void {
    this.landedListeners.push(listener);
    return () => {
      const at = this.landedListeners.indexOf(listener);
      if (at >= 0) this.landedListeners.splice(at, 1);
    };
  }

  // ---- time ------------------------------------------------------------------------------------------

  slot(): number {
    const bySlotClock = Math.floor((this.clock.nowMs() - this.state.genesisMs) / SLOT_MS);
    if (bySlotClock > this.state.slot) this.state.slot = bySlotClock;
    return this.state.slot;
  }

  /** When a slot began by the slot clock (a block's time when no transaction in it says). */
  slotStartMs(slot: number): number {
    return this.state.genesisMs + slot * SLOT_MS;
  }

  blockhashAt(slot: number): Blockhash {
    return b58.decode(sha(`perpetua-devnet:blockhash:${this.state.genesisMs}:${slot}`)) as Blockhash;
  }

  latestBlockhash(): { blockhash: Blockhash; lastValidBlockHeight: bigint; slot: number } {
    const slot = this.slot();
    return {
      blockhash: this.blockhashAt(slot),
      lastValidBlockHeight: BigInt(slot + BLOCKHASH_VALID_SLOTS),
      slot,
    };
  }

  /** The slot a blockhash was current at, if it is still valid. */
  blockhashSlot(hash: string): number | undefined {
    const slot = this.slot();
    if (this.recent?.slot !== slot) {
      const hashes = new Map<string, number>();
      for (let s = Math.max(0, slot - BLOCKHASH_VALID_SLOTS); s <= slot; s += 1)
        hashes.set(this.blockhashAt(s), s);
      this.recent = { slot, hashes };
    }
    return this.recent.hashes.get(hash);
  }

  // ---- accounts --------------------------------------------------------------------------------------

  account(address: Address) {
    const a = this.svm.getAccount(address);
    return a.exists ? a : null;
  }

  lamports(address: Address): bigint {
    return this.svm.getBalance(address) ?? 0n;
  }

  minimumBalanceForRentExemption(space: bigint): bigint {
    return this.svm.minimumBalanceForRentExemption(space);
  }

  tokenAccount(address: Address): TokenAccountView | null {
    return this.tokenView(address, this.account(address));
  }

  private tokenView(
    address: Address,
    a: { programAddress: string; data: ReadonlyUint8Array } | null,
  ): TokenAccountView | null {
    if (!a || a.programAddress !== TOKEN_PROGRAM_ADDRESS || BigInt(a.data.length) !== TOKEN_ACCOUNT_SIZE)
      return null;
    const t = tokenDecoder.decode(a.data);
    return {
      address,
      mint: t.mint,
      owner: t.owner,
      amount: t.amount,
      decimals: this.mintDecimals(t.mint) ?? 0,
    };
  }

  /** Every token account an owner holds (optionally of one mint); token accounts are few on a devnet. */
  tokenAccountsOf(owner: string, mint?: string): TokenAccountView[] {
    return this.tokenAccounts().filter((t) => t.owner === owner && (!mint || t.mint === mint));
  }

  /** Every token account of one mint (getTokenLargestAccounts ranks them). */
  tokenAccountsOfMint(mint: string): TokenAccountView[] {
    return this.tokenAccounts().filter((t) => t.mint === mint);
  }

  private tokenAccounts(): TokenAccountView[] {
    return this.svm
      .getProgramAccounts(TOKEN_PROGRAM_ADDRESS)
      .filter((a) => BigInt(a.data.length) === TOKEN_ACCOUNT_SIZE)
      .map((a) => this.tokenView(a.address, a))
      .filter((t): t is TokenAccountView => t !== null);
  }

  /** Every account a program owns; a devnet holds few. */
  programAccounts(program: Address) {
    return this.svm.getProgramAccounts(program);
  }

  mintDecimals(mint: string): number | undefined {
    return this.tokens.find((t) => t.mint === mint)?.decimals;
  }

  tokenByMint(mint: string): TokenInfo | undefined {
    return this.tokens.find((t) => t.mint === mint);
  }

  // ---- transactions ----------------------------------------------------------------------------------

  transaction(signature: string): TxRecord | undefined {
    return this.txs.get(signature);
  }

  /** The kept transaction log, oldest first. */
  transactions(): readonly TxRecord[] {
    return this.state.txs;
  }

  /** The oldest slot whose block is still whole (older transactions were forgotten); 0 until one was. */
  firstAvailableSlot(): number {
    return this.state.txs.length >= KEPT_TRANSACTIONS ? this.state.txs[0]!.slot : 0;
  }

  /** Every transaction the chain ran since genesis (getEpochInfo's transactionCount). */
  transactionCount(): number {
    return this.state.txCount ?? this.state.txs.length;
  }

  /** The first signature of a wire transaction, if it is one. */
  signatureOf(wire: Uint8Array): string | null {
    const decoded = this.decode(wire, true);
    return decoded.ok ? decoded.signature : null;
  }

  private decode(
    wire: Uint8Array,
    requireSignatures = true,
  ):
    | { ok: true; tx: Transaction; signature: string; blockhash: string }
    | { ok: false; reason: 'decode' | 'signatures'; message: string } {
    let tx: Transaction;
    let blockhash: string;
    let signers: string[];
    try {
      tx = transactionDecoder.decode(wire);
      const message = compiledMessage(tx);
      if (typeof message === 'string') return { ok: false, reason: 'decode', message };
      blockhash = message.lifetimeToken;
      signers = message.staticAccounts.slice(0, message.header.numSignerAccounts);
    } catch (error) {
      return { ok: false, reason: 'decode', message: `not a transaction: ${(error as Error).message}` };
    }
    const sigs = Object.values(tx.signatures);
    if (sigs.length === 0 || sigs.length !== signers.length)
      return { ok: false, reason: 'signatures', message: 'the transaction is not signed by every signer' };
    if (requireSignatures && sigs.some((s) => s === null))
      return { ok: false, reason: 'signatures', message: 'the transaction is not signed by every signer' };
    return { ok: true, tx, signature: b58.decode(sigs[0] ?? new Uint8Array(64)), blockhash };
  }

  /** Processes a wire transaction: checks its blockhash, runs it, logs it, tells the listeners. */
  send(wire: Uint8Array): SendOutcome {
    const decoded = this.decode(wire);
    if (!decoded.ok) return decoded;
    const known = this.txs.get(decoded.signature);
    if (known) return { ok: true, record: known, duplicate: true };
    if (this.blockhashSlot(decoded.blockhash) === undefined)
      return { ok: false, reason: 'blockhash', message: 'Blockhash not found' };
    return this.run(decoded.tx, decoded.signature, Buffer.from(wire).toString('base64'));
  }

  simulate(
    wire: Uint8Array,
    checkBlockhash: boolean,
    addresses: readonly Address[] = [],
    sigVerify = true,
  ): SimulateOutcome {
    const decoded = this.decode(wire, sigVerify);
    if (!decoded.ok) return decoded;
    if (checkBlockhash && this.blockhashSlot(decoded.blockhash) === undefined)
      return { ok: false, reason: 'blockhash', message: 'Blockhash not found' };
    // Fee estimates simulate unsigned transactions; the runtime checks signatures only when asked.
    if (!sigVerify) this.svm.withSigverify(false);
    let result: ReturnType<LiteSVM['simulateTransaction']>;
    try {
      result = this.svm.simulateTransaction(decoded.tx);
    } finally {
      if (!sigVerify) this.svm.withSigverify(true);
    }
    if ('err' in result) {
      const meta = result.meta();
      return {
        ok: true,
        err: transactionError(result.err()),
        logs: meta.logs(),
        computeUnits: meta.computeUnitsConsumed().toString(),
        accounts: addresses.map(() => null),
      };
    }
    const post = new Map(result.postAccounts().map((a) => [a.address, a]));
    return {
      ok: true,
      err: null,
      logs: result.meta().logs(),
      computeUnits: result.meta().computeUnitsConsumed().toString(),
      accounts: addresses.map((address) => {
        const a = post.get(address) ?? this.account(address);
        return a
          ? {
              lamports: a.lamports as bigint,
              data: new Uint8Array(a.data),
              owner: a.programAddress as string,
              executable: a.executable,
            }
          : null;
      }),
    };
  }

  private run(tx: Transaction, signature: string, wire: string): SendOutcome {
    const message = compiledMessage(tx) as Exclude<ReturnType<typeof compiledMessage>, string>;
    const keys = message.staticAccounts as readonly Address[];
    this.syncClockSysvar();
    const pre = keys.map((k) => this.account(k));
    const preBalances = pre.map((a) => (a?.lamports ?? 0n).toString());
    const preTokens = this.tokenBalances(keys, pre);
    const result = this.svm.sendTransaction(tx);
    const failed = 'err' in result;
    const meta = failed ? result.meta() : result;
    for (const k of keys) this.touched.add(k);
    const slot = this.slot();
    // Only writable accounts can have changed: the others are read once (reading one costs a base58 round
    // trip in litesvm's wrapper, the larger part of a transaction's bookkeeping).
    const {
      numSignerAccounts: s,
      numReadonlySignerAccounts: rs,
      numReadonlyNonSignerAccounts: rn,
    } = message.header;
    const writable = (i: number) => (i < s ? i < s - rs : i < keys.length - rn);
    const post = keys.map((k, i) => (writable(i) ? this.account(k) : pre[i]!));
    const record: TxRecord = {
      signature,
      slot,
      blockTime: Math.floor(this.clock.nowMs() / 1000),
      wire,
      err: failed ? transactionError(result.err()) : null,
      fee: (LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts)).toString(),
      logs: meta.logs(),
      computeUnits: meta.computeUnitsConsumed().toString(),
      preBalances,
      postBalances: post.map((a) => (a?.lamports ?? 0n).toString()),
      preTokenBalances: preTokens,
      postTokenBalances: this.tokenBalances(keys, post),
      innerInstructions: meta
        .innerInstructions()
        .map((list, index) => ({
          index,
          instructions: list.map((inner) => {
            const ix = inner.instruction();
            return {
              programIdIndex: ix.programIdIndex(),
              accounts: [...ix.accounts()],
              data: b58.decode(ix.data()),
              stackHeight: inner.stackHeight(),
            };
          }),
        }))
        .filter((entry) => entry.instructions.length > 0),
    };
    // A transaction refused before it ran (bad fee payer, unknown account) never lands in a block.
    if (failed && meta.signature().every((b) => b === 0))
      return { ok: false, reason: 'failed', record, message: String(describe(record.err)) };
    this.state.txCount = this.transactionCount() + 1;
    this.txs.set(signature, record);
    this.state.txs.push(record);
    if (this.state.txs.length > KEPT_TRANSACTIONS) {
      const old = this.state.txs.splice(0, this.state.txs.length - KEPT_TRANSACTIONS);
      for (const o of old) this.txs.delete(o.signature);
    }
    for (const listener of this.landedListeners) listener(record);
    if (failed) return { ok: false, reason: 'failed', record, message: String(describe(record.err)) };
    const confirmed: Confirmed = {
      record,
      feePayer: keys[0]!,
      instructions: message.instructions.map((ix) => ({
        program: keys[ix.programAddressIndex]!,
        data: new Uint8Array(ix.data ?? []),
        accounts: (ix.accountIndices ?? []).map((i) => keys[i]!),
      })),
      tokenDeltas: tokenDeltas(record, keys),
    };
    for (const listener of this.listeners) listener(confirmed);
    return { ok: true, record, duplicate: false };
  }

  /** Programs reading the Clock sysvar see the devnet's slot and time, not litesvm's defaults. */
  private syncClockSysvar(): void {
    const slot = this.slot();
    if (slot === this.clockSysvarSlot) return;
    this.clockSysvarSlot = slot;
    const now = BigInt(Math.floor(this.clock.nowMs() / 1000));
    const epochStart = BigInt(Math.floor(this.state.genesisMs / 1000));
    this.svm.setClock(new ClockSysvar(BigInt(slot), epochStart, 0n, 0n, now));
  }

  private tokenBalances(
    keys: readonly Address[],
    accounts: ReturnType<ChainRuntime['account']>[],
  ): TokenBalanceJson[] {
    const out: TokenBalanceJson[] = [];
    keys.forEach((key, accountIndex) => {
      const t = this.tokenView(key, accounts[accountIndex]!);
      if (!t) return;
      out.push({
        accountIndex,
        mint: t.mint,
        owner: t.owner,
        programId: TOKEN_PROGRAM_ADDRESS,
        uiTokenAmount: uiAmount(t.amount, t.decimals),
      });
    });
    return out;
  }

  /** Signs with devnet keys and processes an instruction list; the devnet's own transactions never fail
   * silently: a failure is thrown, so a payout that did not happen is never reported as paid. */
  execute(instructions: Instruction[], signers: SigningKey[], feePayer = this.treasury): TxRecord {
    // A memo-free transaction repeated within one slot would have the same signature as the first; a
    // counter in the blockhash slot keeps every devnet transaction distinct.
    const { blockhash, lastValidBlockHeight } = this.latestBlockhash();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(addressOf(feePayer), m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight }, m),
      (m) => appendTransactionMessageInstructions([...instructions, this.uniqueness()], m),
    );
    const signed = signTransaction(message, [feePayer, ...signers]);
    const outcome = this.run(signed.transaction, signed.signature, signed.wire);
    if (!outcome.ok) throw new Error(`devnet transaction failed: ${outcome.message}`);
    return outcome.record;
  }

  private uniqueness(): Instruction {
    this.nextMemo += 1;
    return memoInstruction(`perpetua-devnet ${this.clock.nowMs()}-${this.nextMemo}`);
  }

  airdrop(address: Address, amount: bigint): TxRecord {
    this.touched.add(address);
    return this.execute([transferLamports(addressOf(this.treasury), address, amount)], []);
  }

  // ---- genesis, snapshots ----------------------------------------------------------------------------

  private genesis(): void {
    const treasury = addressOf(this.treasury);
    // The treasury's SOL is written at genesis too: litesvm's own airdrop pool is smaller than the devnet
    // hands out over its life (fees for payouts, SOL for every faucet request).
    this.svm.setAccount({
      address: treasury,
      lamports: lamports(100_000_000_000_000_000n),
      programAddress: SYSTEM_PROGRAM,
      executable: false,
      space: 0n,
      data: new Uint8Array(),
    });
    this.touched.add(treasury);
    this.ensureMints();
  }

  /** A mint for every token (at genesis, and for a token added to the config since the chain was saved). */
  private ensureMints(): void {
    const treasury = addressOf(this.treasury);
    for (const token of this.tokens) {
      if (this.account(token.mint as Address)) continue;
      // The mints sit at the addresses /info publishes. No key exists for those addresses, so the runtime
      // writes them once, as a genesis file would; every later change is a transaction.
      this.svm.setAccount({
        address: token.mint as Address,
        lamports: lamports(this.svm.minimumBalanceForRentExemption(MINT_SIZE)),
        programAddress: TOKEN_PROGRAM_ADDRESS,
        executable: false,
        space: MINT_SIZE,
        data: new Uint8Array(
          getMintEncoder().encode({
            mintAuthority: treasury,
            supply: 0n,
            decimals: token.decimals,
            isInitialized: true,
            freezeAuthority: null,
          }),
        ),
      });
      this.touched.add(token.mint);
    }
  }

  private restore(saved: ChainState): void {
    for (const [address, a] of Object.entries(saved.accounts)) {
      const data = base64.encode(a.data);
      this.svm.setAccount({
        address: address as Address,
        lamports: lamports(BigInt(a.lamports)),
        programAddress: a.owner as Address,
        executable: a.executable,
        space: BigInt(data.length),
        data: new Uint8Array(data),
      });
      this.touched.add(address);
    }
    for (const tx of saved.txs) {
      this.txs.set(tx.signature, tx);
      this.state.txs.push(tx);
    }
    this.ensureMints();
  }

  /** What a snapshot keeps: every account a transaction touched, and the transaction log. */
  snapshot(): ChainState {
    const accounts: Record<string, SavedAccount> = {};
    for (const address of this.touched) {
      const a = this.account(address as Address);
      if (!a || a.executable || a.programAddress === SYSVAR_OWNER) continue;
      accounts[address] = {
        lamports: a.lamports.toString(),
        data: Buffer.from(a.data).toString('base64'),
        owner: a.programAddress,
        executable: false,
      };
    }
    return { ...this.state, accounts, txs: this.state.txs };
  }
}

export function uiAmount(amount: bigint, decimals: number) {
  const scale = 10n ** BigInt(decimals);
  const whole = amount / scale;
  const frac = (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  const text = frac ? `${whole}.${frac}` : whole.toString();
  return { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text };
}

function tokenDeltas(record: TxRecord, keys: readonly Address[]): TokenDelta[] {
  const pre = new Map(record.preTokenBalances.map((b) => [b.accountIndex, b]));
  const post = new Map(record.postTokenBalances.map((b) => [b.accountIndex, b]));
  const out: TokenDelta[] = [];
  for (const index of new Set([...pre.keys(), ...post.keys()])) {
    const before = BigInt(pre.get(index)?.uiTokenAmount.amount ?? '0');
    const after = BigInt(post.get(index)?.uiTokenAmount.amount ?? '0');
    const b = post.get(index) ?? pre.get(index)!;
    if (after !== before)
      out.push({ account: keys[index]!, mint: b.mint, owner: b.owner, delta: after - before });
  }
  return out;
}

/** The message of a legacy or v0 transaction without lookup tables, or why it is not one. */
function compiledMessage(tx: Transaction) {
  const message = messageDecoder.decode(tx.messageBytes);
  if (message.version !== 'legacy' && message.version !== 0)
    return `transaction version ${String(message.version)} is not supported`;
  if ('addressTableLookups' in message && (message.addressTableLookups?.length ?? 0) > 0)
    return 'address lookup tables are not supported by this devnet';
  return message;
}

function describe(err: TransactionErrorJson | null): string {
  return err === null ? 'ok' : typeof err === 'string' ? err : JSON.stringify(err);
}
