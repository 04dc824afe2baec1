// A WebDriverAgent stand-in for the WdaDevice contract tests: the virtual iPhone's routes (WdaRoutes over a
// TrailmapWorld) behind a server of the test's own, which records every request byte for byte, keeps sessions
// it can forget (WDA does when the app under test restarts), and fails on demand the ways a real WDA, or a proxy
// or network in front of it, fails: an error reply, a reply that never comes or never ends, a huge body, a
// dropped connection, and a touch that lands before its reply is lost.
import { AssertionError } from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WdaRoutes, type TrailmapWorld, type WorldEvent } from '../../src/device/virtual/wda/index.js';
import { GlanceError, isGlanceError, type ErrorCode } from '../../src/errors.js';

export interface Seen {
  method: string;
  /** The path as sent, session prefix included. */
  path: string;
  /** `METHOD /route`, the session prefix taken off: what the request asks of WDA. */
  route: string;
  /** The body's bytes as they arrived. */
  raw: Buffer;
  /** The body parsed as JSON (undefined when empty). */
  body: unknown;
  contentType: string | undefined;
}

/** What the stand-in does with a request instead of (or after) answering it as WDA would. */
export type Fault =
  /** A reply of the test's choosing; the request does nothing on the phone. */
  | { kind: 'reply'; status: number; body: string | Buffer; headers?: Record<string, string> }
  /** The request does what it does on the phone, then the reply is `then` (a touch whose reply was lost). */
  | { kind: 'lands'; then: Fault }
  /** No reply at all. */
  | { kind: 'hang' }
  /** Headers and the start of a body, then nothing more. */
  | { kind: 'stall'; headers?: Record<string, string> }
  /** A body without end, written as fast as the client reads it. */
  | { kind: 'flood' }
  /** A body without end, a byte at a time: data keeps coming, the reply never completes. */
  | { kind: 'trickle' }
  /** Headers and half a body, then the connection closes. */
  | { kind: 'cut' }
  /** The connection closes without a reply. */
  | { kind: 'drop' };

interface Rule {
  route: string;
  fault: Fault;
  times: number;
}

const json = (value: unknown, sessionId: string | null): string => JSON.stringify({ value, sessionId });

export class WdaStandIn {
  readonly seen: Seen[] = [];
  readonly events: WorldEvent[] = [];
  private world!: TrailmapWorld;
  private routes!: WdaRoutes;
  private live = new Set<string>();
  private opened = 0;
  private rules: Rule[] = [];
  private waiters: Array<{ route: string; arrived: () => void }> = [];
  private server: Server | undefined;
  url = '';

