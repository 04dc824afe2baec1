// The one target resolver (snapshot/target.ts): parsing, points, text fallback, the wide view, and the layout rule.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isGlanceError } from '../../src/errors.js';
import { looksLikeTarget, parseTarget, resolve, resolveTarget, snapshotFromDump } from '../../src/snapshot/index.js';
import { n, screen } from './build.js';

const dump = screen([
  n('TextView', { text: 'Notes', bounds: [0, 0, 1080, 100] }),
  n('Button', { text: 'New note', clickable: true, bounds: [0, 200, 1080, 300] }),
  n('Button', { text: 'Old notes', clickable: true, bounds: [0, 300, 1080, 400] }),
  n('Button', { text: 'Help', clickable: true, bounds: [0, 400, 540, 500] }),
  n('Button', { text: 'Help', clickable: true, bounds: [540, 400, 1080, 500] }),
  n('Button', { text: 'Far away', clickable: true, bounds: [0, 5000, 1080, 5100] }),
]);
const snap = snapshotFromDump(dump);
const wide = snapshotFromDump(dump, { offscreen: true, all: true });
const code = (f: () => unknown): string => {
  try {
    f();
    return 'NO_ERROR';
  } catch (e) {
    return isGlanceError(e) ? e.code : 'NOT_CODED';
  }
};

describe('parseTarget', () => {
  test('points, refs, selectors; empty is USAGE', () => {
    assert.deepEqual(parseTarget('540, 1200'), { kind: 'point', x: 540, y: 1200 });
    assert.deepEqual(parseTarget('b821'), { kind: 'ref', ref: 'b821' });
    assert.deepEqual(parseTarget('#login'), { kind: 'selector', selector: '#login' });
    assert.equal(
      code(() => parseTarget('  ')),
      'USAGE',
    );
  });

  test('looksLikeTarget: refs, points and selector syntax, not plain words', () => {
    assert.deepEqual(['b12', '10,20', '#id', '[text=a]', ':focused', 'EditText:below(#x)', 'hello', 'EditText'].map(looksLikeTarget), [
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('resolve', () => {
  const ref = (label: string): string => wide.elements.find((e) => e.text === label)!.ref;

  test('a point names no element', () => {
    assert.deepEqual(resolve(snap, '10,20'), { kind: 'point', target: { kind: 'point', x: 10, y: 20 }, x: 10, y: 20 });
    assert.equal(
      code(() => resolveTarget(snap, '10,20')),
      'USAGE',
    );
  });

  test('plain text falls back to labels: exact first, then containing; off with textFallback: false', () => {
    const r = resolve(snap, 'new note');
    assert.equal(r.kind === 'element' && [r.element.text, r.via].join(), 'New note,text');
    assert.equal(resolveTarget(snap, 'old').text, 'Old notes');
    assert.equal(
      code(() => resolveTarget(snap, 'help')),
      'AMBIGUOUS_TARGET',
    );
    assert.equal(
      code(() => resolveTarget(snap, 'new note', { textFallback: false })),
      'ELEMENT_NOT_FOUND',
    );
  });

  test('a layout selector takes the nearest match; a plain one with several is AMBIGUOUS_TARGET', () => {
    assert.equal(resolveTarget(snap, ':clickable:below([text=Notes])').text, 'New note');
    assert.equal(
      code(() => resolveTarget(snap, 'Button[text=Help]')),
      'AMBIGUOUS_TARGET',
    );
  });

  test('the wide view is searched only when the snapshot has no match, for refs and selectors', () => {
    assert.equal(
      code(() => resolveTarget(snap, ref('Far away'))),
      'REF_NOT_FOUND',
    );
    let calls = 0;
    const lazy = (): typeof wide => (calls++, wide);
    const r = resolve(snap, ref('Far away'), { wide: lazy });
    assert.equal(r.kind === 'element' && [r.element.text, r.wide].join(), 'Far away,true');
    assert.equal(resolveTarget(snap, '[text="Far away"]', { wide }).text, 'Far away');
    assert.equal(resolveTarget(snap, '[text="New note"]', { wide: lazy }).text, 'New note');
    assert.equal(calls, 1, 'the wide view is built only when needed');
  });
});
