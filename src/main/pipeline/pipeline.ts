// Intent in, outcome out. The renderer says what the person wants ("withdraw 25 USDC from account 3 to X");
// main builds the canonical action from what it knows (markets, tokens, the accounts the wallet owns), shows
// it back as a summary referenced by an id, and only on confirmation of that id signs what it built itself.
// What each kind checks, shows and builds is its action module's (src/main/actions); this file is the same
// for every kind: single-use confirmations, the passphrase for money leaving, signing, audit and recovery.
import { randomUUID } from 'node:crypto';
import { AppFailure } from '../../shared/result';
import type { MarketsInfo } from '../../shared/exchange/info';
import type { ActionResult, Intent, Summary } from '../../shared/ipc/actions';
import type { SigningKey } from '../../protocol/keys';
import { asUnsentAction } from '../exchange/reachability';
import type { WalletService, WalletInfo } from '../wallets/wallet-service';
import type { AppLock } from '../lock/app-lock';
import { AuditEntrySchema, type AuditEntry, type AuditLog } from '../audit/audit-log';
import type { Submitter, Recovered } from './submitter';
import type { SignedActions } from './signed-action';
import type { ActionModule, ActionPlan } from '../actions/action-module';
import { actionContext, type ContextDeps } from '../actions/context';
import { text } from '../actions/lines';
import { moduleFor } from '../actions/registry';

/** What the pipeline uses; the action modules are given the exchange, the address book and ownership. */
/** A wallet's session key and its id on the exchange. */
interface SessionSigner {
  sessionId: bigint;
  key: SigningKey;
}

/** What the pipeline signs with: a wallet's session, made when it has none, and marked used. */
interface SessionSigners {
  signer(walletId: string): Promise<SessionSigner | null>;
  signerOrCreate(walletId: string, label: string): Promise<SessionSigner>;
  markUsed(sessionId: bigint): void;
}

export interface PipelineDeps extends ContextDeps {
  wallets: Pick<WalletService, 'get' | 'list'>;
  /** the session keys of each wallet (sessions/session-manager.ts) */
  sessions: SessionSigners;
  lock: Pick<AppLock, 'requireUnlocked' | 'reauthenticate' | 'requireFreshUnlock'>;
  /** settles what was left open: its outcomes are recorded here */
  submitter: Pick<Submitter, 'onRecovered'>;
  /** signs, sends and records each action (signed-action.ts) */
  signed: SignedActions;
  audit: Pick<AuditLog, 'append' | 'recorded'>;
  info: () => Promise<MarketsInfo>;
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
  wording: true,
});

interface Prepared {
  summary: Summary;
  module: ActionModule<Intent['kind'], unknown>;
  plan: ActionPlan<unknown>;
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
    // recorded already: the line is written before the journal lets go, so a crash between the two leaves both
    if (outcome.status !== 'not-executed' && this.deps.audit.recorded(outcome.actionId.toString())) return;
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

  prepare(intent: Intent): Promise<Summary> {
    // a review is an action's first step: stopped while the exchange is away, it says that nothing was sent
    return this.review(intent).catch((error: unknown) => {
      throw asUnsentAction(error);
    });
  }

  private async review(intent: Intent): Promise<Summary> {
    this.deps.lock.requireUnlocked();
    const wallet = this.deps.wallets.get(intent.walletId);
    const ctx = actionContext(this.deps, wallet, await this.deps.info());
    const module = moduleFor(intent.kind);
    const plan = await module.plan(intent, ctx);
    const summary: Summary = {
      confirmationId: randomUUID(),
      kind: intent.kind,
      title: plan.title,
      walletId: wallet.walletId,
      walletLabel: wallet.label,
      lines: [text('wallet', 'Wallet', wallet.label), ...plan.lines],
      warnings: plan.warnings,
      confirmLabel: plan.confirmLabel,
      needsFreshUnlock: plan.needsFreshUnlock,
      moneyLeaves: plan.moneyLeaves,
      expiresAt: this.now() + CONFIRMATION_TTL_MS,
    };
    this.remember({ summary, module, plan });
    return summary;
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
    const { summary, module, plan } = prepared;
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

    // what can change between review and signing (a withdrawal's fee) is checked again
    await plan.recheck?.();

    // Signing needs a session key; making one is wallet-signed, hence the fresh unlock checked above. One
    // wallet's sessions are made one at a time, so racing actions share the first one instead of each making
    // their own.
    signer ??= await this.deps.sessions.signerOrCreate(wallet.walletId, 'This device');
    const { audit } = plan;
    const outcome = await this.deps.signed.submit({
      key: signer.key,
      framing: 'session',
      action: plan.build(signer.sessionId),
      audit: {
        wallet: wallet.publicKey,
        kind: summary.kind,
        accounts: audit.accounts,
        tokenId: audit.tokenId,
        amounts: {
          amount: audit.amount.toString(),
          fee: audit.fee.toString(),
          received: audit.received.toString(),
        },
        sessionId: signer.sessionId.toString(),
        wording: audit.wording,
      },
    });
    this.deps.sessions.markUsed(signer.sessionId);
    plan.executed?.();

    const receipt = outcome.status === 'executed' ? outcome.receipt.kind : null;
    return { actionId: outcome.actionId, kind: summary.kind, ...module.result(receipt, plan.facts) };
  }
}
