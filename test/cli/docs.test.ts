// Generated documentation must not drift from the registry: regenerate with `npm run docs`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allTools } from '../../src/tools/index.js';
import { TOOLS_END, TOOLS_START, withToolTable } from '../../src/cli/docs.js';
import { repoRoot } from '../helpers/corpus.js';

test('README tool table is generated from the registry and current', () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  assert.ok(readme.includes(TOOLS_START) && readme.includes(TOOLS_END), 'README has the tool table markers');
  assert.equal(withToolTable(readme, allTools), readme, 'README tool table is stale: run `npm run docs`');
  for (const t of allTools) if (t.mcp !== false) assert.ok(readme.includes(`\`${t.name}\``), `${t.name} documented`);
});
