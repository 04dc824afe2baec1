/**
 * The routes of the emulated UiAutomator2 server that Glance (and a plain Appium client) uses, answered from the
 * virtual phone. Paths, bodies and replies follow appium-uiautomator2-server's handlers (server/AppiumServlet.java
 * and handler/*.java); any other route is 404 `unknown command`, as the real servlet answers.
 */
import type { UiDump, UiNode } from '../../../hierarchy/model.js';
import { toPageSourceXml } from '../../../hierarchy/page-source.js';
import { JWP_ELEMENT_KEY, W3C_ELEMENT_KEY } from '../../uia2/protocol.js';
import { compress } from '../commands/uiautomator.js';
import { displaySize } from '../commands/wm.js';
import { keyName } from '../keys.js';
import { performActions } from './actions.js';
import { findNode } from './find.js';
import { DEFAULT_SETTINGS, Uia2HttpError, type ServerState } from './state.js';

type Body = Record<string, unknown>;
type Point = { x: number; y: number };
export interface Reply {
  sessionId: string | null;
  value: unknown;
}
type Handler = (s: ServerState, body: Body, params: Record<string, string>) => Promise<Reply | 'no-reply'> | Reply | 'no-reply';

const UNKNOWN_COMMAND =
  'The requested resource could not be found, or a request was received using an HTTP method that is not supported by the mapped resource';

const num = (v: unknown, what: string): number => {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n)) throw new Uia2HttpError('invalid argument', `'${what}' must be a number`);
  return n;
};

/** Capabilities `firstMatch[0]` + `alwaysMatch`, the `appium:` prefix stripped (W3CCapsUtils). */
function parseCaps(caps: Body): Record<string, unknown> {
  const first = Array.isArray(caps['firstMatch']) ? ((caps['firstMatch'][0] as Body | undefined) ?? {}) : {};
  const always = (caps['alwaysMatch'] as Body | undefined) ?? {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries({ ...first, ...always })) out[k.replace(/^appium:/, '')] = v;
  return out;
}

function applySettings(s: ServerState, settings: Body): void {
  // Unknown names are skipped (the server logs them), known ones replaced.
  for (const [k, v] of Object.entries(settings)) if (s.settings.has(k)) s.settings.set(k, v);
}

function session(s: ServerState, params: Record<string, string>): string {
  const id = params['sessionId'];
  if (s.session === undefined || s.session.id !== id)
    throw new Uia2HttpError('invalid session id', `The session ${id ?? ''} cannot be found`);
  return id!;
}

/** The page source as the server's settings shape it. */
async function source(s: ServerState): Promise<string | 'no-reply'> {
  const fault = s.dev.uia2.faults[0];
  if (fault === 'crash' || fault === 'idle-timeout') {
    s.dev.uia2.faults.shift();
    // A crash takes the process (and every connection) down; a stuck idle wait never answers.
    if (fault === 'crash') s.stop('crashed');
    return 'no-reply';
  }
  const multi = s.settings.get('enableMultiWindows') === true;
  let dump: UiDump = s.dev.phone.dump({ windows: multi ? 'all' : 'active' });
  if (s.settings.get('ignoreUnimportantViews') === true) dump = compress(dump);
  const depth = Number(s.settings.get('snapshotMaxDepth'));
  if (Number.isFinite(depth) && depth > 0) dump = { ...dump, roots: dump.roots.map((r) => prune(r, depth - 1)) };
  return toPageSourceXml(dump);
}

/** Keeps `levels` levels below `n` (snapshotMaxDepth counts the window root as level 1). */
function prune(n: UiNode, levels: number): UiNode {
  return { ...n, children: levels <= 0 ? [] : n.children.map((c) => prune(c, levels - 1)) };
}

/** The live node an element id names, and its bounds on the screen now; stale once it left the screen. */
function element(s: ServerState, id: string | undefined): { live: UiNode; bounds: UiNode['bounds'] } {
  const live = s.elements.get(id ?? '');
  if (live === undefined) throw new Uia2HttpError('no such element', `The element identified by '${id ?? ''}' is not present in the cache`);
  for (const [shown, node] of s.dev.phone.view().live) if (node === live) return { live, bounds: shown.bounds };
  throw new Uia2HttpError('stale element reference', `The element '${id ?? ''}' does not exist in DOM anymore`);
}

