// Keeps the embedded devnet running. When its process ends or stops answering, the person is told so in those
// words and it is started again from its own saved state (its data folder) on the ports it had, so every
// address the app holds stays valid and the account streams come back by themselves; only if those ports
// are taken does it move, and the app is pointed at the new address. A devnet that keeps failing is not
// restarted for ever: after MAX_FAILED_RESTARTS within a minute the supervisor stops trying, and its status
// carries the devnet's last output lines and where its data is, which is what a person needs to look into it.
import type { EventOf } from '../../shared/ipc/events';

/** One running embedded devnet process, as a host's launcher started it. */
export interface EmbeddedDevnet {
  baseUrl: string;
  /** its settlement chain's Solana JSON-RPC */
  solanaRpcUrl: string;
  /** where it keeps its state (null: in memory, so a restart would start it empty) */
  dataDir: string | null;
  /** resolves when the process has ended, saying how */
  exited: Promise<string>;
  /** its last lines of output */
  recentLog(): string[];
  /** ends it at once, as a process that stopped answering needs */
  kill(): void;
  stop(): Promise<void>;
}

/**
 * Starts the embedded devnet (with the demo scenario when asked), each kind on its own data; on the given
 * ports when set (a restart), else on free ones. A start that fails may carry the child's `recentLog`.
 */
export type LaunchDevnet = (options: {
  demo: boolean;
  port?: number;
  rpcPort?: number;
}) => Promise<EmbeddedDevnet>;

export type DevnetStatus = EventOf<'devnetStatus'>;

/** Timings; tests shorten them. */
const SUPERVISION = Object.freeze({
  /** how often the devnet is asked whether it answers */
  probeEveryMs: 2_000,
  /** how long one such question may take */
  probeTimeoutMs: 2_000,
  /**
   * Silence for this long means it hung: it is ended and restarted. Long enough that a devnet busy under
   * load (a slow disk, a loaded machine) is not taken for a hung one.
   */
  silentForMs: 10_000,
  /** the pause between restarts that failed */
  retryAfterMs: 500,
  /** a restarted devnet that ends sooner than this after its start counts as a failed restart (a crash loop) */
  stableAfterMs: 10_000,
  windowMs: 60_000,
  /** restarts that failed (did not start, or soon ended again) within windowMs before giving up */
  maxFailedRestarts: 3,
});

type SupervisionTiming = Record<keyof typeof SUPERVISION, number>;

export interface SupervisorDeps {
  launch(ports: { port: number; rpcPort: number } | null): Promise<EmbeddedDevnet>;
  /** true if the devnet at baseUrl answered at all within timeoutMs */
  probe(baseUrl: string, timeoutMs: number): Promise<boolean>;
  onStatus(status: DevnetStatus): void;
  /** it runs again; `moved`: at another address (its ports were taken), so the app must connect anew */
  onRestarted(moved: boolean): void;
  now?(): number;
  timing?: Partial<SupervisionTiming>;
}

const portOf = (url: string): number => Number(new URL(url).port);

const logOf = (error: unknown): string[] => {
  const lines = (error as { recentLog?: unknown }).recentLog;
  return Array.isArray(lines) && lines.length > 0
    ? lines.map(String)
    : [error instanceof Error ? error.message : String(error)];
};

export class DevnetSupervisor {
  private devnet: EmbeddedDevnet;
  private stopping = false;
  private restarting = false;
  /** when a restart failed, within the window */
  private failures: number[] = [];
  /** when the devnet in use was restarted (null: it is the first) */
  private restartedAt: number | null = null;
  private lastAnswer: number;
  private readonly probeTimer: NodeJS.Timeout;
  private state: DevnetStatus;
  /** set while a probe found it silent too long and ended it: the restart says it stopped answering */
  private hung = false;
  private readonly timing: SupervisionTiming;

  private constructor(
    private readonly deps: SupervisorDeps,
    first: EmbeddedDevnet,
  ) {
    this.timing = { ...SUPERVISION, ...deps.timing };
    this.devnet = first;
    this.lastAnswer = this.now();
    this.state = {
      state: 'running',
      message: 'The local exchange is running.',
      dataDir: first.dataDir,
      recentLog: [],
    };
    this.watch(first);
    this.probeTimer = setInterval(() => void this.checkAnswers(), this.timing.probeEveryMs);
    this.probeTimer.unref();
  }

