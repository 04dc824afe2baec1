// Whether a dialog is in front decides whether goto has arrived and whether the heuristic's choice closed one:
// a settings screen with a radio group (the demo's "Sort notes by") is a screen, a narrow radio list is a dialog.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { isDialog } from '../../src/agent/screen.js';
import { snapshotFromDump } from '../../src/snapshot/snapshot.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';
import { repoRoot } from '../helpers/corpus.js';

const demo = (name: string): { elements: SnapshotElement[]; screen: { width: number } } => {
  const snap = snapshotFromDump(readFileSync(join(repoRoot, 'assets/scenarios/demo/screens', `${name}.xml`), 'utf8'));
  return { elements: snap.elements, screen: snap.screen };
};

const radio = (ref: string, left: number, right: number, top: number): SnapshotElement => ({
  ref,
  class: 'android.widget.RadioButton',
  text: ref,
  bounds: [left, top, right, top + 100],
  center: [(left + right) / 2, top + 50],
  actions: ['tap'],
  states: [],
});

test('a full-width screen with a radio group is not a dialog; a narrow radio list and the platform buttons are', () => {
  const settings = demo('settings');
  assert.ok(settings.elements.filter((e) => e.class.endsWith('RadioButton')).length >= 2, 'the demo settings have a radio group');
  assert.equal(isDialog(settings), false);
  assert.equal(isDialog(demo('delete_dialog')), true, "the delete dialog's platform buttons");
  const narrow = { screen: { width: 1080 }, elements: [radio('c1', 80, 1000, 900), radio('c2', 80, 1000, 1000)] };
  assert.equal(isDialog(narrow), true);
  assert.equal(isDialog({ ...narrow, elements: [radio('c1', 0, 1080, 900), radio('c2', 0, 1080, 1000)] }), false);
  assert.equal(isDialog({ elements: narrow.elements }), true, 'without the screen size a radio list still counts');
});
