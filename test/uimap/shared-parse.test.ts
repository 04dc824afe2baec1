// The shared apps' sources parse clean under the current Java and Kotlin grammars: a syntax error reported on
// them is a grammar or pass regression, not bad input. Kept apart from grammar.test.ts, whose unit checks are
// quick: this maps a whole app (three seconds), which the mutation run of the analysis leaves out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { mapDirectory } from '../../src/uimap/index.js';
import { corpusDir } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';

test('the shared apps parse without syntax errors (notes with its Simple-Commons)', { skip: requires({ shared: true }) }, async () => {
  const app = path.join(corpusDir, 'apps', 'notes');
  const map = await mapDirectory(path.join(app, 'src'), { libs: [path.join(app, 'commons')] });
  assert.deepEqual(
    map.warnings.filter((w) => w.code === 'SYNTAX_ERROR'),
    [],
  );
  assert.ok(map.stats.sourceFiles > 200);
});
