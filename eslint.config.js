// Lint: typescript-eslint recommended rules plus the layer arrows of docs/architecture.md, enforced by the
// local rules in eslint/glance-plugin.js (a boundary that lives only in prose erodes).
import tseslint from 'typescript-eslint';
import glance from './eslint/glance-plugin.js';

// Imported by every layer: coded errors and the wire-trace switch.
const base = ['src/errors.ts', 'src/debug.ts'];
const pure = ['src/hierarchy', 'src/snapshot'];

// The layers: each names what it may import (an allow-list, so an edge nobody thought of is an error too).
// The most specific target applies to a file; `!folder` takes a subfolder back out of an allowed one. Public
// entry points (src/index.ts, src/public/) are the only barrels that may expose node adapters.
export const LAYERS = [
  { target: 'src/errors.ts', allow: [], message: 'errors.ts is imported by every layer and imports none' },
  { target: 'src/debug.ts', allow: [], message: 'debug.ts is imported by every layer and imports none' },
  { target: 'src/hierarchy', allow: ['src/hierarchy', ...base], message: 'hierarchy/ is the bottom layer' },
  { target: 'src/snapshot', allow: [...pure, ...base], message: 'snapshot/ is pure and sits on hierarchy/' },
  {
    target: 'src/privacy',
    allow: [...pure, 'src/privacy', 'src/uimap/model.ts', 'src/uimap/paths.ts', ...base],
    message: 'privacy/ sits on snapshot/ and reads UI Maps (the map model and its paths, no analysis)',
  },
  { target: 'src/image', allow: ['src/snapshot', 'src/image', ...base], message: 'image/ draws over snapshot elements only' },
  { target: 'src/uimap', allow: ['src/uimap', ...base], message: 'uimap/ stands alone' },
  { target: 'src/trailmap', allow: ['src/hierarchy', 'src/trailmap', ...base], message: 'trailmap/ sits on hierarchy/' },
  {
    target: 'src/adb',
    allow: ['src/adb', '!src/adb/node', ...base],
    message: 'adb/ is wire protocol only; only adb/node/ touches node I/O',
  },
  { target: 'src/adb/node', allow: ['src/adb', ...base], message: 'adb/node/ adapts adb/ to node:net, processes and files' },
  {
    target: 'src/device',
    allow: [...pure, 'src/adb', 'src/image', 'src/device', '!src/device/virtual', ...base],
    message:
      'device/ sits on adb/, snapshot/ and image/ (WDA screenshots scaled to points); it never imports tools/, the front-ends or the virtual device',
  },
  {
    target: 'src/device/virtual',
    allow: ['src/hierarchy', 'src/trailmap', 'src/adb', '!src/adb/node', 'src/device', 'src/image', ...base],
    message:
      'the virtual phone is made of hierarchies (and trailmaps) over adb/ services, drawn with image/: no snapshot/, and no node I/O outside device/virtual/node/',
  },
  {
    target: 'src/device/virtual/node',
    allow: ['src/hierarchy', 'src/adb', 'src/device', ...base],
    message: 'device/virtual/node/ serves the virtual device over TCP',
  },
  {
    target: 'src/tools',
    allow: [...pure, 'src/privacy', 'src/image', 'src/device', 'src/tools', ...base],
    message: 'tools/ are transport-agnostic',
  },
  {
    target: 'src/phone',
    allow: [...pure, 'src/device', 'src/tools', 'src/phone', ...base],
    message: 'phone/ is the library face over tools/',
  },
  {
    target: 'src/agent',
    allow: [...pure, 'src/privacy', 'src/uimap', 'src/trailmap', 'src/device', 'src/tools', 'src/agent', ...base],
    message: 'agent/ sits on tools/, device/ and uimap/; the front-ends sit on it',
  },
  {
    target: 'src/farm',
    allow: [...pure, 'src/uimap', 'src/device', 'src/tools', 'src/agent', 'src/farm', ...base],
    message: 'farm/ runs agent episodes; the front-ends sit on it',
  },
  {
    target: 'src/mcp',
    allow: ['src/tools', 'src/agent', 'src/mcp', ...base],
    message: 'mcp/ is an adapter over tools/ and the agent tools',
  },
  { target: 'src/index.ts', allow: ['src', '!src/cli'], message: 'the package root exposes the library, never the CLI' },
  { target: 'src/public', allow: ['src', '!src/cli'], message: 'the subpath entry points expose the library, never the CLI' },
  { target: 'src/cli', allow: ['src'], message: 'cli/ is the top: it may import every layer' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test/fixtures/**', 'assets/**', '.scratch/**', '.stryker-tmp/**', 'reports/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { glance },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'max-params': ['error', 4],
      'glance/no-cycle': 'error',
      'glance/layers': ['error', LAYERS],
      'glance/barrels': ['error', { forbid: ['src/adb/node'], entries: ['src/index.ts', 'src/public'] }],
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
    // A test's temporary folder comes from tempDir, which removes it however the test process ends.
    files: ['test/**/*.ts'],
    ignores: ['test/helpers/temp.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        ...['node:fs', 'node:fs/promises'].map((name) => ({
          name,
          importNames: ['mkdtemp', 'mkdtempSync'],
          message: 'use tempDir from test/helpers/temp.ts: it removes the folder when the test process ends',
        })),
      ],
    },
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
