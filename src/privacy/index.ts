// Privacy mode's public surface (docs/privacy.md). Explicit exports only.
export { blocksFromDump, blocksFromDumpAsync, rankBlocks, targetBlockIndex } from './api.js';
export type { Block, BlocksOptions, BlocksResult, DumpInput } from './api.js';
export { partition, containerKind, DEFAULT_MAX_SIZE, DEFAULT_MIN_SIZE } from './blocks.js';
export type { BlockKind, PartitionOptions, RawBlock } from './blocks.js';
export { lexicalScorer, readingOrderScorer, DEFAULT_WEIGHTS } from './rank.js';
export type { AsyncBlockScorer, BlockScorer, HistoryStep, LexicalWeights, RankContext } from './rank.js';
export { llmScorer } from './llm.js';
export type { CompletionClient, LlmScorerOptions } from './llm.js';
export { PrivacySession, privacyView } from './session.js';
export type { CategoryCounts, Exposure, LedgerEntry, PrivacyViewOptions, SentBlock, SessionOptions } from './session.js';
export { Masker } from './mask.js';
export type { MaskOptions } from './mask.js';
export { detectSensitive, ownCategories, SENSITIVE_CATEGORIES } from './sensitive.js';
export type { SensitiveCategory } from './sensitive.js';
export { renderBlock, elementLine, withheldLine } from './render.js';
export { elementsFromDump } from './elements.js';
export type { ElementSource } from './elements.js';
