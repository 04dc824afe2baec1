// snapshotFromDump and snapshotWithSources on small screens built in the test: what each option does to the
// elements and the text, with the expected output written by hand.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { UiDump } from '../../src/hierarchy/model.js';
import { GlanceError } from '../../src/errors.js';
import { isSnapshot, resolveRef, snapshotFromDump, snapshotWithSources, type SnapshotOptions } from '../../src/snapshot/snapshot.js';
import { dump, n, screen } from './build.js';

describe('snapshotWithSources', () => {
  test('without rendering: no text, the same elements, each with the dumped node it stands for', () => {
    const ok = n('Button', { text: 'OK', clickable: true, bounds: [0, 100, 500, 200] });
    const title = n('TextView', { text: 'Delete note?', bounds: [0, 0, 500, 100] });
    const d = screen([title, ok]);
    const quiet = snapshotWithSources(d, {}, false);
    assert.equal(quiet.snapshot.text, '');
    assert.equal(quiet.snapshot.format, 'tree');
    const shown = snapshotWithSources(d).snapshot;
    assert.deepEqual(quiet.snapshot.elements, shown.elements);
    const [t, b] = shown.elements.map((e) => e.ref);
    assert.equal(shown.text, `com.example\n${t} Delete note?\n${b} Button OK\n`);
    assert.deepEqual(
      quiet.snapshot.elements.map((e) => e.text),
      ['Delete note?', 'OK'],
    );
    assert.equal(quiet.sources[0], title);
    assert.equal(quiet.sources[1], ok);
  });
});

describe('json format', () => {
  test('a screen with no elements: the screen and an empty list on one line', () => {
    assert.equal(
      snapshotFromDump(screen([], [400, 800]), { format: 'json' }).text,
      '{"screen":{"width":400,"height":800,"package":"com.example"},"elements":[]}\n',
    );
  });

  test('optional fields in the documented order: items, parent, offscreen, then a grid member cell', () => {
    const thumbs = [0, 1, 2, 3].map((i) => n('ImageView', { id: 'thumb', clickable: true, bounds: [i * 270, 1000, i * 270 + 270, 1270] }));
    const d = screen([
      n('androidx.recyclerview.widget.RecyclerView', { id: 'list', scrollable: true, bounds: [0, 0, 1080, 900] }, [
        n('TextView', { text: 'Here', bounds: [0, 0, 1080, 100] }),
        n('TextView', { text: 'Further on', bounds: [1080, 0, 2160, 100] }),
      ]),
      n('HorizontalScrollView', { id: 'gallery', scrollable: true, bounds: [0, 1000, 1080, 1270] }, thumbs),
    ]);
    const lines = snapshotFromDump(d, { format: 'json', offscreen: true }).text.split('\n');
    const keys = (l: string): string[] => Object.keys(JSON.parse(l.replace(/,$/, '')) as object);
    const tail = ['bounds', 'center', 'actions', 'states'];
    assert.deepEqual(keys(lines[1]!), ['ref', 'class', 'id', ...tail, 'items']);
    assert.deepEqual(keys(lines[3]!), ['ref', 'class', 'text', ...tail, 'parent', 'offscreen']);
    assert.deepEqual(keys(lines[5]!), ['ref', 'class', 'id', ...tail, 'parent', 'cell']);
  });
});

/** The thrown GlanceError as plain data: code, message, hint, next step and context. */
function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof GlanceError, String(e));
    return e.toJSON();
  }
  return 'no error';
}

