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

export function countTokens(text: string): TokenCount {
  return { bytes: new TextEncoder().encode(text).length, o200k: encodeO200k(text).length, cl100k: encodeCl100k(text).length };
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
