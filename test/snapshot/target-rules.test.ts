// The target resolver's rules written down one by one from its contract: what counts as a point, how plain text
// is looked up, what the errors say and carry, and how long lists of candidates are shown.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GlanceError } from '../../src/errors.js';
import { looksLikeTarget, parseTarget, resolve, resolveTarget, snapshotFromDump } from '../../src/snapshot/index.js';
import { element, n, screen } from './build.js';

const rows = Array.from({ length: 7 }, (_, i) =>
  n('Button', { text: 'Row', desc: `row ${i + 1}`, clickable: true, bounds: [0, 600 + i * 100, 1080, 700 + i * 100] }),
);
const snap = snapshotFromDump(
  screen([
    n('TextView', { text: 'Notes', bounds: [0, 0, 1080, 100] }),
    n('Button', { text: 'Old notes', clickable: true, bounds: [0, 100, 1080, 200] }),
    n('ImageButton', { desc: 'Save', clickable: true, bounds: [0, 200, 540, 300] }),
    n('Button', { text: 'Save draft', desc: 'save', clickable: true, bounds: [540, 200, 1080, 300] }),
    n('EditText', { hint: 'Search notes', clickable: true, bounds: [0, 300, 1080, 400] }),
    ...rows,
  ]),
);

function failure(f: () => unknown): GlanceError {
  try {
    f();
  } catch (e) {
    if (e instanceof GlanceError) return e;
    throw e;
  }
  assert.fail('expected a GlanceError');
}

describe('points', () => {
  test('spaces around the numbers and the comma; decimals round; negatives', () => {
    assert.deepEqual(parseTarget('  10 ,  20  '), { kind: 'point', x: 10, y: 20 });
    assert.deepEqual(parseTarget('10.6,20.4'), { kind: 'point', x: 11, y: 20 });
    assert.deepEqual(parseTarget('10,20.5'), { kind: 'point', x: 10, y: 21 });
    assert.deepEqual(parseTarget('-5,7'), { kind: 'point', x: -5, y: 7 });
  });

  test('decimals of several digits on either number', () => {
    assert.deepEqual(parseTarget('10.25,20'), { kind: 'point', x: 10, y: 20 });
    assert.deepEqual(parseTarget('10,20.75'), { kind: 'point', x: 10, y: 21 });
  });

  test('anything before, after or between the numbers makes it a selector', () => {
    for (const t of ['a10,20', '10,20a', '10,20,30', '10.,20', '10 20', '10,2 0']) assert.equal(parseTarget(t).kind, 'selector', t);
  });

  test('looksLikeTarget: selector syntax counts only right after a class name, not inside words', () => {
    assert.equal(looksLikeTarget('note #3'), false);
    assert.equal(looksLikeTarget('my note: draft'), false);
    assert.equal(looksLikeTarget('android.widget.Button#ok'), true);
    assert.equal(looksLikeTarget(' 10,20 '), true);
    // Surrounding spaces do not hide a ref or selector syntax.
    assert.equal(looksLikeTarget(' b12 '), true);
    assert.equal(looksLikeTarget('  #send'), true);
  });
});

