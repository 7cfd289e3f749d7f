// The leaked wallet-key drill ("my wallet key or recovery phrase leaked"): revoking sessions is no help when
// the wallet key itself leaked, since whoever holds it can make a session or withdraw at any moment. So the
// money goes to a new wallet (made from a new recovery phrase before the review) as fast as the exchange
// allows, and only then is the old one retired: for each chosen wallet, its triggers are removed and orders
// cancelled (freeing margin), the positions the person chose are closed at once, every exchange balance
// moves to the new wallet's account, everything it holds on chain (tokens, then SOL) to the new wallet's
// address; then its sessions are revoked and it is marked compromised (never again "own").
//
// The new wallet has no exchange account until its first deposit, and a transfer needs an account that
// exists: the cheapest way in is a deposit from a compromised wallet's own chain tokens, credited to the new
// wallet (a chain network fee; the exchange charges nothing), after which every balance moves by transfers
// (free). Without chain tokens to deposit, each balance is withdrawn to the new wallet's address instead,
// at the exchange's withdrawal fee. The review says which, and what it costs.
//
// Every step is "do this to what is there now": an order still open, a position still held, the whole
// balance read at that moment. So the run can be finished after a crash or a quit (`finish`): steps done are
// kept, the rest are worked out again from the exchange and the chain, and nothing is done twice (a close is
// reduce-only, a move takes only what is still there).
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { AppFailure } from '../../shared/result';
import { formatSol } from '../../shared/figures';
import type { MarketsInfo, TokenInfo } from '../../shared/exchange/info';
import type { WalletKeyReviewSchema } from '../../shared/ipc/drills';
import type { ActionResult, Intent, Summary } from '../../shared/ipc/actions';
import type { ExchangeClient } from '../exchange/exchange-client';
import type { Account } from '../exchange/account-model';
import type { WalletInfo, WalletService } from '../wallets/wallet-service';
import type { SessionView } from '../sessions/session-manager';
import type { AuditLog } from '../audit/audit-log';
import type { ChainClient } from '../funds/chain-client';
import { LAMPORTS_PER_SIGNATURE } from '../funds/chain-client';
import { moveAllOnChain } from '../funds/chain-move';
import { balanceOf, money } from '../actions/context';
import { spareOf } from './sweep';
import {
  DrillRun,
  signedStep,
  type DrillRuns,
  type DrillRunView,
  type DrillStep,
  type WalletKeyContext,
} from './drill-run';

export type WalletKeyReview = z.output<typeof WalletKeyReviewSchema>;

export interface WalletKeyDeps {
  wallets: Pick<WalletService, 'get' | 'signingKey'>;
  client: Pick<ExchangeClient, 'user' | 'account' | 'triggers' | 'vaultHoldings' | 'withdrawalFee'>;
  info(): Promise<MarketsInfo>;
  sessions: {
    list(): Promise<SessionView[]>;
    revokeByWallet(walletId: string, sessionId: string): Promise<void>;
  };
  pipeline: {
    prepare(intent: Intent): Promise<Summary>;
    confirm(confirmationId: string, passphrase?: string): Promise<ActionResult>;
  };
  funds: {
    chain(): ChainClient;
    deposit(
      walletId: string,
      tokenId: number,
      amount: bigint,
      accountId?: number,
      recipient?: string,
    ): Promise<unknown>;
    /** the deposits followed here, to tell one still on its way */
    list(): { walletId: string; status: string }[];
  };
  lock: { reauthenticate(passphrase: string): Promise<void> };
  compromised: { isCompromised(publicKey: string): boolean; mark(publicKey: string, movedTo: string): void };
  audit: Pick<AuditLog, 'append' | 'list'>;
  runs: DrillRuns;
  now?: () => number;
  /** how long the opening deposit may take to be credited before the drill stops to be finished later */
  creditTimeoutMs?: number;
}

/** How long a review can be started. */
const REVIEW_TTL_MS = 10 * 60_000;
const CREDIT_POLL_MS = 250;

