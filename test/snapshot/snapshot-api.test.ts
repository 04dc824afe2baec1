// snapshotFromDump and snapshotWithSources on small screens built in the test: what each option does to the
// elements and the text, with the expected output written by hand.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { snapshotFromDump, snapshotWithSources } from '../../src/snapshot/snapshot.js';
import { n, screen } from './build.js';

describe('snapshotWithSources', () => {
  test('without rendering: no text, the same elements, each with the dumped node it stands for', () => {
    const ok = n('Button', { text: 'OK', clickable: true, bounds: [0, 100, 500, 200] });
    const title = n('TextView', { text: 'Delete note?', bounds: [0, 0, 500, 100] });
    const d = screen([title, ok]);
    const quiet = snapshotWithSources(d, {}, false);
    assert.equal(quiet.snapshot.text, '');
    assert.equal(quiet.snapshot.format, 'tree');
    assert.deepEqual(quiet.snapshot.elements, snapshotWithSources(d).snapshot.elements);
    assert.deepEqual(
      quiet.snapshot.elements.map((e) => e.text),
      ['Delete note?', 'OK'],
    );
    assert.equal(quiet.sources[0], title);
    assert.equal(quiet.sources[1], ok);
  });
});

describe('json format', () => {
  test('a screen with no elements: the screen and an empty list on one line', () => {
    assert.equal(
      snapshotFromDump(screen([], [400, 800]), { format: 'json' }).text,
      '{"screen":{"width":400,"height":800,"package":"com.example"},"elements":[]}\n',
    );
  });

  test('optional fields in the documented order: items, parent, offscreen, then a grid member cell', () => {
    const thumbs = [0, 1, 2, 3].map((i) => n('ImageView', { id: 'thumb', clickable: true, bounds: [i * 270, 1000, i * 270 + 270, 1270] }));
    const d = screen([
      n('androidx.recyclerview.widget.RecyclerView', { id: 'list', scrollable: true, bounds: [0, 0, 1080, 900] }, [
        n('TextView', { text: 'Here', bounds: [0, 0, 1080, 100] }),
        n('TextView', { text: 'Further on', bounds: [1080, 0, 2160, 100] }),
      ]),
      n('HorizontalScrollView', { id: 'gallery', scrollable: true, bounds: [0, 1000, 1080, 1270] }, thumbs),
    ]);
    const lines = snapshotFromDump(d, { format: 'json', offscreen: true }).text.split('\n');
    const keys = (l: string): string[] => Object.keys(JSON.parse(l.replace(/,$/, '')) as object);
    const tail = ['bounds', 'center', 'actions', 'states'];
    assert.deepEqual(keys(lines[1]!), ['ref', 'class', 'id', ...tail, 'items']);
    assert.deepEqual(keys(lines[3]!), ['ref', 'class', 'text', ...tail, 'parent', 'offscreen']);
    assert.deepEqual(keys(lines[5]!), ['ref', 'class', 'id', ...tail, 'parent', 'cell']);
  });
});
