// Privacy mode's public surface (issue 7). Explicit exports only.
export { blocksFromDump, blocksFromDumpAsync, rankBlocks, targetBlockIndex } from './api.js';
export type { Block, BlocksOptions, BlocksResult } from './api.js';
export type { BlockKind, PartitionOptions } from './blocks.js';
export { lexicalScorer, readingOrderScorer, DEFAULT_WEIGHTS } from './rank.js';
export type { AsyncBlockScorer, BlockScorer, HistoryStep, LexicalWeights, RankContext } from './rank.js';
