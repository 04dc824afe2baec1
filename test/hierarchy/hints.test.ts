// An empty field as a page source writes it (its hint as text and as hint) reads as `uiautomator dump` writes it
// (the hint as text only); nothing else changes, and a dump with no such field is returned as it is.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hintsAsDumped } from '../../src/hierarchy/hints.js';
import { uiNode, type UiDump } from '../../src/hierarchy/model.js';

const field = (text: string, hint: string, editable = true): ReturnType<typeof uiNode> =>
  uiNode({ cls: 'android.widget.EditText', text, hint, editable, bounds: [0, 0, 100, 50] });

const dumpOf = (...kids: ReturnType<typeof uiNode>[]): UiDump => ({
  format: 'uiautomator2',
  roots: [
    uiNode({
      cls: 'android.widget.FrameLayout',
      bounds: [0, 0, 100, 400],
      children: [uiNode({ cls: 'android.widget.LinearLayout', bounds: [0, 0, 100, 400], children: kids })],
    }),
  ],
  rotation: 0,
  width: 100,
  height: 400,
});

test('a hint equal to its field’s text is dropped; a typed field, a field without hint and a non-field keep theirs', () => {
  const d = dumpOf(field('Email', 'Email'), field('ana@x.org', 'Email'), field('', 'Name'), field('Note', 'Note', false));
  const out = hintsAsDumped(d);
  assert.deepEqual(
    out.roots[0]!.children[0]!.children.map((n) => [n.text, n.hint]),
    [
      ['Email', ''],
      ['ana@x.org', 'Email'],
      ['', 'Name'],
      ['Note', 'Note'],
    ],
  );
  // The input is not changed: a copy is made where a field changes.
  assert.equal(d.roots[0]!.children[0]!.children[0]!.hint, 'Email');
});

test('a dump without an empty field showing its hint comes back as it is', () => {
  const d = dumpOf(field('ana@x.org', 'Email'), field('', 'Name'));
  assert.equal(hintsAsDumped(d), d);
});
