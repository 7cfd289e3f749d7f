// Money in from the settlement chain: the devnet faucet, and deposits signed by the wallet key and tracked
// from submitted to confirmed to credited, with an event at each step. The interface warns that a confirmed
// chain transaction is not yet a credited balance, so the tracker waits for the exchange to say so. The list
// is kept on disk, so a deposit still on its way when the app quits is followed again at the next start.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { writeFileAtomic } from '../atomic-file';
import { AppFailure } from '../../shared/result';
import { DepositTxSchema, depositMessage, type DepositTx } from '../../protocol/chain-deposit';
import type { ExchangeClient } from '../exchange/exchange-client';
import type { WalletService } from '../wallets/wallet-service';
import type { AppLock } from '../lock/app-lock';
import type { AuditLog } from '../audit/audit-log';

export type DepositStatus = 'submitted' | 'confirmed' | 'credited' | 'failed';

export interface TrackedDeposit {
  depositId: string;
  walletId: string;
  tokenId: number;
  amount: bigint;
  txId: string | null;
  accountId: number | null;
  status: DepositStatus;
  detail?: string;
}

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
  /** the signed chain transaction, kept until the chain has answered so it can be sent again unchanged */
  signedTx: DepositTxSchema.optional(),
});
const DepositsFileSchema = z.object({ version: z.literal(1), deposits: z.array(StoredDepositSchema) });
/** The newest deposits kept in the list; older finished ones are dropped. */
const KEPT_DEPOSITS = 200;

export interface FundsDeps {
  /** where the tracked deposits are kept (this network's folder) */
  file: string;
  client: ExchangeClient;
  wallets: WalletService;
  lock: AppLock;
  audit: AuditLog;
  onDeposit: (deposit: TrackedDeposit) => void;
  pollMs?: number;
  /** after this long, a deposit not yet credited is checked every slowPollMs instead */
  watchLimitMs?: number;
  slowPollMs?: number;
}

/** No answer, as opposed to a refusal: the request may or may not have reached the chain. */
const isUnanswered = (error: unknown): boolean =>
  error instanceof AppFailure &&
  (error.code === 'EXCHANGE_UNREACHABLE' ||
    error.code === 'THROTTLED' ||
    (error.code === 'EXCHANGE_BAD_RESPONSE' && Number(error.details?.status ?? 0) >= 500));

