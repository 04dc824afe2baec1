// The virtual iPhone's state machine on a hand-made trailmap: a long form whose swipe shortcuts name its
// sections while every section's capture shows the same unscrolled form (as published capture sets do). A swipe
// scrolls the form as a phone does; the rows of the scrolled form keep doing what they did before the scroll.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { uiNode, walk, type UiDump, type UiNode } from '../../src/hierarchy/model.js';
import { layOutRows, scrollContent, TrailmapWorld } from '../../src/device/virtual/wda/world.js';
import { parseShortcut, type Trailmap } from '../../src/trailmap/index.js';

const el = (desc: string, bounds: [number, number, number, number], children: UiNode[] = []): UiNode =>
  uiNode({ cls: 'XCUIElementTypeOther', desc, bounds, children });

/** A 400×800 screen with a full-screen scroll view holding rows down to y 1900; rows below the fold keep their
 * labels at the top of the screen, as captures do. */
function form(): UiDump {
  const row = (label: string, top: number): UiNode =>
    el(label, [0, top, 400, top + 50], [el(label, top < 800 ? [20, top + 10, 300, top + 40] : [0, 0, 280, 30])]);
  const rows = [row('First name', 100), row('Ringtone', 700), row('add date', 1200), row('add field', 1850)];
  return { format: 'maestro-ios', platform: 'ios', rotation: 0, width: 400, height: 800, roots: [el('', [0, 0, 400, 800], rows)] };
}

const other = (label: string): UiDump => ({
  format: 'maestro-ios',
  platform: 'ios',
  rotation: 0,
  width: 400,
  height: 800,
  roots: [el('', [0, 0, 400, 800], [el(label, [0, 100, 400, 150])])],
});

const shortcut = (id: string, from: string, to: string, tool: string): ReturnType<typeof parseShortcut> =>
  parseShortcut(`id: ${id}\nshortcut: {from: ${from}, to: ${to}}\ntools:\n  - ${tool}\n`);

function map(): Trailmap {
  const captures = new Map(
    [
      ['edit', form()],
      ['edit-middle', form()],
      ['edit-bottom', form()],
      ['picker', other('Add Field')],
      ['dates', other('Dates')],
    ].map(([id, dump]) => [id as string, { waypointId: id as string, file: `${id as string}.json`, dump: dump as UiDump }]),
  );
  return {
    dir: '',
    waypoints: [],
    captures,
    appIds: { ios: ['com.example.form'] },
    shortcuts: [
      shortcut('down1', 'edit', 'edit-middle', 'swipe: {direction: UP}'),
      shortcut('down2', 'edit-middle', 'edit-bottom', 'swipe: {direction: UP}'),
      shortcut('field', 'edit', 'picker', 'tapOnElementWithText: {text: add field}'),
      shortcut('date', 'edit-middle', 'dates', 'tapOnElementWithText: {text: add date}'),
    ],
  };
}

const top = (d: UiDump, label: string): number => [...walk(d.roots)].find((e) => e.node.desc === label)!.node.bounds[1];

