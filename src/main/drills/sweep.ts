// The multi-account sweep: what each chosen account can spare moves into one target account, one transfer
// per account and token. What an account can spare is its free collateral only: the quote token up to the
// free collateral (less a small margin while positions or orders hold some), other tokens only from an
// account with nothing open, since they count as its collateral too. Every transfer is prepared through
// the action pipeline at review time (the transfer module's own checks, its summary and whether it leaves
// the person's wallets) and signed from that same confirmation when the sweep starts: single-use, so a
// started sweep can never move anything twice, and a new review reads the balances afresh. A sweep the app
// was stopped in the middle of is settled at the next start (`settle`): each transfer's outcome is found out
// from what the pipeline recorded (its journal, its audit entries) and the exchange's own transfer history.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { AppFailure } from '../../shared/result';
import type { MarketsInfo, TokenInfo } from '../../shared/exchange/info';
import type { SweepReviewSchema } from '../../shared/ipc/drills';
import type { ActionResult, Intent, Summary } from '../../shared/ipc/actions';
import type { ExchangeClient } from '../exchange/exchange-client';
import type { Account } from '../exchange/account-model';
import type { WalletInfo } from '../wallets/wallet-service';
import type { AuditEntry, AuditLog } from '../audit/audit-log';
import type { PendingSubmission } from '../nonces/nonce-journal';
import type { Ownership } from '../wallets/ownership';
import type { SessionManager } from '../sessions/session-manager';
import { money } from '../actions/context';
import { DrillRun, type DrillRuns, type DrillRunView, type DrillStep, type SweepContext } from './drill-run';

export type SweepReview = z.output<typeof SweepReviewSchema>;

export interface SweepDeps {
  wallets: { list(): WalletInfo[] };
  /** which wallet owns each account swept from (and, through the pipeline, whether the target is own) */
  ownership: Pick<Ownership<WalletInfo>, 'accountOwners'>;
  client: Pick<ExchangeClient, 'account' | 'accountExists' | 'history'>;
  /** submissions whose outcome is not known yet */
  journal: { pending(): PendingSubmission[] };
  info(): Promise<MarketsInfo>;
  pipeline: {
    prepare(intent: Intent): Promise<Summary>;
    confirm(confirmationId: string, passphrase?: string): Promise<ActionResult>;
  };
  /** whether a wallet has a session this device can sign with (otherwise its first transfer makes one) */
  sessions: Pick<SessionManager, 'signer'>;
  lock: { reauthenticate(passphrase: string): Promise<void>; requireFreshUnlock(): void };
  audit: Pick<AuditLog, 'list'>;
  runs: DrillRuns;
  now?: () => number;
}

/**
 * Of the free collateral of an account with positions or orders, this share (in basis points) stays: prices
 * move between the review and the signature, and an account swept to the exact initial margin would be
 * refused, or left one tick from it.
 */
export const SWEEP_SAFETY_BPS = 100n;

interface Reviewed {
  review: SweepReview;
  /** each transfer's confirmation, in the review's order */
  confirmations: string[];
}

const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

/** How far before a step started the exchange's history is searched for it (the engine's clock may lag). */
const CLOCK_SLACK_S = 300;
/** How many of the wallet's newest transfer entries the audit log is searched for a step's outcome. */
const AUDIT_SEARCHED = 500;

type Outcome = { moved: true; actionId: string } | { moved: false; why: string } | 'not-known-yet';

export class Sweep {
  private readonly reviews = new Map<string, Reviewed>();

