/**
 * `blocksFromDump`: snapshot elements → layout-aware blocks → ranked upload order.
 */
import type { Bounds } from '../hierarchy/model.js';
import { toDump, type DumpInput } from '../hierarchy/parse.js';
import type { PreviousSnapshot } from '../snapshot/snapshot.js';
import type { ScreenInfo, SnapshotElement } from '../snapshot/types.js';
import { partition, unionBounds, type BlockKind, type PartitionOptions, type RawBlock } from './blocks.js';
import { elementsFromDump } from './elements.js';
import { mapScorer, type MapRankWeights } from './map-rank.js';
import { lexicalScorer, type AsyncBlockScorer, type BlockScorer, type RankContext } from './rank.js';
import type { UiMap } from '../uimap/model.js';

export interface Block {
  /** `B1`, `B2`… in reading order (top to bottom): stable for one screen whatever the task. */
  id: string;
  /** 1-based position in upload order. */
  rank: number;
  score: number;
  kind: BlockKind;
  elements: SnapshotElement[];
  bounds: Bounds;
}

export interface BlocksResult {
  screen: ScreenInfo;
  /** In upload order (rank 1 first). */
  blocks: Block[];
  /** Every snapshot element of the screen (the union of the blocks' elements). */
  elements: SnapshotElement[];
}

export interface BlocksOptions extends PartitionOptions {
  /** Default: the lexical ranker with default weights. */
  scorer?: BlockScorer;
  step?: number;
  history?: RankContext['history'];
  /**
   * The app's UI Map (as `glance map --json` writes it): blocks that lead towards the task on the map, and the
   * next step of a half-done screen, rank first (the scorer's ranking is kept beneath). Without it, the scorer alone.
   */
  map?: UiMap;
  /** Foreground activity (`pkg/.Main` or the class name) for the map; default: the dump's, else the screen's ids place it. */
  activity?: string;
  mapWeights?: Partial<MapRankWeights>;
  /**
   * The snapshot shown before, to carry refs from as `snapshotFromDump` does: pass what a device session's
   * snapshot of the same screen carried from (or that snapshot itself), and the blocks show the same refs.
   */
  previous?: PreviousSnapshot;
}

export type { DumpInput };

function prepare(
  input: DumpInput,
  task: string,
  options: BlocksOptions,
): { screen: ScreenInfo; elements: SnapshotElement[]; raw: RawBlock[]; ctx: RankContext } {
  const dump = toDump(input);
  const src = elementsFromDump(dump, options.previous);
  const raw = partition(dump, src.elements, src.nodeOf, options);
  // Reading order first, so ties in score keep top-to-bottom order and ids are task-independent.
  const at = new Map(raw.map((b) => [b, corner(b)] as const));
  raw.sort((a, b) => at.get(a)![0] - at.get(b)![0] || at.get(a)![1] - at.get(b)![1]);
  const ctx: RankContext = { task };
  if (src.screen.package !== undefined) ctx.app = src.screen.package;
  if (options.step !== undefined) ctx.step = options.step;
  if (options.history !== undefined) ctx.history = options.history;
  return { screen: src.screen, elements: src.elements, raw, ctx };
}

/** Topmost, then leftmost edge of a block's elements (no spread: a block may hold thousands). */
function corner(b: RawBlock): [number, number] {
  let t = Infinity;
  let l = Infinity;
  for (const e of b.elements) {
    t = Math.min(t, e.bounds[1]);
    l = Math.min(l, e.bounds[0]);
  }
  return [t, l];
}

/** Orders blocks by descending score (stable: reading order breaks ties) and numbers them. */
export function rankBlocks(raw: readonly RawBlock[], scores: readonly number[]): Block[] {
  const withIds = raw.map((b, i) => ({ b, id: `B${i + 1}`, score: scores[i] ?? 0, i }));
  withIds.sort((x, y) => y.score - x.score || x.i - y.i);
  return withIds.map(({ b, id, score }, k) => ({
    id,
    rank: k + 1,
    score: Math.round(score * 1000) / 1000,
    kind: b.kind,
    elements: b.elements,
    bounds: unionBounds(b.elements),
  }));
}

/** The scorer the options ask for: theirs (or the lexical one), with the map's word on top when a map is given. */
function scorerOf(options: BlocksOptions, screen: ScreenInfo): BlockScorer {
  const base = options.scorer ?? lexicalScorer();
  if (options.map === undefined) return base;
  const activity = options.activity ?? (screen.activity === undefined ? undefined : `${screen.package ?? ''}/${screen.activity}`);
  return mapScorer(options.map, base, {
    ...(activity === undefined ? {} : { activity }),
    ...(options.mapWeights === undefined ? {} : { weights: options.mapWeights }),
  });
}

/** Splits the screen into blocks and ranks them for the task with a local scorer (no I/O). */
export function blocksFromDump(dump: DumpInput, task: string, options: BlocksOptions = {}): BlocksResult {
  const p = prepare(dump, task, options);
  const scorer = scorerOf(options, p.screen);
  return { screen: p.screen, blocks: rankBlocks(p.raw, scorer.score(p.raw, p.ctx)), elements: p.elements };
}

/** The same with a scorer that needs I/O (e.g. a model behind an OpenAI-compatible endpoint). */
export async function blocksFromDumpAsync(
  dump: DumpInput,
  task: string,
  scorer: AsyncBlockScorer,
  options: Omit<BlocksOptions, 'scorer'> = {},
): Promise<BlocksResult> {
  const p = prepare(dump, task, options);
  const scores = await scorer.score(p.raw, p.ctx);
  // The map's word goes on top of the model's scores, as on top of the lexical ranker's.
  const ranked = scorerOf({ ...options, scorer: { score: () => scores } }, p.screen).score(p.raw, p.ctx);
  return { screen: p.screen, blocks: rankBlocks(p.raw, ranked), elements: p.elements };
}

/** Index (in `blocks`) of the block holding an element, or -1. */
export function targetBlockIndex(blocks: readonly Block[], el: SnapshotElement): number {
  return blocks.findIndex((b) => b.elements.includes(el));
}
