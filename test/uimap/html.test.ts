// The HTML view without a browser: the page drawn from a hand-made layout (node lines cut and squeezed, routes
// with rounded corners, labels, escaping, the data block), and layouts of small hand-made maps (box sizes,
// subtitles, trigger lines, return edges, the label-free second pass).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutMap, renderMapHtml } from '../../src/uimap/index.js';
import type { LaidEdge, LaidNode, MapLayout, UiMap } from '../../src/uimap/index.js';
import { handMap as uiMap, mapActivity as act } from './hand-maps.js';
import { fitText, NODE_PAD, SUB_PX, textWidth } from '../../src/uimap/layout.js';

const node = (name: string, more: Partial<LaidNode> = {}): LaidNode => ({
  name,
  title: name.split('.').at(-1) ?? name,
  subtitle: '0 elements',
  x: 20,
  y: 20,
  width: 160,
  height: 40,
  ...more,
});

const edge = (from: string, to: string, points: [number, number][], more: Partial<LaidEdge> = {}): LaidEdge => ({
  from,
  to,
  back: false,
  triggers: ['click'],
  points: points.map(([x, y]) => ({ x, y })),
  ...more,
});

const page = (map: UiMap, nodes: LaidNode[], edges: LaidEdge[] = [], size = { width: 800, height: 600 }): string =>
  renderMapHtml(map, { ...size, nodes, edges } satisfies MapLayout);

/** The SVG `<g>` elements of one class, as text. */
const groups = (html: string, cls: string): string[] =>
  [...html.matchAll(new RegExp(`<g class="${cls}[^"]*"[^]*?</g>`, 'g'))].map((m) => m[0]);
const pathOf = (g: string): string => /<path class="line" d="([^"]*)"/.exec(g)?.[1] ?? '';

describe('renderMapHtml: nodes', () => {
  test('a line up to 40 characters stays whole; a longer one keeps 39 and an ellipsis', () => {
    const forty = 'A'.repeat(40);
    const longer = `${'B'.repeat(39)}CDE`;
    const html = page(uiMap([act('org.x.A')]), [node('org.x.A', { title: forty, subtitle: longer, width: 2000 })]);
    assert.ok(html.includes(`>${forty}</text>`));
    assert.ok(html.includes(`>${'B'.repeat(39)}…</text>`));
    assert.ok(!html.includes('BC'));
  });

  test('a line wider than the box by the estimate is squeezed to the box; the bold title is wider than the same subtitle', () => {
    const text = 'SettingsActivity';
    const regular = textWidth(text, 12);
    const bold = textWidth(text, 12, true);
    assert.ok(bold > regular);
    // room for the regular width of the title's text, not its bold width
    const room = regular;
    // a subtitle that fits at its regular width but would not if it were measured bold
    const sub = `${text}x`;
    assert.ok(textWidth(sub, SUB_PX) <= room && textWidth(sub, SUB_PX, true) > room);
    const html = page(uiMap([act('org.x.S')]), [node('org.x.S', { title: text, subtitle: sub, width: room + 2 * NODE_PAD })]);
    const lines = [...html.matchAll(/<text x="[^"]*" y="[^"]*" class="(title|sub)"([^>]*)>/g)].map((m) => [m[1], m[2]]);
    assert.deepEqual(lines, [
      ['title', ` textLength="${room}" lengthAdjust="spacingAndGlyphs"`],
      ['sub', ''],
    ]);
    const wide = page(uiMap([act('org.x.S')]), [node('org.x.S', { title: text, width: bold + 2 * NODE_PAD })]);
    assert.ok(!wide.includes('textLength'), 'exactly as wide as the estimate: not squeezed');
    assert.ok(textWidth(text, SUB_PX) < regular);
  });

  test('positions are rounded to one decimal; launcher, summary and escaping', () => {
    const name = 'org.x.A<b>&"q"';
    const html = page(uiMap([act(name, { launcher: true, summary: 'Lists notes' })]), [
      node(name, { x: 10.04, y: 20.06, width: 160.25, height: 40 }),
    ]);
    const [g = ''] = groups(html, 'node');
    assert.ok(g.startsWith('<g class="node launcher" data-name="org.x.A&lt;b&gt;&amp;&quot;q&quot;" tabindex="0">'), g);
    assert.ok(g.includes('<title>org.x.A&lt;b&gt;&amp;&quot;q&quot;\nLists notes</title>'), g);
    assert.ok(g.includes('<rect x="10" y="20.1" width="160.3" height="40" rx="8"/>'), g);
    assert.ok(g.includes(`<text x="${10.04 + NODE_PAD - 0.04}" y="37.1" class="title"`), g);
    assert.ok(g.includes('y="52.1" class="sub"'), g);
    const plain = groups(page(uiMap([act('org.x.B')]), [node('org.x.B')]), 'node')[0] ?? '';
    assert.ok(plain.startsWith('<g class="node" data-name="org.x.B"'), plain);
    assert.ok(plain.includes('<title>org.x.B</title>'), plain);
  });
});

