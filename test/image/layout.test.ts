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
