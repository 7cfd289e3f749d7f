// The network choice: the embedded devnet by default, the demo devnet or a custom address on request. A new
// choice must work before it replaces the old one; a devnet no longer used is stopped; the choice survives a
// restart; an exchange fixed for the run cannot be changed from the app.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet, type RunningDevnet } from '../../../../src/devnet/server';
import { createExchangeClient } from '../../../../src/main/exchange/exchange-client';
import { createHttpClient } from '../../../../src/main/exchange/http-client';
import { SettingsStore } from '../../../../src/main/settings/settings-store';
import {
  Network,
  networkDir,
  type ConnectionPlace,
  type NetworkDeps,
} from '../../../../src/main/network/network';
import type { DevnetStatus, LaunchDevnet } from '../../../../src/main/network/devnet-supervisor';
import { AppFailure } from '../../../../src/shared/result';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

interface Launched {
  demo: boolean;
  devnet: RunningDevnet;
  stopped: boolean;
  /** ends it (the network's stop, or a test's "crash") */
  stop(): Promise<void>;
}

/** A launcher that runs the real devnet in this process and remembers what it started and stopped. */
function recordingLauncher(): { launch: LaunchDevnet; launched: Launched[] } {
  const launched: Launched[] = [];
  const launch: LaunchDevnet = async ({ demo, port, rpcPort }) => {
    const devnet = await startDevnet({ demo, ...(port ? { port } : {}), ...(rpcPort ? { rpcPort } : {}) });
    const entry: Launched = { demo, devnet, stopped: false, stop: async () => {} };
    launched.push(entry);
    cleanup.push(() => (entry.stopped ? undefined : devnet.close()));
    let ended = (_how: string) => {};
    const stop = async () => {
      if (entry.stopped) return;
      entry.stopped = true;
      await devnet.close();
      ended('stopped');
    };
    entry.stop = stop;
    return {
      baseUrl: devnet.baseUrl,
      solanaRpcUrl: devnet.rpcUrl,
      dataDir: null,
      exited: new Promise<string>((resolve) => (ended = resolve)),
      recentLog: () => [],
      kill: () => void stop(),
      stop,
    };
  };
  return { launch, launched };
}

function setup(
  dataDir = mkdtempSync(join(tmpdir(), 'perpetua-network-')),
  extra: Pick<NetworkDeps, 'onDevnetStatus' | 'supervision'> = {},
) {
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = connections(dataDir);
  const { launch, launched } = recordingLauncher();
  let demoChosen = 0;
  const network = new Network({
    ...app.deps,
    dataDir,
    launchDevnet: launch,
    onDemoChosen: async () => void (demoChosen += 1),
    ...extra,
  });
  cleanup.push(() => network.close());
  return { dataDir, app, network, launched, demoChosen: () => demoChosen };
}

/** What the network is given of the app: the settings, and where it was last connected to. */
function connections(dataDir: string) {
  const settings = new SettingsStore(dataDir);
  let place: ConnectionPlace | null = null;
  const deps: Pick<NetworkDeps, 'settings' | 'connect' | 'retryNow' | 'recover'> = {
    settings,
    connect: (at) => void (place = at),
    retryNow: () => {},
    recover: async () => [],
  };
  const connected = (): ConnectionPlace => {
    if (!place) throw new Error('not connected');
    return place;
  };
  /** the exchange connected to, read as the app reads it */
  const client = () => createExchangeClient(createHttpClient({ baseUrl: connected().baseUrl }));
  return { deps, settings, connected, client };
}

async function rejection(promise: Promise<unknown>): Promise<AppFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppFailure) return error;
    throw error;
  }
  throw new Error('it was accepted');
}

