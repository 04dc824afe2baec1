// snapshotFromDump and snapshotWithSources on small screens built in the test: what each option does to the
// elements and the text, with the expected output written by hand.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { snapshotWithSources } from '../../src/snapshot/snapshot.js';
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
