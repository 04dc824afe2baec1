/**
 * The snapshot engine's "Must show" figures over the recorded-screen corpus:
 * tokens per format, reachability of the DroidTask grounded steps, coverage of actionable nodes and of
 * visible strings, ref stability under perturbations (ours beside the Trailblaze baseline), and cost
 * against a fast-xml-parser parse. Run alone with `node --import tsx bench/snapshot.ts` (`--lost` lists every
 * element a change costs its ref when the new dump stands alone).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { XMLParser } from 'fast-xml-parser';
import { encode as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { encode as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { parseDump } from '../src/hierarchy/parse.js';
import { area, center, contains, walk, type UiDump, type UiNode } from '../src/hierarchy/model.js';
import { snapshotFromDump, snapshotWithSources } from '../src/snapshot/snapshot.js';
import { fnv1a } from '../src/snapshot/refs.js';
import { labelParts } from '../src/snapshot/render.js';
import type { SnapshotElement } from '../src/snapshot/types.js';
import { corpusScreens, droidtaskDir, readText } from '../test/helpers/corpus.js';
import {
  carries,
  followElements,
  newFirstElement,
  removeOne,
  scrollLists,
  shift,
  toggleCheckables,
  typeIntoFields,
  walkScroll,
  type Perturbed,
} from '../test/snapshot/perturb.js';

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.floor(s.length / 2)]!;
};
const pct = (n: number, d: number): number => (d === 0 ? 100 : Math.round((10000 * n) / d) / 100);

/**
 * Trailblaze-style baseline ref: 1 letter + ≤ 3 digits from hash(class|label|centre truncated to 10 px).
 * Collisions are not disambiguated (as in the baseline); we count them.
 */
function baselineRef(el: SnapshotElement): string {
  const label = el.text ?? el.desc ?? el.labels?.[0] ?? '';
  const key = `${el.class}|${label}|${Math.trunc(el.center[0] / 10)}|${Math.trunc(el.center[1] / 10)}`;
  return 'e' + String(fnv1a(key) % 1000);
}

interface Kept {
  /** Kept with refs carried from the old snapshot (what a device session shows). */
  ours: number;
  /** Kept by the new snapshot standing alone (a dump read without history). */
  alone: number;
  base: number;
  total: number;
  carried: number;
  /** Carries onto an element that is not the same dumped node as the one the ref was on. */
  wrong: number;
  /** Refs, carried or kept, that the new snapshot shows on another dumped node than the old one did. */
  renamed: number;
  /** Elements the new dump still names as the old one did (refs.ts `RefSubject.name`), and of those kept alone. */
  named: number;
  namedAlone: number;
  /** Elements whose name left the new dump (a row cut at a list's edge), kept alone and kept in a session. */
  nameless: number;
  namelessAlone: number;
  namelessOurs: number;
}

const noKept = (): Kept => ({
  ours: 0,
  alone: 0,
  base: 0,
  total: 0,
  carried: 0,
  wrong: 0,
  renamed: 0,
  named: 0,
  namedAlone: 0,
  nameless: 0,
  namelessAlone: 0,
  namelessOurs: 0,
});

/** With `--lost`: every element a change costs its ref when the new dump stands alone, one line each. */
const lostLines: string[] | undefined = process.argv.includes('--lost') ? [] : undefined;

const shown = (e: SnapshotElement | undefined): string => (e === undefined ? '(gone)' : `${e.ref} ${JSON.stringify(labelParts(e))}`);

/** Follows every old element (not removed on purpose) into the perturbed snapshot via its source node. */
function stability(dump: UiDump, p: Perturbed, only?: Set<UiNode>, name = ''): Kept {
  const k = noKept();
  const session = followElements(dump, p, only, true);
  for (const { before, after } of session) {
    k.total++;
    if (after?.ref === before.ref) k.ours++;
    if (after && baselineRef(after) === baselineRef(before)) k.base++;
  }
  // Both lists follow the old snapshot's elements in its order.
  followElements(dump, p, only).forEach(({ before, after, named }, i) => {
    const kept = after?.ref === before.ref;
    if (kept) k.alone++;
    else lostLines?.push(`  ${name}: ${shown(before)} -> ${shown(after)}${named ? '' : ' (named otherwise now)'}`);
    if (named) {
      k.named++;
      if (kept) k.namedAlone++;
    } else {
      k.nameless++;
      if (kept) k.namelessAlone++;
      if (session[i]!.after?.ref === before.ref) k.namelessOurs++;
    }
  });
  const c = carries(dump, p);
  k.carried = c.carried;
  k.wrong = c.wrong;
  k.renamed = c.renamed;
  return k;
}

