import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseDump } from '../../src/hierarchy/parse.js';
import { elementsFromDump, partition, blocksFromDump, type PartitionOptions } from '../../src/privacy/index.js';
import { snapshotFromDump } from '../../src/snapshot/snapshot.js';
import { join } from 'node:path';
import { corpusDir, corpusScreens, readText } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';
import { loginDialog, notesScreen } from './fixture.js';

const corpus = requires({ shared: true });

const labelsOf = (els: readonly { text?: string; desc?: string; labels?: string[]; id?: string }[]): string[] =>
  els.map((e) => e.text ?? e.desc ?? e.labels?.[0] ?? e.id ?? '?');

describe('partition', () => {
  test('every snapshot element is in exactly one block, on every corpus screen and rule', { skip: corpus }, () => {
    const configs: PartitionOptions[] = [
      { rule: 'core' },
      { rule: 'layout' },
      { maxSize: 1, minSize: 1 },
      { maxSize: 3, minSize: 1 },
      { maxSize: 6 },
    ];
    const screens = corpusScreens();
    assert.ok(screens.length >= 400);
    for (const s of screens) {
      const dump = parseDump(readText(s.xmlPath));
      const src = elementsFromDump(dump);
      assert.deepEqual(
        src.elements.map((e) => e.ref),
        snapshotFromDump(dump).elements.map((e) => e.ref),
        'privacy sees exactly the snapshot elements',
      );
      for (const c of configs) {
        const blocks = partition(dump, src.elements, src.nodeOf, c);
        const seen = blocks.flatMap((b) => b.elements.map((e) => e.ref));
        assert.equal(new Set(seen).size, seen.length, `${s.xmlPath} ${JSON.stringify(c)}: an element in two blocks`);
        assert.deepEqual([...seen].sort(), src.elements.map((e) => e.ref).sort(), `${s.xmlPath} ${JSON.stringify(c)}`);
        assert.ok(blocks.every((b) => b.elements.length > 0));
      }
    }
  });

  test('richer dumps (uiautomator2 with several windows, a Gmail dump) partition the same way', { skip: corpus }, () => {
    for (const f of ['gmail-inbox.uiautomator.xml', 'omni-notes.uiautomator2.xml']) {
      const dump = parseDump(readText(join(corpusDir, 'dumps', f)));
      const src = elementsFromDump(dump);
      assert.ok(src.elements.length >= 3, f);
      const blocks = partition(dump, src.elements, src.nodeOf);
      const seen = blocks.flatMap((b) => b.elements.map((e) => e.ref)).sort();
      assert.deepEqual(seen, src.elements.map((e) => e.ref).sort(), f);
    }
  });

  test('every element has its layout node', { skip: corpus }, () => {
    for (const s of corpusScreens().filter((_, i) => i % 5 === 0)) {
      const src = elementsFromDump(parseDump(readText(s.xmlPath)));
      for (const e of src.elements) assert.ok(src.nodeOf.has(e), `${s.xmlPath} ${e.ref}`);
    }
  });

  test('layout rule: the toolbar is one block, list rows and the floating button are not mixed with it', () => {
    const r = blocksFromDump(notesScreen(), 'anything');
    const toolbar = r.blocks.find((b) => b.kind === 'toolbar');
    assert.ok(toolbar);
    assert.deepEqual(labelsOf(toolbar.elements), ['My notes', 'Search', 'More options']);
    const fab = r.blocks.find((b) => b.elements.some((e) => e.desc === 'Create a new note'));
    assert.equal(fab?.elements.length, 1);
    const rows = r.blocks.filter((b) => b.kind === 'row');
    assert.ok(rows.length >= 1);
    for (const b of rows)
      assert.ok(
        b.elements.every((e) => e.id === 'note_row'),
        'a row block holds rows only',
      );
    // The list's own scroll handle is a block of its own, not glued to a row.
    const list = r.blocks.find((b) => b.elements.some((e) => e.id === 'notes_list'));
    assert.equal(list?.elements.length, 1);
  });

  test('layout rule with single-element blocks gives one block per row', () => {
    const r = blocksFromDump(notesScreen(), 'anything', { maxSize: 1, minSize: 1 });
    assert.equal(r.blocks.filter((b) => b.kind === 'row').length, 3);
  });

  test("a dialog's buttons form one dialog block", () => {
    const r = blocksFromDump(loginDialog(), 'sign in');
    const buttons = r.blocks.find((b) => b.elements.some((e) => e.text === 'Cancel'));
    assert.equal(buttons?.kind, 'dialog');
    assert.deepEqual(labelsOf(buttons.elements), ['Cancel', 'Sign in']);
  });

  test('CORE rule: groups by the first depth with at least 3 groups', () => {
    const dump = parseDump(notesScreen());
    const src = elementsFromDump(dump);
    const blocks = partition(dump, src.elements, src.nodeOf, { rule: 'core' });
    // Depth of the toolbar / list / fab siblings: three groups (the list keeps its rows).
    assert.equal(blocks.length, 3);
    assert.deepEqual(blocks.map((b) => b.elements.length).sort(), [1, 3, 4]);
  });

  test('an empty screen has no blocks', () => {
    const r = blocksFromDump(
      '<?xml version="1.0"?><hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="p" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2280]" /></hierarchy>',
      'x',
    );
    assert.deepEqual(r.blocks, []);
    assert.deepEqual(r.elements, []);
  });
});
