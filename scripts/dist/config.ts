// The release build: electron-builder's configuration and the Electron fuses flipped into every packed
// binary. Data and small functions only, so the unit tests check exactly what `npm run dist` uses.
import { join } from 'node:path';
import { FuseV1Options, FuseVersion, type FuseConfig } from '@electron/fuses';
import type { AfterPackContext, Configuration } from 'electron-builder';

/**
 * Fuses are compiled-in switches of the Electron binary that no environment variable or argument can turn
 * back on. A wallet's binary must not double as a Node interpreter (RunAsNode), take code from
 * NODE_OPTIONS or a debugger (--inspect), or run anything but its own checked app.asar.
 */
export const FUSES: FuseConfig = {
  version: FuseVersion.V1,
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  // the renderer is served from app://, so file:// needs no extra rights
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
};

type FlipFuses = (pathToElectron: string, config: FuseConfig) => Promise<unknown>;

/** Where the packed Electron binary is, per platform. */
export function packedBinary(
  context: Pick<AfterPackContext, 'appOutDir' | 'electronPlatformName' | 'packager'>,
): string {
  const name = context.packager.appInfo.productFilename;
  switch (context.electronPlatformName) {
    case 'darwin':
    case 'mas':
      return join(context.appOutDir, `${name}.app`);
    case 'win32':
      return join(context.appOutDir, `${name}.exe`);
    default:
      return join(
        context.appOutDir,
        (context.packager as { executableName?: string }).executableName ?? name,
      );
  }
}

/** The afterPack hook: flips the fuses before any installer (AppImage, deb, dmg, nsis) wraps the binary. */
export function applyFuses(flip: FlipFuses) {
  return async (context: AfterPackContext): Promise<void> => {
    const darwin = context.electronPlatformName === 'darwin' || context.electronPlatformName === 'mas';
    // flipping a signed macOS binary invalidates its ad-hoc signature; the fuses library re-signs it
    await flip(packedBinary(context), { ...FUSES, resetAdHocDarwinSignature: darwin });
  };
}

export function builderConfig(electronVersion: string, flip: FlipFuses): Configuration {
  return {
    appId: 'app.perpetua.wallet',
    productName: 'Perpetua',
    electronVersion,
    directories: { output: 'dist', buildResources: 'resources' },
    // the built app, the bundled schema and the demo scenario; sources, tests and maps stay out
    files: ['out/**', '!out/**/*.map', 'proto/**', 'resources/demo/**', 'package.json'],
    asar: true,
    // the keychain binding is a native module: it cannot be loaded from inside the archive
    asarUnpack: ['**/node_modules/@napi-rs/keyring*/**'],
    // prebuilt N-API binaries, nothing to compile
    npmRebuild: false,
    afterPack: applyFuses(flip),
    linux: {
      target: ['AppImage', 'deb'],
      category: 'Finance',
      maintainer: 'Perpetua <wallet@perpetua.app>',
      icon: 'resources/icon.svg',
    },
    mac: { target: ['dmg'], category: 'public.app-category.finance', hardenedRuntime: true },
    win: { target: ['nsis'] },
    nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true },
    publish: null,
  };
}