describe('errors carry what the caller needs', () => {
  test('an empty target is USAGE with the three kinds of target in the hint', () => {
    const e = failure(() => parseTarget(' \t '));
    assert.equal(e.code, 'USAGE');
    assert.equal(e.message, 'empty target');
    assert.match(e.hint ?? '', /ref \(b12\).*selector.*point \(540,1200\)/);
  });

  test('a point where an element is needed names the point, trimmed', () => {
    const e = failure(() => resolveTarget(snap, ' 10,20 '));
    assert.equal(e.code, 'USAGE');
    assert.equal(e.message, '10,20 is a point, not an element');
    assert.match(e.hint ?? '', /ref .*selector/);
  });

  test('nothing matching: ELEMENT_NOT_FOUND naming the selector, the next tool and the selector as context', () => {
    const e = failure(() => resolveTarget(snap, '[text=Nowhere]'));
    assert.equal(e.code, 'ELEMENT_NOT_FOUND');
    assert.equal(e.message, 'no element matches [text=Nowhere]');
    assert.deepEqual(e.next, { tool: 'device_snapshot' });
    assert.deepEqual(e.context, { selector: '[text=Nowhere]' });
  });

  test('several matches: the first five listed with their refs, the rest counted, every ref in the context', () => {
    const e = failure(() => resolveTarget(snap, 'Button[text=Row]'));
    assert.equal(e.code, 'AMBIGUOUS_TARGET');
    const lines = e.message.split('\n');
    assert.equal(lines[0], '7 elements match Button[text=Row]:');
    const refs = (e.context as { refs: string[] }).refs;
    assert.equal(refs.length, 7);
    assert.deepEqual(
      lines.slice(1, 6).map((l) => l.trim().split(' ')[0]),
      refs.slice(0, 5),
    );
    assert.ok(lines.slice(1, 6).every((l) => l.startsWith('  ') && / Row/.test(l)));
    assert.equal(lines[6], '  … 2 more');
    assert.equal(lines.length, 7);
  });

  test('exactly five matches: all listed, no "more" line', () => {
    const five = snapshotFromDump(screen(rows.slice(0, 5)));
    const lines = failure(() => resolveTarget(five, 'Button[text=Row]')).message.split('\n');
    assert.equal(lines.length, 6);
    assert.doesNotMatch(lines.join('\n'), /more/);
  });
});

describe('how an element was found', () => {
  test('a ref on the snapshot: via ref, not wide', () => {
    const ref = snap.elements.find((e) => e.text === 'Old notes')!.ref;
    const r = resolve(snap, ref);
    assert.ok(r.kind === 'element');
    assert.deepEqual([r.via, r.wide, r.element.ref], ['ref', false, ref]);
  });

  test('a ref found only on the wide view: via ref, wide', () => {
    const far = element('b9', [0, 3000, 1080, 3100], { class: 'Button', text: 'Far', actions: ['tap'] });
    const r = resolve(snap, 'b9', { wide: { elements: [...snap.elements, far] } });
    assert.ok(r.kind === 'element');
    assert.deepEqual([r.via, r.wide, r.element], ['ref', true, far]);
  });

  test('a layout relation in any one alternative makes the nearest match win', () => {
    // The second alternative has no relation; the matches of both are still ordered by distance to "Notes".
    const r = resolve(snap, 'Button:below([text=Notes]), [desc=Save]');
    assert.ok(r.kind === 'element');
    assert.deepEqual([r.via, r.element.text], ['selector', 'Old notes']);
  });

  test('text lookup: only elements carrying a label that contains the words, never unlabelled ones', () => {
    const els = {
      elements: [
        element('b1', [0, 0, 100, 100], { class: 'Button', text: 'Tap here', actions: ['tap'] }),
        element('b2', [0, 100, 100, 200], { class: 'ImageButton', actions: ['tap'] }),
        element('s3', [0, 200, 100, 300], { class: 'ScrollView', actions: ['scroll'] }),
      ],
    };
    assert.equal(resolveTarget(els, 'here').ref, 'b1');
    // A word on no label is found nowhere, however many elements carry no label at all.
    assert.equal(failure(() => resolveTarget(els, 'was')).code, 'ELEMENT_NOT_FOUND');
  });

  test('plain text: trimmed and case-insensitive; an exact label wins over labels that contain it', () => {
    const r = resolve(snap, '  NOTES ');
    assert.ok(r.kind === 'element');
    assert.deepEqual([r.via, r.element.text], ['text', 'Notes']);
  });

  test('any one label may match exactly: text, description or hint', () => {
    // "save" is the description of one button and the description (not the text) of the other: both exact.
    assert.equal(failure(() => resolveTarget(snap, 'save')).code, 'AMBIGUOUS_TARGET');
    const hinted = resolve(snap, 'search notes');
    assert.ok(hinted.kind === 'element');
    assert.deepEqual([hinted.via, hinted.element.hint], ['text', 'Search notes']);
    const partial = resolve(snap, 'draft');
    assert.ok(partial.kind === 'element');
    assert.equal(partial.element.text, 'Save draft');
  });
});
