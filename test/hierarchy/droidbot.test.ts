// DroidBot's state JSON (`views[]` linked by temp_id/parent/children) with hand-written inputs and expectations:
// every field and flag read, defaults, the tree rebuilt in the listed order, the screen size and the foreground
// activity, and each malformed shape refused with a coded error.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDroidbotState } from '../../src/hierarchy/droidbot.js';
import { parseDump } from '../../src/hierarchy/parse.js';
import { walk } from '../../src/hierarchy/model.js';
import { flagsOn } from '../helpers/flags.js';
import { failureOf } from '../helpers/thrown.js';

const view = (o: Record<string, unknown>) => ({
  bounds: [
    [0, 0],
    [10, 10],
  ],
  parent: -1,
  children: [],
  ...o,
});

const state = {
  width: 1080,
  height: 2400,
  foreground_activity: 'dev.app/.Main',
  views: [
    view({
      temp_id: 0,
      class: 'android.widget.FrameLayout',
      bounds: [
        [0, 0],
        [1080, 2340],
      ],
      children: [2, 1],
    }),
    view({
      temp_id: 1,
      parent: 0,
      class: 'android.widget.EditText',
      text: 'ada',
      content_description: 'name field',
      resource_id: 'dev.app:id/name',
      package: 'dev.app',
      bounds: [
        [10, 20],
        [500, 120],
      ],
      focusable: true,
      focused: true,
      is_password: true,
      enabled: true,
    }),
    view({
      temp_id: 2,
      parent: 0,
      class: 'android.widget.CheckBox',
      bounds: [
        [0, 200],
        [100, 260],
      ],
      checkable: true,
      checked: true,
      clickable: true,
      long_clickable: true,
      scrollable: true,
      selected: true,
      enabled: false,
      visible: false,
      editable: true,
      text: 7,
    }),
  ],
};

/** `CODE: message` of the coded error a state is refused with, or 'parsed'. */
const failure = (v: unknown): string => failureOf(() => parseDroidbotState(v));

describe('DroidBot state', () => {
  test('fields, flags and defaults; children in the order listed, with their index among siblings', () => {
    const d = parseDump(JSON.stringify(state));
    assert.equal(d.format, 'droidbot');
    assert.deepEqual([d.width, d.height, d.rotation, d.package, d.activity], [1080, 2400, 0, 'dev.app', 'dev.app.Main']);
    const nodes = [...walk(d.roots)].map((e) => e.node);
    assert.deepEqual(
      nodes.map((n) => ({ cls: n.cls, text: n.text, desc: n.desc, hint: n.hint, id: n.id, pkg: n.pkg, bounds: n.bounds, index: n.index })),
      [
        { cls: 'android.widget.FrameLayout', text: '', desc: '', hint: '', id: '', pkg: '', bounds: [0, 0, 1080, 2340], index: 0 },
        { cls: 'android.widget.CheckBox', text: '', desc: '', hint: '', id: '', pkg: '', bounds: [0, 200, 100, 260], index: 0 },
        {
          cls: 'android.widget.EditText',
          text: 'ada',
          desc: 'name field',
          hint: '',
          id: 'dev.app:id/name',
          pkg: 'dev.app',
          bounds: [10, 20, 500, 120],
          index: 1,
        },
      ],
    );
    assert.deepEqual(
      nodes.map((n) => flagsOn(n, ['visible', 'editable'])),
      [
        ['enabled', 'visible'],
        ['checkable', 'checked', 'clickable', 'longClickable', 'scrollable', 'selected', 'editable'],
        ['enabled', 'focusable', 'focused', 'password', 'visible', 'editable'],
      ],
    );
  });

  test('without a size the screen is the extent of the roots; temp_id defaults to the position; no activity without a component', () => {
    const d = parseDroidbotState({
      foreground_activity: 'nonsense',
      views: [
        {
          bounds: [
            [0, 0],
            [720, 1280],
          ],
          parent: -1,
          children: [1],
        },
        {
          bounds: [
            [5, 5],
            [900, 1300],
          ],
          parent: 0,
        },
      ],
    });
    assert.deepEqual([d.width, d.height], [720, 1280]);
    assert.equal(d.roots[0]!.children.length, 1);
    assert.equal(d.package, undefined);
    assert.equal(d.activity, undefined);
    assert.deepEqual([parseDroidbotState({ views: [] }).width, parseDroidbotState({ views: [] }).height], [0, 0]);
  });

  test('malformed states are coded errors that say what is wrong', () => {
    assert.equal(failure({ views: 'x' }), 'DUMP_NOT_RECOGNISED: JSON without a views[] array');
    assert.equal(failure(null), 'DUMP_NOT_RECOGNISED: JSON without a views[] array');
    assert.equal(failure('views'), 'DUMP_NOT_RECOGNISED: JSON without a views[] array');
    assert.equal(failure({ views: [view({}), 3] }), 'DUMP_MALFORMED: views[1] is not an object');
    assert.equal(failure({ views: [view({}), null] }), 'DUMP_MALFORMED: views[1] is not an object');
    assert.equal(
      failure({
        views: [
          view({
            temp_id: 4,
            bounds: [
              [0, 0],
              [1, 'x'],
            ],
          }),
        ],
      }),
      'DUMP_MALFORMED: view 4 has no valid bounds [[l,t],[r,b]]',
    );
    assert.equal(failure({ views: [view({ bounds: [[0, 0]] })] }), 'DUMP_MALFORMED: view 0 has no valid bounds [[l,t],[r,b]]');
    assert.equal(failure({ views: [view({ bounds: [0, [1, 1]] })] }), 'DUMP_MALFORMED: view 0 has no valid bounds [[l,t],[r,b]]');
    assert.equal(failure({ views: [view({ bounds: [[0, 0], 1] })] }), 'DUMP_MALFORMED: view 0 has no valid bounds [[l,t],[r,b]]');
    assert.equal(failure({ views: [view({ bounds: 'x' })] }), 'DUMP_MALFORMED: view 0 has no valid bounds [[l,t],[r,b]]');
    assert.equal(failure({ views: [view({ temp_id: 1 }), view({ temp_id: 1 })] }), 'DUMP_MALFORMED: duplicate temp_id 1');
    assert.equal(failure({ views: [view({ children: [5] })] }), 'DUMP_MALFORMED: view 0 lists unknown child 5');
    assert.equal(failure({ views: [view({ children: ['1'] }), view({ parent: 0 })] }), 'DUMP_MALFORMED: view 0 lists unknown child 1');
    assert.equal(failure({ views: [view({ children: [0] })] }), 'DUMP_MALFORMED: view 0 has two parents (cycle)');
    assert.equal(
      failure({ views: [view({ children: [1] }), view({ parent: 0 }), view({ children: [1] })] }),
      'DUMP_MALFORMED: view 1 has two parents (cycle)',
    );
    assert.equal(failure({ views: [view({ parent: 1 }), view({ parent: 0 })] }), 'DUMP_MALFORMED: no root view (parent -1)');
  });
});

