// The contributor's guide and the architecture page name files and lists of the code ("add it to allTools in
// src/tools/all.ts"): every such path must exist and every named list must be in the file named, so the guide
// cannot drift from the code unnoticed.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { catalogue } from '../../src/agent/catalogue.js';
import { COMMANDS } from '../../src/cli/table.js';
import { TOOL_VERBS } from '../../src/cli/verbs.js';
import { repoRoot } from '../helpers/corpus.js';

const DOCS = ['CONTRIBUTING.md', 'docs/architecture.md'];

/** TypeScript paths written in backquotes (`test/…`, `src/…`, or a path under src/ such as `cli/main.ts`). */
function pathsIn(text: string): string[] {
  return [...text.matchAll(/`([\w-]+\/[\w./-]+\.ts)`/g)].map((m) => (/^(src|test|bench|scripts)\//.test(m[1]!) ? m[1]! : `src/${m[1]!}`));
}

test('every source or test file the guides name exists', () => {
  for (const doc of DOCS) {
    const named = pathsIn(readFileSync(join(repoRoot, doc), 'utf8'));
    assert.ok(named.length > 5, `${doc} names files`);
    for (const p of named) assert.ok(existsSync(join(repoRoot, p)), `${doc} names ${p}, which does not exist`);
  }
});

test('the lists the guide says to add to are where it says', () => {
  const guide = readFileSync(join(repoRoot, 'CONTRIBUTING.md'), 'utf8');
  const places: Array<[string, string]> = [
    ['allTools', 'src/tools/all.ts'],
    ['agentTools', 'src/agent/tooldefs.ts'],
    ['COMMANDS', 'src/cli/table.ts'],
    ['POLICY_NAMES', 'src/agent/policies/names.ts'],
    ['makePolicy', 'src/agent/policies/index.ts'],
    ['DAEMON_VERBS', 'src/cli/client.ts'],
    ['cliSession', 'src/cli/session.ts'],
    ['withBackend', 'src/device/uia2/select.ts'],
  ];
  for (const [name, file] of places) {
    assert.match(guide, new RegExp(`\`${name}\``), `the guide names ${name}`);
    assert.match(readFileSync(join(repoRoot, file), 'utf8'), new RegExp(`export (const|function|class) ${name}\\b`), `${name} in ${file}`);
  }
});

test('one catalogue: every command-table row names a catalogue tool, every verb has a row, no tool is listed twice', () => {
  const names = catalogue.map((t) => t.name);
  assert.equal(new Set(names).size, names.length);
  for (const c of COMMANDS) assert.ok(names.includes(c.tool), `${c.verb} → ${c.tool}`);
  assert.deepEqual([...new Set(COMMANDS.map((c) => c.verb))].sort(), [...TOOL_VERBS].sort());
});

test('one place builds a tool context: no module but the session makes one', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
  const builders = files(join(repoRoot, 'src'))
    .filter(
      (f) => f.endsWith('.ts') && /: ToolContext = \{|\): ToolContext => \(\{|ToolContext \{\s*return \{/.test(readFileSync(f, 'utf8')),
    )
    .map((f) => f.slice(repoRoot.length + 1));
  assert.deepEqual(builders, []);
  assert.match(
    readFileSync(join(repoRoot, 'src/tools/session.ts'), 'utf8'),
    /const context = \(opts: SessionCallOptions\): ToolContext =>/,
  );
});
