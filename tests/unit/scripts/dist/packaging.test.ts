// The release build (issue 14 item 14), checked without an Electron binary (none can be fetched here): the
// fuses flipped after packing, the installer targets, the packaged-mode guards and the embedded devnet as
// a utility process, each through stand-ins for what only Electron provides.
import { describe, expect, it, vi } from 'vitest';
import { PassThrough } from 'node:stream';
import { EventEmitter } from 'node:events';
import { FuseV1Options } from '@electron/fuses';
import type { AfterPackContext } from 'electron-builder';
import { FUSES, applyFuses, builderConfig, packedBinary } from '../../../../scripts/dist/config';
import { utilityDevnet } from '../../../../src/main/electron/devnet-utility';
import { launchDevnet } from '../../../../src/main/devnet-launcher';
import { windowOptions } from '../../../../src/main/electron/hardening';

const fuse = (option: FuseV1Options) => (FUSES as unknown as Record<number, boolean>)[option];

describe('fuses', () => {
  it.each([
    ['RunAsNode', FuseV1Options.RunAsNode, false],
    ['EnableNodeOptionsEnvironmentVariable', FuseV1Options.EnableNodeOptionsEnvironmentVariable, false],
    ['EnableNodeCliInspectArguments', FuseV1Options.EnableNodeCliInspectArguments, false],
    ['EnableEmbeddedAsarIntegrityValidation', FuseV1Options.EnableEmbeddedAsarIntegrityValidation, true],
    ['OnlyLoadAppFromAsar', FuseV1Options.OnlyLoadAppFromAsar, true],
    ['EnableCookieEncryption', FuseV1Options.EnableCookieEncryption, true],
    ['GrantFileProtocolExtraPrivileges', FuseV1Options.GrantFileProtocolExtraPrivileges, false],
  ])('%s is %s', (_name, option, value) => {
    expect(fuse(option)).toBe(value);
  });

  function context(platform: string): AfterPackContext {
    return {
      appOutDir: '/out/unpacked',
      electronPlatformName: platform,
      packager: { appInfo: { productFilename: 'Perpetua' }, executableName: 'perpetua' },
    } as unknown as AfterPackContext;
  }

  it('are flipped in the packed binary of every platform, after packing', async () => {
    const flip = vi.fn(async () => 1);
    const hook = applyFuses(flip);
    for (const [platform, binary] of [
      ['linux', '/out/unpacked/perpetua'],
      ['win32', '/out/unpacked/Perpetua.exe'],
      ['darwin', '/out/unpacked/Perpetua.app'],
    ] as const) {
      flip.mockClear();
      await hook(context(platform));
      expect(packedBinary(context(platform))).toBe(binary);
      expect(flip).toHaveBeenCalledTimes(1);
      const [path, config] = flip.mock.calls[0]! as unknown as [string, Record<string | number, unknown>];
      expect(path).toBe(binary);
      expect(config[FuseV1Options.RunAsNode]).toBe(false);
      expect(config[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true);
      expect(config.resetAdHocDarwinSignature).toBe(platform === 'darwin');
    }
  });
});

describe('electron-builder configuration', () => {
  const flip = vi.fn(async () => 1);
  const config = builderConfig('45.4.1', flip);

  it('builds AppImage and deb for Linux, dmg for macOS, nsis for Windows', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.mac?.target).toEqual(['dmg']);
    expect(config.win?.target).toEqual(['nsis']);
    expect(config.electronVersion).toBe('45.4.1');
  });

  it('packs into asar (the integrity fuse checks it), the native keychain module unpacked', () => {
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toEqual(['**/node_modules/@napi-rs/keyring*/**']);
  });

  it('ships the built app, the bundled schema and the demo data, and no sources, tests or maps', () => {
    const files = config.files as string[];
    expect(files).toContain('out/**');
    expect(files).toContain('!out/**/*.map');
    expect(files).toContain('proto/**');
    expect(files).toContain('resources/demo/**');
    expect(files.some((f) => /^(src|tests|scripts)\b/.test(f))).toBe(false);
  });

  it('flips the fuses in its afterPack hook and publishes nowhere', () => {
    expect(typeof config.afterPack).toBe('function');
    expect(config.publish).toBeNull();
  });
});

describe('packaged-mode guards', () => {
  it('DevTools are off in the window unless asked for', () => {
    expect(windowOptions('/p.cjs').webPreferences!.devTools).toBe(false);
    expect(windowOptions('/p.cjs', true).webPreferences!.devTools).toBe(true);
  });
});

describe('the embedded devnet as a utility process', () => {
  function standInFork() {
    const child = Object.assign(new EventEmitter(), {
      pid: 4242,
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      kill: vi.fn(() => {
        queueMicrotask(() => child.emit('exit', 0));
        return true;
      }),
    });
    const fork = vi.fn(() => child as never);
    return { fork, child };
  }

  it('is forked with utilityProcess (no ELECTRON_RUN_AS_NODE, no stdin watch) and stops with the app', async () => {
    const { fork, child } = standInFork();
    const launching = launchDevnet({
      command: '/app/out/main/devnet.js',
      args: [],
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', SECRET_TOKEN: 'x' },
      spawnProcess: utilityDevnet(fork),
      exitWithStdin: false,
      dataDir: '/data/devnet',
    });
    // as the devnet prints them: its Solana RPC, then the exchange
    child.stdout.write('PERPETUA_SOLANA_RPC_URL=http://127.0.0.1:4568\n');
    child.stdout.write('PERPETUA_DEVNET_URL=http://127.0.0.1:4567\n');
    const devnet = await launching;
    expect(devnet.baseUrl).toBe('http://127.0.0.1:4567');
    expect(devnet.solanaRpcUrl).toBe('http://127.0.0.1:4568');
    expect(devnet.pid).toBe(4242);
    const [modulePath, args, options] = fork.mock.calls[0]! as unknown as [
      string,
      string[],
      { env: Record<string, string>; serviceName: string; stdio: string },
    ];
    expect(modulePath).toBe('/app/out/main/devnet.js');
    expect(args).toEqual(['--port', '0', '--data', '/data/devnet']);
    expect(args).not.toContain('--exit-with-stdin');
    expect(options.stdio).toBe('pipe');
    expect(options.serviceName).toBe('Perpetua devnet');
    expect(options.env.ELECTRON_RUN_AS_NODE).toBeUndefined();
    expect(options.env.SECRET_TOKEN).toBeUndefined();
    await devnet.stop();
    expect(child.kill).toHaveBeenCalled();
  });

  it('a devnet that exits before it is ready is a clear error', async () => {
    const { fork, child } = standInFork();
    const launching = launchDevnet({
      command: '/x.js',
      args: [],
      spawnProcess: utilityDevnet(fork),
      exitWithStdin: false,
    });
    child.stderr.write('boom\n');
    setTimeout(() => child.emit('exit', 1), 20);
    await expect(launching).rejects.toThrow(/exited before it was ready/);
  });
});
