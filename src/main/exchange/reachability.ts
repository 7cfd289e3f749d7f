// Whether the exchange is answering, as the live connection's heartbeat last said. While it is known to be
// away, a request does not wait out a ten-second timeout (or, for an action, end as "outcome unknown"): one
// quick probe decides, shared by every request that arrives meanwhile, and if the exchange is still silent
// the request fails at once, with nothing sent. The gate cannot tell a read from an action, so it words the
// failure as a read's (a portfolio that could not be loaded sent nothing anyone asked for); the action path
// rewords it with asUnsentAction, where "nothing was sent" is what the person needs to hear. A probe that gets an answer reopens the way and asks the live
// connection to come back now rather than after its back-off.
import { AppFailure } from '../../shared/result';

export interface ReachabilityDeps {
  /** a cheap request with a short deadline: true if the exchange answered at all */
  probe(): Promise<boolean>;
  /** the exchange answered a probe while the live connection was still down */
  onBack?(): void;
  now?(): number;
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
    throw new AppFailure(
      'EXCHANGE_UNREACHABLE',
      `The exchange has not answered for ${seconds} s, so this could not be read. Perpetua reconnects by itself and reads it again once the exchange is back.`,
      { sent: false, awaySeconds: seconds },
    );
  }
}

/** A request the gate stopped, told as an action's failure: nothing left the app, and it may be tried again. */
export function asUnsentAction(error: unknown): unknown {
  if (!(error instanceof AppFailure) || error.details?.sent !== false) return error;
  const seconds = error.details.awaySeconds;
  return new AppFailure(
    error.code,
    `The exchange has not answered${typeof seconds === 'number' ? ` for ${seconds} s` : ''}, so nothing was sent. Perpetua reconnects by itself; try again once it is back.`,
    error.details,
  );
}
