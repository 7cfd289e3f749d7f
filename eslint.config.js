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
    // The layer check (.dependency-cruiser.mjs) follows only paths it can read: an import() or a require made
    // with createRequire must name its module in a plain string, and createRequire loads packages, not files.
    files: ['src/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportExpression[source.type!='Literal']",
          message: 'import() takes a plain string: the layer check cannot follow a computed path.',
        },
        {
          selector:
            "CallExpression[callee.type='CallExpression'][callee.callee.name='createRequire']:not([arguments.0.value=/^[@a-z]/])",
          message: 'createRequire loads a package by its name in a plain string, never a file or a computed path.',
        },
        {
          selector:
            "CallExpression[callee.object.callee.name='createRequire']:not([arguments.0.value=/^[@a-z]/])",
          message: 'createRequire resolves a package by its name in a plain string, never a file or a computed path.',
        },
        {
          selector: "VariableDeclarator[init.callee.name='createRequire']",
          message: 'Call createRequire where it loads its package, so the lint sees what it loads.',
        },
      ],
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
