// The row-size guard seen from the command line: a clickable container that covers more than half the screen is
// a page wrapper, not a row, so the texts inside keep their own lines and refs; the same container at just under
// half the screen is a row whose labels merge into one tappable element. (The pass itself is tested alone in
// test/snapshot/passes.test.ts; this is the second, end-to-end check of the same property.)
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { glance } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const dir = tempDir('glance-rowguard-');

/** A 1080×2400 screen with one clickable container `height` px tall holding a title and a body text. */
function screen(height: number): string {
  const file = join(dir, `wrapper-${height}.xml`);
  writeFileSync(
    file,
    `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
<hierarchy rotation="0">
  <node class="android.widget.FrameLayout" package="org.example" bounds="[0,0][1080,2400]">
    <node class="android.widget.LinearLayout" resource-id="org.example:id/card" clickable="true" bounds="[0,0][1080,${height}]">
      <node class="android.widget.TextView" text="Quarterly report" bounds="[40,40][1040,140]" />
      <node class="android.widget.TextView" text="Revenue grew in every region" bounds="[40,160][1040,260]" />
    </node>
  </node>
</hierarchy>
`,
  );
  return file;
}

interface Element {
  ref: string;
  text?: string;
  actions: string[];
  parent?: string;
}

async function elements(file: string): Promise<Element[]> {
  const r = await glance(['ui', '--from', file, '--format', 'json']);
  assert.equal(r.code, 0, r.stderr);
  return (JSON.parse(r.stdout) as { elements: Element[] }).elements;
}

describe('row-size guard through glance ui and glance find', () => {
  const half = 1200; // 1080×1200 is exactly half of 1080×2400

  test('a container over more than half the screen keeps its texts as elements of their own', async () => {
    const els = await elements(screen(half + 1));
    const title = els.find((e) => e.text === 'Quarterly report');
    const body = els.find((e) => e.text === 'Revenue grew in every region');
    assert.ok(title && body, JSON.stringify(els));
    assert.notEqual(title.ref, body.ref);
    const found = await glance(['find', '--from', screen(half + 1), '[text=Revenue grew in every region]']);
    assert.equal(found.code, 0, found.stderr);
    assert.match(found.stdout, new RegExp(`^${body.ref} `));
  });

  test('the same container at half the screen or less is one row holding both labels', async () => {
    for (const h of [half, half - 200]) {
      const tree = await glance(['ui', '--from', screen(h)]);
      assert.equal(tree.code, 0, tree.stderr);
      assert.match(tree.stdout, /^b\d+ Quarterly report \| Revenue grew in every region$/m, `height ${h}`);
      const els = await elements(screen(h));
      const row = els.filter((e) => e.actions.includes('tap'));
      assert.equal(row.length, 1, JSON.stringify(els));
      assert.equal(
        els.find((e) => e.text === 'Revenue grew in every region'),
        undefined,
        'the body text merged into the row',
      );
    }
  });
});