describe('options', () => {
  // A settings list: two rows, each with its switch.
  const settings = (): UiDump =>
    screen([
      n('androidx.recyclerview.widget.RecyclerView', { id: 'list', scrollable: true, bounds: [0, 0, 1080, 400] }, [
        n('LinearLayout', { clickable: true, bounds: [0, 0, 1080, 200] }, [
          n('TextView', { text: 'Wi-Fi', bounds: [0, 0, 800, 200] }),
          n('Switch', { id: 'wifi', clickable: true, checkable: true, bounds: [800, 0, 1080, 200] }),
        ]),
        n('LinearLayout', { clickable: true, bounds: [0, 200, 1080, 400] }, [
          n('TextView', { text: 'Bluetooth', bounds: [0, 200, 800, 400] }),
          n('Switch', { id: 'bt', clickable: true, checkable: true, bounds: [800, 200, 1080, 400] }),
        ]),
      ]),
    ]);

  test('depth counts every element below the cut, at every level', () => {
    const s = snapshotFromDump(settings(), { depth: 1 });
    assert.equal(s.text, `com.example\n${s.elements[0]!.ref} RecyclerView #list [2 items] (+4)\n`);
  });

  test('scope reaches an element at any depth', () => {
    const full = snapshotFromDump(settings());
    const wifi = full.elements.find((e) => e.id === 'wifi')!;
    assert.equal(snapshotFromDump(settings(), { scope: wifi.ref }).text, `com.example\n${wifi.ref} Switch #wifi\n`);
  });

  test('maxLabel 0 is allowed (labels are never cut)', () => {
    const long = 'Turn on to use the network even when the screen is off and the phone is asleep';
    const s = snapshotFromDump(screen([n('TextView', { text: long, bounds: [0, 0, 1080, 100] })]), { maxLabel: 0 });
    assert.equal(s.text.split('\n')[1], `${s.elements[0]!.ref} ${long}`);
  });

  test('bad options: USAGE with what was wrong, a hint, and the tool help as the next step', () => {
    const d = settings();
    const usage = (o: SnapshotOptions, message: string): void =>
      assert.deepEqual(
        thrown(() => snapshotFromDump(d, o)),
        {
          code: 'USAGE',
          message,
          hint: 'the snapshot options are described with the tool',
          next: { tool: 'device_snapshot', help: true },
        },
      );
    usage({ format: 'html' as 'tree' }, 'unknown format "html": use tree, table, json, xml');
    usage({ depth: 0 }, 'depth must be a whole number ≥ 1, got 0');
    usage({ maxLabel: 2.5 }, 'maxLabel must be a whole number ≥ 0, got 2.5');
  });

  test('an unknown scope: REF_NOT_FOUND naming the ref, with the hint and the next step to take a new snapshot', () => {
    assert.deepEqual(
      thrown(() => snapshotFromDump(settings(), { scope: 'b9999' })),
      {
        code: 'REF_NOT_FOUND',
        message: 'no element with ref b9999 on this screen',
        hint: 'the screen changed or the ref is from another screen: take a new snapshot and use a ref from it',
        next: { tool: 'device_snapshot' },
        context: { ref: 'b9999' },
      },
    );
  });
});

describe('screen', () => {
  test('the package: the first window that names one (not system UI), else none', () => {
    const windows = (...pkgs: string[]): UiDump =>
      dump(
        pkgs.map((pkg, i) => n('FrameLayout', { pkg, bounds: [0, i * 100, 1080, i * 100 + 100] }, [n('TextView', { text: `w${i}`, pkg })])),
      );
    assert.equal(snapshotFromDump(windows('', 'com.android.systemui', 'com.example')).screen.package, 'com.example');
    assert.equal(snapshotFromDump(windows('gesture', 'com.android.systemui')).screen.package, 'com.android.systemui');
    assert.deepEqual(snapshotFromDump(windows('')).screen, { width: 1080, height: 2280 });
    assert.deepEqual(snapshotFromDump({ ...windows(''), package: '' }).screen, { width: 1080, height: 2280 });
  });
});

