import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseDump } from '../../src/hierarchy/parse.js';
import { toUiautomatorXml } from '../../src/hierarchy/xml.js';
import { walk, type UiNode } from '../../src/hierarchy/model.js';
import { GlanceError } from '../../src/errors.js';
import { isRefLike, resolveRef, snapshotFromDump, type Snapshot, type SnapshotJson } from '../../src/snapshot/index.js';
import { tokenReport } from '../../src/snapshot/tokens.js';
import { corpusDir, corpusScreens, readText } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';
import { shift } from './perturb.js';
import { n, screen } from './build.js';

const corpus = requires({ shared: true });
const screens = corpus ? [] : corpusScreens();
const omni = corpus ? '' : readText(join(corpusDir, 'dumps/omni-notes.uiautomator2.xml'));
const gmail = corpus ? '' : readText(join(corpusDir, 'dumps/gmail-inbox.uiautomator.xml'));

function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof GlanceError, `expected GlanceError, got ${String(e)}`);
    assert.ok(e.hint !== undefined && e.hint.length > 0, 'every error carries a hint');
    return e.code;
  }
  return 'NO_ERROR';
}

/** Refs at the start of the tree's element lines (after the indentation), in order. */
function treeRefs(s: Snapshot): string[] {
  return s.text
    .split('\n')
    .map((l) => /^ *([bcest][0-9A-Z]{1,4})[ …]/.exec(l + ' ')?.[1])
    .filter((r): r is string => r !== undefined && isRefLike(r));
}

describe('formats agree with elements on every corpus screen', () => {
  test('tree lines, table rows and json elements carry exactly the elements, refs unique and ≤ 5 chars', { skip: corpus }, () => {
    for (const s of screens) {
      const dump = parseDump(readText(s.xmlPath));
      const tree = snapshotFromDump(dump);
      const refs = tree.elements.map((e) => e.ref);
      // Listed member by member, the tree holds every element; by default a grid's members share one line.
      assert.deepEqual(treeRefs(snapshotFromDump(dump, { expand: 'all' })), refs, s.xmlPath);
      const shown = new Set(treeRefs(tree));
      for (const e of tree.elements) assert.ok(shown.has(e.ref) || e.cell !== undefined, `${e.ref} missing in ${s.xmlPath}`);
      assert.equal(new Set(refs).size, refs.length, `duplicate ref in ${s.xmlPath}`);
      for (const r of refs) assert.ok(r.length <= 5 && isRefLike(r), r);
      const json = JSON.parse(snapshotFromDump(dump, { format: 'json' }).text) as SnapshotJson;
      assert.deepEqual(json.elements, tree.elements);
      assert.deepEqual(json.screen, tree.screen);
      const table = snapshotFromDump(dump, { format: 'table', expand: 'all' })
        .text.split('\n')
        .filter((l) => l !== '');
      const header = table.findIndex((l) => l.startsWith('REF '));
      assert.deepEqual(
        table
          .slice(header + 1)
          .filter((l) => isRefLike(l.split(/\s+/)[0]!))
          .map((l) => l.split(/\s+/)[0]),
        refs,
      );
    }
  });

  test('json elements are exactly the tree elements, parents point at earlier elements', { skip: corpus }, () => {
    const s = snapshotFromDump(readText(screens[40]!.xmlPath), { format: 'json' });
    const doc = JSON.parse(s.text) as SnapshotJson;
    const seen = new Set<string>();
    for (const e of doc.elements) {
      if (e.parent !== undefined) assert.ok(seen.has(e.parent), `${e.ref} → ${e.parent}`);
      seen.add(e.ref);
      assert.deepEqual(e.center.length, 2);
      assert.ok(e.center[0] >= e.bounds[0] && e.center[0] <= e.bounds[2]);
    }
  });

  test('xml re-serialises the dump in uiautomator form', { skip: corpus }, () => {
    const dump = parseDump(omni);
    const x = snapshotFromDump(dump, { format: 'xml' }).text;
    assert.equal(x, toUiautomatorXml(dump));
    assert.deepEqual(parseDump(x).roots.length, dump.roots.length);
  });

  test('the DroidBot JSON and the XML of the same screen give the same elements', { skip: corpus }, () => {
    for (const s of screens) {
      const a = snapshotFromDump(readText(s.xmlPath)).elements;
      const b = snapshotFromDump(readText(s.jsonPath)).elements;
      assert.deepEqual(b, a, s.jsonPath);
    }
  });

  test('the text is deterministic: same input, same bytes', { skip: corpus }, () => {
    const xml = readText(screens[7]!.xmlPath);
    assert.equal(snapshotFromDump(xml).text, snapshotFromDump(xml).text);
    assert.equal(snapshotFromDump(xml).text, snapshotFromDump(new TextEncoder().encode(xml)).text);
  });
});

