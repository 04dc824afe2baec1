/**
 * A WebDriverAgent HTTP client: JSON over HTTP as WDA serves it (`{value, sessionId}` replies, W3C-style
 * `{value: {error, message}}` failures), one session opened on demand and re-opened once when WDA says it is
 * gone. Every request has a timeout and honours the caller's AbortSignal; failures are coded errors.
 */
import { GlanceError, throwIfAborted } from '../../errors.js';
import { readCapped } from '../bounded-body.js';
import type { CallOptions } from '../types.js';

export const DEFAULT_WDA_TIMEOUT_MS = 20_000;
/** The largest reply read: a page source or a screenshot's base64 is MBs; past this the request fails. */
export const WDA_MAX_REPLY_BYTES = 64 * 1024 * 1024;

export interface WdaReply {
  value: unknown;
  sessionId?: string | null;
}

/** A WDA error reply → a Glance code: a lost session, a command WDA refused, or anything else it failed. */
export function wdaError(status: number, body: unknown, what: string): GlanceError {
  const v = (body as { value?: { error?: unknown; message?: unknown } } | undefined)?.value;
  const error = typeof v?.error === 'string' ? v.error : `HTTP ${status}`;
  const message = typeof v?.message === 'string' ? v.message.split('\n')[0]! : '';
  const text = `WebDriverAgent ${what}: ${error}${message ? ` (${message})` : ''}`;
  if (/invalid session id|session.*(not|does not) exist/i.test(`${error} ${message}`)) {
    return new GlanceError('WDA_SESSION', text, { hint: 'the WDA session ended (app restarted?): retry the command', context: { status } });
  }
  if (/unknown command|unknown method|unsupported/i.test(error)) {
    return new GlanceError('NOT_SUPPORTED', text, {
      hint: 'this WebDriverAgent build lacks the endpoint: update WebDriverAgent',
      context: { status },
    });
  }
  return new GlanceError('WDA_COMMAND_FAILED', text, {
    hint: 'check the app state and retry',
    next: { tool: 'device_snapshot' },
    context: { status, error },
  });
}

/** A reply body as WDA's `{value, …}` object (empty: a null value); undefined for anything else (`null`, `[…]`, HTML). */
function replyObject(text: string): WdaReply | undefined {
  if (text === '') return { value: null };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as WdaReply) : undefined;
}

export class WdaClient {
  private session: Promise<string> | undefined;

  constructor(
    readonly baseUrl: string,
    private readonly defaultTimeoutMs = DEFAULT_WDA_TIMEOUT_MS,
    private readonly maxReplyBytes = WDA_MAX_REPLY_BYTES,
  ) {}

  /** One request: `path` relative to the base URL; `body` sent as JSON. */
  async request(method: 'GET' | 'POST' | 'DELETE', path: string, body: unknown, opts: CallOptions = {}): Promise<WdaReply> {
    throwIfAborted(opts.signal);
    const timeoutMs = opts.timeoutMs ?? this.defaultTimeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    const what = `${method} ${path}`;
    let res: Response;
    try {
      res = await fetch(this.baseUrl.replace(/\/$/, '') + path, {
        method,
        signal,
        // A redirect could send the session's typing to another host: WDA never redirects, so none is followed.
        redirect: 'manual',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (e) {
      throw this.transportError(e, what, timeoutMs, opts.signal);
    }
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel().catch(() => undefined);
      throw new GlanceError('WDA_COMMAND_FAILED', `WebDriverAgent ${what}: HTTP ${res.status} redirect, not followed`, {
        hint: `something other than WebDriverAgent answers at ${this.baseUrl}; check the URL`,
        context: { status: res.status },
      });
    }
    let text: string;
    try {
      // The timeout signal also bounds the body: fetch aborts the read when it fires.
      text = await readCapped(
        res,
        this.maxReplyBytes,
        `WebDriverAgent ${what}`,
        `the server at ${this.baseUrl} sent a reply too large for WebDriverAgent`,
      );
    } catch (e) {
      if (e instanceof GlanceError) throw e;
      throw this.transportError(e, what, timeoutMs, opts.signal);
    }
    const json = replyObject(text);
    if (json === undefined) {
      throw new GlanceError('WDA_COMMAND_FAILED', `WebDriverAgent ${what}: the reply is not a JSON object (HTTP ${res.status})`, {
        hint: `is ${this.baseUrl} a WebDriverAgent server? \`curl ${this.baseUrl}/status\` should answer JSON`,
      });
    }
    const errValue = json.value as { error?: unknown } | null | undefined;
    if (!res.ok || (typeof errValue === 'object' && errValue !== null && typeof errValue.error === 'string')) {
      throw wdaError(res.status, json, what);
    }
    return json;
  }

  private transportError(e: unknown, what: string, timeoutMs: number, caller: AbortSignal | undefined): GlanceError {
    if (caller?.aborted) return new GlanceError('ABORTED', `WebDriverAgent ${what} aborted`, { cause: caller.reason });
    if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')) {
      return new GlanceError('TIMEOUT', `WebDriverAgent ${what} timed out after ${timeoutMs} ms`, {
        hint: 'WDA did not answer in time: is the app busy, or the test runner stopped? Check `curl URL/status`',
        context: { timeoutMs },
      });
    }
    return new GlanceError('WDA_UNREACHABLE', `cannot reach WebDriverAgent at ${this.baseUrl} (${what})`, {
      hint: 'start WebDriverAgent (xcodebuild test-without-building …, or the virtual iPhone) and name it as the device wda:URL or set GLANCE_WDA_URL',
      cause: e,
    });
  }

  /** The session id, creating a session on first use. */
  sessionId(opts: CallOptions = {}): Promise<string> {
    this.session ??= this.request('POST', '/session', { capabilities: { alwaysMatch: {}, firstMatch: [{}] } }, opts).then((r) => {
      const v = r.value as { sessionId?: unknown } | null;
      const id = typeof v?.sessionId === 'string' ? v.sessionId : r.sessionId;
      if (typeof id !== 'string' || id === '') {
        throw new GlanceError('WDA_SESSION', 'WebDriverAgent opened no session', {
          hint: `check that ${this.baseUrl} is WebDriverAgent and that its test runner is up (\`curl ${this.baseUrl}/status\`)`,
        });
      }
      // The id goes into every later path: WDA makes UUIDs, anything else (`../`, spaces, CR) is refused.
      if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) {
        throw new GlanceError('WDA_SESSION', 'WebDriverAgent answered a session id that is not one', {
          hint: `check that ${this.baseUrl} is WebDriverAgent`,
          context: { sessionId: id.slice(0, 80) },
        });
      }
      return id;
    });
    const s = this.session;
    s.catch(() => {
      if (this.session === s) this.session = undefined;
    });
    return s;
  }

  /** A request under the session (`/session/ID` + path), retried once on a fresh session when WDA lost it. */
  async inSession(method: 'GET' | 'POST', path: string, body: unknown, opts: CallOptions = {}): Promise<WdaReply> {
    for (let attempt = 0; ; attempt++) {
      const id = await this.sessionId(opts);
      try {
        return await this.request(method, `/session/${id}${path}`, body, opts);
      } catch (e) {
        if (attempt > 0 || !(e instanceof GlanceError && e.code === 'WDA_SESSION')) throw e;
        this.session = undefined;
      }
    }
  }
}
