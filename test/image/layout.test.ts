import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { placeLabels, type LabelSize } from '../../src/image/layout.js';
import { planMarks } from '../../src/image/marks.js';
import { intersects, type Rect } from '../../src/image/raster.js';
import { parseDump } from '../../src/hierarchy/parse.js';
import { snapshotFromDump } from '../../src/snapshot/snapshot.js';
import { corpusScreens, readText } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';

const corpus = requires({ shared: true });

function touches(a: Rect, b: Rect): boolean {
  return a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1;
}

function assertNoOverlap(tags: readonly Rect[], where: string): void {
  for (let i = 0; i < tags.length; i++) {
    for (let j = i + 1; j < tags.length; j++) {
      assert.ok(!intersects(tags[i]!, tags[j]!), `${where}: tags ${i} and ${j} intersect ${JSON.stringify([tags[i], tags[j]])}`);
    }
  }
}

describe('label placement', () => {
  test('every corpus screen: tags never intersect, stay in the image, and touch their box when attached', { skip: corpus }, () => {
    let marks = 0;
    let detached = 0;
    let crowded = 0;
    for (const c of corpusScreens()) {
      const dump = parseDump(readText(c.xmlPath));
      const { elements } = snapshotFromDump(dump);
      const plan = planMarks(dump, elements);
      const where = c.xmlPath.split('droidtask/')[1]!;
      assertNoOverlap(
        plan.marks.map((m) => m.tag),
        where,
      );
      for (const m of plan.marks) {
        assert.ok(m.tag.x0 >= 0 && m.tag.y0 >= 0 && m.tag.x1 <= plan.width && m.tag.y1 <= plan.height, `${where} ${m.ref} inside`);
        if (!m.detached) assert.ok(touches(m.tag, m.box), `${where} ${m.ref} touches its box`);
      }
      marks += plan.marks.length;
      detached += plan.marks.filter((m) => m.detached).length;
      if (plan.marks.length >= 25) crowded++;
    }
    assert.ok(marks > 4000, `corpus marks: ${marks}`);
    assert.ok(crowded >= 5, 'the corpus has crowded screens');
    // Detached tags (leader lines) are the exception: measured 0 on the 444 DroidTask screens.
    assert.ok(detached / marks < 0.005, `detached ${detached}/${marks}`);
  });

  test('a crowded grid of small targets: 150 keys smaller than their tags', () => {
    const boxes: Rect[] = [];
    for (let r = 0; r < 10; r++)
      for (let c = 0; c < 15; c++) boxes.push({ x0: 20 + c * 48, y0: 200 + r * 60, x1: 60 + c * 48, y1: 240 + r * 60 });
    const sizes = boxes.map(() => ({ w: 70, h: 34 }));
    const places = placeLabels(boxes, sizes, { width: 743, height: 1568 });
    assertNoOverlap(
      places.map((p) => p.rect),
      'grid',
    );
    for (const p of places) assert.ok(p.rect.x0 >= 0 && p.rect.x1 <= 743 && p.rect.y0 >= 0 && p.rect.y1 <= 1568);
    // The leader-line fallback is exercised here: not every key has a free spot on its edge.
    assert.ok(places.some((p) => p.detached));
  });

  test('a box with room keeps its tag in its top-left corner', () => {
    const [p] = placeLabels([{ x0: 100, y0: 100, x1: 600, y1: 400 }], [{ w: 80, h: 34 }], { width: 743, height: 1568 });
    assert.deepEqual(p!.rect, { x0: 100, y0: 100, x1: 180, y1: 134 });
    assert.equal(p!.detached, false);
  });

  test('property: random boxes never get intersecting tags while the image has room', () => {
    const box = fc
      .record({
        x: fc.integer({ min: 0, max: 700 }),
        y: fc.integer({ min: 0, max: 1500 }),
        w: fc.integer({ min: 1, max: 740 }),
        h: fc.integer({ min: 1, max: 600 }),
      })
      .map(({ x, y, w, h }) => ({ x0: x, y0: y, x1: Math.min(743, x + w), y1: Math.min(1568, y + h) }));
    fc.assert(
      fc.property(fc.array(box, { minLength: 1, maxLength: 80 }), fc.integer({ min: 30, max: 110 }), (boxes, w) => {
        const sizes: LabelSize[] = boxes.map((_, i) => ({ w: w - (i % 3) * 8, h: 34 }));
        const places = placeLabels(boxes, sizes, { width: 743, height: 1568 });
        assertNoOverlap(
          places.map((p) => p.rect),
          'random',
        );
        places.forEach((p, i) => {
          assert.ok(p.rect.x0 >= 0 && p.rect.y0 >= 0 && p.rect.x1 <= 743 && p.rect.y1 <= 1568);
          assert.equal(p.detached, !touches(p.rect, boxes[i]!));
        });
      }),
      { numRuns: 60 },
    );
  });
});

