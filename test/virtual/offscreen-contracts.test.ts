// Recorded content beyond a list's fold: a uiautomator XML screen ends at the fold, while DroidBot's JSON of the
// same state keeps the rows past it (invisible, their far edges clamped to the window). Grafting puts those rows
// back under the list with their real extent estimated from a measured row of the same kind, so the phone can
// scroll them into view; rows the recording had scrolled past (above the list's top) get their tops back. Screens
// that disagree, or hold nothing beyond a fold, are left as recorded. Pure.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { uiNode, walk, type Bounds, type UiDump, type UiNode } from '../../src/hierarchy/model.js';
import { graftOffscreen } from '../../src/device/virtual/offscreen.js';

const W = 1080;
const H = 1920;

const row = (i: number, bounds: Bounds, visible = true): UiNode =>
  uiNode({ cls: 'android.widget.TextView', id: 'app:id/title', text: `Row ${i}`, bounds, visible, clickable: true });

/** A list from y 200 to the bottom; rows 1000 px wide and 400 tall from its top. */
function listOf(rows: UiNode[], scrollable = true): UiNode {
  return uiNode({ cls: 'android.widget.ListView', id: 'app:id/list', bounds: [0, 200, W, H], scrollable, children: rows });
}

function dump(format: UiDump['format'], list: UiNode): UiDump {
  return {
    format,
    rotation: 0,
    width: W,
    height: H,
    roots: [uiNode({ cls: 'android.widget.FrameLayout', bounds: [0, 0, W, H], children: [list] })],
  };
}

const visibleRows = (): UiNode[] => [0, 1, 2, 3].map((i) => row(i, [0, 200 + i * 400, 1000, 600 + i * 400]));

/** The JSON twin: the same rows, then row 4 cut at the window's bottom and row 5 wholly below it (clamped to it). */
const jsonTwin = (extra: UiNode[] = [row(4, [0, 1800, 1000, H], false), row(5, [0, H, 1000, H], false)], scrollable = true): UiDump =>
  dump('droidbot', listOf([...visibleRows(), ...extra], scrollable));

const xml = (scrollable = true): UiDump => dump('uiautomator', listOf(visibleRows(), scrollable));

describe('grafting recorded content beyond a fold', () => {
  test("rows below the fold come back under the list, hidden, their bottoms from a measured row's height", () => {
    const g = graftOffscreen(xml(), jsonTwin());
    assert.ok(g);
    const nodes = [...walk(g.dump.roots)].map((e) => e.node);
    assert.deepEqual(g.offscreen, [6, 7], 'preorder indices of the grafted rows');
    assert.deepEqual(
      g.offscreen.map((i) => [nodes[i]!.text, nodes[i]!.bounds, nodes[i]!.visible]),
      [
        ['Row 4', [0, 1800, 1000, 2200], false],
        ['Row 5', [0, H, 1000, H + 400], false],
      ],
    );
    // The recorded screen itself is unchanged: the list and its visible rows as dumped.
    assert.deepEqual(nodes[1]!.bounds, [0, 200, W, H]);
    assert.deepEqual(
      nodes.slice(2, 6).map((n) => [n.text, n.bounds, n.visible]),
      visibleRows().map((r) => [r.text, r.bounds, true]),
    );
  });

  test('a row of a kind never measured whole takes a 48dp row (a eighteenth of the screen)', () => {
    const other = uiNode({ cls: 'android.widget.Button', text: 'More', bounds: [0, 1800, 1000, H], visible: false });
    const g = graftOffscreen(xml(), jsonTwin([other]));
    assert.ok(g);
    const n = [...walk(g.dump.roots)].map((e) => e.node)[g.offscreen[0]!]!;
    assert.deepEqual(n.bounds, [0, 1800, 1000, Math.max(H, 1800 + Math.round(H / 18))]);
  });

  // The window clamped its top to the list's top: it arrives with no height.
  test('a row above the list (the recording was scrolled down) gets its top back from the bottom up', () => {
    const above = row(-1, [0, 200, 1000, 200], false);
    const g = graftOffscreen(xml(), jsonTwin([above]));
    assert.ok(g);
    const n = [...walk(g.dump.roots)].map((e) => e.node)[g.offscreen[0]!]!;
    assert.deepEqual([n.text, n.bounds], ['Row -1', [0, -200, 1000, 200]]);
  });

  test('a parent past the fold spans its children', () => {
    const card = uiNode({
      cls: 'android.widget.LinearLayout',
      id: 'app:id/card',
      bounds: [0, 1800, 1000, H],
      visible: false,
      children: [row(4, [0, 1850, 1000, H], false)],
    });
    const g = graftOffscreen(xml(), jsonTwin([card]));
    assert.ok(g);
    const nodes = [...walk(g.dump.roots)].map((e) => e.node);
    assert.deepEqual(
      g.offscreen.map((i) => nodes[i]!.bounds),
      [
        [0, 1800, 1000, 2300],
        [0, 1850, 1000, 2250],
      ],
    );
  });

  test('nothing to graft: no hidden rows, hidden rows of no size, hidden views outside any scrolling container', () => {
    assert.equal(graftOffscreen(xml(), jsonTwin([])), undefined);
    assert.equal(graftOffscreen(xml(), jsonTwin([row(4, [5, 5, 5, 5], false)])), undefined);
    assert.equal(graftOffscreen(xml(false), jsonTwin(undefined, false)), undefined);
  });

  test('twins that disagree (another class, other bounds, another count of visible views) leave the screen as recorded', () => {
    const moved = jsonTwin();
    moved.roots[0]!.children[0]!.children[0]!.bounds = [0, 210, 1000, 600];
    assert.equal(graftOffscreen(xml(), moved), undefined);
    const recast = jsonTwin();
    recast.roots[0]!.children[0]!.children[1]!.cls = 'android.widget.Button';
    assert.equal(graftOffscreen(xml(), recast), undefined);
    const fewer = jsonTwin();
    fewer.roots[0]!.children[0]!.children.splice(0, 1);
    assert.equal(graftOffscreen(xml(), fewer), undefined);
  });
});
