import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // Pure-JavaScript libraries are bundled into the build: loaded from node_modules, Node resolved and
      // compiled each of their hundreds of ES modules one by one when the core loaded, which the lock screen
      // waits for. Native bindings (the keychain, the Solana runtime), protobufjs (it requires optional
      // modules at run time) and ws (optional native helpers) stay in node_modules.
      externalizeDeps: {
        exclude: [
          '@noble/hashes',
          '@scure/bip39',
          '@solana-program/memo',
          '@solana-program/token',
          '@solana/kit',
          'bs58',
          'lossless-json',
          'zod',
        ],
      },
      rollupOptions: {
        // The devnet ships inside the app as a second entry; main runs it as a child process. The browser host
        // is a third, so `npm start` without Electron runs compiled JavaScript instead of compiling at launch.
        input: {
          index: resolve('src/main/electron/main.ts'),
          devnet: resolve('src/devnet/cli.ts'),
          host: resolve('src/host/cli.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload must be a single CommonJS file with nothing left to require but 'electron'.
      externalizeDeps: false,
      isolatedEntries: true,
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    // the browser host serves the build's compressed forms from its first request (scripts/precompress.ts)
    plugins: [react(), precompress()],
    build: {
      outDir: 'out/renderer',
      // A production build is minified (electron-vite leaves the renderer readable otherwise), and the
      // manifest names the chunks the lock screen needs, for the bundle budget (scripts/bundle-budget.mjs).
      minify: process.env.PERPETUA_NO_MINIFY !== '1', // PERPETUA_NO_MINIFY=1: readable names in CPU profiles
      cssMinify: true,
      manifest: true,
      rollupOptions: {
        input: { index: resolve('src/renderer/index.html') },
        // A feature's files do nothing on import but define what they export (docs/architecture.md, "The
        // renderer"): one whose exports nobody uses is left out. Without this, importing a feature's index
        // for its query keys (the lock screen's event subscription does) would load every panel the index
        // names with the lock screen, and the pages' chunks would lose what only they use.
        treeshake: {
          moduleSideEffects: [
            { test: /[\\/]src[\\/]renderer[\\/]src[\\/]features[\\/]/, sideEffects: false, external: false },
          ],
        },
      },
    },
  },
});
