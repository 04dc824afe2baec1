// The sensitive-data rules one at a time (src/privacy/sensitive.ts, the table in docs/privacy.md), each with
// what it must catch and what it must leave, the categories written out: these counts are what the ledger
// reports as withheld or sent.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { detectSensitive, ownCategories } from '../../src/privacy/index.js';
import { findCards, findEmails, findPhones, luhn } from '../../src/privacy/sensitive.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';
import { element } from '../snapshot/build.js';

let k = 0;
const el = (o: Partial<SnapshotElement>): SnapshotElement => element(`e${++k}`, [0, 0, 10, 10], o);
const cats = (o: Partial<SnapshotElement>) => ownCategories(el(o));
const field = (text: string, o: Partial<SnapshotElement> = {}) => cats({ class: 'EditText', text, actions: ['tap', 'type'], ...o });

describe('numbers', () => {
  test('Luhn: 13 to 19 digits whose checksum holds', () => {
    assert.deepEqual(
      [
        '424242424242',
        '4242424242422',
        '378282246310005',
        '4111111111111111',
        '4242424242424242428',
        '42424242424242424242',
        '4111111111111112',
      ].map(luhn),
      [false, true, true, true, true, false, false],
    );
  });

  test('cards: Luhn-valid runs in groups of up to four, or in one piece', () => {
    assert.deepEqual(findCards('pay 4242 4242 4242 4242 428 now'), ['4242 4242 4242 4242 428']);
    assert.deepEqual(findCards('amex 378282246310005'), ['378282246310005']);
    assert.deepEqual(findCards('id 4111111111111111'), ['4111111111111111']);
    assert.deepEqual(findCards('no 42424242424242424242'), []);
  });

  test('phones: 7 to 15 digits; not 6, not 16; with a country code and an area code in parentheses', () => {
    assert.deepEqual(findPhones('5550100'), ['5550100']);
    assert.deepEqual(findPhones('555010'), []);
    assert.deepEqual(findPhones('123456789012345'), ['123456789012345']);
    assert.deepEqual(findPhones('1234567890123456'), []);
    assert.deepEqual(findPhones('call +49 30 1234567.'), []);
    assert.deepEqual(findPhones('call +49 30 1234567, then +1 (415) 555-0199'), ['+49 30 1234567', '+1 (415) 555-0199']);
    // A Luhn-valid 13-digit run is a card, not a phone.
    assert.deepEqual(findPhones('4242424242422'), []);
  });

  test('emails: a top-level domain of two letters or more, subdomains, tags', () => {
    assert.deepEqual(findEmails('a@b.c a@b.co x.y+tag@mail.example.org'), ['a@b.co', 'x.y+tag@mail.example.org']);
    assert.deepEqual(findEmails('alice@x.com'), ['alice@x.com']);
  });
});

describe('addresses', () => {
  test('a street pattern: a number, up to four capitalised words, a street word', () => {
    assert.deepEqual(cats({ text: '1600 Pennsylvania Ave' }), ['address']);
    assert.deepEqual(cats({ text: 'Meet at 10 Downing St. at noon' }), ['address']);
    assert.deepEqual(cats({ text: '5 rue de Rivoli' }), ['address']);
    assert.deepEqual(cats({ text: '1 Old Kent Long Green Road' }), ['address']);
    assert.deepEqual(cats({ text: '1 Old Kent Long Green Big Road' }), []);
    assert.deepEqual(cats({ text: 'Order 123456 Main Street' }), []);
    assert.deepEqual(cats({ text: '3 items' }), []);
    assert.deepEqual(cats({ text: 'Buy 3 Big Stones' }), []);
  });

  test('an address-like id: any value but a link or a UI word', () => {
    assert.deepEqual(cats({ text: 'Springfield', id: 'home_address' }), ['address']);
    assert.deepEqual(cats({ text: 'Springfield', id: 'address_line' }), ['address']);
    assert.deepEqual(cats({ text: 'Springfield', id: 'postal' }), ['address']);
    assert.deepEqual(cats({ text: 'Springfield', id: 'ipaddress' }), []);
    assert.deepEqual(cats({ text: 'https://maps.example.org', id: 'web_address' }), []);
    assert.deepEqual(cats({ text: 'WWW.example.org', id: 'web_address' }), []);
    assert.deepEqual(cats({ text: 'Main office (map: https://maps.example.org)', id: 'office_address' }), ['address']);
    assert.deepEqual(cats({ text: 'Home', id: 'address' }), []);
  });
});

