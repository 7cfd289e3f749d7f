// The release build (issue 14 item 14), checked without an Electron binary (none can be fetched here): the
// fuses flipped after packing and the installer targets, through stand-ins for what only Electron provides.
// The packaged-mode guards are checked in tests/unit/main/electron/hardening.test.ts, the embedded devnet as a
// utility process in tests/unit/main/electron/devnet-utility.test.ts.
import { describe, expect, it, vi } from 'vitest';
import { FuseV1Options } from '@electron/fuses';
import type { AfterPackContext } from 'electron-builder';
import { FUSES, applyFuses, builderConfig, packedBinary } from '../../../../scripts/dist/config';

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
