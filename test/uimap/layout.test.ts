// The HTML view's layout (ELK, layered) on a fixture app, without a browser: boxes apart, every route from
// one box's border to the other's, return edges drawn towards the screen they return to, parallel triggers
// on one line, and the same map laid out the same way twice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { layoutMap, mapDirectory, renderMapHtml } from '../../src/uimap/index.js';
import type { Box, UiMap } from '../../src/uimap/index.js';
import { fitText, textWidth } from '../../src/uimap/layout.js';

const fixture = fileURLToPath(new URL('../fixtures/uimap/notekeeper', import.meta.url));
let cached: UiMap | undefined;
const notekeeper = async (): Promise<UiMap> => (cached ??= await mapDirectory(fixture));

const apart = (a: Box, b: Box): boolean => a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
const onBorder = (p: { x: number; y: number }, b: Box): boolean => {
  const within = (v: number, lo: number, hi: number): boolean => v >= lo - 0.5 && v <= hi + 0.5;
  const near = (v: number, w: number): boolean => Math.abs(v - w) <= 0.5;
  return (
    ((near(p.x, b.x) || near(p.x, b.x + b.width)) && within(p.y, b.y, b.y + b.height)) ||
    ((near(p.y, b.y) || near(p.y, b.y + b.height)) && within(p.x, b.x, b.x + b.width))
  );
};

test('every activity gets a box inside the drawing, no two boxes overlap, labels clear of the boxes', async () => {
  const map = await notekeeper();
  const layout = await layoutMap(map);
  assert.deepEqual(layout.nodes.map((n) => n.name).sort(), map.activities.map((a) => a.name).sort());
  for (const n of layout.nodes) {
    assert.ok(n.x >= 0 && n.y >= 0 && n.x + n.width <= layout.width && n.y + n.height <= layout.height, n.name);
    assert.equal(n.title, n.name.split('.').at(-1));
  }
  for (let i = 0; i < layout.nodes.length; i++)
    for (const b of layout.nodes.slice(i + 1)) assert.ok(apart(layout.nodes[i] as Box, b), `${layout.nodes[i]?.name} / ${b.name}`);
  const labels = layout.edges.flatMap((e) => (e.label === undefined ? [] : [e.label]));
  assert.ok(labels.length > 0);
  for (const l of labels) for (const n of layout.nodes) assert.ok(apart(l, n), `label ${l.text} on ${n.name}`);
  for (let i = 0; i < labels.length; i++) for (const b of labels.slice(i + 1)) assert.ok(apart(labels[i] as Box, b), b.text);
});

test('routes run from border to border; a return edge ends on the screen it returns to; triggers share a line', async () => {
  const map = await notekeeper();
  const layout = await layoutMap(map);
  const box = new Map(layout.nodes.map((n) => [n.name, n]));
  const backs = layout.edges.filter((e) => e.back);
  assert.ok(backs.length > 0 && backs.length < layout.edges.length);
  for (const e of layout.edges) {
    const [first, last] = [e.points[0], e.points.at(-1)];
    assert.ok(first !== undefined && last !== undefined && e.points.length >= 2);
    if (e.from === e.to) continue;
    assert.ok(onBorder(first, box.get(e.from) as Box), `${e.from} → ${e.to} starts on ${e.from}: ${JSON.stringify(first)}`);
    assert.ok(onBorder(last, box.get(e.to) as Box), `${e.from} → ${e.to} ends on ${e.to}: ${JSON.stringify(last)}`);
    assert.equal(e.label === undefined, e.back, 'forward lines carry a label, return lines show theirs on hover');
  }
  // each transition's trigger is listed on exactly one line, the line of its pair and direction
  for (const t of map.transitions) {
    const back = t.back === true || t.trigger?.kind === 'up';
    const text =
      t.trigger === undefined ? (t.kind ?? 'start') : `${t.trigger.kind}${t.trigger.element === undefined ? '' : ` ${t.trigger.element}`}`;
    const lines = layout.edges.filter((e) => e.from === t.from && e.to === t.to && e.back === back);
    assert.equal(lines.length, 1);
    assert.ok(lines[0]?.triggers.includes(text), text);
  }
  assert.ok(
    layout.edges.some((e) => e.triggers.length > 1),
    'the fixture has a line with several triggers',
  );
});

test('the same map gives the same layout and the same page', async () => {
  const map = await notekeeper();
  const [a, b] = [await layoutMap(map), await layoutMap(structuredClone(map))];
  assert.deepEqual(a, b);
  assert.equal(renderMapHtml(map, a), renderMapHtml(map, b));
});

test('text is cut to the room it has, with an ellipsis', () => {
  assert.equal(fitText('12 elements', 11, 200), '12 elements');
  const cut = fitText('13 elements · Frequently asked questions', 11, 130);
  assert.ok(cut.endsWith('…') && cut.startsWith('13 elements'), cut);
  assert.ok(textWidth(cut, 11) <= 130, cut);
});

test('a map too wide for its labels to be read at the default fit is laid out again without room for them', async () => {
  const screen = (name: string, launcher = false) => ({
    name: `x.${name}`,
    ...(launcher ? { launcher: true as const } : {}),
    layouts: [],
    elements: [],
    fragments: [],
    dialogs: [],
    menus: [],
  });
  const leaves = Array.from({ length: 12 }, (_, i) => screen(`ScreenNumber${i}Activity`));
  const map: UiMap = {
    package: 'x',
    activities: [screen('MainActivity', true), ...leaves],
    transitions: leaves.map((l, i) => ({
      from: 'x.MainActivity',
      to: l.name,
      trigger: { kind: 'click' as const, element: `open_screen_number_${i}` },
    })),
    warnings: [],
    stats: { modules: 1, sourceFiles: 0, resourceFiles: 0, activities: 13, transitions: 12, elements: 0 },
  };
  const layout = await layoutMap(map);
  assert.ok(layout.width > 1015 / 0.8, `wide: ${layout.width}`);
  assert.ok(layout.edges.every((e) => e.label === undefined && e.triggers.length === 1));
  const html = renderMapHtml(map, layout);
  assert.equal((html.match(/class="fit"/g) ?? []).length, 0);
  assert.equal((html.match(/<text x="[^"]+" y="[^"]+">click open_screen_number_/g) ?? []).length, 12, 'each line keeps its hover label');
});
