import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseDump } from '../../src/hierarchy/parse.js';
import { diffSnapshots, renderDiff, snapshotFromDump } from '../../src/snapshot/index.js';
import { corpusScreens, readText } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';
import { newFirstElement, shift, toggleCheckables, typeIntoFields } from './perturb.js';
import { n, screen } from './build.js';

const corpus = requires({ shared: true });
const screens = corpus ? [] : corpusScreens();

describe('diffSnapshots', () => {
  test('the same screen twice, or shifted by 7 px: no change', { skip: corpus }, () => {
    const d = parseDump(readText(screens[60]!.xmlPath));
    const a = snapshotFromDump(d);
    const same = diffSnapshots(a, snapshotFromDump(d));
    assert.equal(same.same, true);
    assert.equal(renderDiff(same), 'no change\n');
    const moved = diffSnapshots(a, snapshotFromDump(shift(d, 7).dump));
    assert.equal(moved.same, true);
    const withBounds = diffSnapshots(a, snapshotFromDump(shift(d, 7).dump), { bounds: true });
    assert.equal(withBounds.changed.length, a.elements.length);
    assert.ok(withBounds.changed.every((c) => c.fields.join() === 'bounds'));
  });

  test('typing: exactly the edited fields change, with before and after values', { skip: corpus }, () => {
    const s = screens
      .map((x) => parseDump(readText(x.xmlPath)))
      .find((d) => snapshotFromDump(d).elements.some((e) => e.actions.includes('type')))!;
    const a = snapshotFromDump(s);
    const diff = diffSnapshots(a, snapshotFromDump(typeIntoFields(s, 'Clock').dump));
    const edits = a.elements.filter((e) => e.actions.includes('type'));
    assert.deepEqual(
      diff.changed.map((c) => c.ref),
      edits.map((e) => e.ref),
    );
    assert.deepEqual(diff.added, []);
    assert.deepEqual(diff.removed, []);
    for (const c of diff.changed) {
      assert.ok(c.fields.includes('text'));
      assert.equal(c.after.text, 'Clock');
    }
    const lines = renderDiff(diff).trim().split('\n');
    assert.equal(lines.length, edits.length);
    assert.match(lines[0]!, new RegExp(`^~ ${edits[0]!.ref}: text .* → "Clock"`));
  });

  test('toggling: state changes as +checked / -checked', () => {
    const d = screen([
      n('Switch', { text: 'Wi-Fi', checkable: true, clickable: true, checked: false, bounds: [0, 0, 1080, 100] }),
      n('Switch', { text: 'Bluetooth', checkable: true, clickable: true, checked: true, bounds: [0, 100, 1080, 200] }),
    ]);
    const a = snapshotFromDump(d);
    const diff = diffSnapshots(a, snapshotFromDump(toggleCheckables(d).dump));
    assert.deepEqual(renderDiff(diff).trim().split('\n'), [`~ ${a.elements[0]!.ref}: +checked`, `~ ${a.elements[1]!.ref}: -checked`]);
  });

  test('added and removed elements are listed by ref with their tree line', { skip: corpus }, () => {
    const d = parseDump(readText(screens[5]!.xmlPath));
    const a = snapshotFromDump(d);
    const b = snapshotFromDump(newFirstElement(d).dump);
    const diff = diffSnapshots(a, b);
    assert.equal(diff.added.length, 1);
    assert.equal(diff.added[0]!.text, 'Connected to Wi-Fi');
    assert.deepEqual(renderDiff(diff), `+ ${diff.added[0]!.ref} Connected to Wi-Fi\n`);
    const back = diffSnapshots(b, a);
    assert.equal(renderDiff(back), `- ${diff.added[0]!.ref} Connected to Wi-Fi\n`);
  });

  test('another screen is reported as such', { skip: corpus }, () => {
    const first = screens.find((s) => s.activity.startsWith('com.simplemobiletools.clock/'))!;
    const other = screens.find((s) => s.activity.startsWith('com.simplemobiletools.notes.pro/'))!;
    const a = snapshotFromDump(readText(first.jsonPath));
    const diff = diffSnapshots(a, snapshotFromDump(readText(other.jsonPath)));
    assert.ok(diff.screen);
    assert.match(renderDiff(diff).split('\n')[0]!, /^screen .* → /);
  });

  test('no previous snapshot: everything is added', { skip: corpus }, () => {
    const b = snapshotFromDump(readText(screens[3]!.xmlPath));
    const diff = diffSnapshots(undefined, b);
    assert.equal(diff.added.length, b.elements.length);
    assert.equal(diff.same, b.elements.length === 0);
  });
});
