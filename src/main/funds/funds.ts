// Money in from the settlement chain (Solana): the devnet faucet, the wallet's on-chain balances, and
// deposits. A deposit is a real transaction built here with @solana/kit and @solana-program/token (a
// TransferChecked from the wallet's token account into the exchange's vault, with a memo naming who is
// credited), signed by the wallet key in main, and tracked from submitted (signature known) to confirmed
// (on chain) to credited (the exchange says so; the interface warns that confirmed is not credited).
//
// The signed transaction is written to disk before it is sent, and until the chain has answered it is only
// ever sent again byte for byte: the chain knows a transaction by its signature, so a resend after a lost
// answer or a restart cannot move funds twice. The list is kept per network, so a deposit on its way when
// the app quits is followed again at the next start.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { writeFileAtomic } from '../../support/atomic-file';
import { AppFailure } from '../../shared/result';
import { associatedTokenAddress, signDeposit } from '../../protocol/solana-tx';
import type { ExchangeClient } from '../exchange/exchange-client';
import type { WalletService } from '../wallets/wallet-service';
import type { AppLock } from '../lock/app-lock';
import type { AuditLog } from '../audit/audit-log';
import { money } from '../actions/context';
import { accountWords, type AccountNames } from '../audit/audit-wording';
import type { MarketsInfo, TokenInfo } from '../../shared/exchange/info';
import { LAMPORTS_PER_SIGNATURE, isUnanswered, type ChainClient } from './chain-client';
import type { ChainWatch, Unwatch } from './chain-watch';
import type { ChainBalancesSchema, TrackedDepositSchema } from '../../shared/ipc/funds';

/** txId: the transaction signature, known from signing on */
export type TrackedDeposit = z.output<typeof TrackedDepositSchema>;
export type ChainBalances = z.output<typeof ChainBalancesSchema>;

const StoredDepositSchema = z.object({
  depositId: z.string().max(64),
  walletId: z.string().max(64),
  tokenId: z.number().int().min(0),
  amount: z
    .string()
    .regex(/^\d{1,40}$/)
    .transform(BigInt),
  txId: z.string().max(128).nullable(),
  accountId: z.number().int().min(0).nullable(),
  status: z.enum(['submitted', 'confirmed', 'credited', 'failed']),
  detail: z.string().max(500).optional(),
  /** the signed transaction (base64 wire), kept until the chain has answered so it is sent again unchanged */
  signedTx: z
    .string()
    .max(2048)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/)
    .optional(),
});
const DepositsFileSchema = z.object({ version: z.literal(2), deposits: z.array(StoredDepositSchema) });
/** The newest deposits kept in the list; older finished ones are dropped. */
const KEPT_DEPOSITS = 200;

export interface FundsDeps {
  /** where the tracked deposits are kept (this network's folder) */
  file: string;
  client: ExchangeClient;
  /** the Solana RPC; null when this exchange came without one and none is set */
  chain: ChainClient | null;
  /** its PubSub WebSocket, when it has one: deposits are confirmed by subscription instead of polling */
  watch?: ChainWatch | null;
  info: () => Promise<MarketsInfo>;
  wallets: WalletService;
  lock: AppLock;
  audit: AuditLog;
  onDeposit: (deposit: TrackedDeposit) => void;
  /** a wallet's on-chain accounts changed (told by the PubSub; an RPC without one is re-read by the window) */
  onChainBalances?: (walletId: string) => void;
  /** the names the person gave accounts here, which the audit log's sentence uses when it is written */
  accountNames: () => AccountNames;
  pollMs?: number;
  /** after this long, a deposit not yet credited is checked every slowPollMs instead */
  watchLimitMs?: number;
  slowPollMs?: number;
}

export class Funds {
  private readonly deposits = new Map<string, TrackedDeposit>();
  /** signed transactions the chain has not answered yet; not secret (the chain publishes them) */
  private readonly unanswered = new Map<string, string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** deposits whose signature the PubSub follows until it lands */
  private readonly following = new Map<string, Unwatch>();
  /** wallets whose SOL and token accounts the PubSub follows, from their first balance read on */
  private readonly balanceWatches = new Map<string, Unwatch | null>();
  private closed = false;

  constructor(private readonly deps: FundsDeps) {
    this.load();
  }

  private load(): void {
    if (!existsSync(this.deps.file)) return;
    let stored: z.infer<typeof DepositsFileSchema>['deposits'];
    try {
      stored = DepositsFileSchema.parse(JSON.parse(readFileSync(this.deps.file, 'utf8'))).deposits;
    } catch {
      // A damaged list (or one from the JSON chain before this one) loses only the tracking: the deposits
      // themselves are on the chain and the exchange.
      return;
    }
    for (const { signedTx, detail, ...deposit } of stored) {
      this.deposits.set(deposit.depositId, { ...deposit, ...(detail === undefined ? {} : { detail }) });
      if (signedTx) this.unanswered.set(deposit.depositId, signedTx);
    }
  }

