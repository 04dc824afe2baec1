// Privacy sub-task proposals name their block by the labels the app ships (its UI Map's texts), never by what the
// user put on the screen; task words are matched on what the screen shows, not on ids.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { appStrings, blockName } from '../../src/agent/policies/block-names.js';
import { lexicalSide, redact } from '../../src/agent/policies/coplan.js';
import { PrivacySession } from '../../src/privacy/index.js';
import type { UiMap } from '../../src/uimap/index.js';
import { notesScreen } from '../privacy/fixture.js';

/** A map of the notes app naming its own texts (not the notes' titles or bodies: those are the user's). */
const map = {
  activities: [
    {
      name: 'com.example.notes.MainActivity',
      label: 'My notes',
      layouts: ['activity_main'],
      elements: [
        { id: 'search', class: 'android.widget.ImageButton', desc: 'Search' },
        { id: 'fab', class: 'android.widget.ImageButton', desc: 'Create a new note' },
      ],
      fragments: [],
      dialogs: [],
      menus: [{ name: 'menu_main', elements: [{ id: 'more', class: 'item', text: 'More options' }] }],
    },
  ],
} as unknown as UiMap;

function blocks(task: string): ReturnType<PrivacySession['blocks']> {
  const s = new PrivacySession({ task });
  s.observe(notesScreen());
  return s.blocks();
}

const signal = new AbortController().signal;

test('the app strings are the map texts, lower case', () => {
  const known = appStrings(map);
  assert.deepEqual([...known].sort(), ['create a new note', 'more options', 'my notes', 'search']);
});

test('a block is named by the labels the app ships, controls first; user text never names it', async () => {
  const bs = blocks('open the groceries note');
  const known = appStrings(map);
  const names = bs.map((b) => blockName(b, known));
  const toolbar = bs.find((b) => b.elements.some((e) => e.desc === 'Search'))!;
  assert.equal(blockName(toolbar, known), '"Search" — "More options"');
  for (const n of names) if (n !== undefined) assert.doesNotMatch(n, /Groceries|Alice|Ideas|milk/);
  // Without a map nothing names a block.
  assert.deepEqual(
    bs.map((b) => blockName(b, new Set())),
    bs.map(() => undefined),
  );
  // The lexical side's proposals carry the names, and redaction (which cuts every other screen text) keeps them.
  const side = lexicalSide(known);
  const { proposals } = await side.propose(bs, { task: 'open the groceries note', history: '', signal });
  const mine = proposals.find((p) => p.block === toolbar.id)!;
  assert.match(mine.subtask, /\("Search" — "More options"\)/);
  assert.equal(redact(mine.subtask, bs, 'open the groceries note', known), mine.subtask);
  assert.equal(redact('open Groceries', bs, 'x', known), 'open …');
});

test('task words match what the screen shows, not ids', async () => {
  // "toolbar" is in an id only (main_toolbar); "notes" is shown ("My notes").
  const bs = blocks('show the toolbar of my notes');
  const { proposals } = await lexicalSide().propose(bs, { task: 'show the toolbar of my notes', history: '', signal });
  const mentions = proposals.map((p) => /mentions "([^"]*)"/.exec(p.subtask)?.[1]).filter((m) => m !== undefined);
  assert.ok(mentions.length > 0);
  for (const m of mentions) assert.doesNotMatch(m, /toolbar/);
});

test('redaction keeps a quoted name the app ships whole, even where a shorter screen text (an id) lies inside it', () => {
  const sort = {
    ref: 'b1',
    class: 'Button',
    text: 'Sort by',
    id: 'sort',
    bounds: [0, 0, 10, 10] as [number, number, number, number],
    center: [5, 5] as [number, number],
    actions: ['tap' as const],
    states: [],
  };
  const block = { id: 'B1', rank: 1, score: 0, kind: 'group' as const, elements: [sort], bounds: sort.bounds };
  const known = new Set(['sort by']);
  assert.equal(redact('use the controls here ("Sort by")', [block], 'order the contacts', known), 'use the controls here ("Sort by")');
  // Outside a quoted app name the id is still cut, and without the map the name is too.
  assert.equal(redact('sort them', [block], 'order the contacts', known), '… them');
  assert.equal(redact('use the controls here ("Sort by")', [block], 'order the contacts'), 'use the controls here ("…")');
});