describe('DroidBot state, by the letter', () => {
  test('bounds are exactly two [x, y] pairs: three corners, or an object posing as an array, are malformed', () => {
    const three = [
      [0, 0],
      [1, 1],
      [2, 2],
    ];
    const arrayLike = { length: 2, 0: [0, 0], 1: [1, 1] };
    for (const bounds of [three, arrayLike]) {
      assert.equal(failure({ views: [view({ bounds })] }), 'DUMP_MALFORMED: view 0 has no valid bounds [[l,t],[r,b]]');
    }
  });

  test('anything but an object with views[] is not a DroidBot state, undefined included', () => {
    for (const v of [undefined, 7, true, [{ views: [] }]]) {
      assert.equal(failure(v), 'DUMP_NOT_RECOGNISED: JSON without a views[] array', String(v));
    }
  });

  test('a view without a numeric parent is a root', () => {
    const d = parseDroidbotState({
      views: [
        { temp_id: 0, text: 'no parent field', bounds: view({}).bounds },
        { temp_id: 1, text: 'parent as text', parent: '0', bounds: view({}).bounds },
        { temp_id: 2, text: 'child', parent: 0, bounds: view({}).bounds },
      ],
    });
    assert.deepEqual(
      d.roots.map((r) => r.text),
      ['no parent field', 'parent as text'],
    );
  });

  test("the state's own width and height, unless the roots reach past them", () => {
    const fits = parseDroidbotState({
      width: 1080,
      height: 2400,
      views: [
        view({
          bounds: [
            [0, 0],
            [720, 1280],
          ],
        }),
      ],
    });
    assert.deepEqual([fits.width, fits.height, fits.stated], [1080, 2400, undefined]);
    const d = parseDroidbotState({
      width: 720,
      height: 1280,
      views: [
        view({
          bounds: [
            [0, 0],
            [1080, 2400],
          ],
        }),
      ],
    });
    assert.deepEqual([d.width, d.height, d.stated], [1080, 2400, { width: 720, height: 1280 }]);
    const half = parseDroidbotState({
      width: '720',
      views: [
        view({
          bounds: [
            [0, 0],
            [1080, 2400],
          ],
        }),
      ],
    });
    assert.deepEqual([half.width, half.height], [1080, 2400]);
  });
});