const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;
const NETWORK_FEE = `network fee ${formatSol(LAMPORTS_PER_SIGNATURE)}`;

/** How the new wallet's exchange account gets money: it has one; a deposit opens it; or none can. */
type Route =
  | { kind: 'transfer'; accountId: number }
  | { kind: 'deposit'; from: WalletInfo; token: TokenInfo; amount: bigint }
  | { kind: 'withdraw' };

/** What the drill reads of one wallet before it plans. */
interface Holdings {
  wallet: WalletInfo;
  accounts: Account[];
  triggers: Map<number, Awaited<ReturnType<ExchangeClient['triggers']>>>;
  /** per exchange token, what the wallet holds on chain; null: no chain to read */
  chainTokens: Map<number, bigint> | null;
  lamports: bigint | null;
}

interface Reviewed {
  review: WalletKeyReview;
  context: WalletKeyContext;
}

export class WalletKeyDrill {
  private readonly reviews = new Map<string, Reviewed>();

  constructor(private readonly deps: WalletKeyDeps) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private chain(): ChainClient | null {
    try {
      return this.deps.funds.chain();
    } catch {
      return null;
    }
  }

  /** The chosen wallets and the new one, refused in words when the choice makes no sense. */
  private choose(walletIds: string[], targetWalletId: string): { wallets: WalletInfo[]; target: WalletInfo } {
    const wallets = [...new Set(walletIds)].map((id) => this.deps.wallets.get(id));
    const target = this.deps.wallets.get(targetWalletId);
    if (wallets.some((w) => w.walletId === target.walletId))
      throw new AppFailure(
        'INVALID_ARGUMENT',
        `${target.label} is one of the wallets whose key leaked: move the money to a new wallet.`,
      );
    if (this.deps.compromised.isCompromised(target.publicKey))
      throw new AppFailure('INVALID_ARGUMENT', `${target.label} is marked compromised: choose a new wallet.`);
    return { wallets, target };
  }

  private async holdings(wallet: WalletInfo, info: MarketsInfo): Promise<Holdings> {
    const user = await this.deps.client.user(wallet.publicKey);
    const ids = user?.accountIds ?? [];
    const [accounts, triggers] = await Promise.all([
      Promise.all(ids.map((id) => this.deps.client.account(id, true))),
      Promise.all(ids.map(async (id) => [id, await this.deps.client.triggers(id)] as const)),
    ]);
    const chain = this.chain();
    let chainTokens: Map<number, bigint> | null = null;
    let lamports: bigint | null = null;
    if (chain) {
      const amounts = await Promise.all(info.tokens.map((t) => chain.tokenBalance(wallet.publicKey, t.mint)));
      chainTokens = new Map(info.tokens.map((t, i) => [t.tokenId, amounts[i] ?? 0n]));
      lamports = await chain.sol(wallet.publicKey);
    }
    return { wallet, accounts, triggers: new Map(triggers), chainTokens, lamports };
  }

  private async targetAccount(target: WalletInfo): Promise<number | null> {
    return (await this.deps.client.user(target.publicKey))?.accountIds[0] ?? null;
  }

  /**
   * The cheapest way into the new wallet's exchange account the holdings allow: a deposit of chain tokens
   * from a leaked wallet (or from the new one, when it holds some: what an earlier part of the drill sent
   * it), else withdrawals.
   */
  private async route(
    all: Holdings[],
    info: MarketsInfo,
    target: WalletInfo,
    targetAccount: number | null,
  ): Promise<Route> {
    if (targetAccount !== null) return { kind: 'transfer', accountId: targetAccount };
    all = [...all, await this.holdings(target, info)];
    // the quote token first: it is what the new account will need for margin
    const tokens = [...info.tokens].sort(
      (a, b) => Number(b.tokenId === info.quoteTokenId) - Number(a.tokenId === info.quoteTokenId),
    );
    for (const h of all) {
      if (!h.chainTokens || (h.lamports ?? 0n) < LAMPORTS_PER_SIGNATURE) continue;
      for (const token of tokens) {
        const amount = h.chainTokens.get(token.tokenId) ?? 0n;
        if (amount > 0n) return { kind: 'deposit', from: h.wallet, token, amount };
      }
    }
    return { kind: 'withdraw' };
  }

