// Whether the exchange is answering, as the live connection's heartbeat last said. While it is known to be
// away, a request does not wait out a ten-second timeout (or, for an action, end as "outcome unknown"): one
// quick probe decides, shared by every request that arrives meanwhile, and if the exchange is still silent
// the request fails at once, with nothing sent. The gate cannot tell a read from an action, so it words the
// failure as a read's (a portfolio that could not be loaded sent nothing anyone asked for); the action path
// rewords it with asUnsentAction, where "nothing was sent" is what the person needs to hear. When the exchange
// is the app's own local one, being restarted or given up on, the words say that instead of a silence. A probe
// that gets an answer reopens the way and asks the live connection to come back now rather than after its
// back-off.
import { AppFailure } from '../../shared/result';

export interface ReachabilityDeps {
  /** a cheap request with a short deadline: true if the exchange answered at all */
  probe(): Promise<boolean>;
  /** the exchange answered a probe while the live connection was still down */
  onBack?(): void;
  /** the app's own local exchange being restarted, or given up on (null: nothing known beyond the silence) */
  localExchange?(): LocalExchange;
  now?(): number;
}

export type LocalExchange = 'restarting' | 'stopped' | null;

/** Why the request was stopped, and what comes next, for a read or an action. */
function refusal(details: AppFailure['details'], what: 'read' | 'action'): string {
  const local = details?.localExchange;
  const seconds = details?.awaySeconds;
  const cause =
    local === 'restarting'
      ? 'The local exchange is restarting'
      : local === 'stopped'
        ? 'The local exchange is not running (Perpetua stopped restarting it)'
        : `The exchange has not answered${typeof seconds === 'number' ? ` for ${seconds} s` : ''}`;
  if (local === 'stopped')
    return `${cause}, so ${what === 'read' ? 'this could not be read' : 'nothing was sent'}. Restart Perpetua, or choose the network again in Settings.`;
  return what === 'read'
    ? `${cause}, so this could not be read. Perpetua reconnects by itself and reads it again once the exchange is back.`
    : `${cause}, so nothing was sent. Perpetua reconnects by itself; try again once it is back.`;
}

export class Reachability {
  private awaySince: number | null = null;
  private probing: Promise<boolean> | null = null;

  constructor(private readonly deps: ReachabilityDeps) {}

  /**
   * From the live connection: `answered` is true when the exchange refused the connection with an HTTP
   * status (it is there, just not streaming), which is not being away.
   */
  update(connected: boolean, answered = false): void {
    if (connected || answered) this.awaySince = null;
    else this.awaySince ??= (this.deps.now ?? Date.now)();
  }

  /** Resolves when a request may go out; throws (nothing sent) while the exchange is known to be away. */
  async check(): Promise<void> {
    const since = this.awaySince;
    if (since === null) return;
    this.probing ??= this.deps
      .probe()
      .catch(() => false)
      .finally(() => {
        this.probing = null;
      });
    if (await this.probing) {
      if (this.awaySince === since) this.awaySince = null;
      this.deps.onBack?.();
      return;
    }
    const seconds = Math.max(1, Math.round(((this.deps.now ?? Date.now)() - since) / 1000));
    const local = this.deps.localExchange?.() ?? null;
    const details = { sent: false, awaySeconds: seconds, ...(local ? { localExchange: local } : {}) };
    throw new AppFailure('EXCHANGE_UNREACHABLE', refusal(details, 'read'), details);
  }
}

/** A request the gate stopped, told as an action's failure: nothing left the app, and it may be tried again. */
export function asUnsentAction(error: unknown): unknown {
  if (!(error instanceof AppFailure) || error.details?.sent !== false) return error;
  return new AppFailure(error.code, refusal(error.details, 'action'), error.details);
}
