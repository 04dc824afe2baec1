/**
 * The emulated Appium UiAutomator2 server: what `am instrument -w io.appium.uiautomator2.server.test/…` runs on
 * the virtual device. It serves the server's HTTP API on `tcp:6790` (routes in routes.ts) with the server's
 * envelope (`{sessionId, value}`, errors as `{error, message, stacktrace}` with the W3C status), holds the one
 * UiAutomation connection while it runs (so `uiautomator dump` fails meanwhile, as on a phone), and stops when
 * its session is deleted, its package is force-stopped, the instrumentation stream closes, or an injected crash
 * kills it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { UIA2_ERRORS } from '../../uia2/protocol.js';
import type { UiNode } from '../../../hierarchy/model.js';
import type { DeviceContext } from '../commands/context.js';
import { streamHttpServer, type StreamHttpServer } from './http.js';
import { dispatch } from './routes.js';
import { DEFAULT_SETTINGS, Uia2HttpError, type ServerState, type Session, type StopReason } from './state.js';

let counter = 0;

export class VirtualUia2Server implements ServerState {
  readonly http: StreamHttpServer;
  readonly stopped: Promise<StopReason>;
  session: Session | undefined;
  settings = new Map<string, unknown>(Object.entries(DEFAULT_SETTINGS));
  /** Found elements by id: the live node they were found as (stale once it left the screen). */
  readonly elements = new Map<string, UiNode>();
  private resolveStopped!: (r: StopReason) => void;
  private done = false;

  constructor(
    readonly dev: DeviceContext,
    readonly version: { name: string; code: number },
  ) {
    this.stopped = new Promise((r) => (this.resolveStopped = r));
    this.http = streamHttpServer((req, res) => void this.handle(req, res));
  }

  newId(): string {
    const n = (++counter).toString(16).padStart(12, '0');
    return `7c1e5a2b-0d4f-4c3a-9e8b-${n}`;
  }

  /** Ends the server: frees the port and UiAutomation, drops open connections. Idempotent. */
  stop(reason: StopReason): void {
    if (this.done) return;
    this.done = true;
    this.session = undefined;
    this.elements.clear();
    this.http.closeAll();
    this.resolveStopped(reason);
  }

  get running(): boolean {
    return !this.done;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '/').split('?')[0]!.replace(/^\/wd\/hub(?=\/)/, '');
    let status = 200;
    let envelope: { sessionId: string | null; value: unknown };
    try {
      let body: Record<string, unknown> = {};
      if (raw.trim() !== '') {
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch (e) {
          throw new Uia2HttpError('invalid argument', `The payload is not valid JSON: ${(e as Error).message}`);
        }
      }
      const reply = await dispatch(this, req.method ?? 'GET', path, body);
      if (reply === 'no-reply') return; // a crash or a hang: the connection dies without an answer
      envelope = { sessionId: reply.sessionId, value: reply.value };
    } catch (e) {
      const err = e instanceof Uia2HttpError ? e : new Uia2HttpError('unknown error', e instanceof Error ? e.message : String(e));
      status = UIA2_ERRORS[err.error];
      const trace = `io.appium.uiautomator2.common.exceptions.${err.error.replace(/(^|\s)(\w)/g, (_m, _s, c: string) => c.toUpperCase())}Exception: ${err.message}`;
      envelope = { sessionId: this.session?.id ?? null, value: { error: err.error, message: err.message, stacktrace: trace } };
    }
    const body = Buffer.from(JSON.stringify(envelope));
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
    res.end(body);
  }
}
