// Intent in, outcome out. The renderer says what the person wants ("withdraw 25 USDC from account 3 to X");
// main builds the canonical action from what it knows (markets, tokens, the accounts the wallet owns), shows
// it back as a summary referenced by an id, and only on confirmation of that id signs what it built itself.
import { randomUUID } from 'node:crypto';
import bs58 from 'bs58';
import { AppFailure } from '../../shared/result';
import { formatAmount } from '../../shared/money';
import type { Account } from '../exchange/account-model';
import type { MarketsInfo } from '../../shared/exchange/info';
import type { ActionKind } from '../../protocol/types';
import type { SigningKey } from '../../protocol/keys';
import type { ExchangeClient } from '../exchange/exchange-client';
import type { WalletService, WalletInfo } from '../wallets/wallet-service';
import type { SessionManager } from '../sessions/session-manager';
import type { AppLock } from '../lock/app-lock';
import { AuditEntrySchema, type AuditEntry, type AuditLog } from '../audit/audit-log';
import type { Submitter, Outcome, Recovered } from './submitter';
import type { AddressBook } from '../address-book';
import { TRADING_KINDS, planTrading, type TradingIntent } from './trading-intents';

const isTrading = (intent: Intent): intent is TradingIntent =>
  (TRADING_KINDS as readonly string[]).includes(intent.kind);

export type Intent =
  | TradingIntent
  | {
      kind: 'withdraw';
      walletId: string;
      accountId: number;
      tokenId: number;
      amount: bigint;
      destination?: string;
    }
  | {
      kind: 'transfer';
      walletId: string;
      fromAccountId: number;
      tokenId: number;
      amount: bigint;
      toAccountId?: number;
    };

export interface Summary {
  confirmationId: string;
  kind: Intent['kind'];
  /** what the confirmation dialog is titled */
  title: string;
  /** the lines of a vault or trigger action, formatted by main (withdrawals and transfers use the fields) */
  details: { label: string; value: string }[];
  walletId: string;
  walletLabel: string;
  tokenId: number;
  amount: bigint;
  fromAccountId: number;
  toAccountId: number | null;
  destination: string | null;
  fee: bigint;
  /** what arrives at the destination */
  receive: bigint;
  balanceAfter: bigint;
  warnings: string[];
  needsFreshUnlock: boolean;
  /**
   * Money leaves the person's wallets (a withdrawal, a transfer to an account no wallet here owns): the
   * confirmation must carry the passphrase, however recently the app was unlocked.
   */
  moneyLeaves: boolean;
  /** the account's margin once the amount has left it; null when it has no positions */
  marginAfter: MarginAfter | null;
  expiresAt: number;
}

export interface MarginAfter {
  freeCollateral: bigint;
  /** equity over maintenance requirement, basis points */
  healthBps: number;
}

export interface ActionResult {
  actionId: bigint;
  kind: Intent['kind'];
  /** transfers into a new account report it */
  toAccountId: number | null;
  fee: bigint;
  receive: bigint;
  /** a withdrawal's settlement event; processed once the exchange acknowledges it */
  eventNonce: bigint | null;
  /** vault deposits and withdrawal requests: the shares minted or queued */
  shares: bigint | null;
  /** an added or edited trigger */
  triggerId: bigint | null;
}

export interface PipelineDeps {
  client: ExchangeClient;
  wallets: WalletService;
  sessions: SessionManager;
  lock: AppLock;
  submitter: Submitter;
  audit: AuditLog;
  info: () => Promise<MarketsInfo>;
  /** destinations and recipients used before, for first-time warnings */
  known: AddressBook;
  now?: () => number;
}

/** What the confirmation dialog states; a review older than this is refused and forgotten. */
export const CONFIRMATION_TTL_MS = 2 * 60_000;
/** Reviews nobody confirms are bounded too: a renderer preparing in a loop cannot grow main's memory. */
const MAX_PREPARED = 256;

/** The audit fields a submission carries in the journal, so that recovery can report it like the original. */
const RecoveryContextSchema = AuditEntrySchema.pick({
  wallet: true,
  kind: true,
  accounts: true,
  tokenId: true,
  amounts: true,
  sessionId: true,
});

