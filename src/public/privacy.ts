// glance-mobile/privacy: privacy mode — layout-aware blocks, local ranking, an exposure ledger, masking.
export { blocksFromDump, blocksFromDumpAsync } from '../privacy/api.js';
export type { Block, BlocksOptions, BlocksResult, DumpInput } from '../privacy/api.js';
export { lexicalScorer, readingOrderScorer } from '../privacy/rank.js';
export type { AsyncBlockScorer, BlockScorer, RankContext } from '../privacy/rank.js';
export { mapScorer, DEFAULT_MAP_WEIGHTS } from '../privacy/map-rank.js';
export type { MapRankOptions, MapRankWeights } from '../privacy/map-rank.js';
export { llmScorer } from '../privacy/llm.js';
export type { CompletionClient, LlmScorerOptions } from '../privacy/llm.js';
export { PrivacySession, privacyView } from '../privacy/session.js';
export type { Exposure, LedgerEntry, PrivacyViewOptions, SessionOptions } from '../privacy/session.js';
export { Masker } from '../privacy/mask.js';
export type { MaskOptions } from '../privacy/mask.js';
export { detectSensitive, ownCategories } from '../privacy/sensitive.js';
export type { SensitiveCategory } from '../privacy/sensitive.js';
export { partition } from '../privacy/blocks.js';
export type { PartitionOptions, RawBlock } from '../privacy/blocks.js';
export { elementsFromDump } from '../privacy/elements.js';
