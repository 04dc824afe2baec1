import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { blocksFromDump, lexicalScorer, readingOrderScorer, type RankContext, type RawBlock } from '../../src/privacy/index.js';
import { corpusDir, readText } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';
import { stem, terms } from '../../src/privacy/text.js';
import { notesScreen } from './fixture.js';

const corpus = requires({ shared: true });

let n = 0;
function el(label: string, o: Partial<SnapshotElement> = {}): SnapshotElement {
  n++;
  const top = n * 100;
  return {
    ref: `e${n}`,
    class: 'Button',
    text: label,
    bounds: [0, top, 500, top + 80],
    center: [250, top + 40],
    actions: ['tap'],
    states: [],
    ...o,
  };
}
const block = (...elements: SnapshotElement[]): RawBlock => ({ kind: 'group', elements });
const best = (blocks: RawBlock[], task: string, history: { label?: string; input?: string }[] = []): string => {
  const s = lexicalScorer().score(blocks, { task, history });
  const i = s.indexOf(Math.max(...s));
  return blocks[i]!.elements.map((e) => e.text).join('|');
};

describe('text', () => {
  test('stemming meets inflections', () => {
    assert.equal(stem('sorting'), stem('sort'));
    assert.equal(stem('photos'), stem('photo'));
    assert.equal(stem('deleted'), stem('delete'));
    assert.equal(stem('preferences'), stem('preference'));
  });
  test('ids split into words and synonyms map onto one concept', () => {
    assert.ok(terms('top_toolbar_search').stems.has('search'));
    assert.ok(terms('menuRotate').stems.has(stem('rotate')));
    assert.ok(terms('Preferences').concepts.has('~settings'));
    assert.ok(terms('open settings').concepts.has('~settings'));
    assert.ok(terms('⋮').concepts.has('~more'));
    assert.ok(terms('+').concepts.has('~add'));
  });
});

describe('lexical ranker', () => {
  test('synonyms: "settings" finds Preferences', () => {
    const blocks = [block(el('Delete'), el('Share')), block(el('Preferences')), block(el('Sort by'))];
    assert.equal(best(blocks, 'open the app settings'), 'Preferences');
  });

  test('stemming: "sorting" finds Sort by', () => {
    const blocks = [block(el('Delete')), block(el('Sort by')), block(el('Rename'))];
    assert.equal(best(blocks, 'change the sorting of files'), 'Sort by');
  });

  test('"+" and "new" match a task that adds something', () => {
    const blocks = [block(el('Groceries', { actions: ['tap'] })), block(el('+', { class: 'ImageButton' })), block(el('Archive'))];
    assert.equal(best(blocks, 'add an item'), '+');
  });

  test('a quoted name outranks everything else', () => {
    const blocks = [block(el('Groceries')), block(el('Ideas')), block(el('Delete'))];
    assert.equal(best(blocks, "open the note 'Ideas'"), 'Ideas');
  });

  test('the block acted on at the previous step drops; a confirm button follows a choice in a dialog', () => {
    const opts = { kind: 'dialog' as const };
    const choice: RawBlock = {
      ...opts,
      elements: [
        el('Ascending', { class: 'RadioButton', actions: ['tap', 'check'] }),
        el('Descending', { class: 'RadioButton', actions: ['tap', 'check'] }),
      ],
    };
    const confirm: RawBlock = { ...opts, elements: [el('Cancel'), el('OK')] };
    assert.equal(best([choice, confirm], 'sort by title in descending order'), 'Ascending|Descending');
    assert.equal(
      best([choice, confirm], 'sort by title in descending order', [{ label: 'Sort by' }, { label: 'Descending' }]),
      'Cancel|OK',
    );
  });

  test('a field tapped at the previous step is where typing goes', () => {
    const field = block(el('Label', { class: 'EditText', actions: ['tap', 'type'] }));
    const other = block(el('Text note', { class: 'RadioButton', actions: ['tap', 'check'] }));
    assert.equal(best([other, field], "create a note called 'Groceries'", [{ label: 'Create a new note' }, { label: 'Label' }]), 'Label');
  });

  test('passive text ranks below anything actionable', () => {
    const blocks = [block(el('Sort order', { actions: [], class: 'TextView' })), block(el('Name'))];
    assert.equal(best(blocks, 'sort order'), 'Name');
  });

  test('reading order scorer sends top to bottom', () => {
    const a = block(el('first'));
    const b = block(el('second'));
    const s = readingOrderScorer.score([b, a], { task: '' });
    assert.ok(s[1]! > s[0]!);
  });

  test('blocksFromDump: ranks 1..n in score order, ids in reading order, deterministic', () => {
    const r1 = blocksFromDump(notesScreen(), 'call Alice');
    const r2 = blocksFromDump(notesScreen(), 'call Alice');
    assert.deepEqual(
      r1.blocks.map((b) => b.rank),
      r1.blocks.map((_, i) => i + 1),
    );
    for (let i = 1; i < r1.blocks.length; i++) assert.ok(r1.blocks[i - 1]!.score >= r1.blocks[i]!.score);
    assert.deepEqual(JSON.parse(JSON.stringify(r1)), JSON.parse(JSON.stringify(r2)));
    const byTop = [...r1.blocks].sort((a, b) => a.bounds[1] - b.bounds[1]).map((b) => b.id);
    assert.deepEqual(
      byTop,
      byTop.map((_, i) => `B${i + 1}`),
    );
    assert.ok(
      r1.blocks[0]!.elements.some((e) => (e.labels ?? []).includes('Call Alice')),
      'the row naming Alice is sent first',
    );
  });

  test('the ranker is told the foreground app, not the first window of a multi-window dump', { skip: corpus }, () => {
    // uiautomator2 dumps list the `gesture` pseudo-windows and the system UI before the app's window.
    const xml = readText(join(corpusDir, 'dumps/omni-notes.uiautomator2.xml'));
    const seen: RankContext[] = [];
    const r = blocksFromDump(xml, 'add a note', { scorer: { score: (blocks, ctx) => (seen.push(ctx), blocks.map(() => 0)) } });
    assert.equal(r.screen.package, 'it.feio.android.omninotes.alpha');
    assert.deepEqual(
      seen.map((c) => c.app),
      [r.screen.package],
    );
  });

  test('a task naming nothing on screen sends the overflow menu first', () => {
    const r = blocksFromDump(notesScreen(), 'change the font size');
    assert.ok(r.blocks[0]!.elements.some((e) => e.desc === 'More options'));
  });
});