describe('label placement: where a tag goes', () => {
  const tag: LabelSize = { w: 40, h: 20 };
  const rect = (x0: number, y0: number, x1: number, y1: number): Rect => ({ x0, y0, x1, y1 });
  /** The tag rectangles for `boxes`, each with a 40×20 tag. */
  const place = (boxes: Rect[], width: number, height: number): Rect[] =>
    placeLabels(
      boxes,
      boxes.map(() => tag),
      { width, height },
    ).map((p) => p.rect);

  test("a large box in the image's top-left corner keeps its tag in that corner", () => {
    assert.deepEqual(place([rect(0, 0, 300, 300)], 300, 300), [rect(0, 0, 40, 20)]);
  });

  test('a box 3 tags tall and 1.5 tags wide has room: its tag goes inside, top-left', () => {
    // Each box is at one limit and long in the other direction, so the tag hides little of it.
    assert.deepEqual(place([rect(100, 100, 700, 160)], 800, 800), [rect(100, 100, 140, 120)]);
    assert.deepEqual(place([rect(100, 100, 160, 700)], 800, 800), [rect(100, 100, 140, 120)]);
  });

  test('a box under 1.5 tags wide is small, however tall: its tag goes above it, outside', () => {
    assert.deepEqual(place([rect(100, 100, 156, 700)], 800, 800), [rect(100, 80, 140, 100)]);
  });

  test('a box under 1.3 tags wide gets its tag centred above it; at 1.3 tags wide, left-aligned', () => {
    assert.deepEqual(place([rect(100, 100, 148, 300)], 400, 400), [rect(104, 80, 144, 100)]);
    assert.deepEqual(place([rect(100, 100, 152, 300)], 400, 400), [rect(100, 80, 140, 100)]);
  });

  test('a container filling the image keeps its tag off its children: bottom-left inside, else bottom-right', () => {
    const screen = rect(0, 0, 200, 200);
    const topLeft = rect(0, 0, 60, 40);
    const topRight = rect(140, 0, 200, 40);
    const bottomLeft = rect(0, 160, 60, 200);
    // The top children's tags go below them, the bottom one's above it; the container's top corners would hide a child.
    assert.deepEqual(place([screen, topLeft, topRight], 200, 200), [rect(0, 180, 40, 200), rect(0, 40, 40, 60), rect(140, 40, 180, 60)]);
    assert.deepEqual(place([screen, topLeft, topRight, bottomLeft], 200, 200), [
      rect(160, 180, 200, 200),
      rect(0, 40, 40, 60),
      rect(140, 40, 180, 60),
      rect(0, 140, 40, 160),
    ]);
  });

  test('a control at the top of a large card gets its tag below it on the card, not outside beside the card', () => {
    const card = rect(100, 0, 400, 400);
    const control = rect(100, 0, 160, 30);
    // Hiding a sliver of its card costs less than moving to the spot beside the control.
    assert.deepEqual(place([card, control], 400, 400)[1], rect(100, 30, 140, 50));
  });

  test('a control at the bottom of a small card gets its tag below the card, not over the card above the control', () => {
    const card = rect(100, 100, 200, 160);
    const control = rect(100, 130, 160, 160);
    // Above the control the tag would hide 13% of the card: worse than the next candidate, below.
    assert.deepEqual(place([card, control], 400, 400), [rect(100, 80, 140, 100), rect(100, 160, 140, 180)]);
  });

  test('a screen whose every free spot hides a child puts its tag where it hides the least of one', () => {
    const screen = rect(0, 0, 100, 60);
    const corner = rect(0, 0, 40, 20);
    const rest = rect(0, 20, 100, 60);
    // The corner's tag goes beside it, the rest's inside its top-left; the screen's top-left would hide all of the
    // corner, its bottom-left a fifth of the rest.
    assert.deepEqual(place([screen, corner, rest], 100, 60), [rect(0, 40, 40, 60), rect(40, 0, 80, 20), rect(0, 20, 40, 40)]);
  });

  test('rows of a list with no room outside: each tag sits inside its own row, not over the next', () => {
    assert.deepEqual(place([rect(0, 0, 80, 30), rect(0, 30, 80, 60)], 80, 60), [rect(0, 0, 40, 20), rect(0, 30, 40, 50)]);
  });

  test("a tag exactly midway between its box and another's counts as its own box's", () => {
    // The lower row's tag above it touches the upper row: its centre is 10 px from both.
    const upper = rect(0, 30, 60, 50);
    const lower = rect(0, 70, 60, 100);
    assert.deepEqual(place([upper, lower], 60, 200), [rect(0, 10, 40, 30), rect(0, 50, 40, 70)]);
  });

  test('the smaller box chooses first, wherever it lies: a button below an icon takes the spot between them', () => {
    const icon = rect(10, 0, 50, 40);
    const button = rect(30, 70, 70, 90);
    // The button (40×20) goes before the icon (40×40) and takes the spot above itself. The icon's spot below
    // itself would overlap that tag, so its tag slides up half a tag onto its own bottom edge.
    assert.deepEqual(place([button, icon], 70, 120), [rect(30, 50, 70, 70), rect(10, 30, 50, 50)]);
  });

  test("a tag whose corner spot is taken slides half a tag right along the box's edge before trying the next corner", () => {
    const icon = rect(0, 100, 30, 130);
    const button = rect(30, 100, 130, 130);
    // Both sit on the image's bottom edge, so only spots above them are inside. The icon's tag, above its
    // top-left corner, juts over the button's top-left corner.
    assert.deepEqual(place([icon, button], 200, 130), [rect(0, 80, 40, 100), rect(50, 80, 90, 100)]);
  });

  test('a tag slides up to three half-tags along the edge to reach a free spot', () => {
    const screen = rect(0, 0, 200, 60);
    const button = rect(20, 20, 70, 60);
    const slider = rect(170, 30, 180, 60);
    // The children's tags sit above them along the screen's top edge. Every spot in the screen's corners hides a
    // child or meets a child's tag; sliding from the top-right corner, the first free spot is three half-tags left.
    assert.deepEqual(place([screen, button, slider], 200, 60), [rect(100, 0, 140, 20), rect(25, 0, 65, 20), rect(155, 10, 195, 30)]);
  });

  test('a tag larger than the image is pinned to its top-left corner, attached when it touches its box', () => {
    const places = placeLabels([rect(0, 0, 50, 50)], [{ w: 2000, h: 1500 }], { width: 1000, height: 1000 });
    assert.deepEqual(places, [{ rect: rect(0, 0, 2000, 1500), detached: false }]);
  });
});