describe('renderMapHtml: edges', () => {
  const map = uiMap([act('org.x.A'), act('org.x.B')]);
  const two = [node('org.x.A'), node('org.x.B', { y: 200 })];

  test('corners are rounded with radius 6, or half the shorter segment; the last point is a straight line to the arrow', () => {
    const html = page(map, two, [
      edge('org.x.A', 'org.x.B', [
        [0, 0],
        [100, 0],
        [100, 100],
        [104, 100],
        [104, 200],
      ]),
    ]);
    assert.equal(
      pathOf(groups(html, 'edge')[0] ?? ''),
      'M0,0 L94,0 Q100,0 100,6 L100,98 Q100,100 102,100 L102,100 Q104,100 104,102 L104,200',
    );
    const straight = page(map, two, [
      edge('org.x.A', 'org.x.B', [
        [5, 5],
        [5, 50],
      ]),
    ]);
    assert.equal(pathOf(groups(straight, 'edge')[0] ?? ''), 'M5,5 L5,50');
    assert.equal(pathOf(groups(page(map, two, [edge('org.x.A', 'org.x.B', [])]), 'edge')[0] ?? ''), '');
  });

  test('a forward edge shows the label it was given room for; the hover title lists every trigger', () => {
    const html = page(map, two, [
      edge(
        'org.x.A',
        'org.x.B',
        [
          [0, 0],
          [0, 100],
        ],
        { triggers: ['click save', 'menu <go>'], label: { text: 'click save +1', x: 10, y: 40, width: 80, height: 13 } },
      ),
    ]);
    const [g = ''] = groups(html, 'edge');
    assert.ok(g.startsWith('<g class="edge" data-from="org.x.A" data-to="org.x.B"><title>A → B: click save, menu &lt;go&gt;</title>'), g);
    assert.ok(g.includes('<text class="fit" x="10" y="50">click save +1</text>'), g);
    assert.ok(g.includes('marker-end="url(#arrow)"'), g);
  });

  test('an edge without a label shows its first trigger (+ the rest counted) beside the middle of its longest segment', () => {
    const html = page(map, two, [
      edge(
        'org.x.B',
        'org.x.A',
        [
          [0, 0],
          [10, 0],
          [10, 300],
          [40, 300],
        ],
        { back: true, triggers: ['up', 'click back', 'auto'] },
      ),
      edge(
        'org.x.A',
        'org.x.B',
        [
          [0, 0],
          [0, 20],
          [20, 20],
        ],
        { triggers: ['menu'] },
      ),
      edge(
        'org.x.A',
        'org.x.B',
        [
          [0, 0],
          [0, 20],
        ],
        { triggers: [] },
      ),
    ]);
    const [back = '', one = '', none = ''] = groups(html, 'edge');
    assert.ok(back.startsWith('<g class="edge back"'), back);
    assert.ok(back.includes('<text x="14" y="146">up +2</text>'), back);
    assert.ok(back.includes('marker-end="url(#arrow-back)"'), back);
    assert.ok(one.includes('<text x="4" y="6">menu</text>'), `the first of two longest segments: ${one}`);
    assert.equal(
      none,
      '<g class="edge" data-from="org.x.A" data-to="org.x.B"><title>A → B: </title><path class="hit" d="M0,0 L0,20"/><path class="line" d="M0,0 L0,20" marker-end="url(#arrow)"/></g>',
    );
    // no route at all: the label sits by the origin
    const lone = page(map, two, [edge('org.x.A', 'org.x.B', [], { triggers: ['menu'] })]);
    assert.ok(lone.includes('<text x="4" y="-4">menu</text>'), lone);
    assert.ok(html.includes('back/up edges (1)'));
  });
});