const centre = (b: UiNode['bounds']): Point => ({ x: Math.round((b[0] + b[2]) / 2), y: Math.round((b[1] + b[3]) / 2) });

/** Where a gesture lands: `origin` element's centre (or its top-left + `offset`), else `offset` on the screen. */
function gesturePoint(s: ServerState, body: Body): Point {
  const origin = body['origin'] as Body | undefined;
  const offset = body['offset'] as Body | undefined;
  if (origin !== undefined) {
    const id = (origin[W3C_ELEMENT_KEY] ?? origin[JWP_ELEMENT_KEY]) as string | undefined;
    const { bounds } = element(s, id);
    if (offset === undefined) return centre(bounds);
    return { x: bounds[0] + num(offset['x'], 'offset.x'), y: bounds[1] + num(offset['y'], 'offset.y') };
  }
  if (offset === undefined) throw new Uia2HttpError('invalid argument', 'Either element origin or offset must be provided');
  return { x: num(offset['x'], 'offset.x'), y: num(offset['y'], 'offset.y') };
}

/** SendKeysToElement: set (replace) or append, through ACTION_SET_TEXT; any Unicode. */
function sendKeys(s: ServerState, target: UiNode | undefined, body: Body): void {
  if (typeof body['text'] !== 'string') throw new Uia2HttpError('invalid argument', "'text' is mandatory");
  const phone = s.dev.phone;
  const current = phone.editValue(target);
  if (target === undefined && current === undefined)
    throw new Uia2HttpError('no such element', 'An element could not be located on the page using the given search parameters');
  const value = body['replace'] === true ? body['text'] : (current ?? '') + body['text'];
  if (!phone.setText(target, value)) {
    throw new Uia2HttpError(
      'invalid element state',
      `Cannot set the element to '${body['text']}'. Did you interact with the correct element?`,
    );
  }
}

const ok = (sessionId: string | null, value: unknown = null): Reply => ({ sessionId, value });

/** Most POSTs: check the session, act on the phone, answer with no value. */
const action =
  (run: (s: ServerState, body: Body, params: Record<string, string>) => void): Handler =>
  (s, body, p) => {
    const id = session(s, p);
    run(s, body, p);
    return ok(id);
  };

/** The gesture endpoints: act at the point the body names (gesturePoint). */
const gesture = (act: (phone: ServerState['dev']['phone'], at: Point) => void): Handler =>
  action((s, body) => act(s.dev.phone, gesturePoint(s, body)));

