import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { detectSensitive, Masker, ownCategories } from '../../src/privacy/index.js';
import { findCards, findEmails, findPhones, luhn } from '../../src/privacy/sensitive.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';

const el = (o: Partial<SnapshotElement>): SnapshotElement => ({
  ref: 'e1',
  class: 'TextView',
  bounds: [0, 0, 10, 10],
  center: [5, 5],
  actions: [],
  states: [],
  ...o,
});

describe('sensitive detection', () => {
  test('phones: international and local forms; not times, dates, sizes or versions', () => {
    for (const p of ['+1 415 555 0199', '12345678900', '(030) 1234-5678', '+44 20 7946 0958', '555-0100-22'])
      assert.equal(findPhones(`call ${p} now`).length, 1, p);
    for (const n of [
      '7:00 am',
      '2023.6.10',
      '05:00',
      '100%',
      'v1.2.3.4',
      '1 minute',
      '3 columns',
      'IMG_20230704_001559.jpg',
      '16-02-2021',
      '2021-02-16',
      'Build #2015960409',
    ])
      assert.deepEqual(findPhones(n), [], n);
  });

  test('emails and Luhn-checked card numbers', () => {
    assert.deepEqual(findEmails('mail alice.martin@example.com or bob@mails.co.uk'), ['alice.martin@example.com', 'bob@mails.co.uk']);
    assert.ok(luhn('4111111111111111'));
    assert.ok(!luhn('4111111111111112'));
    assert.deepEqual(findCards('card 4111 1111 1111 1111 exp'), ['4111 1111 1111 1111']);
    assert.deepEqual(findCards('order 1234 5678 9012 3456'), []);
  });

  test('categories of single elements', () => {
    assert.deepEqual(ownCategories(el({ class: 'EditText', id: 'password', states: ['password'], actions: ['type'] })), ['password']);
    assert.deepEqual(ownCategories(el({ text: 'Alice Martin', id: 'contact_name' })), ['name']);
    assert.deepEqual(ownCategories(el({ text: '221 Baker Street' })), ['address']);
    assert.deepEqual(ownCategories(el({ text: 'See you at eight, bring the tickets and the map please', id: 'message_body' })), [
      'message',
    ]);
    assert.deepEqual(ownCategories(el({ class: 'EditText', text: 'remember to water the garden', actions: ['tap', 'type'] })), ['message']);
    // An empty field whose hint is dumped as its text is not message text.
    assert.deepEqual(ownCategories(el({ class: 'EditText', text: 'Search', actions: ['tap', 'type'] })), []);
    assert.deepEqual(ownCategories(el({ class: 'Button', text: 'Call History', id: 'tab_name' })), []);
    assert.deepEqual(ownCategories(el({ text: 'Settings' })), []);
    // Hints dumped as the value of empty contact fields are not personal data.
    assert.deepEqual(ownCategories(el({ class: 'EditText', text: 'Surname', id: 'contact_surname', actions: ['tap', 'type'] })), []);
    assert.deepEqual(ownCategories(el({ class: 'EditText', text: 'Address', id: 'contact_address', actions: ['tap', 'type'] })), []);
    // App strings are not message text: a settings row's summary, a dialog's android:id/message.
    assert.deepEqual(
      ownCategories(
        el({ labels: ['Prevent phone from sleeping while the app is in foreground'], id: 'settings_prevent_holder', actions: ['tap'] }),
      ),
      [],
    );
    assert.deepEqual(ownCategories(el({ text: 'Please make sure the alarm works properly before relying on it', id: 'message' })), []);
  });

  test('a capitalised label next to a phone number is a name', () => {
    const name = el({ ref: 'a', text: 'Jack Ryan' });
    const phone = el({ ref: 'b', text: '+1 202 555 0143' });
    const alone = el({ ref: 'c', text: 'Groceries' });
    assert.deepEqual(detectSensitive([name, phone, alone], [[name, phone], [alone]]), [['name'], ['phone'], []]);
    assert.deepEqual(detectSensitive([name], [[name]]), [[]]);
    // A row whose merged labels hold a name and a number.
    assert.deepEqual(detectSensitive([el({ labels: ['Call back', 'Alice Martin +1 415 555 0199'] })]), [['phone', 'name']]);
  });
});

describe('masking', () => {
  test('only the enabled kinds are replaced; placeholders are stable and reversible', () => {
    const m = new Masker({ phones: true, cards: true });
    const s = m.maskText('Alice +1 415 555 0199, alice@example.com, card 4111 1111 1111 1111');
    assert.equal(s, 'Alice [PHONE_1], alice@example.com, card [CARD_1]');
    assert.equal(m.maskText('again +14155550199'), 'again [PHONE_1]');
    assert.equal(m.maskText('other 020 7946 0958'), 'other [PHONE_2]');
    assert.equal(m.unmask('dial [PHONE_2] and pay with [CARD_1]'), 'dial 020 7946 0958 and pay with 4111 1111 1111 1111');
  });

  test('a password element loses its value even if a dump carried one', () => {
    const m = new Masker();
    const out = m.maskElement(el({ class: 'EditText', text: 'hunter2', states: ['password'], actions: ['type'] }));
    assert.equal(out.text, undefined);
    assert.deepEqual(out.states, ['password']);
  });

  test('labels merged into a row are masked too', () => {
    const m = new Masker({ emails: true });
    const out = m.maskElement(el({ labels: ['Bob', 'bob@example.com'] }));
    assert.deepEqual(out.labels, ['Bob', '[EMAIL_1]']);
  });
});