  async start(world: TrailmapWorld): Promise<string> {
    this.use(world);
    this.server = createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  /** A fresh phone: a new world, no sessions, no faults, nothing seen. Session ids are never used twice. */
  use(world: TrailmapWorld): TrailmapWorld {
    this.world = world;
    this.routes = new WdaRoutes(world);
    world.onEvent = (e) => this.events.push(e);
    this.live.clear();
    this.rules = [];
    this.seen.length = 0;
    this.events.length = 0;
    return world;
  }

  get phone(): TrailmapWorld {
    return this.world;
  }

  /** The next `times` requests for `route` (`POST /wda/tap`, `POST /session`, `GET /source`…) meet `fault`. */
  fail(route: string, fault: Fault, times = 1): void {
    this.rules.push({ route, fault, times });
  }

  /** Resolves when a request for `route` has arrived (its body read, its reply not yet sent). */
  arrival(route: string): Promise<void> {
    return new Promise((arrived) => this.waiters.push({ route, arrived }));
  }

  /** Every session ends (the app under test restarted). */
  forgetSessions(): void {
    this.live.clear();
  }

  /** The routes asked for, in order (`POST /wda/tap`…). */
  routesSeen(): string[] {
    return this.seen.map((s) => s.route);
  }

  /** The session ids that requests were sent under, in order. */
  sessionsUsed(): string[] {
    return this.seen.flatMap((s) => /^\/session\/([^/]+)\//.exec(s.path)?.[1] ?? []);
  }

  /** The user actions the phone received, as `kind@x,y` or `kind:direction` or `type:text`. */
  actions(): string[] {
    return this.events.map((e) => {
      const a = JSON.parse(e.action) as { kind: string; x?: number; y?: number; direction?: string; text?: string };
      if (a.x !== undefined) return `${a.kind}@${a.x},${a.y}`;
      if (a.direction !== undefined) return `${a.kind}:${a.direction}`;
      return a.text !== undefined ? `${a.kind}:${a.text}` : a.kind;
    });
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const m = /^\/session\/([^/]+)(\/.*)$/.exec(url.pathname);
    const route = `${method} ${m ? m[2]! : url.pathname}`;
    const body: unknown = raw.length === 0 ? undefined : JSON.parse(raw.toString('utf8'));
    this.seen.push({ method, path: url.pathname, route, raw, body, contentType: req.headers['content-type'] });
    for (const w of this.waiters.filter((x) => x.route === route)) w.arrived();
    this.waiters = this.waiters.filter((x) => x.route !== route);
    const sid = m ? m[1]! : null;
    // A request under a dead session never reaches the command, so it meets no fault either.
    const dead = sid !== null && !this.live.has(sid);
    const rule = dead ? undefined : this.rules.find((r) => r.route === route && r.times > 0);
    if (rule) rule.times--;
    if (rule && rule.fault.kind !== 'lands') return this.misbehave(res, rule.fault);
    let status = 200;
    let out: string;
    if (route === 'POST /session') {
      const id = `5e55-${++this.opened}`;
      this.live.add(id);
      out = json({ sessionId: id, capabilities: {} }, id);
    } else if (dead) {
      status = 404;
      out = json({ error: 'invalid session id', message: `Session does not exist: ${sid}` }, sid);
    } else {
      try {
        const value = await this.routes.handle(method, m ? m[2]! : url.pathname, url.searchParams, (body ?? {}) as Record<string, unknown>);
        out = json(value ?? null, sid);
      } catch (e) {
        const h = e as { status?: number; error?: string; message: string };
        status = h.status ?? 500;
        out = json({ error: h.error ?? 'unknown error', message: h.message, traceback: '' }, sid);
      }
    }
    if (rule?.fault.kind === 'lands') return this.misbehave(res, rule.fault.then);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) });
    res.end(out);
  }

  private misbehave(res: ServerResponse, f: Fault): void {
    switch (f.kind) {
      case 'reply':
        res.writeHead(f.status, { 'content-type': 'application/json', ...f.headers });
        res.end(f.body);
        return;
      case 'hang':
        return;
      case 'stall':
        res.writeHead(200, { 'content-type': 'application/json', ...f.headers });
        res.write('{"value":"');
        return;
      case 'flood': {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 0x41);
        res.write('{"value":"');
        const pump = (): void => {
          while (!res.destroyed && res.write(chunk));
        };
        res.on('drain', pump);
        pump();
        return;
      }
      case 'trickle': {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"value":"');
        const drip = setInterval(() => (res.destroyed ? clearInterval(drip) : res.write('a')), 10);
        res.on('close', () => clearInterval(drip));
        return;
      }
      case 'cut':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"value":"<XCUIElementTypeApp', () => res.socket?.destroy());
        return;
      case 'drop':
        res.socket?.destroy();
        return;
      case 'lands':
        return this.misbehave(res, f.then);
    }
  }
}

/**
 * Asserts that `p` rejects with a GlanceError of `code`, naming what came instead, with a message (what went
 * wrong) and a hint (what to do next) unless the caller aborted it; returns the error.
 */
export async function rejectsWith(p: Promise<unknown>, code: ErrorCode): Promise<GlanceError> {
  let caught: unknown;
  try {
    await p;
  } catch (e) {
    caught = e;
  }
  if (!isGlanceError(caught, code)) {
    const got = caught instanceof GlanceError ? `${caught.code}: ${caught.message}` : String(caught);
    throw new AssertionError({ message: `expected a ${code} error, got ${got}` });
  }
  if (caught.message.trim() === '') throw new AssertionError({ message: `the ${code} error says nothing` });
  if (code !== 'ABORTED' && !caught.hint) throw new AssertionError({ message: `the ${code} error has no hint: ${caught.message}` });
  return caught;
}
