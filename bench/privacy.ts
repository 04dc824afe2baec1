/**
 * Privacy mode benchmark: over every grounded DroidTask step, send blocks in rank order
 * until the block holding the target has been sent; report mean reduction (1 − elements sent / all
 * elements), hit@1, and the same for reading order and a perfect ranker over the same blocks.
 * Apps are split in two: the ranker was tuned on TUNE_APPS only; HOLDOUT_APPS show over-fitting.
 * With no history (what an agent that erred can trust), the same steps are ranked again with each app's UI Map
 * built from its source (corpus/apps; Firefox has none and keeps the lexical ranker), beside the lexical ranker.
 *
 * Run alone: `node --import tsx bench/privacy.ts [--ablate] [--misses]`.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDump } from '../src/hierarchy/parse.js';
import { area, contains, type Bounds, type UiDump } from '../src/hierarchy/model.js';
import {
  blocksFromDump,
  lexicalScorer,
  readingOrderScorer,
  type BlocksOptions,
  type HistoryStep,
  type LexicalWeights,
} from '../src/privacy/index.js';
import type { SnapshotElement } from '../src/snapshot/types.js';
import { appSource, cachedMap } from '../src/agent/maps.js';
import type { UiMap } from '../src/uimap/model.js';
import { corpusDir, droidtaskDir, repoRoot } from '../test/helpers/corpus.js';

/** Fixed before any tuning: tune on these four apps, report the other four as held out. */
export const TUNE_APPS = ['applauncher', 'clock', 'dialer', 'notes'];
export const HOLDOUT_APPS = ['camera', 'firefox', 'gallery', 'musicplayer'];

interface StepRow {
  app: string;
  task: string;
  step: number;
  kind: string;
  input: string;
  screen: string;
  task_file: string;
  foreground_activity?: string;
  target?: null | {
    bounds: [[number, number], [number, number]];
    resource_id: string | null;
    text: string | null;
    content_description: string | null;
  };
}

export interface GroundedStep {
  app: string;
  task: string;
  step: number;
  screen: string;
  dump: UiDump;
  target: Bounds;
  history: HistoryStep[];
  /** Foreground activity DroidBot recorded (`pkg/.Name`). */
  activity?: string;
}