describe('names', () => {
  test('a name-like id with a capitalised label of one to three words, up to 40 characters', () => {
    assert.deepEqual(cats({ text: 'Bob', id: 'sender' }), ['name']);
    assert.deepEqual(cats({ text: 'Alice Martin Smith', id: 'display_name' }), ['name']);
    assert.deepEqual(cats({ text: 'Zoë', id: 'author' }), ['name']);
    assert.deepEqual(cats({ text: 'Alice Martin Smith Jones', id: 'display_name' }), []);
    assert.deepEqual(cats({ text: 'alice', id: 'contact_name' }), []);
    assert.deepEqual(cats({ text: 'Bob', id: 'username' }), []);
    assert.deepEqual(cats({ text: `A${'b'.repeat(39)}`, id: 'sender' }), ['name']);
    assert.deepEqual(cats({ text: `A${'b'.repeat(40)}`, id: 'sender' }), []);
    assert.deepEqual(cats({ text: 'New group', id: 'contact_name' }), []);
    // Two letters are enough; a UI word must be a whole word ("Callum" is no "Call"); iOS identifiers are capitalised.
    assert.deepEqual(cats({ text: 'Al', id: 'sender' }), ['name']);
    assert.deepEqual(cats({ text: 'Callum', id: 'sender' }), ['name']);
    assert.deepEqual(cats({ text: 'Bob', id: 'Sender' }), ['name']);
    assert.deepEqual(cats({ labels: ['Alice', 'Mobile'], id: 'contact_name' }), ['name']);
  });

  test('a capitalised label next to a phone number, an email or an address in its block is a name', () => {
    const name = el({ text: 'Jack Ryan' });
    const mail = el({ text: 'jack@example.org' });
    const street = el({ text: '221 Baker Street' });
    const note = el({ text: 'See you at the harbour tomorrow morning, bring the map', id: 'message_body' });
    assert.deepEqual(detectSensitive([name, mail], [[name, mail]]), [['name'], ['email']]);
    assert.deepEqual(detectSensitive([name, street], [[name, street]]), [['name'], ['address']]);
    assert.deepEqual(detectSensitive([name, note], [[name, note]]), [[], ['message']]);
    // Apart, or without blocks, it is not.
    assert.deepEqual(detectSensitive([name, mail], [[name], [mail]]), [[], ['email']]);
    assert.deepEqual(detectSensitive([name, mail]), [[], ['email']]);
    // A neighbour outside the elements asked about still counts.
    assert.deepEqual(detectSensitive([name], [[name, mail]]), [['name']]);
    // A UI word is no name, even next to a number.
    const button = el({ text: 'Call back' });
    assert.deepEqual(detectSensitive([button, mail], [[button, mail]]), [[], ['email']]);
  });

  test('two or three capitalised words beside a number or an email in the same label are a name', () => {
    assert.deepEqual(cats({ text: 'Bob Stone bob@example.org' }), ['email']);
    assert.deepEqual(detectSensitive([el({ text: 'Bob Stone bob@example.org' })]), [['email', 'name']]);
    assert.deepEqual(detectSensitive([el({ text: 'Alice +1 415 555 0199' })]), [['phone']]);
    // At most three words make the run: a UI word after them ("Mobile") does not undo the name.
    assert.deepEqual(detectSensitive([el({ text: 'Anna Maria Lopez Mobile +1 415 555 0199' })]), [['phone', 'name']]);
    assert.deepEqual(detectSensitive([el({ text: 'Call History +1 415 555 0199' })]), [['phone']]);
    // A street's words are no name, nor an address field's value; a name beside a street and a number is.
    assert.deepEqual(detectSensitive([el({ text: '221 Baker Street' })]), [['address']]);
    assert.deepEqual(detectSensitive([el({ text: 'Springfield Gardens', id: 'home_address' })]), [['address']]);
    assert.deepEqual(detectSensitive([el({ text: '221 Baker Street, +1 415 555 0199' })]), [['phone', 'address']]);
    assert.deepEqual(detectSensitive([el({ text: 'Alice Martin, 221 Baker Street, +1 415 555 0199' })]), [
      ['phone', 'address', 'message', 'name'],
    ]);
    // One row's labels: a name beside its number or street is a name; a UI word or an address field's words are not.
    assert.deepEqual(detectSensitive([el({ labels: ['Alice', '+1 415 555 0199'] })]), [['phone', 'name']]);
    assert.deepEqual(detectSensitive([el({ labels: ['Bob', '221 Baker Street'] })]), [['address', 'name']]);
    assert.deepEqual(detectSensitive([el({ labels: ['Home', 'alice@example.org'] })]), [['email']]);
    assert.deepEqual(detectSensitive([el({ labels: ['Alice', 'alice@example.org'] })]), [['email', 'name']]);
    const field = el({ labels: ['Springfield', 'Gardens'], id: 'home_address' });
    assert.deepEqual(detectSensitive([field], [[field]]), [['address']]);
    // The email's own words are no name.
    assert.deepEqual(detectSensitive([el({ text: 'Write Alice@Example.org' })]), [['email']]);
    // A name category of its own is kept as it is, not added twice beside a number.
    const named = el({ text: 'Alice Martin', id: 'contact_name' });
    const number = el({ text: '+1 415 555 0199' });
    assert.deepEqual(detectSensitive([named, number], [[named, number]]), [['name'], ['phone']]);
    assert.deepEqual(detectSensitive([el({ text: 'Alice Martin', id: 'contact_name' })]), [['name']]);
  });
});