  private save(): void {
    const all = [...this.deposits.values()];
    const open = all.filter((d) => d.status === 'submitted' || d.status === 'confirmed');
    const done = all.filter((d) => !open.includes(d)).slice(-Math.max(0, KEPT_DEPOSITS - open.length));
    const kept = all.filter((d) => open.includes(d) || done.includes(d));
    const stored = kept.map((d) => ({
      ...d,
      amount: d.amount.toString(),
      ...(this.unanswered.has(d.depositId) ? { signedTx: this.unanswered.get(d.depositId) } : {}),
    }));
    writeFileAtomic(this.deps.file, JSON.stringify({ version: 2, deposits: stored }));
  }

  /** the Solana RPC, refused in words when this exchange has none */
  chain(): ChainClient {
    if (!this.deps.chain)
      throw new AppFailure(
        'CONFLICT',
        'No Solana RPC is set for this exchange. Add one in Settings to see on-chain balances and deposit.',
      );
    return this.deps.chain;
  }

  /**
   * Follows again what a previous run left on its way. A deposit the chain had not answered is sent again,
   * byte for byte (the chain answers a transaction it already has with its signature); one it had is
   * watched until the exchange credits it.
   */
  resume(): void {
    for (const deposit of [...this.deposits.values()]) {
      if (deposit.status === 'confirmed') this.watch(deposit.depositId, Date.now());
      else if (deposit.status === 'submitted') {
        if (this.unanswered.has(deposit.depositId))
          void this.send(deposit.depositId, Date.now()).catch(() => {});
        else this.watch(deposit.depositId, Date.now());
      }
    }
  }

  private async token(tokenId: number): Promise<TokenInfo> {
    const token = (await this.deps.info()).tokens.find((t) => t.tokenId === tokenId);
    if (!token) throw new AppFailure('NOT_FOUND', `The exchange has no token ${tokenId}.`);
    return token;
  }

  async faucet(walletId: string, tokenId: number, amount: bigint): Promise<void> {
    const wallet = this.deps.wallets.get(walletId);
    await this.token(tokenId);
    await this.chain().requestTokens(wallet.publicKey, tokenId, amount);
  }

  /** The wallet's SOL and, per exchange token, its associated token account's balance, read from the chain. */
  async chainBalances(walletId: string): Promise<ChainBalances> {
    const wallet = this.deps.wallets.get(walletId);
    const read = await this.readBalances(wallet.publicKey);
    this.followBalances(walletId, [
      wallet.publicKey,
      ...read.mints.map((mint) => associatedTokenAddress(wallet.publicKey, mint)),
    ]);
    return read.balances;
  }

  /**
   * The same read for any address, followed by nothing: public data, as any explorer shows it (import
   * lists what each address a phrase gives holds before the person picks).
   */
  async addressBalances(address: string): Promise<ChainBalances> {
    return (await this.readBalances(address)).balances;
  }

  private async readBalances(address: string): Promise<{ balances: ChainBalances; mints: string[] }> {
    const chain = this.chain();
    const { tokens } = await this.deps.info();
    const [sol, ...amounts] = await Promise.all([
      chain.sol(address),
      ...tokens.map((t) => chain.tokenBalance(address, t.mint)),
    ]);
    return {
      mints: tokens.map((t) => t.mint),
      balances: {
        address,
        sol: sol as bigint,
        tokens: tokens.map((t, i) => ({
          tokenId: t.tokenId,
          amount: (amounts[i] as bigint | null) ?? 0n,
          hasAccount: amounts[i] !== null,
        })),
      },
    };
  }

  list(): TrackedDeposit[] {
    return [...this.deposits.values()];
  }