function add(into: Kept, k: Kept): void {
  for (const f of Object.keys(into) as Array<keyof Kept>) into[f] += k[f];
}

interface Step {
  screen: string;
  kind: string;
  target?: { bounds: [[number, number], [number, number]] };
}

export async function benchSnapshot(): Promise<Record<string, number>> {
  const t0 = performance.now();
  const screens = corpusScreens();
  const texts = screens.map((s) => readText(s.xmlPath));
  const dumps = texts.map((t) => parseDump(t));
  // The default tree of every screen, read by the token, ablation and coverage sections below.
  const trees = dumps.map((d) => snapshotFromDump(d));
  const out: Record<string, number> = {};

  // --- tokens
  const tok: Record<string, number[]> = {};
  const push = (k: string, v: number): void => void (tok[k] ??= []).push(v);
  dumps.forEach((d, i) => {
    push('raw xml', o200k(texts[i]!).length);
    push('tree', o200k(trees[i]!.text).length);
    push('tree cl100k', cl100k(trees[i]!.text).length);
    for (const format of ['table', 'json'] as const) push(format, o200k(snapshotFromDump(d, { format }).text).length);
  });
  for (const [k, v] of Object.entries(tok)) out[`tokens.${k}.median`] = median(v);
  out['tokens.tree.p90'] = [...tok['tree']!].sort((a, b) => a - b)[Math.floor(tok['tree']!.length * 0.9)]!;
  // Screens with a grid of look-alikes printed as one line, beside the same trees listing every member.
  const grids = dumps.map((d, i) => ({ d, i })).filter(({ i }) => trees[i]!.elements.some((e) => e.cell !== undefined));
  out['tokens.grid_screens'] = grids.length;
  out['tokens.grid_screens.tree.median'] = median(grids.map(({ i }) => o200k(trees[i]!.text).length));
  out['tokens.grid_screens.expanded.median'] = median(grids.map(({ d }) => o200k(snapshotFromDump(d, { expand: 'all' }).text).length));

  // --- syntax ablation: what each alternative would cost on the same elements (tree transformed line by line)
  // Element lines follow the header in element order; each variant rewrites them one by one.
  const perLine =
    (f: (line: string, e: SnapshotElement) => string) =>
    (t: string, els: SnapshotElement[]): string => {
      const lines = t.split('\n');
      let k = 0;
      return lines.map((l) => (els[k] && l.trimStart().startsWith(els[k]!.ref + ' ') ? f(l, els[k++]!) : l)).join('\n');
    };
  const variants: Record<string, (text: string, els: SnapshotElement[]) => string> = {
    'ref= prefix': perLine((l, e) => l.replace(e.ref + ' ', `ref=${e.ref} `)),
    '2-space indent': (t) => t.replace(/^( +)/gm, '$1$1'),
    'no header': (t) => t.split('\n').slice(1).join('\n'),
    'class always': perLine((l, e) =>
      l.trimStart().startsWith(`${e.ref} ${e.class}`) ? l : l.replace(e.ref + ' ', `${e.ref} ${e.class} `),
    ),
    'labels always quoted': perLine((l, e) => {
      const bare = labelParts(e).join(' | ');
      return bare !== '' && l.includes(bare)
        ? l.replace(
            bare,
            labelParts(e)
              .map((x) => JSON.stringify(x))
              .join(' | '),
          )
        : l;
    }),
    'states as words (no [])': (t) => t.replace(/ \[([^\]]*)\]$/gm, ' $1'),
  };
  const ablation: Record<string, number[]> = {};
  trees.forEach((snap) => {
    const base = o200k(snap.text).length;
    for (const [k, f] of Object.entries(variants)) (ablation[k] ??= []).push(o200k(f(snap.text, snap.elements)).length - base);
  });
  for (const [k, v] of Object.entries(ablation)) out[`tokens.tree.${k}.delta.median`] = median(v);

  // --- grounded steps
  const steps = readFileSync(join(droidtaskDir, 'steps.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Step)
    .filter((s) => s.target && (s.kind === 'tap' || s.kind === 'input'));
  let reach = 0;
  for (const s of steps) {
    const [[l, t], [r, b]] = s.target!.bounds;
    const els = snapshotFromDump(readText(join(droidtaskDir, s.screen))).elements;
    if (els.some((e) => contains([l, t, r, b], e.center[0], e.center[1]))) reach++;
  }
  out['grounded.steps'] = steps.length;
  out['grounded.reachable.pct'] = pct(reach, steps.length);

  // --- coverage: visible actionable nodes and visible strings (uiautomator XML holds visible nodes only)
  let act = 0;
  let actHit = 0;
  let strs = 0;
  let strHit = 0;
  let dupes = 0;
  let baseCollide = 0;
  let elementsTotal = 0;
  dumps.forEach((d, i) => {
    const snap = trees[i]!;
    const refs = new Set(snap.elements.map((e) => e.ref));
    dupes += snap.elements.length - refs.size;
    const base = new Map<string, number>();
    for (const e of snap.elements) base.set(baselineRef(e), (base.get(baselineRef(e)) ?? 0) + 1);
    for (const e of snap.elements) if (base.get(baselineRef(e))! > 1) baseCollide++;
    elementsTotal += snap.elements.length;
    for (const { node } of walk(d.roots)) {
      if (!node.visible || area(node.bounds) === 0) continue;
      const [cx, cy] = center(node.bounds);
      if (cx < 0 || cy < 0 || cx >= d.width || cy >= d.height) continue;
      if (node.clickable || node.checkable || node.editable) {
        act++;
        if (snap.elements.some((e) => contains(node.bounds, e.center[0], e.center[1]))) actHit++;
      }
      for (const raw of [node.text, node.desc]) {
        const s = raw.replace(/[\u200b-\u200f\u2060\ufeff\u202a-\u202e]/g, '').trim();
        if (s === '' || node.password) continue;
        strs++;
        const shown = s.length > 80 ? s.slice(0, 79) : s;
        if (snap.text.includes(shown) || snap.text.includes(JSON.stringify(shown).slice(1, -1))) strHit++;
      }
    }
  });
  out['coverage.actionable.pct'] = pct(actHit, act);
  out['coverage.strings.pct'] = pct(strHit, strs);
  out['refs.duplicates'] = dupes;
  out['baseline.colliding.pct'] = pct(baseCollide, elementsTotal);

  // --- ref stability
  const kinds: Record<string, Kept> = {};
  const tally = (name: string, k: Kept): void => add((kinds[name] ??= noKept()), k);
  dumps.forEach((d, i) => {
    const where = screens[i]!.xmlPath.split('/').slice(-3).join('/');
    tally('new first element', stability(d, newFirstElement(d)));
    tally('shift 7px', stability(d, shift(d, 7)));
    tally('typing', stability(d, typeIntoFields(d)));
    tally('toggling', stability(d, toggleCheckables(d)));
    const w = snapshotWithSources(d);
    const leaves = w.snapshot.elements
      .map((e, i) => ({ e, s: w.sources[i] }))
      .filter((x) => x.s && !w.snapshot.elements.some((c) => c.parent === x.e.ref));
    const victim = leaves[Math.floor(leaves.length / 2)];
    if (victim?.s) tally('remove one', stability(d, removeOne(d, victim.s), undefined, `remove one, ${where}`));
    const sc = scrollLists(d, 120);
    if (sc.moved.size > 0) tally('scroll 120px', stability(d, sc, sc.moved, `scroll 120px, ${where}`));
  });
  // Sessions walking each screen's lists down and back: refs back on their element at the end, and refs that
  // came to name another element on the way (never wanted).
  const walks: Record<string, { total: number; kept: number; renamed: number }> = {};
  for (const [step, steps] of [
    [25, 10],
    [120, 4],
  ] as const) {
    const w = (walks[`${step} px x ${steps} down and back`] = { total: 0, kept: 0, renamed: 0 });
    for (const d of dumps) {
      if (scrollLists(d, step).moved.size === 0) continue;
      const r = walkScroll(d, step, steps);
      w.total += r.total;
      w.kept += r.kept;
      w.renamed += r.renamed;
    }
    out[`refs.walk.${step}x${steps}.kept.pct`] = pct(w.kept, w.total);
    out[`refs.walk.${step}x${steps}.renamed`] = w.renamed;
  }
  if (lostLines !== undefined) console.log(['refs lost standing alone (before -> after):', ...lostLines].join('\n'));
  for (const [k, v] of Object.entries(kinds)) {
    out[`refs.${k}.named`] = v.named;
    out[`refs.${k}.named.alone.pct`] = pct(v.namedAlone, v.named);
    out[`refs.${k}.name_left`] = v.nameless;
    out[`refs.${k}.name_left.alone`] = v.namelessAlone;
    out[`refs.${k}.name_left.ours`] = v.namelessOurs;
    out[`refs.${k}.renamed`] = v.renamed;
    out[`refs.${k}.ours.pct`] = pct(v.ours, v.total);
    out[`refs.${k}.alone.pct`] = pct(v.alone, v.total);
    out[`refs.${k}.baseline.pct`] = pct(v.base, v.total);
    out[`refs.${k}.n`] = v.total;
    out[`refs.${k}.carried`] = v.carried;
    out[`refs.${k}.wrong_carries`] = v.wrong;
  }

  // --- cost: parse + distil + render vs a fast-xml-parser parse of the same text
  const fxp = new XMLParser({ ignoreAttributes: false });
  const rounds = 5;
  let tSnap = 0;
  let tFxp = 0;
  for (let r = 0; r < rounds; r++) {
    let a = performance.now();
    for (const t of texts) snapshotFromDump(t);
    tSnap += performance.now() - a;
    a = performance.now();
    for (const t of texts) fxp.parse(t);
    tFxp += performance.now() - a;
  }
  out['cost.snapshot.us'] = Math.round((1000 * tSnap) / (rounds * texts.length));
  out['cost.fast-xml-parser.us'] = Math.round((1000 * tFxp) / (rounds * texts.length));
  out['bench.seconds'] = Math.round((performance.now() - t0) / 100) / 10;

  printTable(out, kinds, walks);
  return out;
}

function printTable(
  out: Record<string, number>,
  kinds: Record<string, Kept>,
  walks: Record<string, { total: number; kept: number; renamed: number }>,
): void {
  const lines: string[] = ['snapshot bench (444 DroidTask screens, o200k median tokens unless said)'];
  for (const [k, v] of Object.entries(out)) if (!k.startsWith('refs.') || k === 'refs.duplicates') lines.push(`  ${k.padEnd(34)} ${v}`);
  // ours: carried from the previous snapshot, as a device session shows them; alone: the new dump without history.
  // wrong: carried onto another element; renamed: any ref (carried or kept) that came to name another element.
  lines.push('  ref stability             ours %   alone %   baseline %   elements   carried   wrong   renamed');
  for (const [k, v] of Object.entries(kinds))
    lines.push(
      `  ${k.padEnd(24)} ${String(pct(v.ours, v.total)).padStart(7)}   ${String(pct(v.alone, v.total)).padStart(7)}   ${String(pct(v.base, v.total)).padStart(10)}   ${String(v.total).padStart(8)}   ${String(v.carried).padStart(7)}   ${String(v.wrong).padStart(5)}   ${String(v.renamed).padStart(7)}`,
    );
  // What the new dump alone can keep: an element's ref is made of what names it (its identity label, or the id
  // of a row named by its id); once a list's edge has cut that away, only the previous snapshot still knows it.
  // A scroll takes names off the screen; a removal can change what names an element that stays (the other row of
  // its id gone, its id names it now).
  for (const [k, v] of Object.entries(kinds)) {
    if (v.nameless === 0) continue;
    const [still, other] = k.startsWith('scroll')
      ? ['rows still showing their name', 'rows whose name left the screen']
      : ['elements still named as before', 'elements named otherwise now'];
    lines.push(
      `  ${k}: ${still}: ${v.named} of ${v.total}, kept alone ${pct(v.namedAlone, v.named)}%; ${other}: ${v.nameless} (kept alone ${v.namelessAlone}, in a session ${v.namelessOurs})`,
    );
  }
  for (const [k, w] of Object.entries(walks))
    lines.push(`  session walk, lists ${k}: refs back on their element ${pct(w.kept, w.total)}% of ${w.total}; renamed ${w.renamed}`);
  console.log(lines.join('\n'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchSnapshot();
