// Expected snapshots of three screens of the authored demo app, written into this file and checked line by line
// against the screens' XML (which element is actionable, which label it absorbs, which state is set). Unlike the
// corpus goldens, no script rewrites them: a change here is a decision, made by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { snapshotFromDump } from '../../src/snapshot/index.js';
import { repoRoot } from '../helpers/corpus.js';

const screen = (name: string): string => readFileSync(join(repoRoot, 'assets/scenarios/demo/screens', `${name}.xml`), 'utf8');

test('settings: rows absorb title and summary; a row widget without a label keeps its id; states only when set', () => {
  assert.equal(
    snapshotFromDump(screen('settings')).text,
    [
      'b745 ImageButton Navigate up',
      't805 Settings',
      'b237 Notifications | Reminders and shared-note updates',
      ' c889 Switch #switch_widget [checked]',
      'b762 Dark theme | Use a dark background',
      ' c66 Switch #switch_widget',
      'b306 Sync over Wi-Fi only | Save mobile data',
      ' c583 CheckBox #checkbox [checked]',
      't841 Sort notes by',
      'c648 RadioButton Date edited [checked]',
      'c623 RadioButton Title',
      'b908 Account | Sign in to sync your notes',
      'b842 About | Version 1.0',
      '',
    ].join('\n'),
  );
});

test('a dialog: title, message with its apostrophe decoded, and the two buttons', () => {
  assert.equal(
    snapshotFromDump(screen('delete_dialog')).text,
    [
      't305 Delete note?',
      "t640 This note will be deleted from all your devices. You can't undo this.",
      'b435 Button Cancel',
      'b1 Button Delete',
      '',
    ].join('\n'),
  );
});

test('search results: the empty search field reads as a dump shows it, its hint as its text; each result row reads as title | snippet', () => {
  assert.equal(
    snapshotFromDump(screen('search_results')).text,
    [
      'b432 ImageButton Navigate up',
      'e636 AutoCompleteTextView Search notes',
      't74 2 results',
      'b716 Groceries | Milk, eggs, sourdough bread and coffee beans',
      'b615 Gift ideas | A scarf for Ana, a puzzle for Tom',
      '',
    ].join('\n'),
  );
});

test('sign in, as a table: verbs, ids, centres and the password tag', () => {
  const rows = snapshotFromDump(screen('signin'), { format: 'table' }).text.trimEnd().split('\n');
  assert.deepEqual(
    rows.map((r) => r.split(/\s{2,}/)),
    [
      ['REF', 'VERB', 'CLASS', 'LABEL', 'ID', 'CENTER', 'TAGS'],
      ['b745', 'tap', 'ImageButton', 'Navigate up', '-', '73,136'],
      ['t424', '-', 'TextView', 'Sign in', '-', '634,136'],
      ['t667', '-', 'TextView', 'Welcome back', '#signin_header', '540,357'],
      ['e329', 'fill', 'EditText', 'Email', '#email', '540,535'],
      ['e380', 'fill', 'EditText', '-', '#password', '540,724', 'hint="Password" password'],
      ['c788', 'check', 'CheckBox', 'Remember me', '#remember_me', '540,903'],
      ['b743', 'tap', 'Button', 'Sign in', '#sign_in', '540,1081'],
      ['b650', 'tap', 'TextView', 'Forgot password?', '#forgot_password', '540,1249'],
    ],
  );
});