  async deposit(
    walletId: string,
    tokenId: number,
    amount: bigint,
    accountId?: number,
    /** who the exchange credits: the wallet itself unless another key is named (a wallet evacuated to it) */
    recipient?: string,
  ): Promise<TrackedDeposit> {
    this.deps.lock.requireUnlocked();
    if (amount <= 0n) throw new AppFailure('INVALID_ARGUMENT', 'The amount must be more than zero.');
    const wallet = this.deps.wallets.get(walletId);
    const chain = this.chain();
    const token = await this.token(tokenId);
    // Checked before anything is signed, so the person hears it in plain words rather than from the chain.
    const [held, sol] = await Promise.all([
      chain.tokenBalance(wallet.publicKey, token.mint),
      chain.sol(wallet.publicKey),
    ]);
    if (held === null)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        `This wallet has no ${token.symbol} on the chain yet (no token account), so there is nothing to deposit.`,
      );
    if (amount > held)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        `This wallet holds ${held} ${token.symbol} units on the chain, less than the ${amount} you asked to deposit.`,
      );
    if (sol < LAMPORTS_PER_SIGNATURE)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        'This wallet has no SOL to pay the network fee (0.000005 SOL). Get some SOL into it first.',
      );
    const vault = (await this.deps.client.settlementVaults()).find((v) => v.tokenId === tokenId);
    if (!vault || vault.mint !== token.mint)
      throw new AppFailure(
        'EXCHANGE_BAD_RESPONSE',
        `The exchange names no deposit vault for ${token.symbol}.`,
      );
    const key = await this.deps.wallets.signingKey(walletId);
    const depositId = randomBytes(12).toString('base64url');
    const signed = signDeposit({
      key,
      mint: token.mint,
      decimals: token.decimals,
      vault: vault.vault,
      amount,
      correlation: {
        recipient: recipient ?? wallet.publicKey,
        ...(accountId !== undefined ? { accountId } : {}),
        ref: depositId.slice(0, 16),
      },
      blockhash: await chain.latestBlockhash(),
    });
    const tracked: TrackedDeposit = {
      depositId,
      walletId,
      tokenId,
      amount,
      txId: signed.signature,
      accountId: accountId ?? null,
      status: 'submitted',
    };
    // Kept on disk before it is sent, so a crash in between is followed up with the very same bytes.
    this.unanswered.set(depositId, signed.wire);
    this.update(tracked);
    await this.send(depositId, Date.now());
    return this.deposits.get(depositId)!;
  }

  /**
   * Sends (or sends again) a deposit's signed transaction. Without an answer it stays submitted and is sent
   * again later; a refusal is final and nothing left the wallet.
   */
  private async send(depositId: string, startedAt: number): Promise<void> {
    const wire = this.unanswered.get(depositId);
    const deposit = this.deposits.get(depositId);
    if (!wire || !deposit) return;
    try {
      await this.chain().send(wire);
    } catch (error) {
      if (isUnanswered(error)) {
        this.update({
          ...deposit,
          detail:
            'The chain did not answer. Perpetua sends the same signed transaction again until it does; it cannot move funds twice.',
        });
        this.later(() => void this.send(depositId, startedAt).catch(() => {}), startedAt);
        throw new AppFailure(
          'OUTCOME_UNKNOWN',
          'The chain did not answer, so it is not known yet whether the deposit left your wallet. Perpetua keeps checking; do not send it again.',
        );
      }
      this.unanswered.delete(depositId);
      this.update({
        ...deposit,
        status: 'failed',
        detail: error instanceof AppFailure ? error.message : 'The deposit could not be submitted.',
      });
      throw error;
    }
    const token = await this.token(deposit.tokenId).catch(() => null);
    const into =
      deposit.accountId !== null
        ? accountWords(deposit.accountId, this.deps.accountNames())
        : 'a new account';
    this.deps.audit.append({
      time: Date.now(),
      wallet: this.deps.wallets.get(deposit.walletId).publicKey,
      kind: 'deposit',
      accounts: deposit.accountId !== null ? [deposit.accountId] : [],
      tokenId: deposit.tokenId,
      amounts: { amount: deposit.amount.toString() },
      result: 'ok',
      ...(token
        ? {
            wording: {
              verb: 'deposit',
              rest: `${money(token, deposit.amount)} from the wallet on the chain into ${into}`,
            },
          }
        : {}),
    });
    this.unanswered.delete(depositId);
    const { detail: _answered, ...rest } = deposit;
    this.update({ ...rest, status: 'submitted' });
    this.watch(depositId, startedAt);
  }

  private update(deposit: TrackedDeposit): void {
    const before = this.deposits.get(deposit.depositId);
    this.deposits.set(deposit.depositId, deposit);
    this.save();
    if (!before || before.status !== deposit.status || before.detail !== deposit.detail)
      this.deps.onDeposit(deposit);
  }

  private later(fn: () => void, startedAt: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, this.pollDelay(startedAt));
    this.timers.add(timer);
  }

  /**
   * A submitted deposit is followed by subscription where the RPC has a PubSub (with one status read, for
   * a landing before the subscription); everything else, and every RPC without one, is polled.
   */
  private watch(depositId: string, startedAt: number): void {
    const deposit = this.deposits.get(depositId);
    if (
      deposit?.status === 'submitted' &&
      deposit.txId &&
      this.deps.watch &&
      !this.following.has(depositId)
    ) {
      void this.follow(depositId, deposit.txId, startedAt);
      return;
    }
    this.later(() => void this.check(depositId, startedAt), startedAt);
  }

  private async follow(depositId: string, txId: string, startedAt: number): Promise<void> {
    const stop = await this.deps.watch!.signature(
      txId,
      (err) => {
        this.following.delete(depositId);
        const deposit = this.deposits.get(depositId);
        if (deposit?.status !== 'submitted') return;
        this.landed(deposit, err);
        this.watch(depositId, startedAt);
      },
      () => {
        // the socket ended before the signature landed: polled until a new subscription is answered
        this.following.delete(depositId);
        this.later(() => void this.check(depositId, startedAt), startedAt);
      },
    );
    if (stop && this.closed) return stop();
    if (!stop) return this.later(() => void this.check(depositId, startedAt), startedAt);
    this.following.set(depositId, stop);
    void this.check(depositId, startedAt);
  }

  /** The chain has the deposit's transaction: confirmed, or failed with nothing taken but the fee. */
  private landed(deposit: TrackedDeposit, err: unknown): void {
    if (err !== null)
      return this.update({
        ...deposit,
        status: 'failed',
        detail: 'The transaction failed on the chain; the tokens did not leave your wallet.',
      });
    this.update({ ...deposit, status: 'confirmed' });
  }

  /** Subscribes once per wallet to its accounts; a lost socket lets the next balance read subscribe again. */
  private followBalances(walletId: string, addresses: string[]): void {
    const { watch, onChainBalances } = this.deps;
    if (!watch || !onChainBalances || this.balanceWatches.has(walletId)) return;
    this.balanceWatches.set(walletId, null);
    const lost = () => {
      this.balanceWatches.get(walletId)?.();
      this.balanceWatches.delete(walletId);
    };
    void watch
      .accounts(addresses, () => onChainBalances(walletId), lost)
      .then((stop) => {
        if (!stop || this.closed) {
          stop?.();
          // no PubSub: the window's own re-reads are all there is; asked again at a later read
          if (!this.closed) setTimeout(() => this.balanceWatches.delete(walletId), 60_000).unref();
          return;
        }
        this.balanceWatches.set(walletId, stop);
      });
  }

  /** How this run hears of the chain: by subscription, or by polling every pollMs; none without an RPC. */
  async chainUpdates(): Promise<{
    mode: 'live' | 'polling' | 'none';
    pubsubUrl: string | null;
    pollMs: number;
  }> {
    const pollMs = this.deps.pollMs ?? 500;
    if (!this.deps.chain) return { mode: 'none', pubsubUrl: null, pollMs };
    const watch = this.deps.watch;
    const live = watch ? await watch.live() : false;
    return { mode: live ? 'live' : 'polling', pubsubUrl: live ? watch!.url : null, pollMs };
  }

  /** submitted -> confirmed when the chain has it; confirmed -> credited when the exchange says so. */
  private async check(depositId: string, startedAt: number): Promise<void> {
    const deposit = this.deposits.get(depositId);
    if (!deposit?.txId || (deposit.status !== 'submitted' && deposit.status !== 'confirmed')) return;
    try {
      if (deposit.status === 'submitted') {
        const status = await this.chain().status(deposit.txId);
        if (status.status === 'landed') {
          this.following.get(depositId)?.();
          this.following.delete(depositId);
          this.landed(deposit, status.err);
          if (status.err !== null) return;
        }
        // An RPC that pruned its history no longer knows an old signature; the exchange's record says it landed.
        else if (await this.deps.client.settlementDeposit(deposit.txId))
          this.update({ ...deposit, status: 'confirmed' });
        // the subscription tells the landing: nothing to poll
        else if (this.following.has(depositId)) return;
      } else {
        const found = await this.deps.client.settlementDeposit(deposit.txId);
        const record = found?.find((d) => d.tokenId === deposit.tokenId);
        if (record?.status === 'credited')
          return this.update({
            ...deposit,
            status: 'credited',
            accountId: record.creditedAccountId ?? deposit.accountId,
          });
        if (record?.status === 'uncredited')
          return this.update({
            ...deposit,
            status: 'failed',
            detail: `The tokens reached the exchange's vault but could not be credited: ${record.reason ?? 'no reason given'}. The exchange keeps them on record.`,
          });
      }
    } catch {
      // the chain or the exchange is briefly unreachable: keep watching
    }
    this.watch(depositId, startedAt);
  }

  /** Often at first, when a credit is expected within seconds; then slowly, but never giving up. */
  private pollDelay(startedAt: number): number {
    return Date.now() - startedAt < (this.deps.watchLimitMs ?? 10 * 60_000)
      ? (this.deps.pollMs ?? 500)
      : (this.deps.slowPollMs ?? 30_000);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const stop of this.following.values()) stop();
    this.following.clear();
    for (const stop of this.balanceWatches.values()) stop?.();
    this.balanceWatches.clear();
  }
}
