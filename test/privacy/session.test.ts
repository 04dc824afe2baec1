import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { PrivacySession, privacyView, type Exposure, type LedgerEntry } from '../../src/privacy/index.js';
import { loginDialog, notesScreen } from './fixture.js';

const sum = (a: Exposure, b: Exposure): Omit<Exposure, 'categories'> => ({
  blocks: a.blocks + b.blocks,
  elements: a.elements + b.elements,
  chars: a.chars + b.chars,
});
const plain = ({ blocks, elements, chars }: Exposure): Omit<Exposure, 'categories'> => ({ blocks, elements, chars });

function assertBalanced(e: LedgerEntry): void {
  assert.deepEqual(sum(e.sent, e.withheld), plain(e.total));
  for (const [c, n] of Object.entries(e.total.categories)) {
    const k = c as keyof Exposure['categories'];
    assert.equal((e.sent.categories[k] ?? 0) + (e.withheld.categories[k] ?? 0), n, c);
  }
}

describe('accumulation session', () => {
  test('hands out blocks in rank order, one per request, and keeps the ledger balanced', () => {
    const s = new PrivacySession({ task: 'call Alice' });
    const r = s.observe(notesScreen());
    const got: string[] = [];
    for (;;) {
      const b = s.next();
      if (b === undefined) break;
      got.push(b.block.id);
      assert.equal(b.remaining, r.blocks.length - got.length);
      assert.ok(b.text.startsWith(`[${b.block.id} `));
      assertBalanced(s.ledger[0]!);
    }
    assert.deepEqual(
      got,
      r.blocks.map((b) => b.id),
    );
    const e = s.ledger[0]!;
    assert.deepEqual(e.sentBlocks, got);
    assert.deepEqual(plain(e.withheld), { blocks: 0, elements: 0, chars: 0 });
    assert.deepEqual(e.withheld.categories, {});
    assert.equal(s.next(), undefined);
  });

  test('reorder: the device side sets the upload order of the unsent blocks; ranks renumbered, ledger balanced', () => {
    const s = new PrivacySession({ task: 'call Alice' });
    const r = s.observe(notesScreen());
    const ids = s.blocks().map((b) => b.id);
    assert.ok(ids.length >= 3, `${ids.length} blocks`);
    const first = s.next()!;
    assert.equal(first.block.id, ids[0]);
    // Last block next, then the one before it; the others keep their rank order after them.
    const want = [ids.at(-1)!, ids.at(-2)!];
    s.reorder([...want, first.block.id]);
    const rest = ids.slice(1, -2);
    const got: string[] = [];
    for (let b = s.next(); b !== undefined; b = s.next()) {
      got.push(b.block.id);
      assert.equal(b.block.rank, got.length + 1);
      assert.ok(b.text.startsWith(`[${b.block.id} ${b.block.kind} · rank ${got.length + 1}]`), b.text);
      assertBalanced(s.ledger[0]!);
    }
    assert.deepEqual(got, [...want, ...rest]);
    assert.deepEqual(s.ledger[0]!.sentBlocks, [ids[0], ...want, ...rest]);
    assert.deepEqual(plain(s.ledger[0]!.withheld), { blocks: 0, elements: 0, chars: 0 });
    assert.equal(r.blocks.length, ids.length);
  });

  test('the ledger names the sensitive categories on screen and what stayed on the device', () => {
    const s = new PrivacySession({ task: 'change the font size' });
    s.observe(notesScreen());
    const first = s.next()!;
    assert.ok(first.elements.some((e) => e.desc === 'More options'));
    const e = s.ledger[0]!;
    for (const c of ['phone', 'email', 'name', 'message'] as const) {
      assert.ok((e.total.categories[c] ?? 0) >= 1, `detected ${c}`);
      assert.equal(e.sent.categories[c], undefined, `${c} not sent with the toolbar`);
      assert.equal(e.withheld.categories[c], e.total.categories[c]);
    }
    assert.match(s.withheldLine(), /^withheld: \d+ blocks, \d+ elements, \d+ chars \(.*phone number.*\)$/);
  });

  test('steps accumulate; recorded actions steer later ranking; totals sum the steps', () => {
    const s = new PrivacySession({ task: 'sort by date in descending order' });
    s.observe(notesScreen());
    s.next();
    s.record({ label: 'More options' });
    s.observe(notesScreen());
    const second = s.next()!;
    assert.equal(second.step, 1);
    assert.ok(!second.elements.some((e) => e.desc === 'More options'), 'the block just acted on is not sent first again');
    const t = s.totals();
    assert.equal(t.steps, 2);
    assert.equal(t.sent.blocks, 2);
    assert.ok(t.elementReduction > 0 && t.elementReduction < 1);
  });

  test('password values never leave, even with the whole screen sent', () => {
    const s = new PrivacySession({ task: 'sign in' });
    s.observe(loginDialog());
    const texts: string[] = [];
    for (let b = s.next(); b !== undefined; b = s.next()) texts.push(b.text, JSON.stringify(b.elements));
    assert.ok(texts.length > 0);
    assert.ok(!texts.join('\n').includes('hunter2secret'));
    assert.equal(s.ledger[0]!.total.categories.password, 1);
  });

  test('redaction: stable placeholders in what is sent, real values back with unmask', () => {
    const s = new PrivacySession({ task: 'call Alice', mask: { phones: true, emails: true } });
    s.observe(notesScreen());
    const all: string[] = [];
    for (let b = s.next(); b !== undefined; b = s.next()) all.push(b.text);
    const text = all.join('\n');
    assert.ok(!text.includes('555 0199') && !text.includes('alice.martin@example.com'));
    assert.match(text, /\[PHONE_1\]/);
    assert.match(text, /\[EMAIL_1\]/);
    assert.equal(
      s.unmask('type [PHONE_1] then [EMAIL_1] and [PHONE_9]'),
      'type +1 415 555 0199 then alice.martin@example.com and [PHONE_9]',
    );
    // The same value on the next screen gets the same placeholder.
    s.observe(notesScreen());
    const again: string[] = [];
    for (let b = s.next(); b !== undefined; b = s.next()) again.push(b.text);
    assert.match(again.join('\n'), /\[PHONE_1\]/);
    assert.doesNotMatch(again.join('\n'), /\[PHONE_2\]/);
    assert.ok(s.ledger[0]!.masked >= 2);
  });

  test('privacyView prints the top block and one withheld line', () => {
    const out = privacyView(notesScreen(), 'call Alice').trimEnd().split('\n');
    assert.match(out[0]!, /^\[B\d+ [a-z]+ · rank 1\]$/);
    assert.match(out.at(-1)!, /^withheld: /);
    assert.equal(out.filter((l) => l.startsWith('[')).length, 1);
    const two = privacyView(notesScreen(), 'call Alice', { top: 2 }).trimEnd().split('\n');
    assert.equal(two.filter((l) => l.startsWith('[B')).length, 2);
  });
});
