// `npm start`: the desktop app where an Electron binary exists or can be fetched; otherwise the browser
// host, saying why. Either way the app comes up on the embedded devnet.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const electronVite = join(process.cwd(), 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
const root = process.cwd();
const electronDir = join(root, 'node_modules', 'electron');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Returns null when the Electron binary is (now) present, else the reason it is not. */
function ensureElectron() {
  const pathFile = join(electronDir, 'path.txt');
  if (existsSync(pathFile) && existsSync(join(electronDir, 'dist', readFileSync(pathFile, 'utf8'))))
    return null;
  if (process.env.PERPETUA_NO_ELECTRON) return 'PERPETUA_NO_ELECTRON is set';
  console.log('Fetching the Electron binary (once)...');
  const fetched = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    encoding: 'utf8',
    timeout: 90_000,
  });
  if (fetched.status === 0 && existsSync(pathFile)) return null;
  const detail = `${fetched.stderr ?? ''}${fetched.error?.message ?? ''}`
    .trim()
    .split('\n')
    .find((l) => /error|ENOTFOUND|EAI_AGAIN|timed? ?out|ECONN/i.test(l));
  return `the Electron binary could not be downloaded${detail ? ` (${detail.trim().slice(0, 200)})` : ''}`;
}

console.log('Building Perpetua...');
run(process.execPath, [electronVite, 'build']);

const reason = ensureElectron();
if (reason === null) {
  run(process.execPath, [electronVite, 'preview']);
} else {
  console.log(`\nElectron cannot run here: ${reason}.`);
  console.log('Starting the browser host instead: the same app core, served to your browser on 127.0.0.1.\n');
  // the host as built above (out/main/host.js): compiled JavaScript starts faster than TypeScript through tsx
  const host = spawn(process.execPath, [join(root, 'out', 'main', 'host.js'), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => host.kill(signal));
  host.on('exit', (code) => process.exit(code ?? 0));
}
