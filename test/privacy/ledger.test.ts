// The exposure ledger of one authored payment screen, step by step and to the character (src/privacy/session.ts):
// the texts that leave are written out here, the card number leaves only as its placeholder, the password
// value never leaves, and after each block the ledger says exactly what was sent and what stayed. Upload order is
// reading order (readingOrderScorer), so the accounting does not depend on the ranker.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { blocksCommand } from '../../src/cli/commands/blocks.js';
import { Masker, ownCategories, privacyView, PrivacySession, readingOrderScorer } from '../../src/privacy/index.js';
import { findPhones } from '../../src/privacy/sensitive.js';
import { button, dumpXml, label } from './fixture.js';

const W = 'android.widget.';
const CARD = '4111 1111 1111 1111';
const SECRET = 'hunter2secret';

/** A toolbar, a saved card's row (number and brand), a password-type CVC field holding a value, a Pay button. */
const payment = (): string =>
  dumpXml({
    bounds: [0, 0, 1080, 2280],
    children: [
      {
        cls: 'androidx.appcompat.widget.Toolbar',
        id: 'toolbar',
        bounds: [0, 0, 1080, 200],
        children: [label('Payment', 'toolbar_title', [40, 40, 600, 160])],
      },
      {
        cls: `${W}LinearLayout`,
        id: 'card_row',
        clickable: true,
        bounds: [0, 300, 1080, 500],
        children: [label(CARD, 'card_number', [40, 320, 800, 400]), label('Visa', 'card_brand', [40, 420, 800, 480])],
      },
      { cls: `${W}EditText`, id: 'cvc', text: SECRET, password: true, clickable: true, bounds: [40, 600, 1040, 700] },
      button('Pay', 'pay', [40, 800, 1040, 900]),
    ],
  });

// The blocks as rendered on the device (unmasked) and as sent (masked), written out by hand.
const B1 = '[B1 toolbar · rank 1]\n  t66 TextView "Payment" #toolbar_title';
const B2_LOCAL = `[B2 group · rank 2]\n  b781 LinearLayout "${CARD}" "Visa" #card_row`;
const B2_SENT = '[B2 group · rank 2]\n  b781 LinearLayout "[CARD_1]" "Visa" #card_row';
const B3 = '[B3 input · rank 3]\n  e748 EditText #cvc editable password';
const B4 = '[B4 group · rank 4]\n  b761 Button "Pay" #pay';
const TOTAL = B1.length + B2_LOCAL.length + B3.length + B4.length;

describe('the ledger of a payment screen', () => {
  test('block by block: what was sent, what stayed, which categories, how many placeholders', () => {
    const s = new PrivacySession({ task: 'pay with the Visa card', scorer: readingOrderScorer, mask: { cards: true } });
    assert.deepEqual(s.blocks(), []);
    assert.equal(s.withheldLine(), 'withheld: nothing observed yet');
    s.observe(payment());
    const e = s.ledger[0]!;
    assert.deepEqual(e.total, { blocks: 4, elements: 4, chars: TOTAL, categories: { card: 1, password: 1 } });
    assert.deepEqual(e.sent, { blocks: 0, elements: 0, chars: 0, categories: {} });
    assert.deepEqual(e.withheld, e.total);
    assert.equal(s.withheldLine(), `withheld: 4 blocks, 4 elements, ${TOTAL} chars (1 card number, 1 password)`);

    const first = s.next()!;
    assert.deepEqual([first.text, first.remaining, first.step], [B1, 3, 0]);
    assert.deepEqual(e.sent, { blocks: 1, elements: 1, chars: B1.length, categories: {} });
    assert.deepEqual(e.withheld, { blocks: 3, elements: 3, chars: TOTAL - B1.length, categories: { card: 1, password: 1 } });
    assert.equal(e.masked, 0);

    const second = s.next()!;
    assert.deepEqual([second.text, second.remaining], [B2_SENT, 2]);
    assert.deepEqual(second.elements[0]!.labels, ['[CARD_1]', 'Visa']);
    assert.deepEqual(e.sent, { blocks: 2, elements: 2, chars: B1.length + B2_SENT.length, categories: { card: 1 } });
    assert.deepEqual(e.withheld, { blocks: 2, elements: 2, chars: B3.length + B4.length, categories: { password: 1 } });
    assert.equal(e.masked, 1);
    assert.equal(s.withheldLine(), `withheld: 2 blocks, 2 elements, ${B3.length + B4.length} chars (1 password)`);

    const third = s.next()!;
    assert.deepEqual([third.text, third.remaining], [B3, 1]);
    assert.equal('text' in third.elements[0]!, false, 'the field goes without its value');
    assert.deepEqual(e.sent.categories, { card: 1, password: 1 });
    assert.deepEqual(e.withheld, { blocks: 1, elements: 1, chars: B4.length, categories: {} });
    assert.equal(s.withheldLine(), `withheld: 1 block, 1 element, ${B4.length} chars`);

    const fourth = s.next()!;
    assert.deepEqual([fourth.text, fourth.remaining], [B4, 0]);
    assert.equal(s.next(), undefined);
    assert.deepEqual(e.sentBlocks, ['B1', 'B2', 'B3', 'B4']);
    assert.deepEqual(e.sent, {
      blocks: 4,
      elements: 4,
      chars: B1.length + B2_SENT.length + B3.length + B4.length,
      categories: { card: 1, password: 1 },
    });
    assert.deepEqual(e.withheld, { blocks: 0, elements: 0, chars: 0, categories: {} });
    assert.equal(e.masked, 1);
    assert.equal(s.withheldLine(), 'withheld: nothing (the whole screen was sent)');

    // Nothing that left holds the card number or the password value.
    const left = JSON.stringify([first, second, third, fourth].map((b) => [b.text, b.elements]));
    assert.equal(left.includes('4111'), false);
    assert.equal(left.includes(SECRET), false);
    assert.equal(s.unmask('pay with [CARD_1]'), `pay with ${CARD}`);
  });

  test('totals over two steps: what share of elements and characters stayed', () => {
    const s = new PrivacySession({ task: 'pay', scorer: readingOrderScorer });
    s.observe(payment());
    s.next();
    s.observe(payment());
    s.next();
    s.next();
    const t = s.totals();
    const withheld = TOTAL - B1.length + (B4.length + B3.length);
    const sent = B1.length + B1.length + B2_LOCAL.length;
    assert.deepEqual(t.sent, { blocks: 3, elements: 3, chars: sent, categories: { card: 1 } });
    assert.deepEqual(t.withheld, { blocks: 5, elements: 5, chars: withheld, categories: { card: 1, password: 2 } });
    assert.equal(t.steps, 2);
    assert.equal(t.elementReduction, 5 / 8);
    assert.equal(t.charReduction, withheld / (withheld + sent));
  });

  test('a session that observed nothing: zero totals, zero reductions', () => {
    const t = new PrivacySession({ task: 'pay' }).totals();
    assert.deepEqual(t, {
      steps: 0,
      sent: { blocks: 0, elements: 0, chars: 0, categories: {} },
      withheld: { blocks: 0, elements: 0, chars: 0, categories: {} },
      elementReduction: 0,
      charReduction: 0,
    });
  });
});

