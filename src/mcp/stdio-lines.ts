/**
 * Newline-delimited JSON-RPC from stdin with a bound per message. The SDK's stdio transport closes the whole
 * session when its buffer passes 10 MiB (one long line is enough), and the server then ended with status 0 and
 * nothing said. This filter sits in front of it: complete lines pass through, a line longer than the bound is
 * dropped as it streams (never held whole) and reported, with the request id when one can be read from its first
 * or last bytes, so the server answers that request with an error and goes on serving the others.
 */
import { Transform, type TransformCallback } from 'node:stream';

/** Longest message accepted over stdio: the SDK's own buffer bound. */
export const MAX_STDIO_MESSAGE_BYTES = 10 * 1024 * 1024;

/** Bytes kept from the start and the end of a dropped line to find its method and id. */
const EDGE = 512;

export interface DroppedMessage {
  bytes: number;
  /** The request's id when the line is a request whose id could be read; undefined otherwise. */
  id?: string | number;
}

const ID = String.raw`"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")`;
/** `{"jsonrpc":"2.0","id":…` at the start, or `…,"id":…}` at the end (the SDK's client writes the id last). */
const HEAD_ID = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?${ID}`);
const TAIL_ID = new RegExp(String.raw`[,{]\s*${ID}\s*(?:,\s*"jsonrpc"\s*:\s*"2\.0"\s*)?\}\s*$`);

function requestId(head: string, tail: string): string | number | undefined {
  // Only a request gets an answer: an oversized response or notification has nobody waiting on an error.
  if (!/"method"\s*:/.test(head) && !/"method"\s*:/.test(tail)) return undefined;
  const m = HEAD_ID.exec(head) ?? TAIL_ID.exec(tail);
  if (m === null) return undefined;
  const raw = m[1]!;
  return raw.startsWith('"') ? (JSON.parse(raw) as string) : Number(raw);
}

export class BoundedLines extends Transform {
  private held: Buffer[] = [];
  private heldBytes = 0;
  /** While dropping a long line: its size so far, first bytes and last bytes. */
  private dropping: { bytes: number; head: Buffer; tail: Buffer } | undefined;

  constructor(
    private readonly onDropped: (d: DroppedMessage) => void,
    private readonly maxBytes = MAX_STDIO_MESSAGE_BYTES,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    let rest = chunk;
    while (rest.length > 0) {
      const nl = rest.indexOf(0x0a);
      const piece = nl < 0 ? rest : rest.subarray(0, nl + 1);
      rest = nl < 0 ? Buffer.alloc(0) : rest.subarray(nl + 1);
      if (this.dropping !== undefined) this.skip(piece);
      else this.hold(piece);
      if (nl >= 0) this.endLine();
    }
    done();
  }

  private hold(piece: Buffer): void {
    this.held.push(piece);
    this.heldBytes += piece.length;
    if (this.heldBytes <= this.maxBytes) return;
    const all = Buffer.concat(this.held);
    this.held = [];
    this.heldBytes = 0;
    this.dropping = { bytes: 0, head: Buffer.from(all.subarray(0, EDGE)), tail: Buffer.alloc(0) };
    this.skip(all);
  }

  private skip(piece: Buffer): void {
    const d = this.dropping!;
    d.bytes += piece.length;
    d.tail = Buffer.from(Buffer.concat([d.tail, piece.subarray(Math.max(0, piece.length - EDGE))]).subarray(-EDGE));
  }

  private endLine(): void {
    const d = this.dropping;
    if (d === undefined) {
      this.push(Buffer.concat(this.held));
      this.held = [];
      this.heldBytes = 0;
      return;
    }
    this.dropping = undefined;
    const id = requestId(d.head.toString('utf8'), d.tail.toString('utf8'));
    this.onDropped({ bytes: d.bytes, ...(id === undefined ? {} : { id }) });
  }
}
