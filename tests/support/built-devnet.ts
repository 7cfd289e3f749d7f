// The devnet as a built app runs it: one JavaScript bundle (its libraries left in node_modules), started by
// plain Node with nothing to compile at launch. Tests that time the devnet's start use it, so they measure
// the app and not tsx compiling the devnet's sources on a loaded machine.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import type { DevnetCommand } from '../../src/main/devnet-launcher';

/**
 * Builds src/devnet/cli.ts into a folder of this process inside the repository (so it finds proto/ above it,
 * as out/ does); `remove` deletes it.
 */
export async function builtDevnet(repoRoot = process.cwd()): Promise<DevnetCommand & { remove(): void }> {
  const outDir = join(repoRoot, 'node_modules', '.cache', `perpetua-built-devnet-${process.pid}`);
  mkdirSync(outDir, { recursive: true });
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: join(repoRoot, 'src/devnet/cli.ts'),
      outDir,
      emptyOutDir: true,
      target: 'node22',
      rollupOptions: { output: { format: 'es', entryFileNames: 'devnet.mjs' } },
    },
  });
  return {
    command: process.execPath,
    args: [join(outDir, 'devnet.mjs')],
    remove: () => rmSync(outDir, { recursive: true, force: true }),
  };
}