export function loadSteps(): GroundedStep[] {
  const rows = readFileSync(join(droidtaskDir, 'steps.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as StepRow);
  const dumps = new Map<string, UiDump>();
  const out: GroundedStep[] = [];
  for (const r of rows) {
    if (r.target === undefined || r.target === null || (r.kind !== 'tap' && r.kind !== 'input')) continue;
    let dump = dumps.get(r.screen);
    if (dump === undefined) {
      dump = parseDump(readFileSync(join(droidtaskDir, r.screen), 'utf8'));
      dumps.set(r.screen, dump);
    }
    // What a real agent knows at this step: the actions it took before (label acted on, text typed).
    const history: HistoryStep[] = rows
      .filter((p) => p.task_file === r.task_file && p.step < r.step)
      .map((p) => {
        const h: HistoryStep = {};
        const label = p.target?.text ?? p.target?.content_description ?? p.target?.resource_id?.replace(/^.*:id\//, '');
        if (label) h.label = label;
        if (p.kind === 'input' && p.input && p.input !== 'null') h.input = p.input;
        return h;
      });
    const [[l, t], [rr, b]] = r.target.bounds;
    const step: GroundedStep = { app: r.app, task: r.task, step: r.step, screen: r.screen, dump, target: [l, t, rr, b], history };
    if (r.foreground_activity) step.activity = r.foreground_activity;
    out.push(step);
  }
  return out;
}

/** The element standing for the target: its centre inside the target, else the smallest element around it. */
export function targetElement(elements: readonly SnapshotElement[], tb: Bounds): { el: SnapshotElement | undefined; fallback: boolean } {
  const smallest = (els: SnapshotElement[]): SnapshotElement | undefined => els.sort((a, b) => area(a.bounds) - area(b.bounds))[0];
  const inside = elements.filter((e) => contains(tb, e.center[0], e.center[1]));
  if (inside.length > 0) return { el: smallest(inside), fallback: false };
  const cx = (tb[0] + tb[2]) / 2;
  const cy = (tb[1] + tb[3]) / 2;
  return { el: smallest(elements.filter((e) => contains(e.bounds, cx, cy))), fallback: true };
}

interface OrderStats {
  reduction: number;
  hit1: number;
  blocksSent: number;
}

export interface EvalResult {
  steps: number;
  noTarget: number;
  notInBlock: number;
  fallback: number;
  blocks: number;
  elements: number;
  ranked: OrderStats;
  reading: OrderStats;
  perfect: OrderStats;
  misses: string[];
}

export interface EvalOptions extends Omit<BlocksOptions, 'history' | 'map' | 'activity'> {
  weights?: Partial<LexicalWeights>;
  /** false: rank without the previous steps. */
  history?: boolean;
  /** UI Maps by app: steps of an app with a map are ranked with it (and the recorded foreground activity). */
  maps?: ReadonlyMap<string, UiMap>;
}

export function evaluate(steps: readonly GroundedStep[], options: EvalOptions): EvalResult {
  const acc = { ranked: [0, 0, 0], reading: [0, 0, 0], perfect: [0, 0, 0] };
  let noTarget = 0;
  let notInBlock = 0;
  let fallback = 0;
  let nBlocks = 0;
  let nElements = 0;
  const misses: string[] = [];
  const scorer = lexicalScorer(options.weights ?? {});
  for (const s of steps) {
    const opts: BlocksOptions = { scorer, step: s.step };
    if (options.rule !== undefined) opts.rule = options.rule;
    if (options.maxSize !== undefined) opts.maxSize = options.maxSize;
    if (options.minSize !== undefined) opts.minSize = options.minSize;
    if (options.history !== false) opts.history = s.history;
    if (options.mapWeights !== undefined) opts.mapWeights = options.mapWeights;
    const map = options.maps?.get(s.app);
    const ranked = blocksFromDump(
      s.dump,
      s.task,
      map === undefined ? opts : { ...opts, map, ...(s.activity ? { activity: s.activity } : {}) },
    );
    const reading = blocksFromDump(s.dump, s.task, { ...opts, scorer: readingOrderScorer });
    const { el, fallback: fb } = targetElement(ranked.elements, s.target);
    if (el === undefined) {
      noTarget++;
      continue;
    }
    if (fb) fallback++;
    const total = ranked.elements.length;
    nBlocks += ranked.blocks.length;
    nElements += total;
    const ti = ranked.blocks.findIndex((b) => b.elements.includes(el));
    if (ti < 0) {
      notInBlock++;
      continue;
    }
    const add = (key: keyof typeof acc, blocks: readonly { elements: readonly SnapshotElement[] }[], idx: number): void => {
      const sent = blocks.slice(0, idx + 1).reduce((n, b) => n + b.elements.length, 0);
      acc[key][0]! += 1 - sent / total;
      acc[key][1]! += idx === 0 ? 1 : 0;
      acc[key][2]! += idx + 1;
    };
    add('ranked', ranked.blocks, ti);
    add(
      'reading',
      reading.blocks,
      reading.blocks.findIndex((b) => b.elements.some((e) => e.ref === el.ref)),
    );
    add('perfect', [ranked.blocks[ti]!], 0);
    if (ti > 0) {
      const show = (b: { elements: readonly SnapshotElement[]; kind: string; score: number }): string =>
        `${b.kind}:${b.score}[${b.elements
          .map((e) => [e.text, e.desc, ...(e.labels ?? [])].filter(Boolean).join('/') || e.id || e.class)
          .join('|')
          .slice(0, 60)}]`;
      misses.push(
        `${s.app} #${s.step} "${s.task}" target=${show(ranked.blocks[ti]!)} rank=${ti + 1}/${ranked.blocks.length} top=${show(ranked.blocks[0]!)}`,
      );
    }
  }
  const n = steps.length - noTarget - notInBlock;
  const st = (a: number[]): OrderStats => ({ reduction: a[0]! / n, hit1: a[1]! / n, blocksSent: a[2]! / n });
  return {
    steps: steps.length,
    noTarget,
    notInBlock,
    fallback,
    blocks: nBlocks / Math.max(1, n),
    elements: nElements / Math.max(1, n),
    ranked: st(acc.ranked),
    reading: st(acc.reading),
    perfect: st(acc.perfect),
    misses,
  };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

function row(name: string, r: EvalResult): string {
  return [
    name.padEnd(28),
    String(r.steps).padStart(5),
    r.blocks.toFixed(1).padStart(6),
    pct(r.ranked.reduction).padStart(8),
    pct(r.ranked.hit1).padStart(7),
    pct(r.reading.reduction).padStart(8),
    pct(r.reading.hit1).padStart(7),
    pct(r.perfect.reduction).padStart(8),
    String(r.notInBlock + r.noTarget).padStart(5),
  ].join(' ');
}

const HEADER = `${'config'.padEnd(28)} steps blocks  ranked  hit@1  reading  hit@1  perfect  lost`;

/** UI Maps of the apps with sources in corpus/apps (built once, cached under .glance/maps). */
export async function corpusMaps(): Promise<Map<string, UiMap>> {
  const maps = new Map<string, UiMap>();
  for (const app of [...TUNE_APPS, ...HOLDOUT_APPS]) {
    const src = appSource(join(corpusDir, 'apps'), app);
    if (src !== undefined) maps.set(app, await cachedMap(src, join(repoRoot, '.glance', 'maps')));
  }
  return maps;
}

/** Headline figures for `npm run bench`: default options, all steps and the two app splits. */
export async function benchPrivacy(): Promise<Record<string, number>> {
  const steps = loadSteps();
  const all = evaluate(steps, {});
  const tune = evaluate(
    steps.filter((s) => TUNE_APPS.includes(s.app)),
    {},
  );
  const hold = evaluate(
    steps.filter((s) => HOLDOUT_APPS.includes(s.app)),
    {},
  );
  const core = evaluate(steps, { rule: 'core' });
  console.log('privacy: blocks sent until the target block (DroidTask grounded steps)');
  console.log(HEADER);
  console.log(row('layout rule, all apps', all));
  console.log(row('layout rule, tune apps', tune));
  console.log(row('layout rule, held-out apps', hold));
  console.log(row('CORE rule, all apps', core));
  const maps = await corpusMaps();
  const mapped = steps.filter((s) => maps.has(s.app));
  const noHist = (subset: readonly GroundedStep[], withMaps: boolean): EvalResult =>
    evaluate(subset, withMaps ? { history: false, maps } : { history: false });
  const bare = noHist(steps, false);
  const withMap = noHist(steps, true);
  const bareMapped = noHist(mapped, false);
  const withMapMapped = noHist(mapped, true);
  console.log(`no history: lexical vs with the app's UI Map (${maps.size} apps with sources; the others keep the lexical ranker)`);
  console.log(HEADER);
  console.log(row('lexical, all apps', bare));
  console.log(row('map, all apps', withMap));
  console.log(row('lexical, apps with maps', bareMapped));
  console.log(row('map, apps with maps', withMapMapped));
  // What each half of the map ranker brings: the map's leads alone, the screen's progress alone.
  const leadsOnly = evaluate(mapped, { history: false, maps, mapWeights: { exit: 0, done: 0 } });
  const progressOnly = evaluate(mapped, { history: false, maps, mapWeights: { lead: 0 } });
  console.log(row('map leads only, mapped apps', leadsOnly));
  console.log(row('map progress only, mapped', progressOnly));
  for (const [name, apps] of [
    ['tune', TUNE_APPS],
    ['held-out', HOLDOUT_APPS],
  ] as const) {
    const sub = steps.filter((s) => apps.includes(s.app));
    console.log(row(`lexical, ${name} apps`, noHist(sub, false)));
    console.log(row(`map, ${name} apps`, noHist(sub, true)));
  }
  return {
    'privacy.no_history.hit_at_1': bare.ranked.hit1,
    'privacy.no_history.mean_reduction': bare.ranked.reduction,
    'privacy.no_history.map.hit_at_1': withMap.ranked.hit1,
    'privacy.no_history.map.mean_reduction': withMap.ranked.reduction,
    'privacy.no_history.mapped_apps.hit_at_1': bareMapped.ranked.hit1,
    'privacy.no_history.mapped_apps.map.hit_at_1': withMapMapped.ranked.hit1,
    'privacy.no_history.mapped_apps.map.mean_reduction': withMapMapped.ranked.reduction,
    'privacy.no_history.mapped_apps.map_leads_only.hit_at_1': leadsOnly.ranked.hit1,
    'privacy.no_history.mapped_apps.map_progress_only.hit_at_1': progressOnly.ranked.hit1,
    'privacy.steps': all.steps,
    'privacy.lost_targets': all.notInBlock + all.noTarget,
    'privacy.mean_reduction': all.ranked.reduction,
    'privacy.hit_at_1': all.ranked.hit1,
    'privacy.reading_order.mean_reduction': all.reading.reduction,
    'privacy.reading_order.hit_at_1': all.reading.hit1,
    'privacy.perfect.mean_reduction': all.perfect.reduction,
    'privacy.holdout.mean_reduction': hold.ranked.reduction,
    'privacy.holdout.hit_at_1': hold.ranked.hit1,
    'privacy.tune.mean_reduction': tune.ranked.reduction,
    'privacy.tune.hit_at_1': tune.ranked.hit1,
    'privacy.core_rule.mean_reduction': core.ranked.reduction,
    'privacy.core_rule.hit_at_1': core.ranked.hit1,
    'privacy.blocks_per_screen': all.blocks,
  };
}

/** Ablations: each idea removed from the default (or a partition variant), on both app splits. */
export const ABLATIONS: readonly [string, EvalOptions][] = [
  ['default (layout, max 2, min 1)', {}],
  ['CORE rule', { rule: 'core' }],
  ['layout max 1 (one element)', { maxSize: 1, minSize: 1 }],
  ['layout max 2, min 2', { maxSize: 2, minSize: 2 }],
  ['layout max 3, min 1', { maxSize: 3, minSize: 1 }],
  ['layout max 3, min 2', { maxSize: 3, minSize: 2 }],
  ['layout max 4, min 2', { maxSize: 4, minSize: 2 }],
  ['layout max 6, min 2', { maxSize: 6, minSize: 2 }],
  ['- history (step, past actions)', { history: false }],
  ['- UI synonyms', { weights: { concept: 0 } }],
  ['- quoted-phrase bonus', { weights: { quotedPhrase: 0 } }],
  ['- proper-noun boost', { weights: { properNoun: 1 } }],
  ['- app-name discount', { weights: { appWord: 1 } }],
  ['- gateway prior (menu/settings)', { weights: { gateway: 0, settingsIntent: 0 } }],
  ['- settings-intent prior', { weights: { settingsIntent: 0 } }],
  ['- confirm after a choice', { weights: { confirm: 0 } }],
  ['- repeat penalty', { weights: { repeat: 0 } }],
  ['- done elements forgotten', { weights: { forgetDone: 0 } }],
  ['- passive-only penalty', { weights: { passiveOnly: 0 } }],
  ['- field prior', { weights: { input: 0 } }],
  ['- untyped numbers call for a field', { weights: { numbers: 0 } }],
  ['- toolbar/dialog priors', { weights: { toolbar: 0, dialog: 0 } }],
  [
    'lexical only (no priors)',
    { weights: { dialog: 0, toolbar: 0, input: 0, passiveOnly: 0, gateway: 0, settingsIntent: 0, confirm: 0, repeat: 0 } },
  ],
  ['priors only (no lexical)', { weights: { stem: 0, concept: 0, quotedPhrase: 0 } }],
];

async function ablate(): Promise<void> {
  const steps = loadSteps();
  const tune = steps.filter((s) => TUNE_APPS.includes(s.app));
  const hold = steps.filter((s) => HOLDOUT_APPS.includes(s.app));
  const cell = (r: EvalResult): string => `${pct(r.ranked.reduction).padStart(6)} ${pct(r.ranked.hit1).padStart(6)}`;
  console.log(`| ${'variant'.padEnd(32)} | tune: red.  hit@1 | held out: red. hit@1 | all: red.  hit@1 | perfect | blocks |`);
  console.log(`|${'-'.repeat(34)}|------------------|----------------------|------------------|---------|--------|`);
  for (const [name, o] of ABLATIONS) {
    const a = evaluate(steps, o);
    console.log(
      `| ${name.padEnd(32)} | ${cell(evaluate(tune, o)).padEnd(16)} | ${cell(evaluate(hold, o)).padEnd(20)} | ${cell(a).padEnd(16)} | ${pct(a.perfect.reduction).padStart(7)} | ${a.blocks.toFixed(1).padStart(6)} |`,
    );
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--ablate')) await ablate();
  else if (process.argv.includes('--misses')) {
    const apps = process.argv.includes('--holdout') ? HOLDOUT_APPS : TUNE_APPS;
    const r = evaluate(
      loadSteps().filter((s) => apps.includes(s.app)),
      {
        ...(process.env.MAXSIZE ? { maxSize: Number(process.env.MAXSIZE) } : {}),
        ...(process.env.MINSIZE ? { minSize: Number(process.env.MINSIZE) } : {}),
      },
    );
    for (const m of r.misses) console.log(m);
    console.log(row('default', r));
  } else {
    const t0 = Date.now();
    console.log(await benchPrivacy());
    console.log(`(${Date.now() - t0} ms)`);
  }
}
