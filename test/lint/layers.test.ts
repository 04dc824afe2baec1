// The layer rules catch what they are for: each planted import below is linted as if it were a file at that
// path, with the repository's own layer table, and must be reported (or, for the allowed edges, not).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { repoRoot } from '../helpers/corpus.js';

// Plain-JS modules without type declarations: loaded by path and given the shape the test relies on.
const pluginPath: string = '../../eslint/glance-plugin.js';
const configPath: string = '../../eslint.config.js';
const { default: glance, allowed } = (await import(pluginPath)) as {
  default: NonNullable<Linter.Config['plugins']>[string];
  allowed: (path: string, allow: string[]) => boolean;
};
const { LAYERS } = (await import(configPath)) as { LAYERS: object[] };

const linter = new Linter({ configType: 'flat', cwd: repoRoot });
const config = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { glance },
    rules: {
      'glance/layers': ['error', LAYERS],
      'glance/barrels': ['error', { forbid: ['src/adb/node'], entries: ['src/index.ts', 'src/public'] }],
    },
  },
] as Linter.Config[];

/** The messages for `code` linted as the repository file `path`. */
function lint(path: string, code: string): string[] {
  return linter.verify(code, config, { filename: join(repoRoot, path) }).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layer allow-lists', () => {
  test('the virtual phone may not import snapshot/ (device → snapshot from the virtual device)', () => {
    const found = lint('src/device/virtual/planted.ts', "import { snapshotFromDump } from '../../snapshot/snapshot.js';\n");
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0]!, /^glance\/layers: src\/device\/virtual may not import src\/snapshot\/snapshot\.ts/);
    // A type-only import is erased at run time and stays allowed.
    assert.deepEqual(lint('src/device/virtual/planted.ts', "import type { Snapshot } from '../../snapshot/types.js';\n"), []);
  });

  test('the virtual phone may not import adb/node; its node/ adapter may', () => {
    const found = lint('src/device/virtual/planted.ts', "import { listenDevice } from '../../adb/node/listen.js';\n");
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0]!, /may not import src\/adb\/node\/listen\.ts/);
    assert.deepEqual(lint('src/device/virtual/node/planted.ts', "import { listenDevice } from '../../../adb/node/listen.js';\n"), []);
    assert.deepEqual(lint('src/device/virtual/planted.ts', "import { PacketDecoder } from '../../adb/packet.js';\n"), []);
  });

  test('adb/ outside node/ may not reach node/; node/ may use adb/', () => {
    assert.match(
      lint('src/adb/planted.ts', "import { dialTcp } from './node/socket-stream.js';\n")[0] ?? '',
      /src\/adb may not import src\/adb\/node/,
    );
    assert.deepEqual(lint('src/adb/node/planted.ts', "import { PacketDecoder } from '../packet.js';\n"), []);
  });

  test('an edge nobody listed is an error: lower layers cannot reach up or sideways', () => {
    const cases: [string, string][] = [
      ['src/hierarchy/planted.ts', "import { x } from '../snapshot/snapshot.js';"],
      ['src/snapshot/planted.ts', "import { x } from '../device/adb-device.js';"],
      ['src/snapshot/planted.ts', "const m = await import('../image/marks.js');"],
      ['src/uimap/planted.ts', "import { x } from '../hierarchy/model.js';"],
      ['src/device/planted.ts', "import { x } from '../tools/registry.js';"],
      ['src/device/planted.ts', "import { x } from './virtual/device.js';"],
      ['src/tools/planted.ts', "import { x } from '../cli/main.js';"],
      ['src/mcp/planted.ts', "import { x } from '../cli/main.js';"],
      ['src/agent/planted.ts', "import { x } from '../mcp/server.js';"],
      ['src/farm/planted.ts', "import { x } from '../cli/main.js';"],
      ['src/public/planted.ts', "export { run } from '../cli/main.js';"],
      ['src/errors.ts', "import { debug } from './debug.js';"],
    ];
    for (const [path, code] of cases) assert.equal(lint(path, code).length, 1, `${path}: ${code}`);
  });

  test('the listed edges pass', () => {
    const cases: [string, string][] = [
      ['src/snapshot/planted.ts', "import { x } from '../hierarchy/model.js';\nimport { debug } from '../debug.js';"],
      ['src/device/planted.ts', "import { x } from '../adb/node/host.js';\nimport { y } from '../snapshot/diff.js';"],
      ['src/tools/planted.ts', "import { x } from '../device/adb-device.js';"],
      ['src/agent/planted.ts', "import { x } from '../device/virtual/device.js';\nimport { y } from '../uimap/index.js';"],
      ['src/cli/planted.ts', "import { x } from '../mcp/server.js';\nimport { y } from '../agent/loop.js';"],
      ['src/index.ts', "export { connectDirect } from './adb/node/host.js';"],
    ];
    for (const [path, code] of cases) assert.deepEqual(lint(path, code), [], `${path}: ${code}`);
  });

  test('a folder without an allow-list is reported, so a new room must name what it imports', () => {
    const found = lint('src/newroom/planted.ts', 'export const x = 1;\n');
    assert.match(found[0] ?? '', /src\/newroom\/planted\.ts is in no layer/);
  });

  test('allow-lists take subfolders back out with !', () => {
    assert.equal(allowed('src/adb/packet.ts', ['src/adb', '!src/adb/node']), true);
    assert.equal(allowed('src/adb/node/host.ts', ['src/adb', '!src/adb/node']), false);
    assert.equal(allowed('src/adbx/a.ts', ['src/adb']), false);
  });
});

describe('barrels', () => {
  test('an internal index.ts may not re-export adb/node; the package entry points may', () => {
    const found = lint('src/device/index.ts', "export { dialTcp } from '../adb/node/socket-stream.js';\n");
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0]!, /^glance\/barrels: src\/device\/index\.ts re-exports src\/adb\/node\/socket-stream\.ts/);
    assert.equal(
      lint('src/adb/index.ts', "export { listenDevice } from './node/listen.js';\n").filter((m) => m.startsWith('glance/barrels')).length,
      1,
    );
    assert.deepEqual(lint('src/public/adb.ts', "export { listenDevice } from '../adb/node/listen.js';\n"), []);
    assert.deepEqual(lint('src/device/index.ts', "export type { DirectOptions } from '../adb/node/host.js';\n"), []);
  });
});
