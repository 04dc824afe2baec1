// Generated documentation must not drift from the registry: regenerate with `npm run docs`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allTools } from '../../src/tools/index.js';
import { TOOLS_END, TOOLS_START, withToolTable } from '../../src/cli/docs.js';
import { repoRoot } from '../helpers/corpus.js';
import { EXAMPLES_MARK, shellWords, withExamples } from '../../scripts/readme-examples.js';

test('README tool table is generated from the registry and current', () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  assert.ok(readme.includes(TOOLS_START) && readme.includes(TOOLS_END), 'README has the tool table markers');
  assert.equal(withToolTable(readme, allTools), readme, 'README tool table is stale: run `npm run docs`');
  for (const t of allTools) if (t.mcp !== false) assert.ok(readme.includes(`\`${t.name}\``), `${t.name} documented`);
});

test('README examples that need no device are what glance prints today', async () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const blocks = readme.split(EXAMPLES_MARK).length - 1;
  assert.ok(blocks >= 3, `README marks its offline example blocks (found ${blocks})`);
  const cwd = process.cwd();
  process.chdir(repoRoot);
  try {
    assert.equal(await withExamples(readme), readme, 'README examples are stale: run `npm run docs`');
  } finally {
    process.chdir(cwd);
  }
});

test('an example block notices a changed output and rejects what is not a glance command', async () => {
  const fence = '```';
  const stale = `${EXAMPLES_MARK}\n${fence}text\n$ glance --version\nglance 0.0.0-stale\n${fence}\n`;
  const fresh = await withExamples(stale);
  assert.notEqual(fresh, stale);
  assert.match(fresh, /\$ glance --version\nglance \d+\.\d+\.\d+/);
  await assert.rejects(withExamples(`${EXAMPLES_MARK}\n${fence}text\n$ rm -rf x\n${fence}\n`), /runs only glance/);
  assert.deepEqual(shellWords(`glance blocks --task "turn on \\"dark\\"" --sel '[text~=a b]' # note`), [
    'glance',
    'blocks',
    '--task',
    'turn on "dark"',
    '--sel',
    '[text~=a b]',
  ]);
});
