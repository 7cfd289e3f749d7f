// The compromised-key drill ("a session key leaked"): when a session key may have leaked, every session of the chosen wallets is
// revoked by the wallet key itself (a leaked session key is not trusted to sign its own end), then a fresh
// session made here removes every trigger (so none can fire into a new order) and cancels every open order
// of the wallets' accounts, and the exchange is read once more to show that nothing is left. Each step is an
// ordinary signed action: revocations through the session manager, the rest through the action pipeline,
// so each has its nonce journalled and its audit line like any other. A drill the app was stopped in the
// middle of is settled at the next start (`settle`): the record says which steps completed, and its audit
// line says so once.
import type { z } from 'zod';
import { AppFailure } from '../../shared/result';
import type { CompromisedKeyReviewSchema } from '../../shared/ipc/drills';
import type { ActionResult, Intent, Summary } from '../../shared/ipc/actions';
import type { ExchangeClient } from '../exchange/exchange-client';
import type { WalletInfo } from '../wallets/wallet-service';
import type { SessionView } from '../sessions/session-manager';
import type { AuditLog } from '../audit/audit-log';
import { DrillRun, signedStep, type DrillRuns, type DrillRunView } from './drill-run';

export type CompromisedKeyReview = z.output<typeof CompromisedKeyReviewSchema>;

export interface CompromisedKeyDeps {
  wallets: { get(walletId: string): WalletInfo };
  sessions: {
    list(): Promise<SessionView[]>;
    revokeByWallet(walletId: string, sessionId: string): Promise<void>;
    create(walletId: string, options: { label: string }): Promise<SessionView>;
  };
  client: Pick<ExchangeClient, 'user' | 'account' | 'triggers'>;
  pipeline: {
    prepare(intent: Intent): Promise<Summary>;
    confirm(confirmationId: string): Promise<ActionResult>;
  };
  lock: { requireFreshUnlock(): void };
  audit: Pick<AuditLog, 'list'>;
  runs: DrillRuns;
  now?: () => number;
}

/** What the fresh session is called in the Sessions list. */
export const DRILL_SESSION_LABEL = 'After the compromised-key drill';

/** What revoking sessions cannot do, said at the end of every run. */
const WALLET_KEY_STILL_SIGNS =
  'the wallet key itself still can (it can make a new session or withdraw at any time). If the wallet key or its recovery phrase may have leaked, run the leaked wallet-key drill to move the money to a new wallet.';

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

export class CompromisedKeyDrill {
  constructor(private readonly deps: CompromisedKeyDeps) {}

  private chosen(walletIds: string[]): WalletInfo[] {
    return [...new Set(walletIds)].map((id) => this.deps.wallets.get(id));
  }

  /** Every account of the wallet with its open orders and active triggers, as the exchange says now. */
  private async holdings(wallet: WalletInfo): Promise<CompromisedKeyReview['wallets'][number]['accounts']> {
    const user = await this.deps.client.user(wallet.publicKey);
    return Promise.all(
      (user?.accountIds ?? []).map(async (accountId) => {
        const [account, triggers] = await Promise.all([
          this.deps.client.account(accountId),
          this.deps.client.triggers(accountId),
        ]);
        return {
          accountId,
          openOrders: account.openOrders.map((o) => ({
            orderId: o.orderId,
            marketId: o.marketId,
            side: o.side,
            price: o.price,
            remainingSize: o.remainingSize,
          })),
          triggers: triggers.map((t) => ({
            triggerId: t.triggerId,
            marketId: t.marketId,
            kind: t.kind === 'StopLoss' ? ('STOP_LOSS' as const) : ('TAKE_PROFIT' as const),
            triggerPrice: t.triggerPrice,
          })),
        };
      }),
    );
  }

  /** What the drill would do now, for the review before anything is signed. */
  async review(walletIds: string[]): Promise<CompromisedKeyReview> {
    const wallets = this.chosen(walletIds);
    const sessions = await this.deps.sessions.list();
    return {
      wallets: await Promise.all(
        wallets.map(async (wallet) => ({
          walletId: wallet.walletId,
          walletLabel: wallet.label,
          walletPublicKey: wallet.publicKey,
          sessions: sessions
            .filter((s) => s.walletId === wallet.walletId)
            .map((s) => ({ sessionId: s.sessionId, label: s.label, createdHere: s.createdHere })),
          accounts: await this.holdings(wallet),
        })),
      ),
    };
  }

