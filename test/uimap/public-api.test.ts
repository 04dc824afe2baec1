// The UI Map through its package entry point (glance-mobile/uimap): what a library user imports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { findPathsByText, mapDirectory, searchElements, type UiMap, type UiPath } from '../../src/public/uimap.js';

test('the entry point maps a project, searches its elements and plans a path by text', async () => {
  const map: UiMap = await mapDirectory(fileURLToPath(new URL('../fixtures/uimap/notekeeper', import.meta.url)));
  assert.deepEqual([...new Set(searchElements(map, 'sort by').map((h) => h.activity))], ['org.glance.notekeeper.MainActivity']);
  const paths: UiPath[] = findPathsByText(map, 'sort by');
  assert.equal(paths[0]?.activity, 'org.glance.notekeeper.MainActivity');
  // The launcher is the splash screen, which hands over to MainActivity by itself.
  assert.deepEqual(
    paths[0]?.steps.map((s) => [s.from.split('.').at(-1), s.trigger?.kind]),
    [['SplashActivity', 'auto']],
  );
});
