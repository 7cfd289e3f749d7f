// Which exchange the app talks to, and the embedded devnet's life as a child process. At start the saved
// choice is used (the embedded devnet until the person chooses); a new choice is made to work first (a custom
// address must answer /info, a devnet must start) and only then connected and saved, so a bad choice leaves
// the app where it was. A devnet no longer in use is stopped. Changes run one at a time.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { z } from 'zod';
import type { SettingsViewSchema } from '../../shared/ipc/settings';
import { AppFailure } from '../../shared/result';
import type { FetchLike } from '../exchange/http-client';
import type { NetworkKind } from '../wallets/ownership';
import type { NetworkChoice, SettingsStore } from '../settings/settings-store';
import { checkExchangeUrl, exchangeUrlWarning, normalizeExchangeUrl } from '../settings/exchange-url';
import { checkSolanaRpcUrl } from '../settings/solana-rpc-url';
import {
  DevnetSupervisor,
  type DevnetStatus,
  type LaunchDevnet,
  type SupervisorDeps,
} from './devnet-supervisor';

/** The supervisor's question to the devnet: does it answer at all (any HTTP status) within the time? */
const probeDevnet =
  (fetchImpl: FetchLike | undefined) =>
  (baseUrl: string, timeoutMs: number): Promise<boolean> =>
    (fetchImpl ?? fetch)(`${baseUrl}/live`, { signal: AbortSignal.timeout(timeoutMs) }).then(
      () => true,
      () => false,
    );

export interface NetworkDeps {
  settings: Pick<SettingsStore, 'get' | 'update'>;
  /** connects the app to the exchange `at` (core makes its connection and slices, and closes the ones before) */
  connect(at: ConnectionPlace): void;
  /** the exchange connected now: its account streams asked to reconnect at once (nothing when none is) */
  retryNow(): void;
  /** settles what the exchange connected now was left with (its pending submissions); fails while it is away */
  recover(): Promise<unknown>;
  dataDir: string;
  launchDevnet?: LaunchDevnet;
  /** this run's exchange, set on the command line: the saved choice is then neither used nor changeable */
  fixed?: { kind: 'embedded-devnet' | 'custom'; baseUrl: string; solanaRpcUrl?: string };
  fetchImpl?: FetchLike;
  /** after a person chose the demo devnet (e.g. to import its wallets) */
  onDemoChosen?: () => Promise<void>;
  /** the embedded devnet stopped and is being restarted, runs again, or could not be restarted */
  onDevnetStatus?: (status: DevnetStatus) => void;
  /** tests: the supervisor's timings */
  supervision?: SupervisorDeps['timing'];
}

type ConnectionKind = NetworkChoice['kind'];

/** Where an exchange is, which network it is, and where its state is kept. */
export interface ConnectionPlace {
  baseUrl: string;
  /** which network this exchange is: a wallet that belongs to another one is not the person's here */
  network: NetworkKind;
  /** where this exchange's state is kept */
  networkDir: string;
  /** the Solana RPC its deposits go through (null: none known) */
  solanaRpcUrl: string | null;
}
export type SettingsView = z.output<typeof SettingsViewSchema>;

interface Active {
  kind: ConnectionKind;
  baseUrl: string;
  devnet: DevnetSupervisor | null;
}

/**
 * Each network keeps its sessions, nonces and samples apart. The embedded devnet keeps the app folder itself
 * (where they lived before there was a choice); the demo devnet and each custom address get a subfolder.
 */
export function networkDir(dataDir: string, kind: ConnectionKind, baseUrl: string): string {
  if (kind === 'embedded-devnet') return dataDir;
  if (kind === 'embedded-devnet-demo') return join(dataDir, 'networks', 'embedded-devnet-demo');
  const digest = createHash('sha256').update(baseUrl).digest('hex').slice(0, 16);
  return join(dataDir, 'networks', `custom-${digest}`);
}

function allowedUrl(url: string): boolean {
  try {
    normalizeExchangeUrl(url);
    return true;
  } catch {
    return false;
  }
}