describe('previous', () => {
  // A list row cut by the list's top edge keeps its summary and loses its title: the same row.
  const notes = (title: boolean, activity: string): UiDump => {
    const row = n('LinearLayout', { clickable: true, bounds: [0, 100, 1080, 300] }, [
      ...(title ? [n('TextView', { text: 'Groceries', bounds: [0, 100, 1080, 200] })] : []),
      n('TextView', { text: 'Milk, eggs', bounds: [0, 200, 1080, 300] }),
    ]);
    const d = screen([
      n('TextView', { text: 'Notes', bounds: [0, 0, 1080, 100] }),
      n('androidx.recyclerview.widget.RecyclerView', { id: 'notes', scrollable: true, bounds: [0, 100, 1080, 300] }, [row]),
    ]);
    d.package = 'com.example';
    d.activity = activity;
    return d;
  };

  test('a row that continues one of the previous screen keeps its ref, and is counted', () => {
    const before = snapshotFromDump(notes(true, 'com.example.Main'));
    const fresh = snapshotFromDump(notes(false, 'com.example.Main'));
    const after = snapshotFromDump(notes(false, 'com.example.Main'), { previous: before });
    assert.notEqual(fresh.elements[2]!.ref, before.elements[2]!.ref);
    assert.equal(after.elements[2]!.ref, before.elements[2]!.ref);
    assert.deepEqual([after.stats.carried, fresh.stats.carried], [1, 0]);
  });

  test('nothing is carried from another activity', () => {
    const before = snapshotFromDump(notes(true, 'com.example.Settings'));
    const after = snapshotFromDump(notes(false, 'com.example.Main'), { previous: before });
    assert.equal(after.stats.carried, 0);
    assert.equal(after.elements[2]!.ref, snapshotFromDump(notes(false, 'com.example.Main')).elements[2]!.ref);
  });
});

describe('xml format', () => {
  test('the dump again, without a password field value', () => {
    const d = screen([
      n('EditText', { id: 'user', text: 'alice', clickable: true, bounds: [0, 0, 1080, 100] }),
      n('EditText', { id: 'pw', text: 'hunter2', password: true, clickable: true, bounds: [0, 100, 1080, 200] }),
    ]);
    const xml = snapshotFromDump(d, { format: 'xml' }).text;
    assert.match(xml, /text="alice"/);
    assert.match(xml, /resource-id="com.example:id\/pw"/);
    assert.doesNotMatch(xml, /hunter2/);
  });
});

describe('resolveRef', () => {
  const d = (): UiDump =>
    screen([
      n('View', { id: 'android:id/statusBarBackground', clickable: true, bounds: [0, 0, 1080, 60] }),
      n('Button', { text: 'Next page', clickable: true, bounds: [1080, 100, 1300, 200] }),
      n('Button', { text: 'OK', clickable: true, bounds: [0, 100, 500, 200] }),
    ]);
  const refOf = (o: SnapshotOptions, text?: string): string =>
    snapshotFromDump(d(), o).elements.find((e) => (text === undefined ? e.id === 'statusBarBackground' : e.text === text))!.ref;

  test('in a dump: the default view (no chrome, nothing off the screen), or the wider one asked for', () => {
    const ok = refOf({}, 'OK');
    const bar = refOf({ all: true });
    const away = refOf({ offscreen: true }, 'Next page');
    assert.equal(resolveRef(d(), ok).text, 'OK');
    assert.throws(() => resolveRef(d(), bar), { code: 'REF_NOT_FOUND' });
    assert.throws(() => resolveRef(d(), away), { code: 'REF_NOT_FOUND' });
    assert.equal(resolveRef(d(), bar, { all: true }).id, 'statusBarBackground');
    assert.equal(resolveRef(d(), away, { offscreen: true }).text, 'Next page');
  });
});

test('isSnapshot: a snapshot has text and an element list; a dump, a json document or null is none', () => {
  const s = snapshotFromDump(screen([n('Button', { text: 'OK', clickable: true })]));
  assert.equal(isSnapshot(s), true);
  assert.equal(isSnapshot({ text: '', elements: [] }), true);
  assert.equal(isSnapshot({ screen: s.screen, elements: s.elements }), false);
  assert.equal(isSnapshot({ text: '', elements: 'b1' }), false);
  assert.equal(isSnapshot(screen([])), false);
  assert.equal(isSnapshot(null), false);
  assert.equal(isSnapshot(s.text), false);
});