export class Funds {
  private readonly deposits = new Map<string, TrackedDeposit>();
  /** signed transactions the chain has not answered yet; not secret (the chain publishes them) */
  private readonly unanswered = new Map<string, DepositTx>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly deps: FundsDeps) {
    this.load();
  }

  private load(): void {
    if (!existsSync(this.deps.file)) return;
    let stored: z.infer<typeof DepositsFileSchema>['deposits'];
    try {
      stored = DepositsFileSchema.parse(JSON.parse(readFileSync(this.deps.file, 'utf8'))).deposits;
    } catch {
      // A damaged list loses only the tracking: the deposits themselves are on the chain and the exchange.
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
    writeFileAtomic(this.deps.file, JSON.stringify({ version: 1, deposits: stored }));
  }

  /**
   * Follows again what a previous run left on its way. A deposit the chain had not answered is sent again,
   * byte for byte: the chain answers an identical signed deposit with the transaction it already made, so
   * funds move once whether or not the first copy arrived.
   */
  resume(): void {
    for (const deposit of [...this.deposits.values()]) {
      if (deposit.status === 'confirmed' && deposit.txId) this.watch(deposit.depositId, Date.now());
      else if (deposit.status === 'submitted' && this.unanswered.has(deposit.depositId))
        void this.send(deposit.depositId, Date.now()).catch(() => {});
    }
  }

  async faucet(walletId: string, tokenId: number, amount: bigint): Promise<void> {
    const wallet = this.deps.wallets.get(walletId);
    await this.deps.client.faucet(wallet.publicKey, tokenId, amount);
  }

  async chainBalances(walletId: string) {
    const wallet = this.deps.wallets.get(walletId);
    return (await this.deps.client.chainBalances(wallet.publicKey)).balances;
  }

  list(): TrackedDeposit[] {
    return [...this.deposits.values()];
  }

  async deposit(
    walletId: string,
    tokenId: number,
    amount: bigint,
    accountId?: number,
  ): Promise<TrackedDeposit> {
    this.deps.lock.requireUnlocked();
    if (amount <= 0n) throw new AppFailure('INVALID_ARGUMENT', 'The amount must be more than zero.');
    const wallet = this.deps.wallets.get(walletId);
    const held =
      (await this.deps.client.chainBalances(wallet.publicKey)).balances.find((b) => b.tokenId === tokenId)
        ?.amount ?? 0n;
    if (amount > held)
      throw new AppFailure('INVALID_ARGUMENT', 'Your wallet holds less than that on the settlement chain.');
    const key = await this.deps.wallets.signingKey(walletId);
    const fields = {
      from: wallet.publicKey,
      tokenId,
      amount: amount.toString(),
      ...(accountId !== undefined ? { accountId } : {}),
      nonce: randomBytes(12).toString('base64url'),
    };
    const tx: DepositTx = { ...fields, signature: key.sign(depositMessage(fields)).toString('hex') };
    const tracked: TrackedDeposit = {
      depositId: fields.nonce,
      walletId,
      tokenId,
      amount,
      txId: null,
      accountId: accountId ?? null,
      status: 'submitted',
    };
    // Kept on disk before it is sent, so a crash in between can be followed up with the very same bytes.
    this.unanswered.set(tracked.depositId, tx);
    this.update(tracked);
    await this.send(tracked.depositId, Date.now());
    return this.deposits.get(tracked.depositId)!;
  }

  /**
   * Sends (or sends again) a deposit's signed transaction. Without an answer it stays submitted and is sent
   * again later; a refusal is final.
   */
  private async send(depositId: string, startedAt: number): Promise<void> {
    const tx = this.unanswered.get(depositId);
    const deposit = this.deposits.get(depositId);
    if (!tx || !deposit) return;
    try {
      const chainTx = await this.deps.client.deposit(tx);
      this.deps.audit.append({
        time: Date.now(),
        wallet: tx.from,
        kind: 'deposit',
        accounts: tx.accountId !== undefined ? [tx.accountId] : [],
        tokenId: tx.tokenId,
        amounts: { amount: tx.amount },
        result: 'ok',
      });
      this.unanswered.delete(depositId);
      this.update({ ...deposit, txId: chainTx.txId, status: 'confirmed' });
      this.watch(depositId, startedAt);
    } catch (error) {
      if (isUnanswered(error)) {
        this.update({
          ...deposit,
          detail:
            'The chain did not answer. Perpetua sends the same signed deposit again until it does; it cannot move funds twice.',
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
  }

  private update(deposit: TrackedDeposit): void {
    const before = this.deposits.get(deposit.depositId);
    this.deposits.set(deposit.depositId, deposit);
    this.save();
    if (!before || before.status !== deposit.status) this.deps.onDeposit(deposit);
  }

  private later(fn: () => void, startedAt: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, this.pollDelay(startedAt));
    this.timers.add(timer);
  }

  private watch(depositId: string, startedAt: number): void {
    this.later(() => void this.check(depositId, startedAt), startedAt);
  }

  private async check(depositId: string, startedAt: number): Promise<void> {
    const deposit = this.deposits.get(depositId);
    if (!deposit?.txId) return;
    try {
      const tx = await this.deps.client.chainTx(deposit.txId);
      if (tx.status === 'credited')
        return this.update({
          ...deposit,
          status: 'credited',
          accountId: tx.accountId ?? deposit.accountId,
        });
      if (tx.status === 'failed')
        return this.update({
          ...deposit,
          status: 'failed',
          detail: tx.failure ?? 'The exchange refused the deposit; the chain returned the funds.',
        });
    } catch {
      // the exchange is briefly unreachable: keep watching
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
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
