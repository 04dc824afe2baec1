import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeRgba, encodeRgba } from '../../src/image/codec.js';
import { renderMarks } from '../../src/image/marks.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';
import { requires } from '../helpers/requires.js';
import { CHANNEL_TOLERANCE, differingFraction, GOLDEN_CASES, goldenDir, PIXEL_TOLERANCE, placementOf, type GoldenCase } from './goldens.js';

/** What differs from the golden of a case when these elements are drawn: placement first, then pixels. */
function goldenProblems(c: GoldenCase, elements: SnapshotElement[]): string[] {
  const r = renderMarks(c.screen().screen, elements, c.options);
  const want = readFileSync(join(goldenDir, `${c.name}.marks.json`), 'utf8');
  const problems: string[] = [];
  if (placementOf(r) !== want) problems.push('mark placement differs from the golden');
  const golden = decodeRgba(readFileSync(join(goldenDir, `${c.name}.png`)));
  if (r.image.width !== golden.width || r.image.height !== golden.height) problems.push('size differs');
  else if (differingFraction(r.image, golden, CHANNEL_TOLERANCE) > PIXEL_TOLERANCE) problems.push('pixels differ');
  return problems;
}

describe('golden marked screenshots (regenerate: node --import tsx scripts/image-goldens.ts)', () => {
  for (const c of GOLDEN_CASES) {
    test(c.name, { skip: c.corpus ? requires({ shared: true }) : false }, () => {
      const elements = JSON.parse(readFileSync(join(goldenDir, `${c.name}.elements.json`), 'utf8')) as SnapshotElement[];
      const golden = decodeRgba(readFileSync(join(goldenDir, `${c.name}.png`)));
      const actual = renderMarks(c.screen().screen, elements, c.options).image;
      // Written only on a mismatch, for a person to look at (the failure names it); one from an earlier failing run
      // goes first, so a passing run leaves none behind.
      const out = join(tmpdir(), `glance-golden-${c.name}.actual.png`);
      rmSync(out, { force: true });
      if (actual.width !== golden.width || actual.height !== golden.height) {
        writeFileSync(out, encodeRgba(actual));
        assert.fail(`size ${actual.width}×${actual.height} ≠ golden ${golden.width}×${golden.height} (actual: ${out})`);
      }
      const diff = differingFraction(actual, golden, CHANNEL_TOLERANCE);
      if (diff > PIXEL_TOLERANCE) writeFileSync(out, encodeRgba(actual));
      assert.ok(diff <= PIXEL_TOLERANCE, `${(diff * 100).toFixed(3)}% of pixels differ (actual: ${out})`);
      assert.deepEqual(goldenProblems(c, elements), []);
    });
  }

  test('two marks with swapped refs fail the golden check (placement), though few pixels change', () => {
    const c = GOLDEN_CASES[0]!;
    const elements = JSON.parse(readFileSync(join(goldenDir, `${c.name}.elements.json`), 'utf8')) as SnapshotElement[];
    const swapped = elements.map((e, i) => (i === 0 ? { ...e, ref: elements[1]!.ref } : i === 1 ? { ...e, ref: elements[0]!.ref } : e));
    assert.deepEqual(goldenProblems(c, swapped), ['mark placement differs from the golden']);
  });

  test('the comparison catches a moved tag', () => {
    const c = GOLDEN_CASES[0]!;
    const elements = JSON.parse(readFileSync(join(goldenDir, `${c.name}.elements.json`), 'utf8')) as SnapshotElement[];
    const golden = decodeRgba(readFileSync(join(goldenDir, `${c.name}.png`)));
    // Renaming one ref changes only its tag and legend row: a few pixels, and the placement data.
    const renamed = elements.map((e, i) => (i === 0 ? { ...e, ref: 'x0000' } : e));
    const actual = renderMarks(c.screen().screen, renamed, c.options).image;
    assert.ok(differingFraction(actual, golden, CHANNEL_TOLERANCE) > 0, 'some pixels differ');
    assert.ok(goldenProblems(c, renamed).includes('mark placement differs from the golden'));
    const shifted = elements.map((e) => ({
      ...e,
      bounds: [e.bounds[0] + 40, e.bounds[1] + 40, e.bounds[2] + 40, e.bounds[3] + 40] as const,
    }));
    const moved = renderMarks(c.screen().screen, shifted, c.options).image;
    assert.ok(differingFraction(moved, golden, CHANNEL_TOLERANCE) > PIXEL_TOLERANCE, 'moved marks exceed the tolerance');
  });
});
