import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mapDirectory } from '../../src/uimap/index.js';
import { compareMap } from './compare.js';
import type { ExpectedMap } from './compare.js';

const fixtures = fileURLToPath(new URL('../fixtures/uimap/', import.meta.url));

/** Each fixture app has expected.json; `libs.json` (optional) lists --lib folders relative to the fixture root. */
const apps = readdirSync(fixtures).filter((d) => existsSync(path.join(fixtures, d, 'expected.json')));

describe('fixture apps map to their hand-written expected maps', () => {
  test('there are fixture apps', () => {
    assert.ok(apps.length >= 2, `fixtures: ${apps.join(', ')}`);
  });
  for (const app of apps) {
    test(app, async () => {
      const dir = path.join(fixtures, app);
      const libsFile = path.join(dir, 'libs.json');
      const libs = existsSync(libsFile) ? (JSON.parse(readFileSync(libsFile, 'utf8')) as string[]).map((l) => path.join(fixtures, l)) : [];
      const expected = JSON.parse(readFileSync(path.join(dir, 'expected.json'), 'utf8')) as ExpectedMap;
      const map = await mapDirectory(dir, { libs });
      assert.deepEqual(compareMap(map, expected), []);
      assert.deepEqual(map.warnings, [], 'fixture apps are clean code: no warnings');
    });
  }
});