describe('renderMapHtml: the page', () => {
  test('one line per edge and per node, edges first (drawn under the boxes); a box the map does not list is plain', () => {
    const html = page(
      uiMap([act('org.x.A', { launcher: true })]),
      [node('org.x.A'), node('org.x.Ghost')],
      [
        edge('org.x.A', 'org.x.Ghost', [
          [0, 0],
          [0, 9],
        ]),
      ],
    );
    const lines = html.split('\n').filter((l) => l.startsWith('<g '));
    assert.deepEqual(
      lines.map((l) => /^<g class="([^"]*)"/.exec(l)?.[1]),
      ['edge', 'node launcher', 'node'],
    );
    assert.ok(lines[2]?.includes('<title>org.x.Ghost</title>'));
  });

  test('a small drawing still gets a 200×100 view box; a large one its own size', () => {
    assert.ok(page(uiMap([]), [], [], { width: 50, height: 20 }).includes('viewBox="0 0 200 100"'));
    assert.ok(page(uiMap([]), [], [], { width: 1234.56, height: 789.04 }).includes('viewBox="0 0 1234.6 789"'));
  });

  test('the side panel counts activities and transitions, names the enriching model and lists warnings', () => {
    const map = uiMap([act('org.x.A'), act('org.x.B')], [{ from: 'org.x.A', to: 'org.x.B' }], {
      enrichedBy: 'local <model>',
      warnings: [
        { code: 'MENU_NOT_FOUND', count: 3, examples: [] },
        { code: 'CLASS_NOT_FOUND', count: 1, examples: [] },
      ],
    });
    const html = page(map, [node('org.x.A'), node('org.x.B')]);
    assert.ok(html.includes('2 activities, 1 transitions.'), 'counts');
    assert.ok(html.includes(' Summaries and effects by local &lt;model&gt;.'));
    assert.ok(
      html.includes(
        '<h3>Skipped while mapping</h3><ul><li><code>MENU_NOT_FOUND</code> ×3</li><li><code>CLASS_NOT_FOUND</code> ×1</li></ul></div>',
      ),
    );
    const bare = page(uiMap([act('org.x.A')]), [node('org.x.A')]);
    assert.ok(
      bare.includes('<p class="muted">1 activities, 0 transitions. Click an activity to see its elements.</p></div></div>'),
      'nothing more',
    );
    assert.ok(bare.includes('<title>UI Map · org.x</title>'));
  });

  test('the map data block cannot be ended by a label, and reads back as the map', () => {
    const map = uiMap([act('org.x.A', { label: '</script><script>alert(1)</script>' })]);
    const html = page(map, [node('org.x.A')]);
    const block = /<script id="map-data" type="application\/json">([^]*?)<\/script>/.exec(html)?.[1] ?? '';
    assert.ok(!block.includes('<'), block);
    assert.deepEqual(JSON.parse(block), { package: 'org.x', activities: map.activities, transitions: [] });
  });
});

