// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const electronOnly = {
  name: 'electron',
  message: "Only src/main/electron and src/preload may import 'electron'; pass what you need in as a dependency.",
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [electronOnly], patterns: [{ group: ['electron/*'], message: electronOnly.message }] }],
    },
  },
  {
    files: ['src/main/electron/**', 'src/preload/**', 'electron.vite.config.ts', 'scripts/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The renderer is untrusted and runs under a CSP without eval: no Node, no protobufjs, no electron.
    files: ['src/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnly, { name: 'protobufjs', message: 'protobufjs needs eval; decode in main, not the renderer.' }],
          patterns: [
            { group: ['node:*'], message: 'The renderer has no Node; ask main through window.wallet.' },
            { group: ['**/main/**', '**/protocol/**', '**/devnet/**', '**/host/**'], message: 'The renderer may import only src/shared.' },
          ],
        },
      ],
    },
  },
);
