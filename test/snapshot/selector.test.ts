import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { GlanceError } from '../../src/errors.js';
import { findElements, isRefLike, parseSelector, resolveTarget, snapshotFromDump, type Snapshot } from '../../src/snapshot/index.js';
import { n, screen } from './build.js';

// A small settings-like screen, laid out so that the layout relations have clear answers:
//   Title                    [0,0–1080,100]
//   Name  label | EditText   [0,200–300,300] | [300,200–1080,300]
//   Email label | EditText   [0,300–300,400] | [300,300–1080,400]
//   list (Wi-Fi row + switch, Bluetooth row)   [0,500–1080,900]
//   Cancel  OK               [0,1000–540,1100]  [540,1000–1080,1100]
const snap: Snapshot = snapshotFromDump(
  screen([
    n('TextView', { text: 'Settings', bounds: [0, 0, 1080, 100] }),
    n('TextView', { text: 'Name', bounds: [0, 200, 300, 300] }),
    n('EditText', { id: 'name', hint: 'Your name', clickable: true, focused: true, bounds: [300, 200, 1080, 300] }),
    n('TextView', { text: 'Email', bounds: [0, 300, 300, 400] }),
    n('EditText', { id: 'email', text: 'a@b.c', clickable: true, bounds: [300, 300, 1080, 400] }),
    n('androidx.recyclerview.widget.RecyclerView', { id: 'list', scrollable: true, bounds: [0, 500, 1080, 900] }, [
      n('LinearLayout', { clickable: true, bounds: [0, 500, 1080, 700] }, [
        n('TextView', { text: 'Wi-Fi', bounds: [0, 500, 800, 700] }),
        n('Switch', { checkable: true, checked: true, clickable: true, id: 'toggle', bounds: [800, 500, 1080, 700] }),
      ]),
      n('LinearLayout', { clickable: true, bounds: [0, 700, 1080, 900] }, [
        n('TextView', { text: 'Bluetooth', bounds: [0, 700, 800, 900] }),
        n('Switch', { checkable: true, clickable: true, id: 'toggle', enabled: false, bounds: [800, 700, 1080, 900] }),
      ]),
    ]),
    n('Button', { text: 'Cancel', clickable: true, bounds: [0, 1000, 540, 1100] }),
    n('Button', { text: 'OK', clickable: true, bounds: [540, 1000, 1080, 1100] }),
  ]),
);

/** Names of the matches: label, else id. */
function find(sel: string): string[] {
  return findElements(snap, sel).map((e) => e.text ?? e.labels?.[0] ?? (e.id === undefined ? e.class : '#' + e.id));
}

function errorOf(sel: string): GlanceError {
  try {
    parseSelector(sel);
  } catch (e) {
    assert.ok(e instanceof GlanceError);
    return e;
  }
  assert.fail(`"${sel}" parsed`);
}