interface Prepared {
  summary: Summary;
  intent: Intent;
  action: (sessionId: bigint) => ActionKind;
}

export class ActionPipeline {
  private readonly prepared = new Map<string, Prepared>();
  /** confirmations taken out and being signed: a second confirm of one of them is refused, not queued */
  private readonly signing = new Set<string>();

  constructor(private readonly deps: PipelineDeps) {
    // Whatever settles an unknown outcome later (start-up, reconnect, the signer's next action), the audit
    // log gets the truth next to its 'unknown' line.
    deps.submitter.onRecovered((recovered) => this.auditRecovered(recovered));
  }

  private auditRecovered({ pending, outcome }: Recovered): void {
    const context = RecoveryContextSchema.safeParse(pending.context);
    // Without a context (actions signed outside this pipeline) the signer stands in for the wallet unless
    // it is one of the wallets itself.
    const base = context.success
      ? context.data
      : {
          wallet:
            this.deps.wallets.list().find((w) => w.publicKey === pending.signer)?.publicKey ?? pending.signer,
          kind: pending.kind.slice(0, 40),
          accounts: [],
        };
    const entry: AuditEntry =
      outcome.status === 'not-executed'
        ? {
            ...base,
            time: this.now(),
            result: 'err',
            error: outcome.error ?? 'NOT_EXECUTED',
            detail: `not-executed (${outcome.reason}), settled after the answer was lost`,
          }
        : {
            ...base,
            time: this.now(),
            result: 'ok',
            actionId: outcome.actionId.toString(),
            detail:
              outcome.status === 'executed-earlier'
                ? 'executed-earlier, settled after the answer was lost'
                : 'executed on an identical resend after the answer was lost',
          };
    this.deps.audit.append(entry);
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private async ownedAccount(
    wallet: WalletInfo,
    accountId: number,
  ): Promise<{ balances: Map<number, bigint>; margin: Account['margin'] }> {
    const user = await this.deps.client.user(wallet.publicKey);
    if (!user || !user.accountIds.includes(accountId))
      throw new AppFailure('NOT_FOUND', `Account ${accountId} does not belong to ${wallet.label}.`);
    const account = await this.deps.client.account(accountId);
    return { balances: new Map(account.balances.map((b) => [b.tokenId, b.amount])), margin: account.margin };
  }

  /**
   * What taking `amount` of the quote token out does to the account's margin. Open positions need their
   * collateral: more than the free collateral is refused here in plain words (the exchange would refuse it
   * too), and a withdrawal that leaves the account close to liquidation is flagged.
   */
  private marginAfter(
    accountId: number,
    margin: Account['margin'],
    amount: bigint,
    warnings: string[],
    money: (v: bigint) => string,
  ): MarginAfter | null {
    const freeCollateral = margin.freeCollateral - amount;
    // Open orders hold margin too, so this is checked even without a position.
    if (freeCollateral < 0n)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        `Account ${accountId}'s open positions and orders need its collateral: at most ${money(margin.freeCollateral > 0n ? margin.freeCollateral : 0n)} can leave it now.`,
      );
    if (margin.maintenanceRequirement === 0n) return null;
    const healthBps = Number(((margin.equity - amount) * 10_000n) / margin.maintenanceRequirement);
    if (healthBps < 12_000)
      warnings.push(
        `This leaves account ${accountId} close to liquidation: margin health ${Math.floor(healthBps / 100)}%.`,
      );
    return { freeCollateral, healthBps };
  }

