// What lies beyond a list's fold, in the screen text a model reads: the off-screen rows the dump holds (refs and
// labels, a few, the rest counted), or that the last row shown is cut at the list's edge; nothing when the list
// ends on screen.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { foldNotes } from '../../src/agent/policies/fold.js';
import { agentScreenText } from '../../src/agent/policies/view-text.js';
import type { Observation } from '../../src/agent/types.js';
import { snapshotFromDump } from '../../src/snapshot/snapshot.js';

const node = (o: { text?: string; cls: string; click?: boolean; scroll?: boolean; b: number[] }, inner = ''): string =>
  `<node index="0" text="${o.text ?? ''}" resource-id="" class="${o.cls}" package="app" content-desc="" checkable="false" ` +
  `checked="false" clickable="${o.click === true}" enabled="true" focusable="false" focused="false" scrollable="${o.scroll === true}" ` +
  `long-clickable="false" password="false" selected="false" bounds="[${o.b[0]},${o.b[1]}][${o.b[2]},${o.b[3]}]">${inner}</node>`;

/** A 1080×1920 screen: a title, then a list from y 200 to `bottom` with rows of `row` px from its top (by label). */
function observation(labels: readonly string[], bottom = 1920, row = 200): Observation {
  const rows = labels.map((l, i) => {
    const t = 200 + i * row;
    return node({ text: l, cls: 'android.widget.TextView', click: true, b: [0, t, 1080, t >= 1920 ? t + row : Math.min(t + row, bottom)] });
  });
  const dump =
    `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">` +
    node(
      { cls: 'android.widget.FrameLayout', b: [0, 0, 1080, 1920] },
      node({ text: 'Settings', cls: 'android.widget.TextView', b: [0, 0, 1080, 200] }) +
        node({ cls: 'android.widget.ScrollView', scroll: true, b: [0, 200, 1080, bottom] }, rows.join('')),
    ) +
    `</hierarchy>`;
  const s = snapshotFromDump(dump, { offscreen: true });
  const offscreen = s.elements.filter((e) => e.offscreen === true);
  const elements = s.elements.filter((e) => e.offscreen !== true);
  const text = s.text
    .split('\n')
    .filter((l) => !offscreen.some((e) => new RegExp(`^\\s*${e.ref}\\b`).test(l)))
    .join('\n');
  return { screen: s.screen, elements, offscreen, text, dump };
}

const listRef = (o: Observation): string => o.elements.find((e) => e.actions.includes('scroll'))!.ref;

test('rows beyond the fold: the first five by ref and label, the rest counted, on one line after the last row', () => {
  const labels = Array.from({ length: 16 }, (_, i) => `Option ${i}`);
  const o = observation(labels);
  const lines = agentScreenText(o).split('\n');
  const note = lines.findIndex((l) => l.includes('below the fold'));
  // Right after the last row on screen (Option 8, cut at the screen's bottom), indented as the rows.
  assert.match(lines[note - 1]!, /^ \w+ Option 8$/);
  const m = /^ \(below the fold, (\d+) more: (.*)\)$/.exec(lines[note]!);
  assert.ok(m !== null, lines[note]);
  assert.equal(m[1], '7');
  const named = m[2]!.split(', ');
  assert.equal(named.at(-1), '+2 more');
  const refOf = new Map(o.offscreen!.map((e) => [e.text, e.ref]));
  assert.deepEqual(
    named.slice(0, -1),
    ['Option 9', 'Option 10', 'Option 11', 'Option 12', 'Option 13'].map((l) => `${refOf.get(l)} "${l}"`),
  );
  // Nothing says "cut": the dump holds what follows.
  assert.equal(lines.filter((l) => l.includes('fold')).length, 1);
});

test('no off-screen rows, the last row cut at the list edge: more may lie below', () => {
  const o = observation(['A', 'B', 'C', 'D'], 900);
  const notes = foldNotes(o).get(listRef(o));
  assert.deepEqual(notes, ['(more may lie below the fold: the last row shown is cut at the edge; scroll down to see it)']);
});

test('a list that ends on screen has no note, and the text is the snapshot as it was', () => {
  const o = observation(['A', 'B', 'C']);
  assert.equal(foldNotes(o).size, 0);
  assert.equal(agentScreenText(o), o.text);
});

test('long labels are cut; rows above the fold are named as above', () => {
  const long = `A very long option label that goes on and on ${'x'.repeat(40)}`;
  const o = observation(['A', 'B']);
  const above = {
    ...o.elements.find((e) => e.text === 'A')!,
    ref: 'b9001',
    text: long,
    bounds: [0, -400, 1080, -200] as [number, number, number, number],
    offscreen: true as const,
  };
  const notes = foldNotes({ ...o, offscreen: [above] }).get(listRef(o))!;
  assert.equal(notes.length, 1);
  const m = /^\(above the fold, 1 more: b9001 "(.*)"\)$/.exec(notes[0]!);
  assert.ok(m !== null, notes[0]);
  assert.equal(m[1]!.length, 40);
  assert.ok(long.startsWith(m[1]!.slice(0, -1)) && m[1]!.endsWith('…'));
});

test('a list at its end lying flush with its edge, the last row as tall as the others: nothing said', () => {
  // Eight rows of 200 px from y 200 fill the list down to 1800 exactly.
  const o = observation(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'], 1800);
  assert.equal(foldNotes(o).size, 0);
});

test('a last row at the edge without the label its look-alikes show is cut, whatever its height', () => {
  const o = observation(['A', 'B', 'C', 'D'], 1000);
  const rows = o.elements.filter((e) => e.parent === listRef(o));
  const last = rows.at(-1)!;
  const { text: _dropped, ...bare } = last;
  const elements = o.elements.map((e) => (e === last ? bare : e));
  assert.deepEqual(foldNotes({ ...o, elements }).get(listRef(o)), [
    '(more may lie below the fold: the last row shown is cut at the edge; scroll down to see it)',
  ]);
});

test('rows that stop short of the edge under the navigation bar: the rows below are hidden under it', () => {
  // Six rows of 275 px end at 1850, inside the bottom band a navigation bar covers (the list runs to 1920).
  const o = observation(['A', 'B', 'C', 'D', 'E', 'F'], 1920, 275);
  assert.deepEqual(foldNotes(o).get(listRef(o)), [
    '(more may lie below the fold: the last row shown runs under the navigation bar; scroll down to see it)',
  ]);
  // Five rows of 320 px end at 1800, above the bar: the list ends there.
  assert.equal(foldNotes(observation(['A', 'B', 'C', 'D', 'E'], 1920, 320)).size, 0);
});
