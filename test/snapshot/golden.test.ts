// The corpus goldens (test/golden, written only by `npm run goldens`) must match the engine's output exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { existingGoldens, goldenDir, goldens } from '../../scripts/goldens.js';
import { requires } from '../helpers/requires.js';

const REGENERATE = 'output drifted from test/golden: review the change, then run `npm run goldens`';

test('goldens match the engine output, file for file', { skip: requires({ shared: true }) }, () => {
  const want = goldens();
  assert.deepEqual(existingGoldens(), [...want.keys()].sort(), `golden file set differs: ${REGENERATE}`);
  for (const [path, content] of want) {
    const have = readFileSync(join(goldenDir, path), 'utf8');
    if (have !== content) {
      const a = have.split('\n');
      const b = content.split('\n');
      const i = a.findIndex((l, k) => l !== b[k]);
      assert.fail(`${path} line ${i + 1}: golden ${JSON.stringify(a[i])}, now ${JSON.stringify(b[i])}. ${REGENERATE}`);
    }
  }
});