describe('layoutMap: small hand-made maps', () => {
  test('box widths follow their lines within 140–200 px; subtitles count elements and cut a long label', async () => {
    const el = (id: string) => ({ id, class: 'android.widget.Button' });
    const map = uiMap([
      act('org.x.A', { launcher: true, elements: [el('one')] }),
      act('org.x.Bee', { elements: [el('a'), el('b')], dialogs: [{ name: 'd', elements: [el('c')] }], label: 'Settings' }),
      act('org.x.AVeryLongActivityNameThatNeedsRoomToBeRead', { label: 'A label far too long to fit in any box at all' }),
    ]);
    const layout = await layoutMap(map);
    const by = new Map(layout.nodes.map((n) => [n.title, n]));
    assert.equal(by.get('A')?.subtitle, '1 element');
    assert.equal(by.get('A')?.width, 140);
    assert.equal(by.get('Bee')?.subtitle, '3 elements · Settings');
    const long = by.get('AVeryLongActivityNameThatNeedsRoomToBeRead');
    assert.equal(long?.width, 200);
    assert.ok(long?.subtitle.startsWith('0 elements · A label') && long.subtitle.endsWith('…'), long?.subtitle);
    assert.ok(textWidth(long?.subtitle.slice(0, -1) ?? '', SUB_PX) <= 200 - 2 * NODE_PAD);
    for (const n of layout.nodes) assert.equal(n.height, 40);
  });

  test('a title is measured bold: a long one widens its box by its bold width', async () => {
    const title = 'AVeryLongActivityName';
    const layout = await layoutMap(uiMap([act(`org.x.${title}`)]));
    assert.equal(layout.nodes[0]?.width, textWidth(title, 12, true) + 2 * NODE_PAD);
  });

  test('the layout settings show in the geometry: 20 px padding, downward layers 48 px apart, siblings 22 px apart, square routes', async () => {
    const names = ['Root', 'Left', 'Right', 'Below'];
    const layout = await layoutMap(
      uiMap(
        names.map((n) => act(`org.x.${n}`, { launcher: n === 'Root' })),
        [
          { from: 'org.x.Root', to: 'org.x.Left' },
          { from: 'org.x.Root', to: 'org.x.Right' },
          { from: 'org.x.Left', to: 'org.x.Below' },
        ],
      ),
    );
    const by = new Map(layout.nodes.map((n) => [n.title, n]));
    const [root, left, right, below] = names.map((n) => by.get(n) as LaidNode);
    assert.ok(root && left && right && below);
    assert.equal(Math.min(...layout.nodes.map((n) => n.x)), 20);
    assert.equal(Math.min(...layout.nodes.map((n) => n.y)), 20);
    assert.equal(layout.width, Math.max(...layout.nodes.map((n) => n.x + n.width)) + 20);
    assert.equal(layout.height, Math.max(...layout.nodes.map((n) => n.y + n.height)) + 20);
    // a labelled edge between two layers: 48 px from each layer to the 13 px label between them
    assert.ok(left.y - (root.y + root.height) >= 2 * 48 + 13, `layer gap ${left.y - (root.y + root.height)}`);
    assert.ok(below.y - (left.y + left.height) >= 2 * 48 + 13, 'layer gap');
    assert.equal(left.y, right.y);
    const [l, r] = left.x < right.x ? [left, right] : [right, left];
    assert.ok(r.x - (l.x + l.width) >= 22, `sibling gap ${r.x - (l.x + l.width)}`);
    for (const e of layout.edges)
      for (let i = 1; i < e.points.length; i++) {
        const [p, q] = [e.points[i - 1], e.points[i]] as [{ x: number; y: number }, { x: number; y: number }];
        assert.ok(Math.abs(p.x - q.x) < 0.01 || Math.abs(p.y - q.y) < 0.01, 'axis-aligned segment');
      }
  });

  test('trigger lines: kind and element, the kind alone, the edge kind, else start; parallel transitions share a line once each', async () => {
    const map = uiMap(
      [act('org.x.A', { launcher: true }), act('org.x.B')],
      [
        { from: 'org.x.A', to: 'org.x.B', trigger: { kind: 'click', element: 'open' } },
        { from: 'org.x.A', to: 'org.x.B', trigger: { kind: 'click', element: 'open' } },
        { from: 'org.x.A', to: 'org.x.B', trigger: { kind: 'menu' } },
        { from: 'org.x.A', to: 'org.x.B', kind: 'implicit' },
        { from: 'org.x.A', to: 'org.x.B' },
        { from: 'org.x.A', to: 'org.x.Gone' },
      ],
    );
    const layout = await layoutMap(map);
    assert.equal(layout.edges.length, 1, 'the transition to an activity the map lacks is not drawn');
    assert.deepEqual(layout.nodes.map((n) => n.title).sort(), ['A', 'B']);
    assert.deepEqual(layout.edges[0]?.triggers, ['click open', 'menu', 'implicit', 'start']);
  });

  test('a return edge (back, or up) is its own line, runs towards the screen it returns to and has no label', async () => {
    const map = uiMap(
      [act('org.x.A', { launcher: true }), act('org.x.B')],
      [
        { from: 'org.x.A', to: 'org.x.B', trigger: { kind: 'click', element: 'open_a_long_element_name_here' } },
        { from: 'org.x.A', to: 'org.x.B', trigger: { kind: 'menu', element: 'b' } },
        { from: 'org.x.B', to: 'org.x.A', back: true, trigger: { kind: 'click', element: 'done' } },
        { from: 'org.x.B', to: 'org.x.A', trigger: { kind: 'up' } },
      ],
    );
    const layout = await layoutMap(map);
    const a = layout.nodes.find((n) => n.title === 'A') as LaidNode;
    const b = layout.nodes.find((n) => n.title === 'B') as LaidNode;
    assert.ok(a.y + a.height <= b.y, 'the launcher is drawn above what it opens');
    const fwd = layout.edges.find((e) => !e.back) as LaidEdge;
    const ret = layout.edges.find((e) => e.back) as LaidEdge;
    assert.deepEqual(ret.triggers, ['click done', 'up']);
    assert.equal(ret.label, undefined);
    assert.equal(fwd.label?.text, 'click open_a_long_… +1');
    assert.equal(ret.label, undefined);
    assert.ok((fwd.label?.text.length ?? 0) <= 22);
    const last = (e: LaidEdge) => e.points.at(-1) as { x: number; y: number };
    const first = (e: LaidEdge) => e.points[0] as { x: number; y: number };
    assert.ok(Math.abs(last(fwd).y - b.y) < 0.5, 'forward: ends on B’s top');
    assert.ok(Math.abs(first(ret).y - b.y) < 0.5 && Math.abs(last(ret).y - (a.y + a.height)) < 0.5, 'return: B’s top to A’s bottom');
  });

  test('boxes are listed breadth-first from the launcher over forward edges, then the rest in map order', async () => {
    const names = ['Orphan', 'Z', 'B', 'L', 'C'];
    const map = uiMap(
      names.map((n) => act(`org.x.${n}`, { launcher: n === 'L' })),
      [
        { from: 'org.x.L', to: 'org.x.Orphan', back: true },
        { from: 'org.x.L', to: 'org.x.C' },
        { from: 'org.x.L', to: 'org.x.B', trigger: { kind: 'up' } },
        { from: 'org.x.L', to: 'org.x.B', trigger: { kind: 'click', element: 'b' } },
        { from: 'org.x.C', to: 'org.x.Z' },
        { from: 'org.x.B', to: 'org.x.Z', trigger: { kind: 'menu' } },
      ],
    );
    const layout = await layoutMap(map);
    assert.deepEqual(
      layout.nodes.map((n) => n.title),
      ['L', 'C', 'B', 'Z', 'Orphan'],
    );
    const single = layout.edges.find((e) => e.from === 'org.x.C');
    assert.equal(single?.label?.text, 'start', 'one trigger: no count');
  });

  test('an edge label keeps 22 characters whole and cuts a longer one to 21 and an ellipsis', async () => {
    const label = async (element: string): Promise<string | undefined> => {
      const map = uiMap(
        [act('org.x.A', { launcher: true }), act('org.x.B')],
        [{ from: 'org.x.A', to: 'org.x.B', trigger: { kind: 'click', element } }],
      );
      return (await layoutMap(map)).edges[0]?.label?.text;
    };
    assert.equal(await label('e'.repeat(16)), `click ${'e'.repeat(16)}`);
    assert.equal(await label('e'.repeat(17)), `click ${'e'.repeat(15)}…`);
  });

  test('fitText cuts at the estimate and drops the space before the ellipsis', () => {
    assert.equal(fitText('abc defgh', 10, 31), 'abc…');
    assert.equal(fitText('abc defgh', 10, 56), 'abc defgh');
    assert.equal(fitText('abcdefghij', 10, 5), 'a…', 'at least one character');
  });

  test('a map too big to read its labels at the default fit is laid out without them', async () => {
    const acts = Array.from({ length: 60 }, (_, i) => act(`org.x.Screen${i}`, { launcher: i === 0 }));
    const transitions = acts
      .slice(1)
      .map((a, i) => ({ from: acts[i]?.name ?? '', to: a.name, trigger: { kind: 'click' as const, element: `next${i}` } }));
    const layout = await layoutMap(uiMap(acts, transitions));
    assert.equal(layout.edges.length, 59);
    assert.ok(layout.edges.every((e) => e.label === undefined));
    const small = await layoutMap(uiMap(acts.slice(0, 3), transitions.slice(0, 2)));
    assert.ok(small.edges.every((e) => e.label !== undefined));
  });
});
