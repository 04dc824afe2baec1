// When a tree line quotes a label: exactly when the bare text could be misread as the line's own syntax.
// Written from the rule, over hand-made elements.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { elementLine } from '../../src/snapshot/render.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';

const el = (over: Partial<SnapshotElement>): SnapshotElement => ({
  ref: 't1',
  class: 'TextView',
  bounds: [0, 0, 10, 10],
  center: [5, 5],
  actions: [],
  states: [],
  ...over,
});
const line = (text: string): string => elementLine(el({ text }));

test('plain labels print bare', () => {
  for (const s of ['Groceries', 'Wi-Fi', "it's 5$", 'a:b', '100%', 'Mon, Wed (2)', 'C#', 'x = y?'.replace('=', '≈')])
    assert.equal(line(s), `t1 ${s}`, s);
});

test('labels holding the line syntax are quoted as JSON strings', () => {
  const risky = [
    'Milk | eggs', // looks like two labels
    'Tags [new]', // looks like states
    '[checked]',
    'say "hi"',
    '#search', // looks like an id
    'key=value', // looks like hint=
    ' padded',
    'padded ',
    'bell\u0007',
    'esc\u001b[31m',
    'tab\there',
    'del\u007f',
    'Button Save', // first word reads as a class name
    'TextView',
  ];
  for (const s of risky) {
    const l = line(s);
    assert.ok(l.startsWith('t1 "'), l);
    // A JSON string of the label; DEL and C1 controls are escaped too (JSON.stringify leaves them raw).
    assert.equal(JSON.parse(l.slice(3)), s, JSON.stringify(s));
    assert.doesNotMatch(l, /[\u0000-\u001f\u007f-\u009f]/);
  }
});

test('the empty label is "" and each of several labels is judged alone', () => {
  assert.equal(line(''), 't1 ""');
  assert.equal(elementLine(el({ text: 'Title', labels: ['a | b', 'plain'] })), 't1 Title | "a | b" | plain');
});

test('hints follow the same rule', () => {
  assert.equal(elementLine(el({ class: 'EditText', hint: 'Search notes', actions: ['type'] })), 't1 EditText hint=Search notes');
  assert.equal(elementLine(el({ class: 'EditText', hint: 'a|b', actions: ['type'] })), 't1 EditText hint="a|b"');
});
