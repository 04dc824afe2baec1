/**
 * HTTP/1.1 to the UiAutomator2 server through ADB streams to `tcp:6790`: no `adb forward`, no host port, the
 * same code over the adb server and the direct transport. node:http does the HTTP (keep-alive, framing); an
 * Agent whose connections are ADB streams keeps one open between requests, so a request costs no stream setup.
 * Every request has a timeout and honours the caller's AbortSignal; replies are the server's envelope, and
 * its errors become coded GlanceErrors (uia2Error).
 */
import { Agent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { Duplex } from 'node:stream';
import type { ByteStream } from '../../adb/stream.js';
import { GlanceError, throwIfAborted } from '../../errors.js';
import { replyTooLarge } from '../bounded-body.js';
import { promisedWrites, toError, withSocketStubs } from '../stream-duplex.js';
import type { CallOptions } from '../types.js';
import { errorValueOf, type Uia2Envelope } from './protocol.js';
import { uia2Error } from './errors.js';

/** A node Duplex over an ADB ByteStream, for node:http. */
function duplexOf(stream: ByteStream): Duplex {
  let reading = false;
  const d = new Duplex({
    read() {
      if (reading) return;
      reading = true;
      const pump = (): void => {
        stream.read().then(
          (chunk) => {
            if (chunk === null) {
              d.push(null);
              return;
            }
            if (d.push(Buffer.from(chunk))) pump();
            else reading = false;
          },
          (e: unknown) => d.destroy(toError(e)),
        );
      };
      pump();
    },
    ...promisedWrites((chunk) => stream.write(chunk)),
    final(cb) {
      cb();
    },
    destroy(err, cb) {
      stream.close();
      cb(err);
    },
  });
  return withSocketStubs(d);
}

/** Opens one ADB stream to the server's port. */
export type StreamOpener = (opts: CallOptions) => Promise<ByteStream>;

/** A keep-alive agent whose connections are ADB streams from `open`. */
class StreamAgent extends Agent {
  constructor(private readonly open: StreamOpener) {
    super({ keepAlive: true, maxSockets: 4, maxFreeSockets: 2 });
  }

  override createConnection(_options: unknown, cb: (err: Error | null, socket?: Duplex) => void): undefined {
    this.open({ timeoutMs: 10_000 }).then(
      (s) => cb(null, duplexOf(s)),
      (e: unknown) => cb(toError(e)),
    );
    return undefined;
  }
}

export type Method = 'GET' | 'POST' | 'DELETE';

/**
 * The largest reply read (a page source of a busy screen is a few MB, a screenshot's base64 tens): past it the
 * connection is dropped. Without a cap a reply over ~512 MB overflows V8's string limit inside node's 'end'
 * event, where nothing catches it, and takes the process down.
 */
export const UIA2_MAX_REPLY_BYTES = 64 * 1024 * 1024;

/** No server answered: the stream to its port could not be opened, or the connection died before a reply. */
function unreachable(what: string, e: unknown): GlanceError {
  // A refusal to connect (an untrusted listener) keeps its own code: it is not a dead server.
  if (e instanceof GlanceError && (e.code === 'ABORTED' || e.code === 'UIA2_UNTRUSTED')) return e;
  return new GlanceError('UIA2_UNREACHABLE', `UiAutomator2 ${what}: no server answered (${e instanceof Error ? e.message : String(e)})`, {
    hint: 'the UiAutomator2 server is not running on the device (it stopped or crashed); Glance restarts it on the next call',
    cause: e,
  });
}

export class Uia2Http {
  private readonly agent: StreamAgent;

  constructor(
    open: StreamOpener,
    private readonly defaultTimeoutMs: number,
    private readonly maxReplyBytes = UIA2_MAX_REPLY_BYTES,
  ) {
    this.agent = new StreamAgent(open);
  }

  /** One request; resolves with the envelope's value, rejects with a coded error. */
  async call(method: Method, path: string, body: unknown, opts: CallOptions = {}): Promise<Uia2Envelope> {
    throwIfAborted(opts.signal);
    const timeoutMs = opts.timeoutMs ?? this.defaultTimeoutMs;
    const what = `${method} ${path}`;
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      let req: ClientRequest | undefined = undefined;
      const fail = (e: unknown): void => {
        cleanup();
        reject(e);
      };
      const onAbort = (): void => {
        req?.destroy();
        fail(new GlanceError('ABORTED', `UiAutomator2 ${what} aborted`, { cause: opts.signal?.reason }));
      };
      const timer = setTimeout(() => {
        req?.destroy();
        fail(
          new GlanceError('TIMEOUT', `UiAutomator2 ${what} timed out after ${timeoutMs} ms`, {
            hint: 'the UiAutomator2 server did not answer in time (a stuck server, or a very busy screen)',
            context: { timeoutMs },
          }),
        );
      }, timeoutMs);
      const cleanup = (): void => {
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
      };
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      req = httpRequest(
        {
          agent: this.agent,
          host: '127.0.0.1',
          method,
          path,
          headers: {
            Accept: 'application/json',
            ...(payload === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': payload.length }),
          },
        },
        (res: IncomingMessage) => {
          const chunks: Buffer[] = [];
          let bytes = 0;
          res.on('data', (c: Buffer) => {
            bytes += c.length;
            if (bytes <= this.maxReplyBytes) chunks.push(c);
            else {
              req?.destroy();
              fail(
                replyTooLarge(
                  `UiAutomator2 ${what}`,
                  this.maxReplyBytes,
                  'the server on device port 6790 sent a reply too large for a screen; use the dump backend if it persists',
                ),
              );
            }
          });
          res.on('end', () => {
            cleanup();
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
          });
          res.on('error', (e) => fail(unreachable(what, e)));
        },
      );
      req.on('error', (e) => fail(unreachable(what, e)));
      req.end(payload);
    });
    let json: unknown;
    try {
      json = text === '' ? { value: null } : JSON.parse(text);
    } catch {
      throw new GlanceError('UIA2_COMMAND_FAILED', `UiAutomator2 ${what}: the reply is not JSON (HTTP ${status})`, {
        hint: 'something other than the UiAutomator2 server answers on device port 6790',
        context: { status, body: text.slice(0, 200) },
      });
    }
    if (status >= 300 && status < 400) {
      // node:http follows nothing; a redirect is a reply the server never sends, so it is not taken as success.
      throw new GlanceError('UIA2_COMMAND_FAILED', `UiAutomator2 ${what}: HTTP ${status} redirect, not followed`, {
        hint: 'something other than the UiAutomator2 server answers on device port 6790',
        context: { status },
      });
    }
    const err = errorValueOf(json);
    if (status >= 400 || err !== undefined) throw uia2Error(status, err, what);
    return json as Uia2Envelope;
  }

  /** Drops the kept connections (their ADB streams close). */
  close(): void {
    this.agent.destroy();
  }
}
