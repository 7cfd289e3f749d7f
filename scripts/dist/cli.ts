// `npm run dist`: builds the app and its installers for this platform (AppImage and deb on Linux, dmg on
// macOS, nsis on Windows) with the fuses flipped after packing. electron-builder needs the Electron
// release for the target; where it is neither cached nor downloadable this says so plainly and stops.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { lookup } from 'node:dns/promises';
import { flipFuses } from '@electron/fuses';
import { build } from 'electron-builder';
import { builderConfig } from './config';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { devDependencies: Record<string, string> };
const electronVersion = pkg.devDependencies.electron!.replace(/^[^\d]*/, '');
const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
const zip = `electron-v${electronVersion}-${process.platform}-${arch}.zip`;

function electronCache(): string {
  if (process.env.ELECTRON_CACHE) return process.env.ELECTRON_CACHE;
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'electron');
  if (process.platform === 'win32') return join(process.env.LOCALAPPDATA ?? homedir(), 'electron', 'Cache');
  return join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'electron');
}

/** null when the Electron release can be had, else why not. */
async function electronUnavailable(): Promise<string | null> {
  const cache = electronCache();
  const cached = [join(cache, zip)];
  try {
    cached.push(
      ...spawnSync('find', [cache, '-name', zip], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean),
    );
  } catch {
    // no find: only the flat layout is checked
  }
  if (cached.some((path) => existsSync(path))) return null;
  try {
    await Promise.race([
      lookup('github.com'),
      new Promise((_, reject) => setTimeout(() => reject(new Error('DNS lookup timed out')), 5_000)),
    ]);
    return null;
  } catch (error) {
    return `electron-builder needs ${zip} (the Electron ${electronVersion} release it packs), it is not in ${cache}, and github.com cannot be reached from here (${(error as Error).message}).`;
  }
}

console.log('Building Perpetua...');
const built = spawnSync(
  process.execPath,
  [join('node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'],
  {
    stdio: 'inherit',
  },
);
if (built.status !== 0) process.exit(built.status ?? 1);

const reason = await electronUnavailable();
if (reason) {
  console.error(`\nNo installers were built: ${reason}`);
  console.error(
    'Run `npm run dist` on a machine with network access, or put the zip in the Electron cache (ELECTRON_CACHE) first.',
  );
  process.exit(2);
}

try {
  const artifacts = await build({ config: builderConfig(electronVersion, flipFuses), publish: 'never' });
  console.log(`\nInstallers (fuses flipped after packing):\n${artifacts.map((a) => `  ${a}`).join('\n')}`);
} catch (error) {
  const text = (error as Error).message ?? String(error);
  const offline = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|getaddrinfo|socket hang up/i.test(text);
  console.error(
    offline
      ? `\nNo installers were built: a download electron-builder needs failed (${text.split('\n')[0]}). Run it again with network access.`
      : `\nNo installers were built: ${text}`,
  );
  process.exit(1);
}