  /** Starts the drill and returns its run at once; the screen polls the run for progress. */
  start(walletIds: string[]): DrillRunView {
    // Revoking with the wallet key needs a recent unlock: refused here, before the run exists.
    this.deps.lock.requireFreshUnlock();
    const wallets = this.chosen(walletIds);
    const run = new DrillRun(
      'compromisedKey',
      this.now(),
      wallets.map((w) => w.publicKey),
    );
    return this.deps.runs.start(run, () => this.run(run, wallets)).view(this.deps.audit);
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private async run(run: DrillRun, wallets: WalletInfo[]): Promise<void> {
    const counts = { revoked: 0, removed: 0, cancelled: 0 };
    // 1. every session the exchange lists for the wallets, whoever made it
    const listed = (await this.deps.sessions.list()).filter((s) =>
      wallets.some((w) => w.walletId === s.walletId),
    );
    const revocations = listed.map((s) => ({
      session: s,
      step: run.add({
        key: `revoke:${s.walletId}:${s.sessionId}`,
        label: `Revoke session ${s.sessionId} of ${s.walletLabel} (${s.createdHere ? (s.label ?? 'this device') : 'not made on this device'})`,
      }),
    }));
    const fresh = wallets.map((wallet) => ({
      wallet,
      step: run.add({ key: `session:${wallet.walletId}`, label: `Make a new session for ${wallet.label}` }),
    }));
    for (const { session, step } of revocations) {
      if (await run.step(step, () => this.deps.sessions.revokeByWallet(session.walletId, session.sessionId)))
        counts.revoked += 1;
    }
    const newSessions = new Set<string>();
    for (const { wallet, step } of fresh) {
      await run.step(step, async () => {
        const made = await this.deps.sessions.create(wallet.walletId, { label: DRILL_SESSION_LABEL });
        newSessions.add(made.sessionId);
        return { detail: `Session ${made.sessionId}` };
      });
    }

    // 2. read after the revocations, so nothing a leaked key placed before them is missed
    for (const wallet of wallets) {
      if (!fresh.some((f) => f.wallet === wallet && f.step.status === 'done')) continue;
      for (const account of await this.holdings(wallet)) {
        // triggers first: one that fires while its orders are being cancelled would place another
        for (const t of account.triggers) {
          const step = run.add({
            key: `trigger:${account.accountId}:${t.triggerId}`,
            label: `Remove ${t.kind === 'STOP_LOSS' ? 'stop-loss' : 'take-profit'} ${t.triggerId} on account ${account.accountId}`,
          });
          if (
            await signedStep(run, step, this.deps.pipeline, {
              kind: 'removeTrigger',
              walletId: wallet.walletId,
              accountId: account.accountId,
              marketId: t.marketId,
              triggerId: t.triggerId,
            })
          )
            counts.removed += 1;
        }
        for (const o of account.openOrders) {
          const step = run.add({
            key: `order:${account.accountId}:${o.orderId}`,
            label: `Cancel order ${o.orderId} on account ${account.accountId}`,
          });
          if (
            await signedStep(run, step, this.deps.pipeline, {
              kind: 'cancelOrder',
              walletId: wallet.walletId,
              accountId: account.accountId,
              orderId: BigInt(o.orderId),
            })
          )
            counts.cancelled += 1;
        }
      }
    }

    // 3. what the exchange says is left
    const check = run.add({ key: 'check', label: 'Check with the exchange that nothing is left' });
    await run.step(check, async () => {
      const left = await this.leftovers(wallets, newSessions);
      if (left.length > 0) throw new AppFailure('CONFLICT', `Still there: ${left.join('; ')}.`);
      return { detail: 'No other session, open order or trigger is left.' };
    });

    const done = `Revoked ${plural(counts.revoked, 'session')}, removed ${plural(counts.removed, 'trigger')} and cancelled ${plural(counts.cancelled, 'order')}`;
    const failed = run.steps.filter((s) => s.status === 'failed').length;
    run.finish(
      failed === 0
        ? `${done}. No session but the new one made here can sign for ${wallets.map((w) => w.label).join(', ')}; ${WALLET_KEY_STILL_SIGNS}`
        : `${done}; ${plural(failed, 'step')} failed (see below).`,
    );
  }

  /**
   * Settles a drill the app was stopped in the middle of: what completed stays done, the step that was
   * running is unknown (its own audit line, if it went out, is among the drill's entries), the rest was not
   * done. The person runs the drill again to finish: it starts from what the exchange has now.
   */
  async settle(run: DrillRun): Promise<void> {
    run.cutOff({
      running: 'The app stopped while this ran: whether it went through shows in the audit entries below.',
      pending: 'Not done: the app stopped first.',
    });
    const count = (prefix: string) =>
      run.steps.filter((s) => s.key.startsWith(prefix) && s.status === 'done').length;
    const unfinished = run.steps.filter((s) => s.status !== 'done').length;
    run.finish(
      `Interrupted: the app stopped during the drill. Before it stopped: revoked ${plural(count('revoke:'), 'session')}, removed ${plural(count('trigger:'), 'trigger')} and cancelled ${plural(count('order:'), 'order')}; ${plural(unfinished, 'step')} not finished. Run the drill again to finish.`,
    );
  }

  private async leftovers(wallets: WalletInfo[], newSessions: Set<string>): Promise<string[]> {
    const left: string[] = [];
    const sessions = await this.deps.sessions.list();
    for (const wallet of wallets) {
      const others = sessions.filter((s) => s.walletId === wallet.walletId && !newSessions.has(s.sessionId));
      if (others.length > 0) left.push(`${plural(others.length, 'other session')} of ${wallet.label}`);
      for (const account of await this.holdings(wallet)) {
        if (account.openOrders.length > 0)
          left.push(`${plural(account.openOrders.length, 'open order')} on account ${account.accountId}`);
        if (account.triggers.length > 0)
          left.push(`${plural(account.triggers.length, 'trigger')} on account ${account.accountId}`);
      }
    }
    return left;
  }
}
