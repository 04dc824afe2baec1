// The whole-screen view a model reads: switches and check boxes on or off both ways, a row's label on its
// switch, an unnamed up button in the toolbar named; refs and every other line as the snapshot has them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { agentScreenText } from '../../src/agent/policies/view-text.js';
import { snapshotFromDump } from '../../src/snapshot/snapshot.js';
import { repoRoot } from '../helpers/corpus.js';
import { dumpXml, type Spec } from '../privacy/fixture.js';

function view(name: string, edit: (xml: string) => string = (x) => x): { text: string; shown: string } {
  const dump = edit(readFileSync(join(repoRoot, 'assets/scenarios/demo/screens', `${name}.xml`), 'utf8'));
  const s = snapshotFromDump(dump);
  return { text: s.text, shown: agentScreenText({ screen: s.screen, elements: [...s.elements], text: s.text, dump }) };
}

test('settings: each switch by its row label, on or off; radio buttons and other lines untouched', () => {
  const { text, shown } = view('settings');
  const lines = shown.split('\n').map((l) => l.trim());
  const byLabel = (s: string): string[] => lines.filter((l) => l.includes(`"${s}"`));
  assert.deepEqual(
    byLabel('Dark theme').map((l) => l.split(' ').slice(1).join(' ')),
    ['Switch "Dark theme" [off]'],
  );
  assert.deepEqual(
    byLabel('Notifications').map((l) => l.split(' ').slice(1).join(' ')),
    ['Switch "Notifications" [on]'],
  );
  assert.deepEqual(
    byLabel('Sync over Wi-Fi only').map((l) => l.split(' ').slice(1).join(' ')),
    ['CheckBox "Sync over Wi-Fi only" [on]'],
  );
  // Lines of everything else are the snapshot's, refs included.
  const before = text.split('\n');
  const after = shown.split('\n');
  assert.equal(after.length, before.length);
  const changed = after.filter((l, i) => l !== before[i]);
  assert.equal(changed.length, 3);
  assert.ok(after.some((l) => /RadioButton Date edited \[checked\]$/.test(l)));
});

test('an unnamed image button in the toolbar leading slot is Navigate up; a check box off says so', () => {
  const { shown } = view('note_groceries', (x) => x.replace('content-desc="Navigate up"', 'content-desc=""'));
  const first = shown.split('\n')[0]!;
  assert.match(first, /^b\d+ ImageButton Navigate up$/);
  assert.match(shown, /\nc\d+ CheckBox Mark as done \[off\]/);
  // Below a tall status bar (a notch) the toolbar starts lower: the slot is still the leading one.
  const low = view('note_groceries', (x) =>
    x.replace(
      'content-desc="Navigate up" clickable="true" focusable="true" bounds="[0,63][147,210]"',
      'content-desc="" clickable="true" focusable="true" bounds="[0,185][147,440]"',
    ),
  );
  assert.match(low.shown.split('\n')[0]!, /^b\d+ ImageButton Navigate up$/);
  // A button further down the screen is not the toolbar's.
  const mid = view('note_groceries', (x) =>
    x.replace(
      'content-desc="Navigate up" clickable="true" focusable="true" bounds="[0,63][147,210]"',
      'content-desc="" clickable="true" focusable="true" bounds="[0,400][147,547]"',
    ),
  );
  assert.doesNotMatch(mid.shown, /Navigate up/);
});

test('a radio button named only by its id takes its row label; its state stays as the snapshot has it', () => {
  const W = 'android.widget.';
  const row = (i: number, title: string, checked: boolean): Spec => ({
    cls: `${W}LinearLayout`,
    clickable: true,
    bounds: [0, 300 + i * 150, 1080, 450 + i * 150],
    children: [
      { cls: `${W}RadioButton`, id: 'radio_button', checkable: true, checked, bounds: [20, 320 + i * 150, 120, 430 + i * 150] },
      { cls: `${W}TextView`, text: title, id: 'title', bounds: [140, 320 + i * 150, 1000, 430 + i * 150] },
    ],
  });
  const dump = dumpXml({ bounds: [0, 0, 1080, 2280], children: [row(0, 'Light', true), row(1, 'Dark', false)] });
  const s = snapshotFromDump(dump);
  const shown = agentScreenText({ screen: s.screen, elements: [...s.elements], text: s.text, dump });
  const radios = shown
    .split('\n')
    .filter((l) => l.includes('RadioButton'))
    .map((l) => l.trim().split(' ').slice(1).join(' '));
  assert.deepEqual(radios, ['RadioButton "Light" [checked]', 'RadioButton "Dark"']);
});
