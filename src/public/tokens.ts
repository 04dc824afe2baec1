// glance-mobile/tokens: bytes and tokens (o200k_base, cl100k_base) of a dump in each snapshot format. Apart
// from the root because the tokenizer's tables take most of a second to load.
export { countTokens, renderTokenReport, tokenReport } from '../snapshot/tokens.js';
export type { TokenCount, TokenReportRow } from '../snapshot/tokens.js';
