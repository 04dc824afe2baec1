/**
 * A WebDriverAgent HTTP server over a TrailmapWorld: the routes Glance's WdaDevice (and other WDA clients)
 * use, answered from the trailmap's captures. Replies follow WDA: `{value, sessionId}`, errors as
 * `{value: {error, message, traceback}}` with the W3C status. Screenshots are drawn from the hierarchy at 2×
 * (pixels), as a Retina screen sends them.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toWdaXml } from '../../../hierarchy/wda-xml.js';
import type { UiDump, UiNode } from '../../../hierarchy/model.js';
import type { SwipeDirection } from '../../../trailmap/index.js';
import { screencapPng } from '../screencap.js';
import type { TrailmapWorld } from './world.js';

/** Pixels per point of the virtual screen. */
export const VIRTUAL_SCALE = 2;
/** A press held this long (ms) is a long press. */
const LONG_PRESS_MS = 500;
/** A drag starting this close to the left edge (pt) is the back gesture. */
const EDGE_PT = 10;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

type Body = Record<string, unknown>;
const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v));

function direction(fx: number, fy: number, tx: number, ty: number): SwipeDirection {
  const dx = tx - fx;
  const dy = ty - fy;
  return Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : dy > 0 ? 'down' : 'up';
}

/** The screen as the simulator would draw it, labels included: the Android renderer over a labelled copy. */
function drawScreen(dump: UiDump): Promise<Uint8Array> {
  const scaleNode = (n: UiNode): UiNode => ({
    ...n,
    // The renderer draws `text`; iOS labels are in `desc`.
    text: n.text !== '' ? n.text : n.children.length === 0 ? n.desc : '',
    bounds: [n.bounds[0] * VIRTUAL_SCALE, n.bounds[1] * VIRTUAL_SCALE, n.bounds[2] * VIRTUAL_SCALE, n.bounds[3] * VIRTUAL_SCALE],
    children: n.children.map(scaleNode),
  });
  const drawn: UiDump = { ...dump, roots: dump.roots.map(scaleNode) };
  return screencapPng(drawn, { width: dump.width * VIRTUAL_SCALE, height: dump.height * VIRTUAL_SCALE, density: 160 * VIRTUAL_SCALE });
}

/** W3C pointer actions → one user action (tap, long press, swipe or back), or undefined. */
function fromW3c(body: Body, world: TrailmapWorld): void {
  const sources = Array.isArray(body['actions']) ? (body['actions'] as Body[]) : [];
  for (const src of sources) {
    if (src['type'] !== 'pointer') continue;
    let x = 0;
    let y = 0;
    let down: { x: number; y: number } | undefined;
    let held = 0;
    for (const a of (src['actions'] as Body[] | undefined) ?? []) {
      if (a['type'] === 'pointerMove') {
        x = num(a['x']);
        y = num(a['y']);
      } else if (a['type'] === 'pointerDown') down = { x, y };
      else if (a['type'] === 'pause' && down) held += num(a['duration'] ?? 0);
      else if (a['type'] === 'pointerUp' && down) {
        gesture(world, down, { x, y }, held);
        down = undefined;
        held = 0;
      }
    }
  }
}

function gesture(world: TrailmapWorld, from: { x: number; y: number }, to: { x: number; y: number }, heldMs: number): void {
  const moved = Math.hypot(to.x - from.x, to.y - from.y) > 10;
  if (!moved) world.act({ kind: heldMs >= LONG_PRESS_MS ? 'longPress' : 'tap', x: from.x, y: from.y });
  else if (from.x <= EDGE_PT && to.x > from.x) world.act({ kind: 'back' });
  else world.act({ kind: 'swipe', direction: direction(from.x, from.y, to.x, to.y), distance: Math.hypot(to.x - from.x, to.y - from.y) });
}

/** `/wda/keys` text: printable runs are typed (a shortcut may fire), `\b` deletes, newline submits (ignored). */
function typeKeys(world: TrailmapWorld, text: string): void {
  let run = '';
  const flush = (): void => {
    if (run !== '') world.act({ kind: 'type', text: run });
    run = '';
  };
  for (const ch of text) {
    if (ch === '\b') {
      flush();
      world.deleteBackward(1);
    } else if (ch === '\u007f' || ch === '\n' || ch === '\r') flush();
    else run += ch;
  }
  flush();
}

export interface WdaServerOptions {
  port?: number;
  host?: string;
}

export interface RunningWdaServer {
  url: string;
  port: number;
  world: TrailmapWorld;
  close(): Promise<void>;
}

export class WdaRoutes {
  private sessions = new Set<string>();
  private counter = 0;

  constructor(private readonly world: TrailmapWorld) {}

