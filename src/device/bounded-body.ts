/**
 * Reading an HTTP body from a server Glance does not control (WebDriverAgent, a model provider, STF) with a byte
 * cap: a reply past the cap is cut off at the cap and ends in REPLY_TOO_LARGE, so a hostile or broken server
 * cannot make Glance hold gigabytes (or build a string past V8's limit). The deadline is the caller's signal,
 * which must cover the whole body: fetch aborts a body read when its signal fires.
 */
import { GlanceError } from '../errors.js';

/** The refusal every capped reader uses. */
export function replyTooLarge(what: string, maxBytes: number, hint: string): GlanceError {
  return new GlanceError('REPLY_TOO_LARGE', `${what}: the reply is larger than ${maxBytes} bytes; the rest was not read`, {
    hint,
    context: { maxBytes },
  });
}

/**
 * The body of `res` as UTF-8 text, at most `maxBytes` bytes: a larger Content-Length is refused before reading,
 * a body that grows past the cap is cancelled there.
 */
export async function readCapped(res: Response, maxBytes: number, what: string, hint: string): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw replyTooLarge(what, maxBytes, hint);
  }
  if (res.body === null) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw replyTooLarge(what, maxBytes, hint);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}