  /** Starts the first devnet; a failure to start is the caller's to report (nothing is supervised yet). */
  static async start(deps: SupervisorDeps): Promise<DevnetSupervisor> {
    return new DevnetSupervisor(deps, await deps.launch(null));
  }

  get baseUrl(): string {
    return this.devnet.baseUrl;
  }

  get solanaRpcUrl(): string {
    return this.devnet.solanaRpcUrl;
  }

  status(): DevnetStatus {
    return this.state;
  }

  /** Whether it gave up restarting: choosing the network again starts a new one. */
  get gaveUp(): boolean {
    return this.state.state === 'stopped';
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.probeTimer);
    await this.devnet.stop();
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private report(status: DevnetStatus): void {
    this.state = status;
    this.deps.onStatus(status);
  }

  private watch(devnet: EmbeddedDevnet): void {
    void devnet.exited.then((how) => {
      if (this.stopping || devnet !== this.devnet) return;
      void this.restart(devnet, this.hung ? 'stopped answering' : `stopped (${how})`);
    });
  }

  private async checkAnswers(): Promise<void> {
    if (this.stopping || this.restarting || this.gaveUp || this.hung) return;
    const devnet = this.devnet;
    const answered = await this.deps.probe(devnet.baseUrl, this.timing.probeTimeoutMs).catch(() => false);
    if (devnet !== this.devnet || this.restarting) return;
    if (answered) this.lastAnswer = this.now();
    else if (this.now() - this.lastAnswer >= this.timing.silentForMs) {
      // a hung process keeps its sockets and says nothing: ended, it is restarted as a stopped one is
      this.hung = true;
      devnet.kill();
    }
  }

  private async restart(ended: EmbeddedDevnet, why: string): Promise<void> {
    this.restarting = true;
    this.hung = false;
    if (this.restartedAt !== null && this.now() - this.restartedAt < this.timing.stableAfterMs)
      this.failures.push(this.now());
    this.report({
      state: 'restarting',
      message: `The local exchange ${why}; restarting it.`,
      dataDir: ended.dataDir,
      recentLog: ended.recentLog(),
    });
    // the same ports, so the app's addresses stay valid; any free ones if another program took them
    let ports: { port: number; rpcPort: number } | null = {
      port: portOf(ended.baseUrl),
      rpcPort: portOf(ended.solanaRpcUrl),
    };
    let recentLog = ended.recentLog();
    for (;;) {
      const since = this.now() - this.timing.windowMs;
      this.failures = this.failures.filter((at) => at > since);
      if (this.failures.length >= this.timing.maxFailedRestarts) return this.giveUp(ended, recentLog);
      let next: EmbeddedDevnet;
      try {
        next = await this.deps.launch(ports);
      } catch (error) {
        this.failures.push(this.now());
        recentLog = logOf(error);
        if (recentLog.some((line) => line.includes('EADDRINUSE'))) ports = null;
        await new Promise((resolve) => setTimeout(resolve, this.timing.retryAfterMs));
        if (this.stopping) return;
        continue;
      }
      if (this.stopping) return void (await next.stop());
      const moved = next.baseUrl !== ended.baseUrl || next.solanaRpcUrl !== ended.solanaRpcUrl;
      this.devnet = next;
      this.restartedAt = this.now();
      this.lastAnswer = this.now();
      this.restarting = false;
      this.watch(next);
      this.report({
        state: 'running',
        message: 'The local exchange was restarted from its saved state.',
        dataDir: next.dataDir,
        recentLog: [],
      });
      this.deps.onRestarted(moved);
      return;
    }
  }

  private giveUp(ended: EmbeddedDevnet, recentLog: string[]): void {
    clearInterval(this.probeTimer);
    // where its data is and what it last printed travel beside the words, for the window to lay out
    this.report({
      state: 'stopped',
      message: `The local exchange stopped, and ${this.failures.length} restarts within a minute failed, so Perpetua stopped restarting it. Restart Perpetua, or choose the network again in Settings, to try again.`,
      dataDir: ended.dataDir,
      recentLog,
    });
  }
}
