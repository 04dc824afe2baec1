// Lint: typescript-eslint recommended rules plus the layer arrows of ../shared/HOUSE.md, enforced with
// import-x/no-restricted-paths (a boundary that lives only in prose erodes) and import-x/no-cycle.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const layer = (target, from, message) => ({ target, from, message });

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test/fixtures/**', 'assets/**', '.scratch/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { 'import-x': importX },
    // Resolve `./x.js` specifiers to the .ts sources, or the path rules below would never match anything.
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'off',
      'max-params': ['error', 4],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            layer('./src/hierarchy', './src/!(hierarchy|errors.ts)/**', 'hierarchy/ is the bottom layer'),
            layer('./src/snapshot', './src/!(hierarchy|snapshot|errors.ts)/**', 'snapshot/ imports only hierarchy/'),
            layer('./src/privacy', './src/!(hierarchy|snapshot|privacy|errors.ts)/**', 'privacy/ imports only snapshot/ and hierarchy/'),
            layer('./src/image', './src/!(image|snapshot|errors.ts)/**', 'image/ draws over snapshot elements only'),
            layer('./src/adb', './src/!(adb|errors.ts)/**', 'adb/ is wire protocol only'),
            layer('./src/uimap', './src/!(uimap|errors.ts)/**', 'uimap/ stands alone'),
            layer('./src/device', './src/(tools|cli|mcp|agent)/**', 'device/ never imports the front-ends'),
            layer('./src/tools', './src/(cli|mcp)/**', 'tools/ are transport-agnostic'),
            layer('./src/mcp', './src/cli/**', 'mcp/ is an adapter over tools/; the CLI hosts it, not the other way round'),
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'explicit exports only (HOUSE.md)' },
      ],
    },
  },
  {
    // Only cli/ prints or exits (HOUSE.md 11).
    files: ['src/**/*.ts'],
    ignores: ['src/cli/**'],
    rules: {
      'no-console': 'error',
      'no-restricted-properties': ['error', { object: 'process', property: 'exit', message: 'only cli/ exits' }],
    },
  },
);