describe('the virtual iPhone over a long form', () => {
  test('a swipe shortcut to the same form scrolls it, and the waypoint follows the shortcut', () => {
    const w = new TrailmapWorld(map(), 'edit');
    assert.equal(w.act({ kind: 'swipe', direction: 'up', distance: 500 })?.id, 'down1');
    assert.equal(w.waypoint, 'edit-middle');
    assert.equal(top(w.dump(), 'add field'), 1350);
    assert.equal(w.act({ kind: 'swipe', direction: 'up', distance: 500 })?.id, 'down2');
    assert.equal(top(w.dump(), 'add field'), 850);
    // No shortcut left: the swipe goes on scrolling, no further than the content reaches (bottom 1900 → 800).
    assert.equal(w.act({ kind: 'swipe', direction: 'up', distance: 500 }), undefined);
    assert.equal(top(w.dump(), 'add field'), 750);
    assert.equal(w.waypoint, 'edit-bottom');
    assert.equal(w.act({ kind: 'swipe', direction: 'down', distance: 5000 }), undefined);
    assert.equal(top(w.dump(), 'First name'), 100);
  });

  test('the scrolled form answers the shortcuts of the waypoints it scrolled through, latest first', () => {
    const w = new TrailmapWorld(map(), 'edit');
    for (let i = 0; i < 3; i++) w.act({ kind: 'swipe', direction: 'up', distance: 500 });
    // "add field" is a shortcut of the first section, now on screen at 750..800.
    assert.equal(w.act({ kind: 'tap', x: 200, y: 775 })?.id, 'field');
    assert.equal(w.waypoint, 'picker');
    assert.deepEqual(
      [...walk(w.dump().roots)].map((e) => e.node.desc).filter((d) => d !== ''),
      ['Add Field'],
    );
    const v = new TrailmapWorld(map(), 'edit');
    v.act({ kind: 'swipe', direction: 'up', distance: 500 });
    v.act({ kind: 'swipe', direction: 'up', distance: 500 });
    assert.equal(v.act({ kind: 'tap', x: 200, y: 225 })?.id, 'date');
    // Showing a new screen forgets the scroll: a tap where the form's row was does nothing here.
    assert.equal(v.act({ kind: 'tap', x: 200, y: 775 }), undefined);
    assert.equal(v.waypoint, 'dates');
  });

  test('a swipe shortcut to a different screen shows that screen', () => {
    const m = map();
    m.shortcuts.push(shortcut('away', 'picker', 'dates', 'swipe: {direction: DOWN}'));
    const w = new TrailmapWorld(m, 'picker');
    assert.equal(w.act({ kind: 'swipe', direction: 'down' })?.id, 'away');
    assert.equal(top(w.dump(), 'Dates'), 100);
  });

  test('labels left at the top of the screen inside rows below the fold neither make a row scrollable nor stop the scroll', () => {
    const d = form();
    assert.equal(scrollContent(d, 'up', { distance: 1000 }), -1000);
    // After one long scroll the "Ringtone" row sits above the screen and "add date" at 200; its label (left at
    // 0..30 by the capture, now at -1000) is not content beyond the row: the form keeps scrolling.
    assert.equal(scrollContent(d, 'up', { distance: 1000 }), -100);
    assert.equal(top(d, 'add field'), 750);
    assert.equal(scrollContent(d, 'up', { distance: 1000 }), 0);
    // Back down no further than where the capture laid the content out.
    assert.equal(scrollContent(d, 'down', { distance: 5000, scrolled: 1100 }), 1100);
    assert.equal(top(d, 'First name'), 100);
    assert.equal(scrollContent(d, 'down', { scrolled: 0 }), 0);
  });

  test('labels the capture left at the screen origin are laid out inside their rows, as a phone shows them', () => {
    const d = form();
    const row = el('Notes', [0, 2000, 400, 2100], [el('Notes', [200, 640, 380, 660]), el('x', [0, 0, 40, 40], [el('y', [0, 0, 20, 20])])]);
    d.roots[0]!.children.push(row);
    layOutRows(d);
    const at = (label: string): readonly number[] => [...walk(d.roots)].filter((e) => e.node.desc === label).at(-1)!.node.bounds;
    assert.deepEqual(at('add field'), [0, 1850, 280, 1880]);
    assert.deepEqual(at('x'), [0, 2000, 40, 2040]);
    assert.deepEqual(at('y'), [0, 2000, 20, 2020]);
    // A stale frame from elsewhere on the screen goes to the row's corner, its size kept within the row.
    assert.deepEqual(at('Notes'), [0, 2000, 180, 2020]);
    // Labels already inside their rows stay.
    assert.deepEqual(at('First name'), [20, 110, 300, 140]);
    // The world serves captures laid out so: "add field" is in sight once the form is scrolled.
    const w = new TrailmapWorld(map(), 'edit');
    for (let i = 0; i < 3; i++) w.act({ kind: 'swipe', direction: 'up', distance: 500 });
    const label = [...walk(w.dump().roots)].filter((e) => e.node.desc === 'add field').at(-1)!.node;
    assert.deepEqual(label.bounds, [0, 750, 280, 780]);
  });
});
