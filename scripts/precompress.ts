// A Vite plugin for the renderer's build: writes each text file's brotli and gzip forms beside it, so the
// browser host serves them from the first request instead of compressing on the start-up's critical path
// (src/host/compressed-files.ts reads them, and compresses itself where they are missing or stale).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { compressedForms, precompressedPath, worthCompressing } from '../src/host/compressed-files';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'perpetua-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await Promise.all(
        (await filesUnder(outDir)).map(async (file) => {
          const identity = await readFile(file);
          // the same rule the host applies: a file it would not compress gets no forms written
          if (!worthCompressing(file, identity.length)) return;
          const forms = await compressedForms(identity, 11);
          await writeFile(precompressedPath(file, 'br'), forms.br);
          await writeFile(precompressedPath(file, 'gzip'), forms.gzip);
        }),
      );
    },
  };
}