  async prepare(intent: Intent): Promise<Summary> {
    this.deps.lock.requireUnlocked();
    const wallet = this.deps.wallets.get(intent.walletId);
    const info = await this.deps.info();
    if (isTrading(intent)) return this.prepareTrading(intent, wallet, info);
    const token = info.tokens.find((t) => t.tokenId === intent.tokenId);
    if (!token) throw new AppFailure('NOT_FOUND', `Token ${intent.tokenId} does not exist on this exchange.`);
    if (intent.amount <= 0n) throw new AppFailure('INVALID_ARGUMENT', 'The amount must be more than zero.');
    const fromAccountId = intent.kind === 'withdraw' ? intent.accountId : intent.fromAccountId;
    const { balances, margin } = await this.ownedAccount(wallet, fromAccountId);
    const balance = balances.get(intent.tokenId) ?? 0n;
    if (intent.amount > balance)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        `Account ${fromAccountId} holds less than that amount of ${token.symbol}.`,
      );
    const warnings: string[] = [];
    const money = (v: bigint) => `${formatAmount(v, token.decimals, { group: true })} ${token.symbol}`;
    const marginAfter =
      intent.tokenId === info.quoteTokenId
        ? this.marginAfter(fromAccountId, margin, intent.amount, warnings, money)
        : null;
    let prepared: Prepared;
    const base = {
      confirmationId: randomUUID(),
      walletId: wallet.walletId,
      walletLabel: wallet.label,
      tokenId: intent.tokenId,
      amount: intent.amount,
      fromAccountId,
      marginAfter,
      expiresAt: this.now() + CONFIRMATION_TTL_MS,
    };