describe('tree format', () => {
  test('header names package and activity when known', { skip: corpus }, () => {
    const s = screens.find((x) => x.app === 'notes' && x.activity.startsWith('com.simplemobiletools.notes.pro/'))!;
    const fromJson = snapshotFromDump(readText(s.jsonPath)).text.split('\n')[0]!;
    assert.equal(fromJson, s.activity);
    assert.equal(snapshotFromDump(readText(s.xmlPath)).text.split('\n')[0], 'com.simplemobiletools.notes.pro');
  });

  test('system UI windows of a uiautomator2 dump are chrome unless all', { skip: corpus }, () => {
    const chromeStrings = [...walk(parseDump(omni).roots)]
      .filter((e) => e.node.pkg === 'com.android.systemui' && e.node.desc !== '')
      .map((e) => e.node.desc);
    assert.ok(chromeStrings.length > 3);
    const def = snapshotFromDump(omni);
    assert.ok(def.stats.chrome > 0);
    assert.equal(def.screen.package, 'it.feio.android.omninotes.alpha');
    for (const d of chromeStrings) assert.ok(!def.text.includes(d.replace(/[\u200b-\u200f\u202a-\u202e]/g, '')), d);
    const all = snapshotFromDump(omni, { all: true });
    assert.ok(all.text.includes('Battery charging, 46 percent.'));
    assert.ok(all.elements.length > def.elements.length);
  });

  test('zero-width and bidi marks are stripped', { skip: corpus }, () => {
    const s = snapshotFromDump(omni);
    assert.ok(s.elements.some((e) => e.desc === 'More options'));
    assert.ok(!/[\u200b-\u200f\u202a-\u202e]/.test(s.text));
  });

  test('hint and value are distinguishable where every reader tells them apart; a password value is never shown', () => {
    const d = screen([
      n('EditText', { id: 'q', hint: 'Search', text: '', clickable: true, bounds: [0, 0, 500, 100] }),
      n('EditText', { id: 'name', hint: 'Name', text: 'Alice', clickable: true, bounds: [0, 100, 500, 200] }),
      n('EditText', { id: 'mail', hint: 'Email', text: 'Email', clickable: true, bounds: [0, 200, 500, 300] }),
      n('EditText', { id: 'pw', text: 'hunter2', password: true, clickable: true, bounds: [0, 300, 500, 400] }),
    ]);
    const s = snapshotFromDump(d);
    const lines = s.text.trim().split('\n').slice(1);
    assert.deepEqual(
      lines.map((l) => l.replace(/^e\d+ /, '')),
      ['EditText hint=Search', 'EditText Alice hint=Name', 'EditText Email', 'EditText #pw [password]'],
    );
    // An empty field as a page source writes it (its hint as text and as hint) reads as a dump writes it (the hint
    // as text only): the two readers of one screen give one snapshot.
    assert.ok(!s.text.includes('hunter2'));
    assert.ok(!snapshotFromDump(d, { format: 'json' }).text.includes('hunter2'));
    assert.ok(!snapshotFromDump(d, { format: 'table' }).text.includes('hunter2'));
    assert.equal(s.elements[1]!.text, 'Alice');
    assert.equal(s.elements[2]!.text, 'Email');
    assert.equal(s.elements[2]!.hint, undefined);
  });

  test('labels that could be misread are quoted', () => {
    const d = screen([
      n('TextView', { text: 'Button', bounds: [0, 0, 100, 50] }),
      n('TextView', { text: '[draft]', bounds: [0, 50, 100, 100] }),
      n('TextView', { text: 'line 1\nline 2', bounds: [0, 100, 100, 150] }),
      n('TextView', { text: 'plain words', bounds: [0, 150, 100, 200] }),
    ]);
    const labels = snapshotFromDump(d)
      .text.trim()
      .split('\n')
      .slice(1)
      .map((l) => l.replace(/^t\d+ /, ''));
    assert.deepEqual(labels, ['"Button"', '"[draft]"', '"line 1\\nline 2"', 'plain words']);
  });

  test('lists show their size; positive states only', () => {
    const rows = [0, 1, 2, 3].map((i) =>
      n('TextView', { text: `Row ${i}`, clickable: true, bounds: [0, 200 + i * 100, 1080, 300 + i * 100] }),
    );
    const d = screen([
      n('androidx.recyclerview.widget.RecyclerView', { id: 'list', scrollable: true, bounds: [0, 200, 1080, 600] }, rows),
      n('Switch', { text: 'Wi-Fi', checkable: true, checked: true, clickable: true, bounds: [0, 700, 1080, 800] }),
      n('Switch', { text: 'Bluetooth', checkable: true, clickable: true, enabled: false, bounds: [0, 800, 1080, 900] }),
    ]);
    const lines = snapshotFromDump(d).text.trim().split('\n').slice(1);
    assert.match(lines[0]!, /^s\d+ RecyclerView #list \[4 items\]$/);
    assert.match(lines[1]!, /^ b\d+ Row 0$/);
    assert.match(lines[5]!, /^c\d+ Switch Wi-Fi \[checked\]$/);
    assert.match(lines[6]!, /^c\d+ Switch Bluetooth \[disabled\]$/);
  });
});

describe('options', { skip: corpus }, () => {
  const clock = screens.find((s) => s.xmlPath.endsWith('clock/screens/state_2023-07-03_111608.xml'))!;
  const xml = readText(clock.xmlPath);

  test('depth summarises deeper elements as counts on their ancestor', () => {
    const full = snapshotFromDump(xml);
    const top = snapshotFromDump(xml, { depth: 1 });
    assert.ok(top.elements.every((e) => e.parent === undefined));
    const list = top.elements.find((e) => e.items !== undefined)!;
    const inside = full.elements.filter((e) => e.parent === list.ref).length;
    assert.ok(top.text.split('\n').some((l) => l.startsWith(list.ref) && l.endsWith(`(+${inside})`)));
    assert.equal(top.stats.shown, top.elements.length);
    assert.equal(top.stats.elements, full.elements.length);
  });

  test('scope prints one subtree with the same refs', () => {
    const full = snapshotFromDump(xml);
    const list = full.elements.find((e) => e.items !== undefined)!;
    const scoped = snapshotFromDump(xml, { scope: list.ref });
    assert.deepEqual(
      scoped.elements.map((e) => e.ref),
      [list.ref, ...full.elements.filter((e) => e.parent === list.ref).map((e) => e.ref)],
    );
    assert.ok(scoped.text.split('\n')[1]!.startsWith(list.ref));
    assert.equal(
      codeOf(() => snapshotFromDump(xml, { scope: 'b9999' })),
      'REF_NOT_FOUND',
    );
  });

  test('bounds and max-label', () => {
    const s = snapshotFromDump(xml, { bounds: true, maxLabel: 10 });
    const line = s.text.split('\n').find((l) => l.includes('Prevent'))!;
    assert.match(line, /Prevent p…/);
    const el = s.elements.find((e) => (e.labels?.[0] ?? e.text ?? '').startsWith('Prevent'))!;
    assert.ok(line.endsWith(`@${el.bounds.join(',')}`), line);
  });

  test('offscreen elements are counted in a footer, or shown and marked', () => {
    const d = screen([
      n('TextView', { text: 'here', bounds: [0, 0, 500, 100] }),
      n('TextView', { text: 'next page', bounds: [1080, 0, 2160, 100] }),
    ]);
    const hidden = snapshotFromDump(d);
    assert.equal(hidden.text.trim().split('\n').at(-1), '(1 off-screen hidden: --offscreen)');
    assert.equal(hidden.elements.length, 1);
    const shown = snapshotFromDump(d, { offscreen: true });
    assert.equal(shown.elements.length, 2);
    assert.equal(shown.elements[1]!.offscreen, true);
    assert.match(shown.text, /next page \[offscreen\]/);
  });

  test('bad options are usage errors', () => {
    assert.equal(
      codeOf(() => snapshotFromDump(xml, { depth: 0 })),
      'USAGE',
    );
    assert.equal(
      codeOf(() => snapshotFromDump(xml, { maxLabel: -1 })),
      'USAGE',
    );
    assert.equal(
      codeOf(() => snapshotFromDump(xml, { format: 'html' as 'tree' })),
      'USAGE',
    );
  });
});

describe('bad input', () => {
  test('coded errors with hints, never a crash', { skip: corpus }, () => {
    assert.equal(
      codeOf(() => snapshotFromDump('')),
      'INPUT_EMPTY',
    );
    assert.equal(
      codeOf(() => snapshotFromDump('ERROR: could not get idle state.')),
      'DUMP_DEVICE_ERROR',
    );
    assert.equal(
      codeOf(() => snapshotFromDump('ERROR: null root node returned by UiTestAutomationBridge.')),
      'DUMP_DEVICE_ERROR',
    );
    assert.equal(
      codeOf(() => snapshotFromDump(gmail.slice(0, gmail.length / 2))),
      'DUMP_TRUNCATED',
    );
    assert.equal(
      codeOf(() => snapshotFromDump('hello world')),
      'DUMP_NOT_RECOGNISED',
    );
    assert.equal(
      codeOf(() => snapshotFromDump('{"views": 3}')),
      'DUMP_NOT_RECOGNISED',
    );
  });

  test('an empty hierarchy is a snapshot with no elements', () => {
    const s = snapshotFromDump('<?xml version="1.0"?><hierarchy rotation="0"></hierarchy>');
    assert.equal(s.elements.length, 0);
    assert.equal(s.text, '(no elements)\n');
  });

  test('fuzz: random trees always give unique refs and matching formats', () => {
    const classes = [
      'TextView',
      'Button',
      'LinearLayout',
      'EditText',
      'CheckBox',
      'ImageView',
      'androidx.recyclerview.widget.RecyclerView',
    ];
    const nodeArb: fc.Memo<UiNode> = fc.memo((depth) =>
      fc
        .record({
          cls: fc.constantFrom(...classes),
          text: fc.constantFrom('', 'OK', 'Row', 'Row', '\u200b', 'a "quoted" [x]'),
          clickable: fc.boolean(),
          checkable: fc.boolean(),
          l: fc.integer({ min: -50, max: 1200 }),
          t: fc.integer({ min: -50, max: 2400 }),
          w: fc.integer({ min: 0, max: 600 }),
          h: fc.integer({ min: 0, max: 300 }),
          kids: depth > 1 ? fc.array(nodeArb(depth - 1), { maxLength: 4 }) : fc.constant<UiNode[]>([]),
        })
        .map((r) =>
          n(r.cls, { text: r.text, clickable: r.clickable, checkable: r.checkable, bounds: [r.l, r.t, r.l + r.w, r.t + r.h] }, [...r.kids]),
        ),
    );
    fc.assert(
      fc.property(fc.array(nodeArb(4), { minLength: 1, maxLength: 5 }), fc.boolean(), (kids, offscreen) => {
        const s = snapshotFromDump(screen(kids), { offscreen });
        const refs = s.elements.map((e) => e.ref);
        assert.equal(new Set(refs).size, refs.length);
        assert.deepEqual(treeRefs(s), refs);
        assert.deepEqual(
          (JSON.parse(snapshotFromDump(screen(kids), { offscreen, format: 'json' }).text) as SnapshotJson).elements,
          s.elements,
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('resolveRef', () => {
  test('a ref from an earlier snapshot resolves in a new dump of the shifted screen', { skip: corpus }, () => {
    const dump = parseDump(readText(screens[100]!.xmlPath));
    const before = snapshotFromDump(dump);
    const moved = shift(dump, 7).dump;
    for (const e of before.elements) {
      const again = resolveRef(moved, e.ref);
      assert.equal(again.class, e.class);
      assert.equal(again.bounds[1], e.bounds[1] + 7);
    }
    assert.equal(resolveRef(before, before.elements[0]!.ref), before.elements[0]);
  });

  test('an unknown ref is REF_NOT_FOUND with a hint to take a new snapshot', { skip: corpus }, () => {
    try {
      resolveRef(readText(screens[0]!.xmlPath), 'b9999');
      assert.fail('expected an error');
    } catch (e) {
      assert.ok(e instanceof GlanceError);
      assert.equal(e.code, 'REF_NOT_FOUND');
      assert.match(e.hint ?? '', /new snapshot/);
    }
  });
});

describe('tokenReport', () => {
  test('bytes and tokens of the raw dump and of every format', { skip: corpus }, () => {
    const rows = tokenReport(gmail);
    assert.deepEqual(
      rows.map((r) => r.format),
      ['raw', 'tree', 'table', 'json', 'xml'],
    );
    const by = Object.fromEntries(rows.map((r) => [r.format, r]));
    assert.equal(by['raw']!.bytes, new TextEncoder().encode(gmail).length);
    assert.ok(by['tree']!.o200k > 0 && by['tree']!.o200k * 10 < by['raw']!.o200k);
    assert.ok(by['tree']!.cl100k > 0);
  });
});
