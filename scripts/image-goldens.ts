// Regenerates the golden marked screenshots in test/golden/image/ (PNG, the frozen elements they were drawn
// from, and the placement of every mark). Run: node --import tsx scripts/image-goldens.ts — then LOOK at the PNGs before committing them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeRgba } from '../src/image/codec.js';
import { renderMarks } from '../src/image/marks.js';
import { GOLDEN_CASES, goldenDir, placementOf } from '../test/image/goldens.js';

mkdirSync(goldenDir, { recursive: true });
for (const c of GOLDEN_CASES) {
  const s = c.screen();
  const r = renderMarks(s.screen, s.elements, c.options);
  writeFileSync(join(goldenDir, `${c.name}.png`), encodeRgba(r.image));
  writeFileSync(join(goldenDir, `${c.name}.elements.json`), `${JSON.stringify(s.elements, null, 1)}\n`);
  writeFileSync(join(goldenDir, `${c.name}.marks.json`), placementOf(r));
  process.stdout.write(`${c.name}: ${r.image.width}×${r.image.height}, ${r.marks.length} marks, scale ${r.scale.toFixed(3)}\n`);
}