  constructor(private readonly deps: SweepDeps) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  async review(accountIds: number[], targetAccountId: number): Promise<SweepReview> {
    const sources = [...new Set(accountIds)];
    if (sources.includes(targetAccountId))
      throw new AppFailure(
        'INVALID_ARGUMENT',
        `Account ${targetAccountId} is the target: leave it out of the accounts to sweep.`,
      );
    if (!(await this.deps.client.accountExists(targetAccountId)))
      throw new AppFailure('NOT_FOUND', `Account ${targetAccountId} does not exist.`);
    const owners = await this.deps.ownership.accountOwners();
    for (const id of sources)
      if (!owners.has(id))
        throw new AppFailure('NOT_FOUND', `Account ${id} does not belong to any of your wallets.`);
    const info = await this.deps.info();

    const review: SweepReview = {
      reviewId: randomUUID(),
      targetAccountId,
      transfers: [],
      kept: [],
      moneyLeaves: false,
      sessionsToCreate: [],
      expiresAt: Number.MAX_SAFE_INTEGER,
    };
    const confirmations: string[] = [];
    for (const accountId of sources) {
      const wallet = owners.get(accountId)!;
      const account = await this.deps.client.account(accountId, true);
      const spare = spareOf(account, info.quoteTokenId);
      review.kept.push(...spare.kept);
      if (spare.moves.length === 0 && spare.kept.length === 0)
        review.kept.push({
          accountId,
          tokenId: null,
          amount: 0n,
          reason: 'Nothing to move: the account is empty.',
        });
      for (const { tokenId, amount } of spare.moves) {
        let summary: Summary;
        try {
          summary = await this.deps.pipeline.prepare({
            kind: 'transfer',
            walletId: wallet.walletId,
            fromAccountId: accountId,
            tokenId,
            amount,
            toAccountId: targetAccountId,
          });
        } catch (error) {
          if (!(error instanceof AppFailure)) throw error;
          review.kept.push({ accountId, tokenId, amount, reason: error.message });
          continue;
        }
        confirmations.push(summary.confirmationId);
        review.transfers.push({
          walletId: wallet.walletId,
          walletLabel: wallet.label,
          fromAccountId: accountId,
          toAccountId: targetAccountId,
          tokenId,
          amount,
          moneyLeaves: summary.moneyLeaves,
          warnings: summary.warnings,
        });
        review.moneyLeaves ||= summary.moneyLeaves;
        review.expiresAt = Math.min(review.expiresAt, summary.expiresAt);
      }
    }
    review.sessionsToCreate = await this.sessionsToCreate(review.transfers);
    if (review.transfers.length === 0) review.expiresAt = this.now();
    else this.reviews.set(review.reviewId, { review, confirmations });
    this.forgetExpired();
    return review;
  }

