// The research datasets' formats, each on a fixture authored for this test (test/fixtures/dumps): a Rico view
// hierarchy, a LlamaTouch `.vh` list of DroidBot views, and a DroidBot state whose views are keyed by id (with a
// stated size rotated against its views). Each is auto-detected by parseDump and read field by field.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { walk } from '../../src/hierarchy/model.js';
import { parseDump } from '../../src/hierarchy/parse.js';
import { isRico, parseRico, RICO_SCREEN } from '../../src/hierarchy/rico.js';
import { snapshotFromDump } from '../../src/snapshot/snapshot.js';
import type { SnapshotJson } from '../../src/snapshot/types.js';
import { repoRoot } from '../helpers/corpus.js';
import { failureOf } from '../helpers/thrown.js';

const fixture = (name: string): string => readFileSync(join(repoRoot, 'test/fixtures/dumps', name), 'utf8');
const json = (text: string): SnapshotJson => JSON.parse(snapshotFromDump(text, { format: 'json' }).text) as SnapshotJson;

describe('Rico view hierarchy', () => {
  const text = fixture('rico-order.json');

  test('detected, in its 1440×2560 space, with the activity it names', () => {
    const d = parseDump(text);
    assert.deepEqual([d.format, d.platform, d.width, d.height, d.stated], ['rico', undefined, 1440, 2560, undefined]);
    assert.deepEqual([d.package, d.activity], ['org.example.tea', 'org.example.tea.ui.OrderActivity']);
  });

  test('fields: class, bounds, text, content-desc list, resource-id, flags; null children skipped; gone views invisible', () => {
    const nodes = [...walk(parseDump(text).roots)].map((e) => e.node);
    assert.equal(nodes.length, 13);
    const up = nodes.find((n) => n.desc === 'Navigate up')!;
    assert.deepEqual(
      [up.cls, up.bounds, up.clickable, up.focusable, up.id],
      ['android.widget.ImageButton', [0, 84, 168, 252], true, true, ''],
    );
    const list = nodes.find((n) => n.id === 'org.example.tea:id/teas')!;
    assert.deepEqual([list.scrollable, list.children.length, list.children.map((c) => c.index)], [true, 3, [0, 1, 2]]);
    assert.deepEqual(
      list.children.map((c) => c.visible),
      [true, true, false],
    );
  });

  test('editable and checkable from the ancestors (custom classes keep their own name)', () => {
    const nodes = [...walk(parseDump(text).roots)].map((e) => e.node);
    const qty = nodes.find((n) => n.id === 'org.example.tea:id/quantity')!;
    assert.deepEqual([qty.cls, qty.editable, qty.checkable], ['org.example.tea.widget.QuantityField', true, false]);
    const honey = nodes.find((n) => n.text === 'Add honey')!;
    assert.deepEqual([honey.checkable, honey.editable], [true, false]);
  });

  test('the snapshot: every control tappable, the list with its rows', () => {
    const els = json(text).elements;
    const byLabel = (l: string) => els.find((e) => e.text === l || e.desc === l || e.labels?.includes(l));
    assert.deepEqual(byLabel('Navigate up')?.actions, ['tap']);
    assert.deepEqual(byLabel('2')?.actions, ['tap', 'type']);
    assert.ok(byLabel('Add honey')?.actions.includes('check'));
    assert.deepEqual(
      els.filter((e) => e.parent === els.find((x) => x.id === 'teas')?.ref).map((e) => e.labels ?? e.text),
      [['Green tea'], ['Black tea']],
    );
    assert.deepEqual(byLabel('PLACE ORDER')?.center, [720, 2310]);
  });

  test('a bare root (no activity wrapper) is read the same; other shapes are not Rico', () => {
    const root = (JSON.parse(text) as { activity: { root: unknown } }).activity.root;
    assert.equal(isRico(root), true);
    const d = parseRico(root);
    assert.deepEqual([d.format, d.package, d.width, d.height], ['rico', undefined, RICO_SCREEN.width, RICO_SCREEN.height]);
    assert.equal(isRico({ class: 'android.widget.FrameLayout', bounds: [0, 0, 10, 10], children: [] }), false);
    assert.equal(
      isRico({
        activity: {
          root: {
            class: 'x',
            bounds: [
              [0, 0],
              [1, 1],
            ],
          },
        },
      }),
      false,
    );
  });

  test('malformed children are coded errors', () => {
    const bad = (children: unknown): string =>
      failureOf(() =>
        parseDump(JSON.stringify({ activity: { root: { class: 'android.widget.FrameLayout', bounds: [0, 0, 10, 10], children } } })),
      );
    assert.equal(bad({}), 'DUMP_MALFORMED: children of a FrameLayout is not a list');
    assert.equal(bad([{ class: 'a.B' }]), 'DUMP_MALFORMED: a child of a FrameLayout has no class or no bounds [l,t,r,b]');
  });
});

describe('LlamaTouch view list and DroidBot keyed views', () => {
  const list = fixture('llamatouch-welcome.vh');
  const keyed = fixture('droidbot-keyed-welcome.json');

  test('a bare list of DroidBot views is a DroidBot dump sized by its views', () => {
    const d = parseDump(list);
    assert.deepEqual([d.format, d.width, d.height, d.stated, d.package], ['droidbot', 1080, 1920, undefined, undefined]);
    assert.equal([...walk(d.roots)].length, 6);
  });

  test('views keyed by id read as the list does; the rotated stated size gives way to the views', () => {
    const a = parseDump(list);
    const b = parseDump(keyed);
    assert.deepEqual(b.roots, a.roots);
    assert.deepEqual(
      [b.width, b.height, b.stated, b.activity],
      [1080, 1920, { width: 2340, height: 1080 }, 'org.example.walk.WelcomeActivity'],
    );
    const screen = json(keyed).screen;
    assert.deepEqual(screen.stated, { width: 2340, height: 1080 });
    const els = json(keyed).elements;
    assert.deepEqual(
      els.map((e) => [e.class, e.text ?? e.hint, e.offscreen]),
      [
        ['TextView', 'Welcome!', undefined],
        ['EditText', 'Enter Password', undefined],
        ['Switch', 'Remember me', undefined],
        ['Button', 'GET STARTED', undefined],
      ],
    );
  });

  test('an empty list, or a list of something else, is not a dump', () => {
    assert.match(
      failureOf(() => parseDump('[]')),
      /^DUMP_NOT_RECOGNISED/,
    );
    assert.match(
      failureOf(() => parseDump('[1, 2]')),
      /^DUMP_NOT_RECOGNISED/,
    );
    assert.match(
      failureOf(() => parseDump('{"views": 3}')),
      /^DUMP_NOT_RECOGNISED/,
    );
  });
});

describe('a masked password field keeps its hint', () => {
  test('the prompt the dump reports as its text becomes the hint; the value stays hidden', () => {
    const el = json(fixture('llamatouch-welcome.vh')).elements.find((e) => e.id === 'password')!;
    assert.deepEqual([el.text, el.hint, el.states], [undefined, 'Enter Password', ['password']]);
  });
});
