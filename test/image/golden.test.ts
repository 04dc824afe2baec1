import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodePng, encodePng } from '../../src/image/png.js';
import { renderMarks } from '../../src/image/marks.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';
import { requires } from '../helpers/requires.js';
import { CHANNEL_TOLERANCE, differingFraction, GOLDEN_CASES, goldenDir, PIXEL_TOLERANCE } from './goldens.js';

describe('golden marked screenshots (regenerate: node --import tsx scripts/image-goldens.ts)', () => {
  for (const c of GOLDEN_CASES) {
    test(c.name, { skip: c.corpus ? requires({ shared: true }) : false }, () => {
      const elements = JSON.parse(readFileSync(join(goldenDir, `${c.name}.elements.json`), 'utf8')) as SnapshotElement[];
      const golden = decodePng(readFileSync(join(goldenDir, `${c.name}.png`)));
      const actual = renderMarks(c.screen().screen, elements, c.options).image;
      const out = join(tmpdir(), `glance-golden-${c.name}.actual.png`);
      if (actual.width !== golden.width || actual.height !== golden.height) {
        writeFileSync(out, encodePng(actual));
        assert.fail(`size ${actual.width}×${actual.height} ≠ golden ${golden.width}×${golden.height} (actual: ${out})`);
      }
      const diff = differingFraction(actual, golden, CHANNEL_TOLERANCE);
      if (diff > PIXEL_TOLERANCE) writeFileSync(out, encodePng(actual));
      assert.ok(diff <= PIXEL_TOLERANCE, `${(diff * 100).toFixed(3)}% of pixels differ (actual: ${out})`);
    });
  }

  test('the comparison catches a moved tag', () => {
    const c = GOLDEN_CASES[0]!;
    const elements = JSON.parse(readFileSync(join(goldenDir, `${c.name}.elements.json`), 'utf8')) as SnapshotElement[];
    const golden = decodePng(readFileSync(join(goldenDir, `${c.name}.png`)));
    // Renaming one ref changes only its tag and legend row: still far above the tolerance.
    const renamed = elements.map((e, i) => (i === 0 ? { ...e, ref: 'x0000' } : e));
    const actual = renderMarks(c.screen().screen, renamed, c.options).image;
    assert.ok(differingFraction(actual, golden, CHANNEL_TOLERANCE) > 0, 'some pixels differ');
    const shifted = elements.map((e) => ({
      ...e,
      bounds: [e.bounds[0] + 40, e.bounds[1] + 40, e.bounds[2] + 40, e.bounds[3] + 40] as const,
    }));
    const moved = renderMarks(c.screen().screen, shifted, c.options).image;
    assert.ok(differingFraction(moved, golden, CHANNEL_TOLERANCE) > PIXEL_TOLERANCE, 'moved marks exceed the tolerance');
  });
});
