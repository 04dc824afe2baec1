// Lint: typescript-eslint recommended rules plus the layer arrows of docs/architecture.md, enforced by the
// local rules in eslint/glance-plugin.js (a boundary that lives only in prose erodes).
import tseslint from 'typescript-eslint';
import glance from './eslint/glance-plugin.js';

const base = ['src/errors.ts'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test/fixtures/**', 'assets/**', '.scratch/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { glance },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'max-params': ['error', 4],
      'glance/no-cycle': 'error',
      'glance/layers': [
        'error',
        [
          { target: 'src/hierarchy', allow: ['src/hierarchy', ...base], message: 'hierarchy/ is the bottom layer' },
          {
            target: 'src/snapshot',
            allow: ['src/hierarchy', 'src/snapshot', ...base],
            message: 'snapshot/ is pure and sits on hierarchy/',
          },
          {
            target: 'src/privacy',
            allow: ['src/hierarchy', 'src/snapshot', 'src/privacy', ...base],
            message: 'privacy/ sits on snapshot/',
          },
          { target: 'src/image', allow: ['src/snapshot', 'src/image', ...base], message: 'image/ draws over snapshot elements only' },
          { target: 'src/adb', allow: ['src/adb', ...base], message: 'adb/ is wire protocol only' },
          { target: 'src/uimap', allow: ['src/uimap', ...base], message: 'uimap/ stands alone' },
          { target: 'src/trailmap', allow: ['src/hierarchy', 'src/trailmap', ...base], message: 'trailmap/ sits on hierarchy/' },
          { target: 'src/device', deny: ['src/tools', 'src/cli', 'src/mcp', 'src/agent'], message: 'device/ never imports the front-ends' },
          {
            target: 'src/agent',
            deny: ['src/cli', 'src/mcp'],
            message: 'agent/ sits on tools/, device/ and uimap/; the front-ends sit on it',
          },
          { target: 'src/tools', deny: ['src/cli', 'src/mcp'], message: 'tools/ are transport-agnostic' },
          { target: 'src/phone', deny: ['src/cli', 'src/mcp'], message: 'the phone is an adapter over tools/, beside cli/ and mcp/' },
          { target: 'src/mcp', deny: ['src/cli'], message: 'mcp/ is an adapter over tools/; the CLI hosts it, not the other way round' },
        ],
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'explicit exports only: the public surface is a reviewed list' },
      ],
    },
  },
  {
    files: ['src/adb/**/*.ts'],
    ignores: ['src/adb/node/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        ...['node:net', 'node:child_process', 'node:fs', 'node:fs/promises'].map((name) => ({
          name,
          message: 'only adb/node/ touches sockets, processes and files',
        })),
      ],
    },
  },
  {
    // Every promise in library code is awaited, returned or explicitly `void`ed: no fire-and-forget.
    // (Tests are left out: node:test's describe/test return promises the runner itself awaits.)
    files: ['src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    // Only cli/ prints or exits.
    files: ['src/**/*.ts'],
    ignores: ['src/cli/**'],
    rules: {
      'no-console': 'error',
      'no-restricted-properties': ['error', { object: 'process', property: 'exit', message: 'only cli/ exits' }],
    },
  },
);
