import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { blocksFromDump, lexicalScorer, mapLeads, PrivacySession, type Block } from '../../src/privacy/index.js';
import { elementsFromDump } from '../../src/privacy/elements.js';
import { parseDump } from '../../src/hierarchy/parse.js';
import type { UiMap } from '../../src/uimap/model.js';
import { MAIN, SETTINGS, mainScreen, newNoteDialog, notesMap, sortDialog } from './map-fixture.js';
import { join } from 'node:path';
import { mapDirectory } from '../../src/uimap/index.js';
import { corpusDir, droidtaskDir, readText } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';

const labelsOf = (b: Block): string[] => b.elements.flatMap((e) => [e.text, e.desc, ...(e.labels ?? [])].filter((x): x is string => !!x));
const first = (dump: string, task: string, map?: UiMap, activityName?: string): string[] =>
  labelsOf(
    blocksFromDump(dump, task, map === undefined ? {} : { map, ...(activityName === undefined ? {} : { activity: activityName }) })
      .blocks[0]!,
  );

describe('map-aware ranking', () => {
  test('the overflow button leads to the menu item the task names: it outranks the row the task quotes', () => {
    const task = "Delete the note 'Diary'";
    assert.ok(first(mainScreen(), task).includes('Diary'), 'without a map, the quoted row comes first');
    assert.ok(first(mainScreen(), task, notesMap(), `com.example.notes/.MainActivity`).includes('More options'));
  });

  test('a transition behind the overflow counts too: Settings holds the font size', () => {
    const leads = mapLeads(notesMap(), 'change the font size', elementsFromDump(parseDump(mainScreen())).elements, { activity: MAIN });
    const by = new Map([...leads].map(([e, v]) => [e.desc ?? e.text ?? e.id, v] as const));
    // Font size is two steps away (the overflow, then its Settings row): 0.8² of the best match.
    assert.ok(Math.abs(by.get('More options')! - 0.64) < 1e-9, JSON.stringify([...by]));
    assert.equal(by.has('Diary'), false);
    assert.ok(first(mainScreen(), 'change the font size', notesMap(), MAIN).includes('More options'));
  });

  test('an icon with no label is what the map calls it', () => {
    const leads = mapLeads(notesMap(), 'search notes', elementsFromDump(parseDump(mainScreen())).elements, { activity: MAIN });
    const search = [...leads].find(([e]) => e.id === 'search');
    assert.ok(search !== undefined && search[1] === Math.max(...leads.values()));
  });

  test('without the foreground activity the screen ids place it; an unknown activity by name falls back to them', () => {
    const els = elementsFromDump(parseDump(mainScreen())).elements;
    const a = mapLeads(notesMap(), 'change the font size', els, { activity: MAIN });
    for (const other of [{}, { activity: 'com.example.notes/.GoneActivity' }]) {
      const b = mapLeads(notesMap(), 'change the font size', els, other);
      assert.deepEqual(
        [...b].map(([e, v]) => [e.ref, v]),
        [...a].map(([e, v]) => [e.ref, v]),
      );
    }
    // Placed on Settings, nothing here leads anywhere (Navigate up is not on this screen).
    assert.equal(mapLeads(notesMap(), 'change the font size', els, { activity: SETTINGS }).size, 0);
  });

  test('a dialog whose field holds the value the task gives is left by its positive button', () => {
    const task = "create a note called 'Groceries'";
    // Without a map the lexical ranker already leaves the filled field behind (the screen shows the value typed).
    assert.ok(!first(newNoteDialog('Groceries'), task).includes('Groceries'), first(newNoteDialog('Groceries'), task).join('|'));
    assert.deepEqual(first(newNoteDialog('Groceries'), task, notesMap(), MAIN), ['OK']);
    // The field showing its hint is empty (the map knows the hint): typing comes first.
    assert.ok(first(newNoteDialog('Title'), task, notesMap(), MAIN).includes('Title'));
  });

  test('a radio group with the option the task names chosen is done; otherwise the option comes first', () => {
    assert.deepEqual(first(sortDialog('Date created'), 'sort notes by date', notesMap(), MAIN), ['OK']);
    const open = first(sortDialog('Title'), 'sort notes by date', notesMap(), MAIN);
    assert.ok(open.includes('Date created') && !open.includes('OK'), open.join('|'));
  });

  test('without a map the ranking is the lexical ranker’s, score for score', () => {
    for (const task of ["Delete the note 'Diary'", 'change the font size']) {
      const a = blocksFromDump(mainScreen(), task);
      const b = blocksFromDump(mainScreen(), task, { scorer: lexicalScorer() });
      assert.deepEqual(
        a.blocks.map((x) => [x.id, x.score]),
        b.blocks.map((x) => [x.id, x.score]),
      );
    }
  });

  test('a session with a map ranks each screen with it, placed by the activity given per screen', () => {
    const s = new PrivacySession({ task: "Delete the note 'Diary'", map: notesMap() });
    s.observe(mainScreen(), { activity: MAIN });
    assert.ok(labelsOf(s.next()!.block).includes('More options'));
    const plain = new PrivacySession({ task: "Delete the note 'Diary'" });
    plain.observe(mainScreen());
    assert.ok(labelsOf(plain.next()!.block).includes('Diary'));
  });
});

describe('map-aware ranking on recorded screens', { skip: requires({ shared: true }) }, () => {
  test("Simple Notes with the map of its source: the overflow button for a rename, Settings' Customize colors for a theme", async () => {
    const app = join(corpusDir, 'apps', 'notes');
    const map = await mapDirectory(join(app, 'src'), { libs: [join(app, 'commons')] });
    const rows = readText(join(droidtaskDir, 'steps.jsonl'))
      .split('\n')
      .filter((l) => l.includes('"app":"notes"'))
      .map((l) => JSON.parse(l) as { task: string; step: number; screen: string; foreground_activity: string });
    for (const [task, step, want] of [
      ["Rename the note 'diary' to 'events'", 0, 'More options'],
      ['set app theme to light and save it', 2, 'Customize colors'],
    ] as const) {
      const row = rows.find((r) => r.task === task && r.step === step)!;
      const dump = readText(join(droidtaskDir, row.screen));
      assert.ok(!labelsOf(blocksFromDump(dump, task).blocks[0]!).includes(want), `${task}: lexical`);
      const ranked = blocksFromDump(dump, task, { map, activity: row.foreground_activity });
      assert.ok(labelsOf(ranked.blocks[0]!).includes(want), `${task}: with the map`);
    }
  });
});