describe('a card number is a card, not a phone number', () => {
  test('written in groups of four it is one card and no phone', () => {
    assert.deepEqual(findPhones(CARD), []);
    assert.deepEqual(findPhones('4111-1111-1111-1111'), []);
    assert.deepEqual(findPhones(`call +1 415 555 0199 or pay with ${CARD}`), ['+1 415 555 0199']);
    assert.deepEqual(
      ownCategories({ ref: 'x', class: 'TextView', text: CARD, bounds: [0, 0, 1, 1], center: [0, 0], actions: [], states: [] }),
      ['card'],
    );
  });

  test('a Luhn-valid 13-digit run is a card, a 12-digit run a phone', () => {
    assert.deepEqual(findPhones('4222222222222'), []);
    assert.deepEqual(findPhones('422222222222'), ['422222222222']);
  });

  test('with phones masked and cards not, a card number goes as it is', () => {
    assert.equal(new Masker({ phones: true }).maskText(`pay with ${CARD}`), `pay with ${CARD}`);
  });
});

describe('the same screen end to end: what glance blocks and the privacy view print', () => {
  const run = async (args: string[]): Promise<string> => {
    const out: string[] = [];
    const code = await blocksCommand(['--from', 'pay.xml', '--task', 'pay with the Visa card', ...args], {
      stdout: (x) => out.push(x),
      stderr: (x) => out.push(x),
      readFile: () => Promise.resolve(payment()),
    });
    assert.equal(code, 0);
    return out.join('');
  };

  test('every block printed, as text and as JSON: the password value never, the card number only when not redacted', async () => {
    for (const format of ['text', 'json']) {
      const plain = await run(['--format', format]);
      assert.equal(plain.includes(SECRET), false, format);
      assert.equal(plain.includes(CARD), true, `${format}: the card is shown without --redact`);
      const redacted = await run(['--format', format, '--redact', 'cards']);
      assert.equal(redacted.includes(SECRET), false, format);
      assert.equal(redacted.includes('4111'), false, format);
      assert.equal(redacted.includes('[CARD_1]'), true, format);
    }
  });

  test('the privacy view (glance ui --privacy, the MCP snapshot) with every block shown', () => {
    const view = privacyView(payment(), 'pay with the Visa card', { top: 10, mask: { cards: true } });
    assert.equal(view.includes(SECRET), false);
    assert.equal(view.includes('4111'), false);
    assert.equal(view.trimEnd().split('\n').at(-1), 'withheld: nothing (the whole screen was sent)');
  });
});
