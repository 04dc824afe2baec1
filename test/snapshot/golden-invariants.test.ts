// Goldens detect drift; these checks detect wrongness. They read the checked-in golden files (not the engine's
// output) beside the raw corpus XML read by an independent parser (fast-xml-parser), so a regenerated golden
// that loses a label, a ref or an actionable element fails here even though it matches the engine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { corpusDir, droidtaskDir } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';
import { goldenDir } from '../../scripts/goldens.js';

interface XNode {
  node?: XNode[];
  [attr: string]: unknown;
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', htmlEntities: true, isArray: (n) => n === 'node' });

function nodesOf(xml: string): XNode[] {
  const out: XNode[] = [];
  const walk = (n: XNode): void => {
    out.push(n);
    for (const c of n.node ?? []) walk(c);
  };
  for (const r of (parser.parse(xml) as { hierarchy: XNode }).hierarchy.node ?? []) walk(r);
  return out;
}

const attr = (n: XNode, k: string): string => (typeof n[k] === 'string' ? (n[k] as string) : '');
const boundsOf = (n: XNode): number[] => attr(n, 'bounds').match(/-?\d+/g)!.map(Number);

/** On screen and not empty (the tree shows what a person can see; offscreen rows need --offscreen). */
function visible(n: XNode, w: number, h: number): boolean {
  const [l, t, r, b] = boundsOf(n) as [number, number, number, number];
  return r > l && b > t && r > 0 && b > 0 && l < w && t < h;
}

const actionable = (n: XNode): boolean =>
  ['clickable', 'long-clickable', 'checkable', 'scrollable'].some((k) => attr(n, k) === 'true') || /EditText/.test(attr(n, 'class'));

const REF = /^[a-z]\d{1,4}$/;

test('tree goldens: refs unique per screen, and every visible text and description is shown', { skip: requires({ shared: true }) }, () => {
  let screens = 0;
  for (const f of readdirSync(join(goldenDir, 'tree')).sort()) {
    for (const section of readFileSync(join(goldenDir, 'tree', f), 'utf8')
      .split(/^=== /m)
      .filter((s) => s !== '')) {
      screens++;
      const [path, ...lines] = section.split('\n');
      const body = lines.join('\n');
      const refs = lines.map((l) => l.trim().split(' ')[0]!).filter((r) => REF.test(r));
      assert.ok(refs.length > 0 || body.includes('(no elements)'), `${path}: no refs`);
      assert.equal(new Set(refs).size, refs.length, `${path}: a ref is used twice`);
      for (const n of nodesOf(readFileSync(join(corpusDir, path!), 'utf8'))) {
        if (!visible(n, 1080, 2400) || attr(n, 'password') === 'true') continue;
        for (const v of [attr(n, 'text'), attr(n, 'content-desc')].map((s) => s.trim()).filter((s) => s !== '')) {
          const escaped = JSON.stringify(v).slice(1, -1);
          // Long labels are cut at 80 characters with an ellipsis.
          const shown = body.includes(v) || body.includes(escaped) || body.includes(escaped.slice(0, 60));
          assert.ok(shown, `${path}: ${JSON.stringify(v)} (${attr(n, 'class')}) is not in the golden`);
        }
      }
    }
  }
  assert.equal(screens, 444);
});

test('json goldens: every visible actionable node is reachable through an element with a ref', { skip: requires({ shared: true }) }, () => {
  const files = readdirSync(join(goldenDir, 'json')).sort();
  assert.ok(files.length >= 15);
  for (const f of files) {
    const [app, ...rest] = f.replace(/\.json$/, '').split('-');
    const xml = readFileSync(join(droidtaskDir, app!, 'screens', `${rest.join('-')}.xml`), 'utf8');
    const snap = JSON.parse(readFileSync(join(goldenDir, 'json', f), 'utf8')) as {
      screen: { width: number; height: number };
      elements: Array<{ ref: string; bounds: number[]; actions: string[] }>;
    };
    const { width: w, height: h } = snap.screen;
    assert.ok(
      snap.elements.every((e) => REF.test(e.ref)),
      `${f}: malformed ref`,
    );
    assert.equal(new Set(snap.elements.map((e) => e.ref)).size, snap.elements.length, `${f}: a ref is used twice`);
    for (const n of nodesOf(xml)) {
      if (!visible(n, w, h) || !actionable(n)) continue;
      const [l, t, r, b] = boundsOf(n) as [number, number, number, number];
      const cx = (Math.max(l, 0) + Math.min(r, w)) / 2;
      const cy = (Math.max(t, 0) + Math.min(b, h)) / 2;
      const hit = snap.elements.some(
        (e) => e.actions.length > 0 && e.bounds[0]! <= cx && cx <= e.bounds[2]! && e.bounds[1]! <= cy && cy <= e.bounds[3]!,
      );
      assert.ok(hit, `${f}: ${attr(n, 'class')} ${attr(n, 'resource-id')} ${attr(n, 'bounds')} has no element with a ref over it`);
    }
  }
});
