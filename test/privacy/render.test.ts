// The text privacy mode sends and prints (src/privacy/render.ts), written out by hand: one element per line
// (ref, class, label, description and hint when they add something, list size, id, states), a block's header,
// and the one line saying what stayed on the device.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { elementLine, renderBlock, SENSITIVE_CATEGORIES, withheldLine } from '../../src/privacy/index.js';
import { element } from '../snapshot/build.js';

describe('elementLine', () => {
  test('a field: its value, its hint, its id, editable first among the states', () => {
    const e = element('e1', [0, 0, 100, 50], {
      class: 'EditText',
      text: 'Bob',
      hint: 'Name',
      id: 'name_field',
      actions: ['tap', 'type'],
      states: ['clickable', 'focused', 'editable'],
    });
    assert.equal(elementLine(e), 'e1 EditText "Bob" hint="Name" #name_field editable focused');
  });

  test('an empty field shows its hint as its text (uiautomator): the hint is not repeated', () => {
    const e = element('e2', [0, 0, 100, 50], { class: 'EditText', text: 'Name', hint: 'Name', actions: ['type'], states: [] });
    assert.equal(elementLine(e), 'e2 EditText "Name" editable');
  });

  test('a description equal to the text is not repeated; a different one is', () => {
    assert.equal(elementLine(element('b1', [0, 0, 1, 1], { class: 'Button', text: 'OK', desc: 'OK' })), 'b1 Button "OK"');
    assert.equal(
      elementLine(element('b1', [0, 0, 1, 1], { class: 'Button', text: 'OK', desc: 'Confirm' })),
      'b1 Button "OK" desc="Confirm"',
    );
  });

  test('merged child labels, a list size, states other than clickable/checkable/editable; labels JSON-quoted', () => {
    const row = element('r1', [0, 0, 1, 1], {
      class: 'LinearLayout',
      labels: ['Say "hi"', 'to Bob'],
      actions: ['tap', 'check'],
      states: ['clickable', 'checkable', 'checked'],
    });
    assert.equal(elementLine(row), 'r1 LinearLayout "Say \\"hi\\"" "to Bob" checked');
    const list = element('s1', [0, 0, 1, 1], { class: 'RecyclerView', items: 12, id: 'list', actions: ['scroll'], states: ['scrollable'] });
    assert.equal(elementLine(list), 's1 RecyclerView [12 items] #list scrollable');
  });
});

describe('renderBlock', () => {
  const els = [element('t1', [0, 0, 1, 1], { text: 'Contacts' }), element('b2', [0, 0, 1, 1], { class: 'Button', desc: 'Search' })];
  test('a header with id, kind and rank, then one indented line per element; the score only when asked', () => {
    const b = { id: 'B3', kind: 'toolbar' as const, rank: 1, score: 2.5 };
    assert.equal(renderBlock(b, els), '[B3 toolbar · rank 1]\n  t1 TextView "Contacts"\n  b2 Button desc="Search"');
    assert.equal(renderBlock(b, els, true), '[B3 toolbar · rank 1 · score 2.5]\n  t1 TextView "Contacts"\n  b2 Button desc="Search"');
    assert.equal(renderBlock(b, []), '[B3 toolbar · rank 1]');
  });
});

describe('withheldLine', () => {
  test('the categories, in the order the ledger reports them', () => {
    assert.deepEqual(SENSITIVE_CATEGORIES, ['name', 'phone', 'email', 'address', 'message', 'password', 'card']);
  });

  test('nothing withheld', () => {
    assert.equal(withheldLine({ blocks: 0, elements: 0, chars: 0, categories: {} }), 'withheld: nothing (the whole screen was sent)');
  });

  test('one of each, no sensitive category: singular words and no parentheses', () => {
    assert.equal(withheldLine({ blocks: 1, elements: 1, chars: 1, categories: {} }), 'withheld: 1 block, 1 element, 1 char');
  });

  test('categories in the order given, singular or plural, zero counts left out', () => {
    assert.equal(
      withheldLine({
        blocks: 3,
        elements: 5,
        chars: 120,
        categories: { name: 2, phone: 1, email: 0, address: 2, message: 1, password: 1, card: 3 },
      }),
      'withheld: 3 blocks, 5 elements, 120 chars (2 names, 1 phone number, 2 addresses, 1 message text, 1 password, 3 card numbers)',
    );
    assert.equal(
      withheldLine({ blocks: 4, elements: 6, chars: 99, categories: { name: 1, phone: 2, email: 1, address: 1 } }),
      'withheld: 4 blocks, 6 elements, 99 chars (1 name, 2 phone numbers, 1 email, 1 address)',
    );
    assert.equal(
      withheldLine({ blocks: 2, elements: 2, chars: 40, categories: { email: 2, message: 3, password: 2, card: 1 } }),
      'withheld: 2 blocks, 2 elements, 40 chars (2 emails, 3 message texts, 2 passwords, 1 card number)',
    );
  });
});
