/**
 * `glance tokens`: what a screen costs a model, in bytes and in tokens of the two OpenAI encodings most
 * agents are billed in (o200k_base: GPT-4o and later; cl100k_base: GPT-4 / GPT-3.5), per format.
 */
import { encode as encodeO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { encode as encodeCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { parseDump } from '../hierarchy/parse.js';
import { snapshotFromDump, SNAPSHOT_FORMATS, type SnapshotFormat, type SnapshotOptions } from './snapshot.js';

export interface TokenCount {
  bytes: number;
  o200k: number;
  cl100k: number;
}

export type TokenReportRow = { format: 'raw' | SnapshotFormat } & TokenCount;

/**
 * BPE merging costs n² in the length of one pre-token, so a 100,000-letter label took seconds: runs of
 * non-space characters longer than this are counted in slices (a cut may add a token; words are far shorter).
 */
const LONGEST_RUN = 256;
const LONG_RUN_RE = new RegExp(`\\S{${LONGEST_RUN + 1},}`, 'g');

function slices(text: string): string[] {
  const out: string[] = [];
  let last = 0;
  for (const m of text.matchAll(LONG_RUN_RE)) {
    out.push(text.slice(last, m.index));
    for (let at = 0; at < m[0].length;) {
      let end = Math.min(at + LONGEST_RUN, m[0].length);
      // Never between the two halves of a surrogate pair.
      if (end < m[0].length && /[\uD800-\uDBFF]/.test(m[0][end - 1]!)) end++;
      out.push(m[0].slice(at, end));
      at = end;
    }
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

const tokens = (encode: (s: string) => number[], parts: readonly string[]): number => parts.reduce((n, p) => n + encode(p).length, 0);

export function countTokens(text: string): TokenCount {
  const parts = slices(text);
  return { bytes: new TextEncoder().encode(text).length, o200k: tokens(encodeO200k, parts), cl100k: tokens(encodeCl100k, parts) };
}

/** Bytes and tokens of the dump as given (`raw`) and of every format with the given options. */
export function tokenReport(dumpText: string | Uint8Array, options: Omit<SnapshotOptions, 'format'> = {}): TokenReportRow[] {
  const raw = typeof dumpText === 'string' ? dumpText : new TextDecoder().decode(dumpText);
  const dump = parseDump(raw);
  return [
    { format: 'raw', ...countTokens(raw) },
    ...SNAPSHOT_FORMATS.map((format) => ({ format, ...countTokens(snapshotFromDump(dump, { ...options, format }).text) })),
  ];
}

/** A small aligned table of a report, for the CLI. */
export function renderTokenReport(rows: readonly TokenReportRow[]): string {
  const head = ['FORMAT', 'BYTES', 'O200K', 'CL100K'];
  const body = rows.map((r) => [r.format, String(r.bytes), String(r.o200k), String(r.cl100k)]);
  const all = [head, ...body];
  const w = head.map((_, c) => Math.max(...all.map((r) => r[c]!.length)));
  return all.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(w[c]!) : cell.padStart(w[c]!))).join('  ')).join('\n') + '\n';
}
