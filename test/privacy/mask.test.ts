// The masker's contract (src/privacy/mask.ts): password values never leave; each enabled kind becomes a stable,
// numbered placeholder per kind; the same value written another way shares its placeholder; emails are taken
// before their digit runs and cards before phones; unmask restores what was seen; the element given is not changed.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { countPlaceholders, Masker } from '../../src/privacy/mask.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';

const CARD = '4111 1111 1111 1111'; // passes Luhn
const NOT_CARD = '4111 1111 1111 1112'; // fails Luhn

const el = (o: Partial<SnapshotElement>): SnapshotElement => ({
  ref: 'e1',
  class: 'TextView',
  bounds: [0, 0, 100, 50],
  center: [50, 25],
  actions: [],
  states: [],
  ...o,
});

describe('Masker options', () => {
  test('nothing is redacted by default; each kind alone turns redacting on', () => {
    const none = new Masker();
    assert.deepEqual(none.options, { phones: false, emails: false, cards: false });
    assert.equal(none.redacting, false);
    const text = `call +1 415 555 0199 or mail a@b.org, card ${CARD}`;
    assert.equal(none.maskText(text), text);
    assert.equal(none.size, 0);
    for (const kind of ['phones', 'emails', 'cards'] as const) {
      const m = new Masker({ [kind]: true });
      assert.equal(m.redacting, true, kind);
      assert.equal(m.options[kind], true);
    }
  });

  test('only the enabled kind is replaced', () => {
    const text = `+1 415 555 0199 a@b.org ${CARD}`;
    assert.equal(new Masker({ phones: true }).maskText('+1 415 555 0199 a@b.org'), '[PHONE_1] a@b.org');
    assert.equal(new Masker({ emails: true }).maskText(text), `+1 415 555 0199 [EMAIL_1] ${CARD}`);
    assert.equal(new Masker({ cards: true }).maskText(text), '+1 415 555 0199 a@b.org [CARD_1]');
  });
});

describe('placeholders', () => {
  test('numbered per kind in the order first seen, one per distinct value', () => {
    const m = new Masker({ phones: true, emails: true });
    assert.equal(m.maskText('x@y.com +1 415 555 0199 z@y.com 020 7946 0958 x@y.com'), '[EMAIL_1] [PHONE_1] [EMAIL_2] [PHONE_2] [EMAIL_1]');
    assert.equal(m.size, 4);
    assert.equal(countPlaceholders('[EMAIL_1] [PHONE_1] [EMAIL_2] [PHONE_12] [CARD_3] [NAME_1] [PHONE_]'), 5);
  });

  test('a phone or card written another way shares its placeholder; an email in another case too', () => {
    const m = new Masker({ phones: true, emails: true, cards: true });
    assert.equal(m.maskText('+1 (415) 555-0199'), '[PHONE_1]');
    assert.equal(m.maskText('+14155550199'), '[PHONE_1]');
    assert.equal(m.maskText('Bob@Example.com'), '[EMAIL_1]');
    assert.equal(m.maskText('bob@example.com'), '[EMAIL_1]');
    assert.equal(m.maskText(CARD), '[CARD_1]');
    assert.equal(m.maskText(CARD.replaceAll(' ', '-')), '[CARD_1]');
    assert.equal(m.size, 3);
    // unmask gives the value as first seen
    assert.equal(m.unmask('[PHONE_1] [EMAIL_1] [CARD_1]'), `+1 (415) 555-0199 Bob@Example.com ${CARD}`);
  });

  test('an email holding a digit run is one email, not a phone inside an address', () => {
    const m = new Masker({ phones: true, emails: true });
    assert.equal(m.maskText('write to john4155550199@mail.com'), 'write to [EMAIL_1]');
    assert.equal(m.unmask('[EMAIL_1]'), 'john4155550199@mail.com');
  });

  test('a card number is a card, not a phone; digits failing Luhn are no card', () => {
    const m = new Masker({ phones: true, cards: true });
    assert.equal(m.maskText(`pay with ${CARD}`), 'pay with [CARD_1]');
    assert.equal(new Masker({ cards: true }).maskText(`pay with ${NOT_CARD}`), `pay with ${NOT_CARD}`);
  });

  test('unmask leaves unknown placeholders and other text as they are', () => {
    const m = new Masker({ phones: true });
    m.maskText('+1 415 555 0199');
    assert.equal(m.unmask('dial [PHONE_1], not [PHONE_2] or [EMAIL_1]'), 'dial +1 415 555 0199, not [PHONE_2] or [EMAIL_1]');
    assert.equal(m.unmask('no placeholders'), 'no placeholders');
  });
});

describe('maskElement', () => {
  test('text, description, hint and merged labels are masked; other fields are kept', () => {
    const m = new Masker({ phones: true, emails: true });
    const e = el({
      text: 'a@b.org',
      desc: 'call +1 415 555 0199',
      hint: 'c@d.org',
      labels: ['Bob', 'a@b.org'],
      id: 'row',
      actions: ['tap'],
      states: ['selected'],
    });
    assert.deepEqual(m.maskElement(e), {
      ...e,
      text: '[EMAIL_1]',
      desc: 'call [PHONE_1]',
      hint: '[EMAIL_2]',
      labels: ['Bob', '[EMAIL_1]'],
    });
  });

  test('the element given is not changed, nor its arrays shared', () => {
    const m = new Masker({ emails: true });
    const e = el({ text: 'a@b.org', labels: ['a@b.org'], actions: ['tap'], states: ['checked'] });
    const out = m.maskElement(e);
    out.actions.push('long');
    out.states.push('focused');
    assert.deepEqual(e, el({ text: 'a@b.org', labels: ['a@b.org'], actions: ['tap'], states: ['checked'] }));
  });

  test('a password value never leaves, with or without redaction; its hint and description still go', () => {
    for (const m of [new Masker(), new Masker({ phones: true, emails: true, cards: true })]) {
      const out = m.maskElement(
        el({ class: 'EditText', text: 'hunter2', hint: 'Password', desc: 'secret', states: ['password'], actions: ['type'] }),
      );
      assert.equal('text' in out, false);
      assert.equal(out.hint, 'Password');
      assert.equal(out.desc, 'secret');
    }
    // not a password field: the text stays (masked only where a kind matches)
    assert.equal(new Masker().maskElement(el({ text: 'hunter2' })).text, 'hunter2');
  });

  test('absent fields stay absent', () => {
    const out = new Masker({ emails: true }).maskElement(el({}));
    for (const k of ['text', 'desc', 'hint', 'labels']) assert.equal(k in out, false, k);
  });
});