export class Network {
  private active: Active | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: NetworkDeps) {
    // A fixed exchange needs no start-up work: connected at once, the handlers work even before start().
    if (deps.fixed) {
      this.fixedActive = { kind: deps.fixed.kind, baseUrl: deps.fixed.baseUrl, devnet: null };
      this.attach(this.fixedActive, false);
    }
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => {});
    return run;
  }

  private async launch(demo: boolean): Promise<DevnetSupervisor> {
    const launchDevnet = this.deps.launchDevnet;
    if (!launchDevnet)
      throw new AppFailure('CONFLICT', 'This build of Perpetua cannot start an embedded devnet.');
    let devnet: DevnetSupervisor | null = null;
    try {
      devnet = await DevnetSupervisor.start({
        launch: (ports) => launchDevnet({ demo, ...ports }),
        probe: probeDevnet(this.deps.fetchImpl),
        onStatus: (status) => {
          if (devnet && this.active?.devnet === devnet) this.deps.onDevnetStatus?.(status);
        },
        onRestarted: (moved) => devnet && this.restarted(devnet, moved),
        ...(this.deps.supervision ? { timing: this.deps.supervision } : {}),
      });
      return devnet;
    } catch (error) {
      throw new AppFailure(
        'EXCHANGE_UNREACHABLE',
        `The embedded devnet${demo ? ' with demo data' : ''} could not be started: ${(error as Error).message}`,
      );
    }
  }

  /**
   * The supervisor restarted the devnet in use. On the same address the connection stays as it is: the
   * streams are asked to reconnect now rather than after their back-off. At a new address (its ports were
   * taken) the app connects anew. Either way, anything left open by the stop is settled.
   */
  private restarted(devnet: DevnetSupervisor, moved: boolean): void {
    void this.serial(async () => {
      const active = this.active;
      if (active?.devnet !== devnet) return;
      if (moved) return this.attach({ ...active, baseUrl: devnet.baseUrl });
      this.deps.retryNow();
      await this.deps.recover().catch(() => {});
    });
  }

  /** The embedded devnet's state, as its supervisor last said (null: no devnet of this run in use). */
  devnetStatus(): DevnetStatus | null {
    return this.active?.devnet?.status() ?? null;
  }

  private attach(next: Active, recover = true): void {
    const { fixed, dataDir } = this.deps;
    // A fixed exchange keeps the app folder, as before there was a choice.
    this.deps.connect({
      baseUrl: next.baseUrl,
      network: next.kind,
      networkDir: fixed ? dataDir : networkDir(dataDir, next.kind, next.baseUrl),
      solanaRpcUrl: this.solanaRpcFor(next),
    });
    const previous = this.active;
    this.active = next;
    if (previous?.devnet && previous.devnet !== next.devnet) void previous.devnet.stop();
    // a new devnet (one chosen again after its supervisor gave up, say) replaces what the window shows
    if (next.devnet && next.devnet !== previous?.devnet) this.deps.onDevnetStatus?.(next.devnet.status());
    // Settle anything a previous run left open on this exchange; it may be unreachable for now.
    if (recover) void this.deps.recover().catch(() => {});
  }

  /**
   * The Solana RPC deposits and on-chain balances use: the person's own choice when set, else the one that
   * came with the exchange (the embedded devnet's, or the command line's); null when there is none.
   */
  private solanaRpcFor(next: Active): string | null {
    return (
      this.deps.settings.get().solanaRpc ??
      next.devnet?.solanaRpcUrl ??
      (next === this.fixedActive ? (this.deps.fixed?.solanaRpcUrl ?? null) : null)
    );
  }

  private fixedActive: Active | null = null;

  /** Checks a Solana RPC address (getVersion, getHealth), saves it, and reconnects with it; null: the default. */
  setSolanaRpc(url: string | null): Promise<SettingsView> {
    return this.serial(async () => {
      const checked = url === null ? null : await checkSolanaRpcUrl(url);
      this.deps.settings.update({ solanaRpc: checked });
      if (this.active) this.attach(this.active, false);
      return this.view();
    });
  }

  /** Connects to the fixed exchange, or the saved choice, or by default the embedded devnet. */
  start(): Promise<void> {
    return this.serial(async () => {
      const { fixed, settings } = this.deps;
      if (fixed) return;
      const saved = settings.get().network ?? { kind: 'embedded-devnet' as const };
      // A saved address that is down right now stays chosen: the status shows it, Settings can change it.
      // (core.start settles the journal right after this, once the lock is ready)
      // One saved before plain http:// beyond this computer was refused is not used: the embedded devnet
      // runs instead, and Settings shows the saved address is not the one connected.
      if (saved.kind === 'custom' && allowedUrl(saved.url))
        return this.attach({ kind: 'custom', baseUrl: saved.url, devnet: null }, false);
      const devnet = await this.launch(saved.kind === 'embedded-devnet-demo');
      this.attach(
        { kind: saved.kind === 'custom' ? 'embedded-devnet' : saved.kind, baseUrl: devnet.baseUrl, devnet },
        false,
      );
    });
  }

  /** Makes the choice work, connects to it, and saves it. */
  choose(choice: NetworkChoice): Promise<SettingsView> {
    return this.serial(async () => {
      const { fixed, settings } = this.deps;
      if (fixed)
        throw new AppFailure(
          'CONFLICT',
          `This run was started for the exchange at ${fixed.baseUrl}; restart Perpetua without that option to choose another.`,
        );
      const active = this.active;
      const url = choice.kind === 'custom' ? normalizeExchangeUrl(choice.url) : null;
      // a devnet whose supervisor gave up is started anew when it is chosen again
      const unchanged =
        active?.kind === choice.kind &&
        (url === null || active.baseUrl === url) &&
        active.devnet?.gaveUp !== true;
      if (!unchanged) {
        if (choice.kind === 'custom') {
          const { baseUrl } = await checkExchangeUrl(choice.url, {
            ...(this.deps.fetchImpl ? { fetchImpl: this.deps.fetchImpl } : {}),
          });
          this.attach({ kind: 'custom', baseUrl, devnet: null });
        } else {
          const devnet = await this.launch(choice.kind === 'embedded-devnet-demo');
          this.attach({ kind: choice.kind, baseUrl: devnet.baseUrl, devnet });
        }
      }
      settings.update({ network: url === null ? choice : { kind: 'custom', url } });
      if (choice.kind === 'embedded-devnet-demo')
        await this.deps.onDemoChosen?.().catch((error: unknown) => {
          throw new AppFailure(
            error instanceof AppFailure ? error.code : 'INTERNAL',
            `The demo devnet is connected, but its wallets could not be added: ${(error as Error).message}`,
          );
        });
      return this.view();
    });
  }

  /** What app.info calls the network: the demo devnet is an embedded devnet. */
  appInfo(): { kind: 'embedded-devnet' | 'custom'; baseUrl: string } {
    const a = this.active;
    return {
      kind: a === null || a.kind === 'custom' ? 'custom' : 'embedded-devnet',
      baseUrl: a?.baseUrl ?? '',
    };
  }

  view(): SettingsView {
    const settings = this.deps.settings.get();
    const a = this.active;
    return {
      network: settings.network,
      connection: a
        ? {
            kind: a.kind,
            baseUrl: a.baseUrl,
            warning: a.kind === 'custom' ? exchangeUrlWarning(a.baseUrl) : null,
          }
        : null,
      fixed: this.deps.fixed !== undefined,
      theme: settings.theme,
      osNotifications: settings.osNotifications !== false,
      solanaRpc: a
        ? {
            url: this.solanaRpcFor(a),
            custom: settings.solanaRpc !== null && settings.solanaRpc !== undefined,
          }
        : null,
    };
  }

  /** Stops the embedded devnet, if this run started one. */
  close(): Promise<void> {
    return this.serial(async () => {
      await this.active?.devnet?.stop();
    });
  }
}