    if (intent.kind === 'withdraw') {
      const destination = intent.destination ?? wallet.publicKey;
      let destBytes: Uint8Array;
      try {
        destBytes = bs58.decode(destination);
      } catch {
        throw new AppFailure('INVALID_ARGUMENT', 'The destination is not a valid base58 address.');
      }
      if (destBytes.length !== 32)
        throw new AppFailure(
          'INVALID_ARGUMENT',
          'The destination is not a valid settlement-chain address (32 bytes).',
        );
      const fee = await this.withdrawalFee(fromAccountId, intent.tokenId, info);
      if (intent.amount <= fee)
        throw new AppFailure('INVALID_ARGUMENT', 'The amount does not cover the withdrawal fee.');
      if (destination !== wallet.publicKey && !this.deps.known.usedDestination(destination))
        warnings.push('You have not withdrawn to this address before. Check it character by character.');
      const summary: Summary = {
        ...base,
        kind: 'withdraw',
        title: 'Confirm withdrawal',
        details: [],
        toAccountId: null,
        destination,
        fee,
        receive: intent.amount - fee,
        balanceAfter: balance - intent.amount,
        warnings,
        needsFreshUnlock: true,
        moneyLeaves: true,
      };
      prepared = {
        summary,
        intent,
        action: (sessionId) => ({
          type: 'withdraw',
          sessionId,
          tokenId: intent.tokenId,
          amount: intent.amount,
          accountId: fromAccountId,
          destPubkey: Buffer.from(destBytes),
        }),
      };
    } else {
      const to = intent.toAccountId;
      let leaves = false;
      if (to !== undefined) {
        if (to === fromAccountId)
          throw new AppFailure('INVALID_ARGUMENT', 'Choose a different account to transfer to.');
        if (!(await this.deps.client.accountExists(to)))
          throw new AppFailure('NOT_FOUND', `Account ${to} does not exist.`);
        leaves = !(await this.ownedByAnyWallet(to));
        if (leaves && !this.deps.known.usedRecipient(to))
          warnings.push(`Account ${to} belongs to someone else and you have not sent to it before.`);
      }
      const summary: Summary = {
        ...base,
        kind: 'transfer',
        title: 'Confirm transfer',
        details: [],
        toAccountId: to ?? null,
        destination: null,
        fee: 0n,
        receive: intent.amount,
        balanceAfter: balance - intent.amount,
        warnings,
        needsFreshUnlock: false,
        moneyLeaves: leaves,
      };
      prepared = {
        summary,
        intent,
        action: (sessionId) => ({
          type: 'transfer',
          sessionId,
          fromAccountId,
          tokenId: intent.tokenId,
          amount: intent.amount,
          ...(to !== undefined ? { toAccountId: to } : {}),
        }),
      };
    }
    this.remember(prepared);
    return prepared.summary;
  }

  private async prepareTrading(
    intent: TradingIntent,
    wallet: WalletInfo,
    info: MarketsInfo,
  ): Promise<Summary> {
    await this.ownedAccount(wallet, intent.accountId);
    const plan = await planTrading(
      intent,
      this.deps.client,
      info,
      await this.deps.client.account(intent.accountId),
    );
    const summary: Summary = {
      confirmationId: randomUUID(),
      kind: intent.kind,
      title: plan.title,
      details: plan.details,
      walletId: wallet.walletId,
      walletLabel: wallet.label,
      tokenId: plan.tokenId,
      amount: plan.amount,
      fromAccountId: intent.accountId,
      toAccountId: null,
      destination: null,
      fee: 0n,
      receive: 0n,
      balanceAfter: plan.balanceAfter,
      marginAfter: null,
      warnings: plan.warnings,
      needsFreshUnlock: false,
      // vault actions and triggers keep the money in the person's own accounts
      moneyLeaves: false,
      expiresAt: this.now() + CONFIRMATION_TTL_MS,
    };
    this.remember({ summary, intent, action: plan.action });
    return summary;
  }

  private async ownedByAnyWallet(accountId: number): Promise<boolean> {
    for (const w of this.deps.wallets.list()) {
      if ((await this.deps.client.user(w.publicKey))?.accountIds.includes(accountId)) return true;
    }
    return false;
  }

  /** The fee a withdrawal of tokenId from accountId is charged now, in that token's scaled units. */
  async withdrawalFee(accountId: number, tokenId: number, info: MarketsInfo): Promise<bigint> {
    const token = info.tokens.find((t) => t.tokenId === tokenId);
    if (!token) throw new AppFailure('NOT_FOUND', `Token ${tokenId} does not exist on this exchange.`);
    // The fee is stated in the withdrawn token, as the exchange charges it out of the amount.
    return tokenId === info.quoteTokenId
      ? this.deps.client.withdrawalFee(accountId, token.decimals)
      : this.deps.client.withdrawalFee(accountId, token.decimals, tokenId);
  }

  private remember(prepared: Prepared): void {
    this.evictExpired();
    if (this.prepared.size >= MAX_PREPARED) {
      const oldest = this.prepared.keys().next().value;
      if (oldest !== undefined) this.prepared.delete(oldest);
    }
    this.prepared.set(prepared.summary.confirmationId, prepared);
  }

  private evictExpired(): void {
    const now = this.now();
    for (const [id, p] of this.prepared) if (p.summary.expiresAt <= now) this.prepared.delete(id);
  }

  /** Reviews that can still be confirmed (tests and diagnostics). */
  preparedCount(): number {
    this.evictExpired();
    return this.prepared.size;
  }

  /**
   * Takes the confirmation out before anything is awaited, so that of several confirms of one id only the
   * first can reach the signer; the others are refused in plain words.
   */
  private take(confirmationId: string): Prepared {
    if (this.signing.has(confirmationId))
      throw new AppFailure(
        'CONFLICT',
        'This confirmation is already being signed. It is sent once; check the result before trying again.',
      );
    this.evictExpired();
    const prepared = this.prepared.get(confirmationId);
    if (!prepared) throw new AppFailure('CONFLICT', 'This confirmation expired. Review the details again.');
    this.prepared.delete(confirmationId);
    this.signing.add(confirmationId);
    return prepared;
  }

  /** passphrase: required when the summary says moneyLeaves, and then checked for this confirmation */
  async confirm(confirmationId: string, passphrase?: string): Promise<ActionResult> {
    const prepared = this.take(confirmationId);
    try {
      return await this.sign(prepared, passphrase);
    } finally {
      this.signing.delete(confirmationId);
    }
  }

  private async sign(prepared: Prepared, passphrase: string | undefined): Promise<ActionResult> {
    const { summary, intent } = prepared;
    let wallet: WalletInfo;
    let signer: { sessionId: bigint; key: SigningKey } | null;
    try {
      this.deps.lock.requireUnlocked();
      // A session key could sign this on its own, and an unlock minutes ago says nothing about who is at
      // the keyboard now: money going out needs the passphrase typed for this very confirmation.
      if (summary.moneyLeaves) {
        if (passphrase === undefined)
          throw new AppFailure('LOCKED', 'Enter your passphrase: this sends money out of your wallets.', {
            passphraseRequired: true,
          });
        await this.deps.lock.reauthenticate(passphrase);
      }
      wallet = this.deps.wallets.get(summary.walletId);
      signer = await this.deps.sessions.signer(wallet.walletId);
      if (summary.needsFreshUnlock || !signer) this.deps.lock.requireFreshUnlock();
    } catch (error) {
      // Asking for the passphrase must not void the review: it goes back, still bound to its expiry.
      if (summary.expiresAt > this.now()) this.prepared.set(summary.confirmationId, prepared);
      throw error;
    }
    // single use from here on, whatever happens next

    if (intent.kind === 'withdraw') {
      // The fee can change between review and signing; never sign a withdrawal at a fee the person did not see.
      const fee = await this.withdrawalFee(summary.fromAccountId, summary.tokenId, await this.deps.info());
      if (fee > summary.fee)
        throw new AppFailure(
          'CONFLICT',
          'The withdrawal fee rose since you reviewed it. Review the new fee and confirm again.',
          { newFee: fee.toString() },
        );
    }

    // Signing needs a session key; making one is wallet-signed, hence the fresh unlock checked above. One
    // wallet's sessions are made one at a time, so racing actions share the first one instead of each making
    // their own.
    signer ??= await this.deps.sessions.signerOrCreate(wallet.walletId, 'This device');
    const auditBase = {
      time: this.now(),
      wallet: wallet.publicKey,
      kind: intent.kind,
      accounts: [summary.fromAccountId, ...(summary.toAccountId !== null ? [summary.toAccountId] : [])],
      tokenId: summary.tokenId,
      amounts: {
        amount: summary.amount.toString(),
        fee: summary.fee.toString(),
        received: summary.receive.toString(),
      },
      sessionId: signer.sessionId.toString(),
    };
    let outcome: Outcome;
    try {
      const { time: _time, ...context } = auditBase;
      outcome = await this.deps.submitter.submit(signer.key, 'session', prepared.action(signer.sessionId), {
        context,
      });
    } catch (error) {
      const failure = error instanceof AppFailure ? error : new AppFailure('INTERNAL', 'The action failed.');
      this.deps.audit.append({
        ...auditBase,
        result: failure.code === 'OUTCOME_UNKNOWN' ? 'unknown' : 'err',
        error: String(failure.details?.receiptError ?? failure.code),
      });
      throw failure;
    }
    this.deps.sessions.markUsed(signer.sessionId);
    this.deps.audit.append({ ...auditBase, result: 'ok', actionId: outcome.actionId.toString() });
    if (summary.destination) this.deps.known.recordDestination(summary.destination);
    if (summary.toAccountId !== null) this.deps.known.recordRecipient(summary.toAccountId);

    const receipt = outcome.status === 'executed' ? outcome.receipt.kind : null;
    return {
      actionId: outcome.actionId,
      kind: intent.kind,
      toAccountId:
        receipt?.type === 'transferred'
          ? (receipt.toUserAccount ?? summary.toAccountId)
          : summary.toAccountId,
      fee: receipt?.type === 'withdrawResult' ? receipt.fee : summary.fee,
      receive:
        receipt?.type === 'withdrawResult'
          ? receipt.amount - receipt.fee
          : receipt?.type === 'vaultClaimed'
            ? receipt.amount
            : summary.receive,
      // a project addition: a public engine's receipt has none
      eventNonce: receipt?.type === 'withdrawResult' ? (receipt.eventNonce ?? null) : null,
      shares:
        receipt?.type === 'vaultDeposited' || receipt?.type === 'vaultWithdrawRequested'
          ? receipt.shares
          : null,
      triggerId:
        receipt?.type === 'triggerAdded' || receipt?.type === 'triggerEdited'
          ? (receipt.triggerId ?? null)
          : null,
    };
  }
}