describe('parseSelector', () => {
  test('builds an AST of alternatives, compounds and simple selectors', () => {
    assert.deepEqual(parseSelector('Button[text="OK"]:enabled, #name'), {
      alternatives: [
        {
          parts: [
            { type: 'class', name: 'Button' },
            { type: 'attr', name: 'text', op: '=', value: 'OK' },
            { type: 'state', name: 'enabled' },
          ],
        },
        { parts: [{ type: 'id', name: 'name' }] },
      ],
    });
  });

  test('relations nest selectors; near takes a distance; a space is a descendant combinator', () => {
    assert.deepEqual(parseSelector(':near(Button, 40)').alternatives[0]!.parts[0], {
      type: 'relation',
      relation: 'near',
      selector: { alternatives: [{ parts: [{ type: 'class', name: 'Button' }] }] },
      px: 40,
    });
    const below = parseSelector('EditText:below([text~=name], Switch)').alternatives[0]!.parts[1]!;
    assert.equal(below.type === 'relation' && below.selector.alternatives.length, 2);
    const desc = parseSelector('#list Switch').alternatives[0]!;
    assert.deepEqual(desc.ancestor, { parts: [{ type: 'id', name: 'list' }] });
    assert.deepEqual(parseSelector(":has-text('it\\'s')").alternatives[0]!.parts, [{ type: 'hasText', text: "it's" }]);
  });

  test('quoted values keep brackets, commas and escapes', () => {
    assert.deepEqual(parseSelector('[desc="a, [b] \\"c\\""]').alternatives[0]!.parts[0], {
      type: 'attr',
      name: 'desc',
      op: '=',
      value: 'a, [b] "c"',
    });
    assert.deepEqual(parseSelector('[text=Sort by]').alternatives[0]!.parts[0], { type: 'attr', name: 'text', op: '=', value: 'Sort by' });
  });

  test('bad selectors: SELECTOR_INVALID with the position and a hint', () => {
    const cases: Array<[string, number, RegExp]> = [
      ['', 0, /empty/],
      ['[text=', 6, /"]" expected/],
      ['Button:foo', 6, /unknown pseudo-class ":foo"/],
      [':below(', 7, /selector expected/],
      ['a,,b', 2, /selector expected/],
      ['[colour=red]', 1, /unknown attribute "colour"/],
      [':has-text("open', 10, /unterminated string/],
      [':checked(1)', 8, /takes no argument/],
      [':below(A, 20)', 8, /takes one selector/],
      ['Button)', 6, /unexpected "\)"/],
      ['[text!=x]', 5, /"=", "~=", "\^=" or "\$=" expected/],
    ];
    for (const [sel, pos, msg] of cases) {
      const e = errorOf(sel);
      assert.equal(e.code, 'SELECTOR_INVALID', sel);
      assert.match(e.message, msg, sel);
      assert.equal(e.context?.['position'], pos, `${sel}: ${e.message}`);
      assert.ok((e.hint ?? '').includes('Button[text=OK]'));
    }
  });

  test('fuzz: any string either parses or fails with SELECTOR_INVALID', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'ab#[]()=~^$:,. "\'*-0123456789'.split(''), 'text', 'near', 'below', 'has-text', 'in') }),
        (s) => {
          try {
            parseSelector(s);
          } catch (e) {
            assert.ok(e instanceof GlanceError && e.code === 'SELECTOR_INVALID', String(e));
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('findElements', () => {
  test('class, id, attributes', () => {
    assert.deepEqual(find('Button'), ['Cancel', 'OK']);
    assert.deepEqual(find('#email'), ['a@b.c']);
    assert.deepEqual(find('[text=OK]'), ['OK']);
    assert.deepEqual(find('[text~=blue]'), ['Bluetooth']);
    assert.deepEqual(find('[text^=Can]'), ['Cancel']);
    assert.deepEqual(find('[hint="Your name"]'), ['#name']);
    assert.deepEqual(find('[text=Wi-Fi]'), ['Wi-Fi'], 'a row matches on its absorbed label');
    assert.deepEqual(find('Button, EditText'), ['#name', 'a@b.c', 'Cancel', 'OK']);
  });

  test(':has-text is case-insensitive over text, labels, description and hint', () => {
    assert.deepEqual(find(':has-text("your")'), ['#name']);
    assert.deepEqual(find(':has-text(wi-fi)'), ['Wi-Fi']);
  });

  test('state pseudo-classes', () => {
    assert.deepEqual(find(':checked'), ['#toggle']);
    assert.deepEqual(find('Switch:not(:checked)'), ['#toggle']);
    assert.equal(findElements(snap, 'Switch:disabled')[0]!.states.includes('disabled'), true);
    assert.deepEqual(find(':editable'), ['#name', 'a@b.c']);
    assert.deepEqual(find(':focused'), ['#name']);
    assert.deepEqual(find(':scrollable'), ['#list']);
    assert.equal(find(':clickable').length, 8);
    assert.equal(find('Switch:enabled').length, 1);
  });

  test('layout relations, nearest first', () => {
    assert.deepEqual(find('EditText:right-of([text=Email])'), ['a@b.c', '#name']);
    assert.deepEqual(find('EditText:below([text=Name])'), ['a@b.c']);
    assert.deepEqual(find('Button:above([text=Name])'), []);
    assert.deepEqual(find('TextView:above(Button):left-of(EditText)'), ['Name', 'Email']);
    assert.deepEqual(find('Button:near([text=Bluetooth], 100)'), ['Cancel', 'OK']);
    assert.deepEqual(find('Button:near([text=Bluetooth], 99)'), []);
    assert.deepEqual(find('Button:near([text=Bluetooth])'), [], 'default 50 px');
    assert.deepEqual(find('Switch:in([text=Bluetooth])'), ['#toggle']);
    assert.deepEqual(find('#list Switch').length, 2);
    assert.deepEqual(find(':in(#list)'), ['Wi-Fi', '#toggle', 'Bluetooth', '#toggle']);
  });

  test('an element is never related to itself', () => {
    assert.deepEqual(find('Button:near(Button, 0)'), ['Cancel', 'OK']);
    assert.deepEqual(find('[text=OK]:near([text=OK], 1000)'), []);
  });

  test('isRefLike tells refs from selectors', () => {
    for (const r of ['b12', 'e7', 't4051', 's0', 'c999', 't0A3Z']) assert.ok(isRefLike(r), r);
    for (const s of ['Button', 'b', 'table', 'text', '#b12', 'b12345', 'x12', '[ref=b12]']) assert.ok(!isRefLike(s), s);
    const ref = snap.elements[0]!.ref;
    assert.deepEqual(findElements(snap, `[ref=${ref}]`), [snap.elements[0]]);
  });
});

describe('resolveTarget', () => {
  const code = (t: string): string => {
    try {
      resolveTarget(snap, t);
    } catch (e) {
      assert.ok(e instanceof GlanceError && (e.hint ?? '') !== '');
      return e.code;
    }
    return 'NO_ERROR';
  };

  test('a ref or a selector that names one element', () => {
    const ok = snap.elements.find((e) => e.text === 'OK')!;
    assert.equal(resolveTarget(snap, ok.ref), ok);
    assert.equal(resolveTarget(snap, ' [text=OK] '), ok);
  });

  test('a layout selector takes the nearest match', () => {
    assert.equal(resolveTarget(snap, 'EditText:right-of([text=Email])').text, 'a@b.c');
  });

  test('errors: unknown ref, no match, several matches (listed), bad selector', () => {
    assert.equal(code('b9999'), 'REF_NOT_FOUND');
    assert.equal(code('[text=Nope]'), 'ELEMENT_NOT_FOUND');
    assert.equal(code('Button'), 'AMBIGUOUS_TARGET');
    assert.equal(code('Button['), 'SELECTOR_INVALID');
    try {
      resolveTarget(snap, 'Button');
    } catch (e) {
      assert.ok(e instanceof GlanceError);
      assert.deepEqual(
        e.context?.['refs'],
        findElements(snap, 'Button').map((x) => x.ref),
      );
    }
  });
});
