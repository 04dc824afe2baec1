// What an action did, in words, from the demo screens before and after it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { outcomeOf } from '../../src/agent/outcome.js';
import type { HistoryEntry } from '../../src/agent/policy.js';
import type { AgentAction, Observation } from '../../src/agent/types.js';
import { snapshotFromDump } from '../../src/snapshot/snapshot.js';
import { repoRoot } from '../helpers/corpus.js';

function screen(name: string, activity: string, edit?: (xml: string) => string): Observation {
  let dump = readFileSync(join(repoRoot, 'assets/scenarios/demo/screens', `${name}.xml`), 'utf8');
  if (edit !== undefined) dump = edit(dump);
  const s = snapshotFromDump(dump);
  return { screen: { ...s.screen, package: 'dev.glance.demo', activity: `.${activity}` }, elements: [...s.elements], text: s.text, dump };
}
const did = (obs: Observation, action: AgentAction, newScreen = false): HistoryEntry => ({
  observation: obs,
  decision: { action },
  result: { ok: true, changed: true, newScreen, diff: '' },
});

test('outcomes: new screen, another app, a switch, a field, a list at its end, the same screen, a failure', () => {
  const home = screen('home', 'MainActivity');
  const settings = screen('settings', 'SettingsActivity');
  const settingsRef = home.elements.find((e) => e.desc === 'Settings')!.ref;
  assert.equal(outcomeOf(did(home, { kind: 'tap', target: settingsRef }, true), settings), 'new screen SettingsActivity "Settings"');
  const launcher: Observation = { ...home, screen: { ...home.screen, package: 'com.android.launcher3' } };
  assert.equal(
    outcomeOf(did(home, { kind: 'tap', target: settingsRef }), launcher),
    'another app came to the front: com.android.launcher3',
  );

  const row = settings.elements.find((e) => e.labels?.[0] === 'Dark theme')!;
  const dark = screen('settings', 'SettingsActivity', (x) => x.replace(/(switch_widget"[^>]*?checked=")false"/, '$1true"'));
  const darkNow = dark.elements.find((e) => e.parent === row.ref)!;
  assert.ok(darkNow.states.includes('checked'), 'the fixture edit switched Dark theme on');
  assert.equal(outcomeOf(did(settings, { kind: 'tap', target: row.ref }), dark), '"Dark theme" is now on');
  assert.equal(outcomeOf(did(settings, { kind: 'tap', target: row.ref }), settings), '"Dark theme" is still off');

  const signin = screen('signin', 'SignInActivity');
  const email = signin.elements.find((e) => e.id === 'email')!;
  const typed = screen('signin', 'SignInActivity', (x) => x.replace('text="Email" hint="Email"', 'text="ana@example.com" hint="Email"'));
  assert.equal(
    outcomeOf(did(signin, { kind: 'type', target: email.ref, text: 'ana@example.com' }), typed),
    'the field now holds "ana@example.com"',
  );
  const pw = signin.elements.find((e) => e.states.includes('password'))!;
  assert.equal(outcomeOf(did(signin, { kind: 'type', target: pw.ref, text: 'x' }), signin), 'the password field is filled (hidden)');

  assert.equal(outcomeOf(did(settings, { kind: 'scroll', direction: 'down' }), settings), 'the list is at its end: nothing moved');
  assert.equal(outcomeOf(did(home, { kind: 'tap', target: home.elements[0]!.ref }), home), 'same screen, nothing changed');
  const failed: HistoryEntry = {
    observation: home,
    decision: { action: { kind: 'tap', target: 'b999' } },
    result: { ok: false, changed: false, newScreen: false, diff: '', error: { code: 'REF_NOT_FOUND', message: 'no element b999' } },
  };
  assert.equal(outcomeOf(failed, home), 'failed: no element b999');
});

test('a radio button tapped: the option is now chosen (or still, when it was)', () => {
  const settings = screen('settings', 'SettingsActivity');
  const byTitle = screen('settings', 'SettingsActivity', (x) =>
    x
      .replace('text="Date edited" checkable="true" checked="true"', 'text="Date edited" checkable="true"')
      .replace('text="Title" checkable="true"', 'text="Title" checkable="true" checked="true"'),
  );
  const title = settings.elements.find((e) => e.text === 'Title')!;
  const date = settings.elements.find((e) => e.text === 'Date edited')!;
  assert.ok(byTitle.elements.find((e) => e.ref === title.ref)!.states.includes('checked'), 'the fixture edit chose Title');
  assert.equal(outcomeOf(did(settings, { kind: 'tap', target: title.ref }), byTitle), '"Title" is now chosen');
  assert.equal(outcomeOf(did(settings, { kind: 'tap', target: date.ref }), settings), '"Date edited" is still chosen');
  // A radio that is not checked after the tap says nothing of the kind.
  assert.equal(outcomeOf(did(settings, { kind: 'tap', target: title.ref }), settings), 'same screen, nothing changed');
});

test('in one activity: a dialog or a menu opened over the screen, and its closing, are not a "new screen"', () => {
  const note = screen('note_groceries', 'NoteActivity');
  const dialog = screen('delete_dialog', 'NoteActivity');
  const tap = { kind: 'tap', target: note.elements[0]!.ref } as const;
  assert.equal(outcomeOf(did(note, tap, true), dialog), 'a dialog opened "Delete note?"');
  const cancel = dialog.elements.find((e) => e.text === 'Cancel')!;
  assert.match(outcomeOf(did(dialog, { kind: 'tap', target: cancel.ref }, true), note), /^the dialog closed, back on the screen/);
  // An overflow menu: the front window is a column of rows, smaller than the screen (the dump is that window's).
  const rows = ['Rename note', 'Share', 'Settings', 'About'].map(
    (t, i) =>
      `<node index="${i}" text="" resource-id="" class="android.widget.LinearLayout" package="p" content-desc="" checkable="false" checked="false" ` +
      `clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" ` +
      `selected="false" bounds="[530,${194 + i * 132}][1069,${326 + i * 132}]"><node index="0" text="${t}" resource-id="p:id/title" ` +
      `class="android.widget.TextView" package="p" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" ` +
      `focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" ` +
      `bounds="[572,${220 + i * 132}][1000,${300 + i * 132}]" /></node>`,
  );
  const dump = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">${rows.join('')}</hierarchy>`;
  const s = snapshotFromDump(dump);
  const menu: Observation = {
    screen: { ...s.screen, package: 'dev.glance.demo', activity: '.NoteActivity' },
    elements: [...s.elements],
    text: s.text,
    dump,
  };
  assert.ok(menu.screen.width * menu.screen.height < note.screen.width * note.screen.height * 0.5, 'the menu window is the smaller screen');
  assert.equal(outcomeOf(did(note, tap, true), menu), 'a menu opened (4 items)');
  assert.match(outcomeOf(did(menu, { kind: 'tap', target: menu.elements[0]!.ref }, true), note), /^the menu closed, back on the screen/);
});