const ROUTES: Array<[string, string, Handler]> = [
  [
    'GET',
    '/status',
    (s) =>
      ok('None', {
        ready: true,
        message: 'UiAutomator2 Server is ready to accept commands',
        build: { version: s.version.name, versionCode: s.version.code },
      }),
  ],
  [
    'GET',
    '/sessions',
    (s) => ok('None', s.session === undefined ? [] : [{ id: s.session.id, sessionId: s.session.id, capabilities: s.session.capabilities }]),
  ],
  [
    'POST',
    '/session',
    (s, body) => {
      const caps = body['capabilities'];
      if (typeof caps !== 'object' || caps === null)
        throw new Uia2HttpError('session not created', "'capabilities' are mandatory for session creation");
      const parsed = parseCaps(caps as Body);
      s.settings = new Map(Object.entries(DEFAULT_SETTINGS));
      applySettings(s, parsed);
      // One global session: a new one replaces the old.
      s.session = { id: s.newId(), capabilities: parsed };
      s.elements.clear();
      return ok(s.session.id, { sessionId: s.session.id, capabilities: caps });
    },
  ],
  [
    'DELETE',
    '/session/:sessionId',
    (s, _b, p) => {
      const id = session(s, p);
      // The server answers, then stops itself 15 ms later (DeleteSession.java).
      setTimeout(() => s.stop('deleted'), 15);
      return ok(id);
    },
  ],
  ['GET', '/session/:sessionId', (s, _b, p) => ok(session(s, p), s.session!.capabilities)],
  [
    'GET',
    '/session/:sessionId/source',
    async (s, _b, p) => {
      const id = session(s, p);
      const xml = await source(s);
      return xml === 'no-reply' ? xml : ok(id, xml);
    },
  ],
  ['GET', '/session/:sessionId/appium/settings', (s, _b, p) => ok(session(s, p), Object.fromEntries(s.settings))],
  [
    'POST',
    '/session/:sessionId/appium/settings',
    action((s, body) => {
      const settings = body['settings'];
      if (typeof settings !== 'object' || settings === null) throw new Uia2HttpError('invalid argument', "'settings' are mandatory");
      applySettings(s, settings as Body);
    }),
  ],
  ['POST', '/session/:sessionId/appium/gestures/click', gesture((phone, at) => phone.tap(at.x, at.y))],
  [
    'POST',
    '/session/:sessionId/appium/gestures/double_click',
    gesture((phone, at) => {
      phone.tap(at.x, at.y);
      phone.tap(at.x, at.y);
    }),
  ],
  ['POST', '/session/:sessionId/appium/gestures/long_click', gesture((phone, at) => phone.longPress(at.x, at.y))],
  ['POST', '/session/:sessionId/actions', action((s, body) => performActions(s.dev.phone, body))],
  [
    'POST',
    '/session/:sessionId/element',
    (s, body, p) => {
      const id = session(s, p);
      const node = findNode(s.dev.phone, body);
      const eid = s.newId();
      s.elements.set(eid, node);
      return ok(id, { [JWP_ELEMENT_KEY]: eid, [W3C_ELEMENT_KEY]: eid });
    },
  ],
  [
    'POST',
    '/session/:sessionId/element/:id/click',
    action((s, _b, p) => {
      const at = centre(element(s, p['id']).bounds);
      s.dev.phone.tap(at.x, at.y);
    }),
  ],
  ['POST', '/session/:sessionId/element/:id/value', action((s, body, p) => sendKeys(s, element(s, p['id']).live, body))],
  ['POST', '/session/:sessionId/keys', action((s, body) => sendKeys(s, undefined, body))],
  [
    'POST',
    '/session/:sessionId/appium/device/press_keycode',
    action((s, body) => {
      const code = num(body['keycode'], 'keycode');
      const name = keyName(String(Math.trunc(code)));
      if (name === undefined) throw new Uia2HttpError('invalid element state', `Cannot generate key press event for key code ${code}`);
      s.dev.phone.key(name);
    }),
  ],
  ['POST', '/session/:sessionId/back', action((s) => s.dev.phone.key('BACK'))],
  [
    'GET',
    '/session/:sessionId/screenshot',
    async (s, _b, p) => {
      const id = session(s, p);
      return ok(id, Buffer.from(await s.dev.screencap()).toString('base64'));
    },
  ],
  [
    'GET',
    '/session/:sessionId/window/:windowHandle/size',
    (s, _b, p) => {
      const id = session(s, p);
      const [width, height] = (s.dev.wm.size ?? displaySize(s.dev)).split('x').map(Number);
      return ok(id, { width, height });
    },
  ],
];

function match(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i]!.startsWith(':')) params[want[i]!.slice(1)] = decodeURIComponent(got[i]!);
    else if (want[i] !== got[i]) return undefined;
  }
  return params;
}

/** Answers one request: the reply, or 'no-reply' when the server dies or hangs instead. */
export async function dispatch(s: ServerState, method: string, path: string, body: Body): Promise<Reply | 'no-reply'> {
  for (const [m, pattern, handler] of ROUTES) {
    if (m !== method) continue;
    const params = match(pattern, path);
    if (params !== undefined) return handler(s, body, params);
  }
  throw new Uia2HttpError('unknown command', UNKNOWN_COMMAND);
}