describe('message text', () => {
  test('a message-like view holding two characters or more; not an app string, not a button', () => {
    assert.deepEqual(cats({ text: 'ok', id: 'sms_text' }), ['message']);
    assert.deepEqual(cats({ text: 'milk', id: 'notetext' }), ['message']);
    assert.deepEqual(cats({ text: 'milk', id: 'textcontent' }), ['message']);
    assert.deepEqual(cats({ text: 'hi', id: 'MessageBody' }), ['message']);
    assert.deepEqual(cats({ text: 'hi', id: 'sms_message' }), ['message']);
    assert.deepEqual(cats({ text: 'Delete all?', id: 'Message' }), []);
    assert.deepEqual(cats({ text: 'k', id: 'sms_text' }), []);
    assert.deepEqual(cats({ labels: ['Lunch?'], id: 'conversation_preview' }), ['message']);
    assert.deepEqual(cats({ text: 'Team chat', id: 'chat_title' }), []);
    assert.deepEqual(cats({ text: 'Allow access', id: 'permission_message' }), []);
    assert.deepEqual(cats({ class: 'Button', text: 'Reply', id: 'reply' }), []);
    assert.deepEqual(cats({ class: 'TextView', text: 'Reply', id: 'reply' }), ['message']);
  });

  test('text typed into a field: two words or more, not its hint, not a UI phrase, not a hint with an ellipsis', () => {
    assert.deepEqual(field('see you soon'), ['message']);
    assert.deepEqual(field('see you'), ['message']);
    assert.deepEqual(field('wait... then go'), ['message']);
    assert.deepEqual(field('12345'), []);
    assert.deepEqual(field('Type a message…'), []);
    assert.deepEqual(field('Type a message...'), []);
    assert.deepEqual(field('Where to meet', { hint: 'Where to meet' }), []);
    assert.deepEqual(field('Where to meet', { hint: 'Place' }), ['message']);
    assert.deepEqual(field('Send message'), []);
    assert.deepEqual(cats({ text: 'see you soon' }), [], 'not typed: a label');
  });

  test('prose: 40 characters and six words or more, in a view not tapped or in merged labels; not an app string', () => {
    const prose = 'The quick brown fox jumps over the lazy dog';
    assert.deepEqual(cats({ text: prose }), ['message']);
    assert.deepEqual(cats({ text: prose, actions: ['tap'] }), []);
    assert.deepEqual(cats({ labels: ['Groceries', prose], actions: ['tap'] }), ['message']);
    assert.deepEqual(cats({ text: prose, id: 'settings_theme_summary' }), []);
    assert.deepEqual(cats({ text: 'Thequickbrownfoxjumpsoverthelazydog and more' }), []);
    assert.deepEqual(cats({ text: 'a b c d e f' }), []);
    // The limits: 40 characters (8 words here), six words (53 characters here).
    assert.deepEqual(cats({ text: 'The quick brown fox jumps over lazy dogs' }), ['message']);
    assert.deepEqual(cats({ text: 'The quick brown fox jumps over lazy dog' }), []);
    assert.deepEqual(cats({ text: 'Wonderful afternoon swimming lessons tomorrow morning' }), ['message']);
    assert.deepEqual(cats({ text: 'Wonderful afternoon swimming lessons tomorrowmorning' }), []);
  });
});

describe('passwords and empty labels', () => {
  test('a password field is a password whatever it shows; an element with no label has no other category', () => {
    assert.deepEqual(cats({ class: 'EditText', id: 'sms_body', states: ['password'], actions: ['type'] }), ['password']);
    assert.deepEqual(cats({ class: 'EditText', text: 'bob@example.org', states: ['password'], actions: ['type'] }), ['password', 'email']);
    assert.deepEqual(cats({ id: 'home_address' }), []);
  });
});