  async review(
    walletIds: string[],
    targetWalletId: string,
    close: { accountId: number; marketId: number }[],
  ): Promise<WalletKeyReview> {
    const { wallets, target } = this.choose(walletIds, targetWalletId);
    const info = await this.deps.info();
    const all = await Promise.all(wallets.map((w) => this.holdings(w, info)));
    const targetAccount = await this.targetAccount(target);
    const route = await this.route(all, info, target, targetAccount);
    const token = (id: number) => info.tokens.find((t) => t.tokenId === id)!;
    const closing = (accountId: number, marketId: number) =>
      close.some((c) => c.accountId === accountId && c.marketId === marketId);
    const sessions = await this.deps.sessions.list();
    const actions: WalletKeyReview['actions'] = [];
    const positions: WalletKeyReview['positions'] = [];
    const kept: WalletKeyReview['kept'] = [];
    const into =
      route.kind === 'transfer'
        ? `account ${route.accountId} of ${target.label}`
        : `${target.label}’s new account`;

    for (const h of all) {
      const label = h.wallet.label;
      const act = (text: string, cost: string | null = null) =>
        actions.push({ walletLabel: label, label: text, cost });
      for (const account of h.accounts) {
        for (const t of h.triggers.get(account.accountId) ?? [])
          act(
            `Remove ${t.kind === 'StopLoss' ? 'stop-loss' : 'take-profit'} ${t.triggerId} on account ${account.accountId}`,
          );
        for (const o of account.openOrders) act(`Cancel order ${o.orderId} on account ${account.accountId}`);
      }
      for (const account of h.accounts) {
        for (const p of account.positions) {
          const chosen = closing(account.accountId, p.marketId);
          let lines: WalletKeyReview['positions'][number]['lines'] = [];
          let warnings: string[];
          try {
            const summary = await this.deps.pipeline.prepare({
              kind: 'closePosition',
              walletId: h.wallet.walletId,
              accountId: account.accountId,
              marketId: p.marketId,
            });
            lines = summary.lines.filter((l) => l.key !== 'wallet' && l.key !== 'account');
            warnings = summary.warnings;
          } catch (error) {
            if (!(error instanceof AppFailure)) throw error;
            warnings = [error.message];
          }
          positions.push({
            accountId: account.accountId,
            marketId: p.marketId,
            walletLabel: label,
            lines,
            warnings,
            close: chosen,
          });
          const market = info.markets.find((m) => m.marketId === p.marketId);
          if (chosen) {
            const fee = lines.find((l) => l.key === 'fee')?.value;
            act(
              `Close the ${market?.symbol ?? `market ${p.marketId}`} ${p.size > 0n ? 'long' : 'short'} on account ${account.accountId} (reduce-only, immediate or cancel)`,
              fee?.type === 'amount' ? `trading fee about ${money(token(fee.tokenId), fee.amount)}` : null,
            );
          } else
            kept.push({
              walletLabel: label,
              what: `The margin held by the ${market?.symbol ?? `market ${p.marketId}`} position on account ${account.accountId}, kept open`,
              when: 'Once you close the position (Close on the Positions table), run this drill again: it moves what was freed.',
            });
        }
      }
      if (route.kind === 'deposit' && route.from === h.wallet)
        act(
          `Deposit the ${money(route.token, route.amount)} it holds on the chain into the exchange, credited to ${target.label}: this opens ${target.label}’s exchange account`,
          `${NETWORK_FEE}, paid by ${label}`,
        );
      if (route.kind === 'deposit' && route.from.walletId === target.walletId && h === all[0])
        actions.push({
          walletLabel: target.label,
          label: `Deposit the ${money(route.token, route.amount)} it holds on the chain into its own exchange account: this opens it`,
          cost: `${NETWORK_FEE}, paid by ${target.label}`,
        });
      for (const account of h.accounts) {
        // what the account holds once its orders are cancelled and the chosen positions closed
        const keepsPositions = account.positions.some((p) => !closing(account.accountId, p.marketId));
        // (with nothing left open, nothing holds margin: the whole balance is free)
        const settled: Account = keepsPositions
          ? { ...account, openOrders: [] }
          : {
              ...account,
              openOrders: [],
              positions: [],
              margin: { ...account.margin, freeCollateral: balanceOf(account, info.quoteTokenId) },
            };
        const { moves, kept: stays } = spareOf(settled, info.quoteTokenId);
        for (const m of moves) {
          const what = `${keepsPositions ? '' : 'all '}${money(token(m.tokenId), m.amount)}${account.positions.length > 0 && !keepsPositions ? ' (plus or minus what the closes realize)' : ''}`;
          if (route.kind === 'withdraw') {
            const fee = await this.deps.client.withdrawalFee(
              account.accountId,
              token(m.tokenId).decimals,
              m.tokenId,
            );
            act(
              `Withdraw ${what} from account ${account.accountId} to ${target.label}’s address on the chain`,
              `withdrawal fee ${money(token(m.tokenId), fee)}`,
            );
          } else act(`Transfer ${what} from account ${account.accountId} to ${into}`);
        }
        for (const s of stays)
          if (s.tokenId !== null)
            kept.push({
              walletLabel: label,
              what: `${money(token(s.tokenId), s.amount)} on account ${account.accountId}: ${s.reason}`,
              when: 'Once its positions are closed, run this drill again to move it.',
            });
        for (const v of await this.deps.client.vaultHoldings(account.accountId))
          if (v.shares > 0n || v.claimable > 0n)
            kept.push({
              walletLabel: label,
              what: `Shares of vault ${v.vaultName} on account ${account.accountId} (worth about ${money(token(info.quoteTokenId), v.value)})`,
              when: 'Vault shares are paid out only at the end of the vault’s epoch: request the withdrawal on the Vaults page now, claim it when the epoch ends, then run this drill again to move it.',
            });
      }
      if (h.chainTokens) {
        for (const [tokenId, amount] of h.chainTokens) {
          if (
            amount === 0n ||
            (route.kind === 'deposit' && route.from === h.wallet && route.token.tokenId === tokenId)
          )
            continue;
          act(
            `Send the ${money(token(tokenId), amount)} it holds on the chain to ${target.label}’s address`,
            `${NETWORK_FEE} and the rent of ${target.label}’s token account, which stays ${target.label}’s`,
          );
        }
        if ((h.lamports ?? 0n) > LAMPORTS_PER_SIGNATURE)
          act(
            `Send its SOL (now ${formatSol(h.lamports!)}, less the fee) to ${target.label}’s address`,
            NETWORK_FEE,
          );
      } else
        kept.push({
          walletLabel: label,
          what: 'Whatever it holds on the chain',
          when: 'No Solana RPC is set for this exchange, so the chain cannot be read or moved from here: add one in Settings and run this drill again.',
        });
      const own = sessions.filter((s) => s.walletId === h.wallet.walletId);
      act(
        `Revoke every session of ${label} with its wallet key (${plural(own.length, 'session')} now, and any this drill makes)`,
      );
      act(
        `Mark ${label} compromised: never again one of your own wallets, its address flagged wherever it appears`,
      );
    }

    const review: WalletKeyReview = {
      reviewId: randomUUID(),
      target: {
        walletId: target.walletId,
        label: target.label,
        publicKey: target.publicKey,
        hasAccount: targetAccount !== null,
      },
      route: routeWords(route, target),
      wallets: wallets.map((w) => ({ walletId: w.walletId, label: w.label, publicKey: w.publicKey })),
      actions,
      positions,
      kept,
      urgency:
        'Whoever has the leaked key can still sign until the money has moved: they can withdraw, or make a new session, at any moment, and revoking sessions does not stop them. Start now: the drill moves the money first and retires the old wallet last.',
      expiresAt: this.now() + REVIEW_TTL_MS,
    };
    this.forgetExpired();
    this.reviews.set(review.reviewId, {
      review,
      context: {
        walletIds: wallets.map((w) => w.walletId),
        targetWalletId: target.walletId,
        targetPublicKey: target.publicKey,
        close: close.filter((c) =>
          positions.some((p) => p.accountId === c.accountId && p.marketId === c.marketId),
        ),
      },
    });
    return review;
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [id, r] of this.reviews) if (r.review.expiresAt <= now) this.reviews.delete(id);
  }

  /** Starts a reviewed drill with the passphrase, asked once for all it signs. Single use. */
  async start(reviewId: string, passphrase: string): Promise<DrillRunView> {
    this.forgetExpired();
    const reviewed = this.reviews.get(reviewId);
    if (!reviewed)
      throw new AppFailure(
        'CONFLICT',
        'This drill was started already or its review expired. Review it again.',
      );
    // checked before the review is used up: a wrong passphrase leaves it to be started again
    await this.deps.lock.reauthenticate(passphrase);
    if (!this.reviews.delete(reviewId))
      throw new AppFailure('CONFLICT', 'This drill was started already. Follow it below.');
    const wallets = reviewed.context.walletIds.map((id) => this.deps.wallets.get(id));
    const run = new DrillRun(
      'walletKey',
      this.now(),
      wallets.map((w) => w.publicKey),
    );
    run.walletKey = reviewed.context;
    return this.deps.runs.start(run, () => this.run(run, passphrase)).view(this.deps.audit);
  }

  /**
   * Finishes a drill the app stopped in (or one that stopped on a failure): the steps done stay done, the
   * rest are worked out again from what the exchange and the chain hold now.
   */
  async finish(runId: string, passphrase: string): Promise<DrillRunView> {
    await this.deps.lock.reauthenticate(passphrase);
    // from here on nothing is awaited until the run is started: a second finish at the same time finds it
    // running (or is refused by the one-drill-at-a-time rule) and changes nothing
    const run = this.deps.runs.get(runId);
    if (run.kind !== 'walletKey' || !run.walletKey)
      throw new AppFailure('NOT_FOUND', 'There is no leaked wallet-key drill with that id.');
    if (run.status === 'running')
      throw new AppFailure('CONFLICT', 'This drill is still running, or what it was doing is not known yet.');
    if (run.status === 'done')
      throw new AppFailure('CONFLICT', 'This drill has finished: there is nothing left to do.');
    const before = { status: run.status, summary: run.summary, interrupted: run.interrupted };
    const steps = run.steps.map((step) => ({ ...step }));
    run.status = 'running';
    run.summary = null;
    run.interrupted = false;
    // what was not done is worked out again; what is no longer there at the end needed nothing more
    for (const step of run.steps)
      if (step.status !== 'done') Object.assign(step, { status: 'pending', detail: null });
    try {
      return this.deps.runs.start(run, () => this.run(run, passphrase)).view(this.deps.audit);
    } catch (error) {
      // refused (another drill runs): the run stays as it was
      Object.assign(run, before);
      run.steps.splice(0, run.steps.length, ...steps);
      throw error;
    }
  }

  private async run(run: DrillRun, passphrase: string): Promise<void> {
    const context = run.walletKey!;
    const wallets = context.walletIds.map((id) => this.deps.wallets.get(id));
    const target = this.deps.wallets.get(context.targetWalletId);
    const info = await this.deps.info();
    const token = (id: number) => info.tokens.find((t) => t.tokenId === id)!;
    const pending = (step: DrillStep) => step.status !== 'done';
    const sign = (step: DrillStep, intent: Intent) =>
      pending(step) ? signedStep(run, step, this.deps.pipeline, intent, passphrase) : Promise.resolve(true);

    // 1. triggers and orders: nothing fires or fills while the money moves, and their margin is freed
    for (const wallet of wallets) {
      const h = await this.holdings(wallet, info);
      for (const account of h.accounts) {
        for (const t of h.triggers.get(account.accountId) ?? [])
          await sign(
            run.stepOf({
              key: `trigger:${account.accountId}:${t.triggerId}`,
              label: `Remove ${t.kind === 'StopLoss' ? 'stop-loss' : 'take-profit'} ${t.triggerId} on account ${account.accountId}`,
            }),
            {
              kind: 'removeTrigger',
              walletId: wallet.walletId,
              accountId: account.accountId,
              marketId: t.marketId,
              triggerId: t.triggerId,
            },
          );
        for (const o of account.openOrders)
          await sign(
            run.stepOf({
              key: `order:${account.accountId}:${o.orderId}`,
              label: `Cancel order ${o.orderId} on account ${account.accountId}`,
            }),
            {
              kind: 'cancelOrder',
              walletId: wallet.walletId,
              accountId: account.accountId,
              orderId: BigInt(o.orderId),
            },
          );
      }
    }
    // 2. the positions the person chose to close
    for (const c of context.close) {
      const owner = await this.ownerOf(wallets, c.accountId);
      const market = info.markets.find((m) => m.marketId === c.marketId);
      const step = run.stepOf({
        key: `close:${c.accountId}:${c.marketId}`,
        label: `Close the ${market?.symbol ?? `market ${c.marketId}`} position on account ${c.accountId}`,
      });
      if (!owner) run.skip(step, `Account ${c.accountId} no longer belongs to these wallets.`);
      else
        await sign(step, {
          kind: 'closePosition',
          walletId: owner.walletId,
          accountId: c.accountId,
          marketId: c.marketId,
        });
    }

    // 3. the exchange balances, into the new wallet's account (opened by a deposit when it has none)
    const all = await Promise.all(wallets.map((w) => this.holdings(w, info)));
    let targetAccount = await this.targetAccount(target);
    const route = await this.route(all, info, target, targetAccount);
    // an opening begun before a stop is finished: its deposit may be on its way, waiting to be credited
    if (targetAccount === null && (route.kind === 'deposit' || run.steps.some((s) => s.key === 'open'))) {
      const step = run.stepOf({
        key: 'open',
        label:
          route.kind === 'deposit'
            ? `Deposit ${money(route.token, route.amount)} from ${route.from.label}’s chain balance, credited to ${target.label}: opens its exchange account`
            : `Open ${target.label}’s exchange account`,
      });
      if (pending(step))
        await run.step(step, async () => {
          if (route.kind === 'deposit')
            await this.deps.funds.deposit(
              route.from.walletId,
              route.token.tokenId,
              route.amount,
              undefined,
              target.publicKey,
            );
          else if (!this.depositOnItsWay([...wallets, target]))
            throw new AppFailure(
              'CONFLICT',
              `${target.label}’s exchange account is not open, no deposit is on its way to open it, and no wallet here holds tokens on the chain to open it with. Deposit into ${target.label} from elsewhere, then finish the drill.`,
            );
          return { detail: `${target.label}’s exchange account is ${await this.creditedAccount(target)}.` };
        });
      targetAccount = await this.targetAccount(target);
    }
    // the review promised transfers into an account this run set out to open: if it is not open, nothing is
    // withdrawn in their place (at a fee the person did not review); finishing the drill later moves them
    const unopened = targetAccount === null && run.steps.some((s) => s.key === 'open');
    for (const h of all) {
      for (const account of h.accounts) {
        const now = await this.deps.client.account(account.accountId, true);
        for (const m of spareOf(now, info.quoteTokenId).moves) {
          const key = `move:${account.accountId}:${m.tokenId}`;
          const what = money(token(m.tokenId), m.amount);
          if (unopened) {
            const step = run.stepOf({
              key,
              label: `Transfer ${what} from account ${account.accountId} to ${target.label}’s account`,
            });
            if (pending(step))
              run.settle(
                step,
                'failed',
                `Not sent: ${target.label}’s exchange account is not open yet. Finish the drill once the deposit above is credited.`,
              );
          } else if (targetAccount !== null) {
            const step = run.stepOf({
              key,
              label: `Transfer ${what} from account ${account.accountId} to account ${targetAccount} of ${target.label}`,
            });
            await sign(step, {
              kind: 'transfer',
              walletId: h.wallet.walletId,
              fromAccountId: account.accountId,
              tokenId: m.tokenId,
              amount: m.amount,
              toAccountId: targetAccount,
            });
          } else {
            const step = run.stepOf({
              key,
              label: `Withdraw ${what} from account ${account.accountId} to ${target.label}’s address`,
            });
            await sign(step, {
              kind: 'withdraw',
              walletId: h.wallet.walletId,
              accountId: account.accountId,
              tokenId: m.tokenId,
              amount: m.amount,
              destination: target.publicKey,
            });
          }
        }
      }
    }

    // 4. what the wallets hold on chain: each token whole, then the SOL that paid for it all
    const chain = this.chain();
    if (chain)
      for (const wallet of wallets) {
        const moveDeps = {
          chain,
          from: wallet.publicKey,
          signingKey: () => this.deps.wallets.signingKey(wallet.walletId),
        };
        const balances = await Promise.all(
          info.tokens.map((t) => chain.tokenBalance(wallet.publicKey, t.mint)),
        );
        const steps: { t: TokenInfo | null; step: DrillStep }[] = info.tokens
          .filter(
            (t, i) =>
              (balances[i] ?? 0n) > 0n ||
              run.steps.some((s) => s.key === `chain:${wallet.publicKey}:${t.tokenId}`),
          )
          .map((t) => ({
            t,
            step: run.stepOf({
              key: `chain:${wallet.publicKey}:${t.tokenId}`,
              label: `Send ${wallet.label}’s ${t.symbol} on the chain to ${target.label}’s address`,
            }),
          }));
        steps.push({
          t: null,
          step: run.stepOf({
            key: `sol:${wallet.publicKey}`,
            label: `Send ${wallet.label}’s SOL to ${target.label}’s address`,
          }),
        });
        for (const { t, step } of steps) {
          if (!pending(step)) continue;
          await run.step(step, async () => {
            const moved = await moveAllOnChain(moveDeps, target.publicKey, t);
            return {
              detail: moved
                ? `Sent ${t ? money(t, moved.amount) : formatSol(moved.amount)} (transaction ${moved.signature.slice(0, 12)}…).`
                : 'Nothing left to send.',
            };
          });
        }
      }

    // 5. only now the old wallet is retired: its sessions (this drill's own among them) and its mark
    await this.deps.lock.reauthenticate(passphrase).catch(() => {});
    for (const wallet of wallets) {
      for (const s of (await this.deps.sessions.list()).filter((x) => x.walletId === wallet.walletId)) {
        const step = run.stepOf({
          key: `revoke:${wallet.walletId}:${s.sessionId}`,
          label: `Revoke session ${s.sessionId} of ${wallet.label}`,
        });
        if (pending(step))
          await run.step(step, () => this.deps.sessions.revokeByWallet(wallet.walletId, s.sessionId));
      }
      const mark = run.stepOf({ key: `mark:${wallet.publicKey}`, label: `Mark ${wallet.label} compromised` });
      if (pending(mark))
        await run.step(mark, async () => {
          this.deps.compromised.mark(wallet.publicKey, target.publicKey);
          return { detail: `${wallet.label} is no longer one of your own wallets.` };
        });
    }
    for (const step of run.steps)
      if (step.status === 'pending')
        run.skip(
          step,
          'Nothing of it was left when the drill was finished: done before the app stopped, or gone meanwhile.',
        );
    this.close(run, wallets, target);
  }

  private async ownerOf(wallets: WalletInfo[], accountId: number): Promise<WalletInfo | undefined> {
    for (const w of wallets)
      if ((await this.deps.client.user(w.publicKey))?.accountIds.includes(accountId)) return w;
    return undefined;
  }

  /** A deposit from one of the wallets that the chain or the exchange has not settled yet. */
  private depositOnItsWay(wallets: WalletInfo[]): boolean {
    return this.deps.funds
      .list()
      .some(
        (d) =>
          (d.status === 'submitted' || d.status === 'confirmed') &&
          wallets.some((w) => w.walletId === d.walletId),
      );
  }

  /** Waits for the opening deposit's credit: the new wallet's first account. */
  private async creditedAccount(target: WalletInfo): Promise<number> {
    const end = this.now() + (this.deps.creditTimeoutMs ?? 5 * 60_000);
    for (;;) {
      const id = await this.targetAccount(target);
      if (id !== null) return id;
      if (this.now() > end)
        throw new AppFailure(
          'OUTCOME_UNKNOWN',
          `The exchange has not credited the deposit to ${target.label} yet. Finish the drill once it has: nothing done so far is done again.`,
        );
      await new Promise((r) => setTimeout(r, CREDIT_POLL_MS));
    }
  }

  private close(run: DrillRun, wallets: WalletInfo[], target: WalletInfo): void {
    const count = (prefix: string) =>
      run.steps.filter((s) => s.key.startsWith(prefix) && s.status === 'done').length;
    const failed = run.steps.filter((s) => s.status === 'failed');
    const names = wallets.map((w) => w.label).join(', ');
    const summary =
      failed.length === 0
        ? `Moved the money of ${names} to ${target.label}: ${plural(count('move:'), 'exchange balance')}, ${plural(count('chain:') + count('sol:'), 'chain balance')}; closed ${plural(count('close:'), 'position')}, cancelled ${plural(count('order:'), 'order')}, removed ${plural(count('trigger:'), 'trigger')}, revoked ${plural(count('revoke:'), 'session')}. ${names} ${wallets.length === 1 ? 'is' : 'are'} marked compromised: never use ${wallets.length === 1 ? 'it' : 'them'} again.`
        : `Not finished: ${plural(failed.length, 'step')} failed (${failed.map((s) => s.label).join('; ')}). Finish the drill to do the rest: what was done is not done again.`;
    for (const wallet of run.wallets)
      this.deps.audit.append({
        time: this.now(),
        wallet,
        kind: 'walletKeyDrill',
        accounts: [],
        result: failed.length === 0 ? 'ok' : 'err',
        detail: summary.slice(0, 200),
      });
    run.finish(summary);
  }

  /**
   * A drill the app stopped in: the step that was running is left to be checked again (every step works
   * from what is there when it runs, so finishing cannot do it twice), the rest are not done yet. The run
   * stays to be finished by the person, with the passphrase.
   */
  async settle(run: DrillRun): Promise<void> {
    const stopped = run.steps.find((s) => s.status === 'running');
    run.cutOff({
      running:
        'The app stopped while this ran. Finishing the drill reads the exchange and the chain again first, so it is not done twice.',
      pending: 'Not done yet: the app stopped first.',
    });
    const done = run.steps.filter((s) => s.status === 'done').length;
    run.finish(
      `Interrupted${stopped ? ` at “${stopped.label}”` : ''}: ${done} of ${plural(run.steps.length, 'step')} done. Finish the drill to do the rest; what was done is not done again. Until the money has moved, the leaked key can still take it.`,
    );
  }
}

function routeWords(route: Route, target: WalletInfo): string {
  switch (route.kind) {
    case 'transfer':
      return `${target.label} has exchange account ${route.accountId}: every exchange balance moves into it by transfers, which cost nothing.`;
    case 'deposit':
      return `${target.label} has no exchange account yet, and the exchange opens one only with a deposit. So the first money in is the ${money(route.token, route.amount)} ${route.from.label} holds on the chain, deposited into the exchange and credited to ${target.label} (${NETWORK_FEE}; the exchange charges nothing). Once credited, every exchange balance moves into ${target.label}’s account by transfers, which cost nothing.`;
    case 'withdraw':
      return `${target.label} has no exchange account yet, and no wallet here holds tokens on the chain to open one with a deposit. So each exchange balance is withdrawn to ${target.label}’s address on the chain instead, at the exchange’s withdrawal fee (listed with each). Deposit from ${target.label} later to trade with it.`;
  }
}