  /**
   * The signing wallets without a session this device can sign with: the pipeline makes one for each, signed
   * with the wallet key, before its first transfer, so the review lists those signatures too.
   */
  private async sessionsToCreate(
    transfers: SweepReview['transfers'],
  ): Promise<SweepReview['sessionsToCreate']> {
    const wallets = [...new Map(transfers.map((t) => [t.walletId, t.walletLabel]))];
    const signers = await Promise.all(wallets.map(([walletId]) => this.deps.sessions.signer(walletId)));
    return wallets
      .filter((_wallet, i) => signers[i] === null)
      .map(([walletId, walletLabel]) => ({ walletId, walletLabel }));
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [id, r] of this.reviews) if (r.review.expiresAt <= now) this.reviews.delete(id);
  }

  /**
   * Starts a reviewed sweep and returns its run at once. Single use: the review is taken out before anything
   * is awaited, and only given back when the passphrase was missing or wrong (nothing was signed then).
   */
  async start(reviewId: string, passphrase?: string): Promise<DrillRunView> {
    this.forgetExpired();
    const reviewed = this.reviews.get(reviewId);
    if (!reviewed)
      throw new AppFailure(
        'CONFLICT',
        'This sweep was started already or its review expired. Review it again.',
      );
    this.reviews.delete(reviewId);
    const { review } = reviewed;
    const wallets = [...new Set(review.transfers.map((t) => t.walletId))];
    const keys = this.deps.wallets
      .list()
      .filter((w) => wallets.includes(w.walletId))
      .map((w) => w.publicKey);
    const run = new DrillRun('sweep', this.now(), keys);
    try {
      if (review.moneyLeaves) {
        if (passphrase === undefined)
          throw new AppFailure(
            'LOCKED',
            'Enter your passphrase: this sweep sends money out of your wallets.',
            {
              passphraseRequired: true,
            },
          );
        await this.deps.lock.reauthenticate(passphrase);
      } else if (review.sessionsToCreate.length > 0) {
        // the wallet key signs the new sessions: an unlock of the last few minutes, or the passphrase now
        if (passphrase === undefined) this.deps.lock.requireFreshUnlock();
        else await this.deps.lock.reauthenticate(passphrase);
      }
      const info = await this.deps.info();
      // refused while another drill runs
      this.deps.runs.start(run, () =>
        this.run(run, reviewed, info, review.moneyLeaves ? passphrase : undefined),
      );
    } catch (error) {
      // nothing was signed: the review goes back, still bound to its expiry
      if (review.expiresAt > this.now()) this.reviews.set(reviewId, reviewed);
      throw error;
    }
    return run.view(this.deps.audit);
  }

  private async run(
    run: DrillRun,
    { review, confirmations }: Reviewed,
    info: MarketsInfo,
    passphrase?: string,
  ): Promise<void> {
    const token = (tokenId: number) => info.tokens.find((t) => t.tokenId === tokenId)!;
    const keyOf = (t: SweepReview['transfers'][number]) => `transfer:${t.fromAccountId}:${t.tokenId}`;
    const wallets = this.deps.wallets.list();
    run.sweep = {
      targetAccountId: review.targetAccountId,
      tokens: info.tokens.filter((k) => review.transfers.some((t) => t.tokenId === k.tokenId)),
      stepWallets: Object.fromEntries(
        review.transfers.map((t) => [
          keyOf(t),
          wallets.find((w) => w.walletId === t.walletId)?.publicKey ?? '',
        ]),
      ),
    };
    const steps = review.transfers.map((t, i) => ({
      t,
      confirmationId: confirmations[i]!,
      step: run.add({
        key: keyOf(t),
        label: `${money(token(t.tokenId), t.amount)} from account ${t.fromAccountId} to account ${t.toAccountId}`,
        transfer: {
          fromAccountId: t.fromAccountId,
          toAccountId: t.toAccountId,
          tokenId: t.tokenId,
          amount: t.amount,
        },
      }),
    }));
    let unknown: DrillStep | null = null;
    for (const { t, confirmationId, step } of steps) {
      if (unknown) {
        run.skip(step, `Not sent: whether ${unknown.label} went through is not known yet.`);
        continue;
      }
      let lost = false;
      await run.step(step, async () => {
        try {
          const result = await this.deps.pipeline.confirm(
            confirmationId,
            t.moneyLeaves ? passphrase : undefined,
          );
          return { actionId: result.actionId };
        } catch (error) {
          lost = error instanceof AppFailure && error.code === 'OUTCOME_UNKNOWN';
          throw error;
        }
      });
      if (lost) unknown = step;
    }
    this.close(run, run.sweep);
  }

  /** The summary, and for the audit log's line of each wallet swept from: what moved and what did not. */
  private close(run: DrillRun, sweep: SweepContext): void {
    const token = tokenOf(sweep);
    const target = sweep.targetAccountId;
    const transfers = run.steps.filter((s) => s.transfer);
    const ofWallet = (wallet: string) => {
      const own = transfers.filter((s) => sweep.stepWallets[s.key] === wallet);
      if (own.length === 0) return null;
      const moved = own.map(
        (s) =>
          `${money(token(s.transfer!.tokenId), s.transfer!.amount)} from ${s.transfer!.fromAccountId} ${s.status === 'done' ? 'moved' : 'NOT moved'}`,
      );
      return {
        done: own.every((s) => s.status === 'done'),
        detail: `${run.interrupted ? 'Interrupted; ' : ''}Swept into account ${target}: ${moved.join(', ')}`,
      };
    };
    run.finish(sweepSummary(run.steps, target, token, run.interrupted), ofWallet);
  }

  /**
   * Settles a sweep the app was stopped in the middle of: a transfer not yet started was not sent; one that
   * was on its way is looked for in what the pipeline recorded and in the exchange's history. While one is
   * still in the journal (its outcome not known), the run stays running and this throws.
   */
  async settle(run: DrillRun): Promise<void> {
    const sweep = run.sweep;
    if (!sweep) throw new AppFailure('INTERNAL', 'This sweep’s record does not say what it was moving.');
    for (const step of run.steps) {
      if (!step.transfer || step.status === 'done' || step.status === 'skipped') continue;
      if (step.status === 'pending' || step.startedAt === null) {
        run.skip(step, 'Not sent: the app stopped before it.');
        continue;
      }
      const outcome = await this.outcomeOf(step, sweep);
      if (outcome === 'not-known-yet')
        throw new AppFailure(
          'OUTCOME_UNKNOWN',
          `Whether ${step.label} went through is not known yet; Perpetua asks the exchange once it is reachable.`,
        );
      if (outcome.moved)
        run.settle(step, 'done', 'Found after the restart: it went through.', outcome.actionId);
      else run.settle(step, 'failed', outcome.why);
    }
    this.close(run, sweep);
  }

  /** What became of a transfer that was on its way when the app stopped. */
  private async outcomeOf(step: DrillStep, sweep: SweepContext): Promise<Outcome> {
    const t = step.transfer!;
    const wallet = sweep.stepWallets[step.key] ?? '';
    const same = (e: Partial<AuditEntry> | undefined) =>
      e?.kind === 'transfer' &&
      e.wallet === wallet &&
      e.accounts?.[0] === t.fromAccountId &&
      e.accounts[1] === t.toAccountId &&
      e.tokenId === t.tokenId &&
      e.amounts?.amount === t.amount.toString();
    // still in the journal: the pipeline settles it with the exchange first (at start, or the next action)
    if (this.deps.journal.pending().some((p) => same(p.context as Partial<AuditEntry> | undefined)))
      return 'not-known-yet';
    // the pipeline's own word, newest first: its line at signing, or the one its recovery wrote
    const said = this.deps.audit
      .list({ kind: 'transfer', wallet, limit: AUDIT_SEARCHED })
      .entries.find((e) => e.time >= step.startedAt! && e.result !== 'unknown' && same(e));
    if (said?.result === 'ok') return { moved: true, actionId: said.actionId ?? '' };
    if (said) return { moved: false, why: `The exchange refused it (${said.error ?? 'rejected'}).` };
    // nothing recorded (the app stopped between the answer and its audit line): the exchange's history says
    const since = new Date(Math.max(0, step.startedAt! - CLOCK_SLACK_S * 1000)).toISOString();
    let cursor: string | undefined;
    do {
      const page = await this.deps.client.history(t.fromAccountId, 'transfer', {
        since,
        ...(cursor ? { startInclusive: cursor } : {}),
      });
      const row = page.items.find(
        (r) =>
          r.direction === 'sent' &&
          r.toAccountId === t.toAccountId &&
          r.tokenId === t.tokenId &&
          r.amount === t.amount,
      );
      if (row) return { moved: true, actionId: row.actionId };
      cursor = page.nextStartInclusive;
    } while (cursor);
    return { moved: false, why: 'Not sent: the app stopped before it went out.' };
  }
}