  /** Answers one request: the reply's `value` (or a promise of it). Throws HttpError for WDA-style failures. */
  handle(method: string, path: string, query: URLSearchParams, body: Body): unknown {
    const w = this.world;
    const m = /^\/session\/([^/]+)(\/.*)?$/.exec(path);
    let route = path;
    if (m && !(method === 'POST' && path === '/session')) {
      if (!this.sessions.has(m[1]!)) throw new HttpError(404, 'invalid session id', `Session does not exist: ${m[1]}`);
      route = m[2] ?? '';
      if (method === 'DELETE' && route === '') {
        this.sessions.delete(m[1]!);
        return null;
      }
    }
    switch (`${method} ${route}`) {
      case 'GET /status':
        return {
          ready: true,
          message: 'Glance virtual WebDriverAgent',
          os: { name: 'iOS' },
          build: { productBundleIdentifier: 'glance.virtual' },
        };
      case 'POST /session': {
        const id = `glance-${++this.counter}`;
        this.sessions.add(id);
        return { sessionId: id, capabilities: { device: 'iphone', sdkVersion: '18.0', CFBundleIdentifier: w.bundleId } };
      }
      case 'GET /source':
        return query.get('format') === 'json' ? toJsonSource(w.dump()) : toWdaXml(w.dump());
      case 'GET /screenshot':
        return drawScreen(w.dump()).then((png) => Buffer.from(png).toString('base64'));
      case 'GET /window/size':
        return { width: w.width, height: w.height };
      case 'GET /wda/activeAppInfo':
        return w.waypoint === undefined
          ? { bundleId: 'com.apple.springboard', name: 'SpringBoard', pid: 1 }
          : { bundleId: w.bundleId, name: w.appName, pid: 100 };
      case 'POST /wda/homescreen':
        w.goHome();
        return null;
      case 'POST /wda/tap':
      case 'POST /wda/doubleTap':
        w.act({ kind: 'tap', x: num(body['x']), y: num(body['y']) });
        return null;
      case 'POST /wda/touchAndHold':
        gesture(w, { x: num(body['x']), y: num(body['y']) }, { x: num(body['x']), y: num(body['y']) }, num(body['duration'] ?? 1) * 1000);
        return null;
      case 'POST /wda/dragfromtoforduration':
        gesture(w, { x: num(body['fromX']), y: num(body['fromY']) }, { x: num(body['toX']), y: num(body['toY']) }, 0);
        return null;
      case 'POST /actions':
        fromW3c(body, w);
        return null;
      case 'POST /wda/keys': {
        const v = body['value'];
        typeKeys(w, Array.isArray(v) ? v.join('') : String(v ?? ''));
        return null;
      }
      case 'POST /wda/pressButton':
        return null;
      case 'POST /wda/apps/launch':
      case 'POST /wda/apps/activate':
        if (body['bundleId'] !== w.bundleId)
          throw new HttpError(500, 'unknown error', `The application '${String(body['bundleId'])}' is not installed`);
        if (route.endsWith('launch')) w.launch();
        else w.activate();
        return null;
      case 'POST /wda/apps/terminate': {
        const running = body['bundleId'] === w.bundleId && w.waypoint !== undefined;
        if (running) w.goHome();
        return running;
      }
    }
    throw new HttpError(404, 'unknown command', `Unhandled endpoint: ${path} -- http method: ${method}`);
  }
}

/** WDA's JSON page source (`/source?format=json`). */
function toJsonSource(dump: UiDump): unknown {
  const conv = (n: UiNode): unknown => ({
    type: n.cls,
    label: n.desc === '' ? null : n.desc,
    name: n.id !== '' ? n.id : n.desc === '' ? null : n.desc,
    value: n.text === '' ? null : n.text,
    rawIdentifier: n.id === '' ? null : n.id,
    rect: { x: n.bounds[0], y: n.bounds[1], width: n.bounds[2] - n.bounds[0], height: n.bounds[3] - n.bounds[1] },
    isEnabled: n.enabled ? '1' : '0',
    isVisible: n.visible ? '1' : '0',
    children: n.children.map(conv),
  });
  return conv(dump.roots[0]!);
}

async function readBody(req: IncomingMessage): Promise<Body> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null ? (v as Body) : {};
  } catch {
    throw new HttpError(400, 'invalid argument', 'the request body is not JSON');
  }
}

function reply(res: ServerResponse, status: number, value: unknown, sessionId: string | null): void {
  const body = JSON.stringify({ value, sessionId });
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

export function wdaServer(world: TrailmapWorld): Server {
  const routes = new WdaRoutes(world);
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const sid = /^\/session\/([^/]+)/.exec(url.pathname)?.[1] ?? null;
    readBody(req)
      .then(async (body) =>
        reply(
          res,
          200,
          (await routes.handle(req.method ?? 'GET', url.pathname.replace(/\/$/, '') || '/', url.searchParams, body)) ?? null,
          sid,
        ),
      )
      .catch((e: unknown) => {
        const h = e instanceof HttpError ? e : new HttpError(500, 'unknown error', e instanceof Error ? e.message : String(e));
        reply(res, h.status, { error: h.error, message: h.message, traceback: '' }, sid);
      });
  });
}

/** Listens on 127.0.0.1 (port 0 = a free one) until closed. */
export async function startWdaServer(world: TrailmapWorld, options: WdaServerOptions = {}): Promise<RunningWdaServer> {
  const server = wdaServer(world);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    world,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
