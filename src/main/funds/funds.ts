// Money in from the settlement chain: the devnet faucet, and deposits signed by the wallet key and tracked
// from submitted to confirmed to credited, with an event at each step. The interface warns that a confirmed
// chain transaction is not yet a credited balance, so the tracker waits for the exchange to say so.
import { randomBytes } from 'node:crypto';
import { AppFailure } from '../../shared/result';
import { depositMessage, type DepositTx } from '../../protocol/chain-deposit';
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

export interface FundsDeps {
  client: ExchangeClient;
  wallets: WalletService;
  lock: AppLock;
  audit: AuditLog;
  onDeposit: (deposit: TrackedDeposit) => void;
  pollMs?: number;
  /** give up watching after this long; the deposit stays listed as confirmed */
  watchLimitMs?: number;
}

export class Funds {
  private readonly deposits = new Map<string, TrackedDeposit>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly deps: FundsDeps) {}

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
    this.update(tracked);
    try {
      const chainTx = await this.deps.client.deposit(tx);
      this.update({ ...tracked, txId: chainTx.txId, status: 'confirmed' });
    } catch (error) {
      this.update({
        ...tracked,
        status: 'failed',
        detail: error instanceof AppFailure ? error.message : 'The deposit could not be submitted.',
      });
      throw error;
    }
    this.deps.audit.append({
      time: Date.now(),
      wallet: wallet.publicKey,
      kind: 'deposit',
      accounts: accountId !== undefined ? [accountId] : [],
      tokenId,
      amounts: { amount: amount.toString() },
      result: 'ok',
    });
    this.watch(tracked.depositId, Date.now());
    return this.deposits.get(tracked.depositId)!;
  }

  private update(deposit: TrackedDeposit): void {
    const before = this.deposits.get(deposit.depositId);
    this.deposits.set(deposit.depositId, deposit);
    if (!before || before.status !== deposit.status) this.deps.onDeposit(deposit);
  }

  private watch(depositId: string, startedAt: number): void {
    const timer = setTimeout(async () => {
      this.timers.delete(timer);
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
      if (Date.now() - startedAt < (this.deps.watchLimitMs ?? 10 * 60_000)) this.watch(depositId, startedAt);
    }, this.deps.pollMs ?? 500);
    this.timers.add(timer);
  }

  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