const tokenOf =
  (sweep: SweepContext) =>
  (tokenId: number): TokenInfo =>
    sweep.tokens.find((t) => t.tokenId === tokenId)!;

/** What each token of an account can spare, and what stays and why. */
export function spareOf(
  account: Account,
  quoteTokenId: number,
): { moves: { tokenId: number; amount: bigint }[]; kept: SweepReview['kept'] } {
  const busy = account.positions.length > 0 || account.openOrders.length > 0;
  const moves: { tokenId: number; amount: bigint }[] = [];
  const kept: SweepReview['kept'] = [];
  const { accountId } = account;
  // the quote token first: it is what positions need, and what a person sweeps for
  const balances = [...account.balances].sort(
    (a, b) =>
      Number(b.tokenId === quoteTokenId) - Number(a.tokenId === quoteTokenId) || a.tokenId - b.tokenId,
  );
  for (const { tokenId, amount: balance } of balances) {
    if (balance <= 0n) continue;
    if (tokenId !== quoteTokenId) {
      if (busy)
        kept.push({
          accountId,
          tokenId,
          amount: balance,
          reason: 'It backs the account’s open positions and orders.',
        });
      else moves.push({ tokenId, amount: balance });
      continue;
    }
    const free = account.margin.freeCollateral;
    const spare = busy ? free - (free * SWEEP_SAFETY_BPS + 9_999n) / 10_000n : free;
    const amount = spare < balance ? spare : balance;
    if (amount > 0n) moves.push({ tokenId, amount });
    if (amount < balance)
      kept.push({
        accountId,
        tokenId,
        amount: amount > 0n ? balance - amount : balance,
        reason: 'Open positions and orders need it.',
      });
  }
  return { moves, kept };
}

/** The run's end in words: what moved, and each transfer that did not with why. */
function sweepSummary(
  steps: DrillStep[],
  target: number,
  token: (tokenId: number) => TokenInfo,
  interrupted: boolean,
): string {
  const transfers = steps.filter((s) => s.transfer);
  const moved = transfers.filter((s) => s.status === 'done');
  const notMoved = transfers.filter((s) => s.status !== 'done');
  const what = (s: DrillStep) =>
    `${money(token(s.transfer!.tokenId), s.transfer!.amount)} from account ${s.transfer!.fromAccountId}`;
  const parts = [
    interrupted
      ? `Interrupted: ${moved.length} of ${plural(transfers.length, 'transfer')} moved into account ${target}${moved.length ? `: ${moved.map(what).join(', ')}` : ''}.`
      : moved.length === 0
        ? `Nothing moved into account ${target}.`
        : `Moved ${plural(moved.length, 'transfer')} of ${transfers.length} into account ${target}: ${moved.map(what).join(', ')}.`,
  ];
  if (notMoved.length > 0)
    parts.push(
      `Not moved: ${notMoved.map((s) => `${what(s)} (${(s.detail ?? 'not sent').replace(/\.$/, '')})`).join('; ')}.`,
    );
  return parts.join(' ');
}