describe('network choice', () => {
  it('starts on the embedded devnet before anything is chosen, and saves nothing for it', async () => {
    const { network, app, launched } = setup();
    await network.start();
    expect(launched.map((l) => l.demo)).toEqual([false]);
    expect(network.view()).toEqual({
      network: null,
      connection: { kind: 'embedded-devnet', baseUrl: launched[0]!.devnet.baseUrl, warning: null },
      fixed: false,
      theme: 'system',
      osNotifications: true,
      // deposits and on-chain balances go through the embedded devnet's own Solana RPC
      solanaRpc: { url: launched[0]!.devnet.rpcUrl, custom: false },
    });
    expect((await app.client().info()).markets.length).toBeGreaterThan(0);
  });

  it('confirming the running devnet saves the choice without starting another', async () => {
    const { network, app, launched } = setup();
    await network.start();
    const view = await network.choose({ kind: 'embedded-devnet' });
    expect(view.network).toEqual({ kind: 'embedded-devnet' });
    expect(launched).toHaveLength(1);
    expect(app.settings.get().network).toEqual({ kind: 'embedded-devnet' });
  });

  it('demo data: starts the demo devnet, stops the plain one, and points every service at the new one', async () => {
    const { network, app, launched, dataDir, demoChosen } = setup();
    await network.start();
    const view = await network.choose({ kind: 'embedded-devnet-demo' });
    expect(launched.map((l) => l.demo)).toEqual([false, true]);
    expect(launched[0]!.stopped).toBe(true);
    expect(launched[1]!.stopped).toBe(false);
    expect(view.connection).toMatchObject({
      kind: 'embedded-devnet-demo',
      baseUrl: launched[1]!.devnet.baseUrl,
    });
    expect(app.connected().baseUrl).toBe(launched[1]!.devnet.baseUrl);
    expect(app.connected().networkDir).toBe(join(dataDir, 'networks', 'embedded-devnet-demo'));
    // the demo devnet has accounts the plain one does not
    expect(await app.client().accountExists(1)).toBe(true);
    expect(demoChosen()).toBe(1);
  });

  it('a custom address is checked first: a bad one changes nothing, a good one is connected and saved', async () => {
    const { network, app, launched, dataDir } = setup();
    await network.start();
    await network.choose({ kind: 'embedded-devnet' });
    const before = network.view();

    const bad = await rejection(network.choose({ kind: 'custom', url: 'ftp://exchange.example.com' }));
    expect(bad.code).toBe('INVALID_ARGUMENT');
    const down = await rejection(network.choose({ kind: 'custom', url: 'http://127.0.0.1:1' }));
    expect(down.message).toMatch(/^Nothing answered at http:\/\/127\.0\.0\.1:1\./);
    expect(network.view()).toEqual(before);
    expect(app.settings.get().network).toEqual({ kind: 'embedded-devnet' });
    expect(launched[0]!.stopped).toBe(false);

    const other = await startDevnet();
    cleanup.push(() => other.close());
    const view = await network.choose({ kind: 'custom', url: `${other.baseUrl}/` });
    expect(view.network).toEqual({ kind: 'custom', url: other.baseUrl });
    expect(view.connection).toEqual({ kind: 'custom', baseUrl: other.baseUrl, warning: null });
    expect(app.connected().baseUrl).toBe(other.baseUrl);
    expect(app.connected().networkDir).toBe(networkDir(dataDir, 'custom', other.baseUrl));
    expect(launched[0]!.stopped).toBe(true);
  });

  it('the saved choice is used at the next start: a custom address without starting a devnet', async () => {
    const first = setup();
    await first.network.start();
    const other = await startDevnet();
    cleanup.push(() => other.close());
    await first.network.choose({ kind: 'custom', url: other.baseUrl });
    await first.network.close();

    const again = setup(first.dataDir);
    await again.network.start();
    expect(again.launched).toEqual([]);
    expect(again.network.view().connection).toMatchObject({ kind: 'custom', baseUrl: other.baseUrl });
  });

  it('a plain http:// address beyond this computer, saved by an earlier version, is not connected to', async () => {
    const { network, app, launched } = setup();
    app.settings.update({ network: { kind: 'custom', url: 'http://exchange.example.com' } });
    await network.start();
    expect(launched.map((l) => l.demo)).toEqual([false]);
    expect(network.view().connection).toMatchObject({
      kind: 'embedded-devnet',
      baseUrl: launched[0]!.devnet.baseUrl,
    });
    expect(network.view().network).toEqual({ kind: 'custom', url: 'http://exchange.example.com' });
  });

  it('a devnet that will not start leaves the app where it was, with the reason', async () => {
    const { network, app, launched } = setup();
    await network.start();
    const broken = new Network({
      ...app.deps,
      dataDir: app.connected().networkDir,
      launchDevnet: async () => {
        throw new Error('the devnet exited before it was ready (code 1): port in use');
      },
    });
    const error = await rejection(broken.choose({ kind: 'embedded-devnet-demo' }));
    expect(error.message).toBe(
      'The embedded devnet with demo data could not be started: the devnet exited before it was ready (code 1): port in use',
    );
    expect(app.connected().baseUrl).toBe(launched[0]!.devnet.baseUrl);
    expect(app.settings.get().network).toBeNull();
  });

  it('an exchange fixed for this run is connected at once and cannot be changed from the app', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'perpetua-network-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const app = connections(dataDir);
    const network = new Network({
      ...app.deps,
      dataDir,
      fixed: { kind: 'custom', baseUrl: 'http://127.0.0.1:9' },
    });
    expect(app.connected().baseUrl).toBe('http://127.0.0.1:9');
    expect(app.connected().networkDir).toBe(dataDir);
    expect(network.view()).toMatchObject({ fixed: true, connection: { kind: 'custom' } });
    const error = await rejection(network.choose({ kind: 'embedded-devnet' }));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toMatch(/restart Perpetua without that option/);
  });
});

describe('the embedded devnet supervised', () => {
  it('one that ends again soon after each restart is given up on after three such restarts (a crash loop)', async () => {
    const statuses: DevnetStatus[] = [];
    const { network, launched } = setup(undefined, {
      onDevnetStatus: (status) => statuses.push(status),
      supervision: { stableAfterMs: 60_000, retryAfterMs: 0, probeEveryMs: 60_000 },
    });
    await network.start();
    for (let crash = 1; crash <= 4; crash += 1) {
      const running = launched.at(-1)!;
      statuses.length = 0;
      await running.stop(); // as if it crashed: the supervisor did not ask for it
      await vi.waitFor(() => expect(statuses.at(-1)?.state).toMatch(/^(running|stopped)$/), {
        timeout: 10_000,
        interval: 10,
      });
      // the first end is restarted as any is; the three restarts after it each ended at once
      expect(statuses[0]).toMatchObject({ state: 'restarting' });
      expect(statuses.at(-1)!.state).toBe(crash < 4 ? 'running' : 'stopped');
    }
    expect(launched).toHaveLength(4);
    expect(statuses.at(-1)!.message).toMatch(/3 restarts within a minute failed/);
    expect(network.devnetStatus()?.state).toBe('stopped');
    // the same address all along: each restart asked for the ports the first one had
    expect(new Set(launched.map((l) => l.devnet.baseUrl)).size).toBe(1);
  });
});
