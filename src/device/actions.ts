/**
 * Device actions above the Device interface: targets (a ref, a selector or `x,y`) resolved against a snapshot,
 * a touch point the element really receives, settling after the action and the diff it caused, waits,
 * assertions and scrolling. Transport-agnostic: everything goes through `Device`, so tests run it over a fake
 * Device and the tools run it over AdbDevice.
 *
 * Which snapshot a target resolves against: a ref against the device's latest snapshot (the one `glance ui`
 * printed and every action updates), so a ref from an older screen is REF_NOT_FOUND; a selector against a
 * fresh dump (selectors are meant to survive screen changes); a point needs no snapshot. The diff an action
 * prints is against that same baseline: "what changed since you last looked".
 */
import { GlanceError, isGlanceError, throwIfAborted } from '../errors.js';
import { walk, type UiNode } from '../hierarchy/model.js';
import { snapshotFromDump } from '../snapshot/snapshot.js';
import type { SnapshotElement } from '../snapshot/types.js';
import { isPackageOrComponent } from './adb-device.js';
import { dragRegion, inRegion, touchPoint, type Rect } from './geometry.js';
import { resolveKey } from './keys.js';
import { sleep } from './sleep.js';
import { shWord } from './text.js';
import { diffText, findMatches, isRef, snapshotOf, type DeviceSnapshot, type DiffSummary } from './snap.js';
import type { Device, Foreground, Point } from './types.js';

/** Where the latest dump of each device is kept (structurally the tools' SnapshotStore). */
export interface DumpStore {
  load(key: string): Promise<string | undefined>;
  save(key: string, dump: string): Promise<void>;
}

export interface ActionEnv {
  device: Device;
  store: DumpStore;
  signal: AbortSignal;
  /** How long to wait for the screen to stop changing after an action (default 2000 ms). */
  settleMs?: number;
}

export type Target = { kind: 'ref'; ref: string } | { kind: 'selector'; selector: string } | { kind: 'point'; x: number; y: number };

const POINT_RE = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

/** `x,y` → point; a ref (`b12`) → ref; anything else is a selector. */
export function parseTarget(s: string): Target {
  const m = POINT_RE.exec(s);
  if (m) return { kind: 'point', x: Math.round(Number(m[1])), y: Math.round(Number(m[2])) };
  const t = s.trim();
  if (isRef(t)) return { kind: 'ref', ref: t };
  if (t === '')
    throw new GlanceError('USAGE', 'empty target', { hint: 'give a ref (b12), a selector (#login, [text=OK]) or a point (540,1200)' });
  return { kind: 'selector', selector: t };
}

/**
 * Whether a CLI word is meant as a target rather than text to type: a ref, a point, or selector syntax
 * (`#id`, `[attr…]`, `:pseudo`). Plain words (even class names like `EditText`) count as text.
 */
export function looksLikeTarget(s: string): boolean {
  const t = s.trim();
  return POINT_RE.test(t) || isRef(t) || /^[A-Za-z.]*[#[:]/.test(t);
}

export interface Resolved {
  target: Target;
  element: SnapshotElement | undefined;
  point: Point;
  /** True when every part of the element is covered by something drawn above it (the touch may land there). */
  covered?: boolean;
  /** The baseline the target was resolved against (and the diff will be computed from). */
  before: DeviceSnapshot;
}

/** The device's latest snapshot from the store, or a fresh one (then stored) when there is none. */
export async function latest(env: ActionEnv): Promise<DeviceSnapshot> {
  const stored = await env.store.load(env.device.serial);
  if (stored !== undefined) {
    try {
      return snapshotOf(stored);
    } catch {
      // A corrupt or foreign file in the store: fall back to the device itself.
    }
  }
  return fresh(env);
}

/** A new dump of the device, stored as its latest snapshot. */
export async function fresh(env: ActionEnv, timeoutMs?: number): Promise<DeviceSnapshot> {
  throwIfAborted(env.signal);
  const dump = await env.device.dump({ signal: env.signal, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
  const snap = snapshotOf(dump);
  await env.store.save(env.device.serial, dump);
  return snap;
}

function offscreenError(el: SnapshotElement, what: string): GlanceError {
  return new GlanceError('ELEMENT_NOT_FOUND', `${what} (${el.ref}) is off-screen`, {
    hint: `scroll it into view first, e.g. \`glance scroll down --until '${what.replace(/'/g, '')}'\``,
    context: { ref: el.ref, bounds: el.bounds },
  });
}

/** Resolves a target string to an element (for refs and selectors) and the point to touch. */
export async function resolveTarget(env: ActionEnv, targetText: string): Promise<Resolved> {
  const target = parseTarget(targetText);
  if (target.kind === 'point') {
    return { target, element: undefined, point: { x: target.x, y: target.y }, before: await latest(env) };
  }
  const before = target.kind === 'ref' ? await latest(env) : await fresh(env);
  const el = target.kind === 'ref' ? findRef(before, target.ref) : findOne(before, target.selector);
  if (el.offscreen) throw offscreenError(el, target.kind === 'ref' ? target.ref : target.selector);
  const tp = touchPoint(el, before.elements, before.screen);
  return { target, element: el, point: { x: tp.x, y: tp.y }, before, ...(tp.visible ? {} : { covered: true }) };
}

function findRef(snap: DeviceSnapshot, ref: string): SnapshotElement {
  const el = snap.elements.find((e) => e.ref === ref) ?? snap.wide().elements.find((e) => e.ref === ref);
  if (el) return el;
  throw new GlanceError('REF_NOT_FOUND', `no element with ref ${ref} on this screen`, {
    hint: 'the screen changed or the ref is from another screen: take a new snapshot (`glance ui`) and use a ref from it',
    context: { ref },
  });
}

/** Elements whose label is `text` (case-insensitive), else whose label contains it; on-screen first. */
function byText(elements: readonly SnapshotElement[], text: string): SnapshotElement[] {
  const want = text.trim().toLowerCase();
  const labels = (e: SnapshotElement): string[] =>
    [e.text, e.desc, e.hint, ...(e.labels ?? [])].filter((x): x is string => x !== undefined).map((x) => x.toLowerCase());
  const exact = elements.filter((e) => labels(e).some((l) => l === want));
  return exact.length > 0 ? exact : elements.filter((e) => labels(e).some((l) => l.includes(want)));
}

/**
 * Exactly one element matching `selector` (on-screen ones first); ELEMENT_NOT_FOUND / AMBIGUOUS_TARGET
 * otherwise. A target without selector syntax that matches nothing as a selector (`glance tap "New note"`)
 * is looked up as visible text: exact label first, then a label containing it.
 */
export function findOne(snap: DeviceSnapshot, selector: string): SnapshotElement {
  const plain = !/[#[:,()=]/.test(selector);
  let found = findMatches(snap, selector);
  if (found.length === 0 && plain) found = byText(snap.elements, selector);
  if (found.length === 1) return found[0]!;
  if (found.length > 1) {
    throw new GlanceError('AMBIGUOUS_TARGET', `${selector} matches ${found.length} elements: ${found.map((e) => e.ref).join(', ')}`, {
      hint: 'use one of the refs, or narrow the selector (add #id, [text=…], :below(…) …)',
      context: { selector, refs: found.map((e) => e.ref) },
    });
  }
  const wide = snap.wide();
  let off = findMatches(wide, selector);
  if (off.length === 0 && plain) off = byText(wide.elements, selector);
  if (off.length === 1) return off[0]!;
  throw new GlanceError('ELEMENT_NOT_FOUND', `no element matches ${selector}`, {
    hint: 'check the screen with `glance ui` (or `glance find SELECTOR`), or wait for it with `glance wait`',
    context: { selector },
  });
}

export interface SettleResult {
  snapshot: DeviceSnapshot;
  settled: boolean;
  dumps: number;
  ms: number;
}

/**
 * Dumps until two consecutive dumps show the same snapshot, or `budgetMs` has passed (a dump that started
 * in time is allowed to finish). At least one dump is always taken. The last dump is stored as the latest.
 */
export async function settle(env: ActionEnv, budgetMs = env.settleMs ?? 2000, fallback?: DeviceSnapshot): Promise<SettleResult> {
  const start = Date.now();
  let prev: DeviceSnapshot | undefined;
  let dumps = 0;
  for (;;) {
    throwIfAborted(env.signal);
    let dump: string;
    try {
      dump = await env.device.dump({ signal: env.signal });
    } catch (e) {
      // The action already happened: a dump that keeps failing afterwards (an animation uiautomator cannot
      // wait out) makes the result unsettled, not the action failed.
      const last = prev ?? fallback;
      if (!isGlanceError(e, 'DUMP_FAILED') || last === undefined) throw e;
      return { snapshot: last, settled: false, dumps, ms: Date.now() - start };
    }
    dumps++;
    const snap = snapshotOf(dump);
    if (prev !== undefined && prev.key === snap.key) {
      await env.store.save(env.device.serial, dump);
      return { snapshot: snap, settled: true, dumps, ms: Date.now() - start };
    }
    prev = snap;
    if (Date.now() - start >= budgetMs) {
      await env.store.save(env.device.serial, dump);
      return { snapshot: snap, settled: false, dumps, ms: Date.now() - start };
    }
  }
}

export interface ActionOutcome {
  action: string;
  /** The equivalent command line. */
  command: string;
  target?: { kind: Target['kind']; text: string; ref?: string; label?: string; covered?: boolean };
  point?: Point;
  settled: boolean;
  /** The rendered diff against the baseline (an explicit "no change" when nothing changed). */
  diff: string;
  changed: boolean;
  /** True when the action led to another screen (then `diff` is that screen's whole snapshot). */
  newScreen?: boolean;
  /** The diff by ref, for programs. */
  changes?: DiffSummary;
  /** Extra facts of the action (e.g. the value a typed field now holds). */
  extra?: Record<string, unknown>;
}

function label(el: SnapshotElement): string | undefined {
  return el.text ?? el.desc ?? el.labels?.[0] ?? el.hint ?? el.id;
}

function describeTarget(r: Resolved, text: string): NonNullable<ActionOutcome['target']> {
  const out: NonNullable<ActionOutcome['target']> = { kind: r.target.kind, text, ...(r.covered ? { covered: true } : {}) };
  if (r.element) {
    out.ref = r.element.ref;
    const l = label(r.element);
    if (l !== undefined) out.label = l;
  }
  return out;
}

/** The equivalent `glance …` command line, quoted so that a shell reads back exactly `args`. */
export function commandLine(serial: string | undefined, args: readonly string[]): string {
  return ['glance', ...(serial ? ['-s', shWord(serial)] : []), ...args.map(shWord)].join(' ');
}

async function finish(
  env: ActionEnv,
  before: DeviceSnapshot,
  o: Omit<ActionOutcome, 'settled' | 'diff' | 'changed' | 'newScreen' | 'changes'>,
): Promise<ActionOutcome & { after: DeviceSnapshot }> {
  const s = await settle(env, env.settleMs ?? 2000, before);
  const d = diffText(before, s.snapshot);
  const diff = d.newScreen ? await newScreenText(env, s.snapshot, d.text) : d.text;
  return {
    ...o,
    settled: s.settled,
    diff,
    changed: d.changed,
    ...(d.newScreen ? { newScreen: true } : {}),
    changes: d.summary,
    after: s.snapshot,
  };
}

/**
 * A new screen is printed whole; its header then names the activity, as `glance ui` does (uiautomator XML
 * carries no activity). Asked only when the screen changed; a device whose dumpsys cannot be read keeps the
 * package-only header.
 */
async function newScreenText(env: ActionEnv, after: DeviceSnapshot, fallback: string): Promise<string> {
  const fg = await foregroundIfKnown(env.device, env.signal);
  if (!fg) return fallback;
  return `new screen:\n${snapshotFromDump({ ...after.uiDump(), package: fg.package, activity: fg.activity }).text}`;
}

/**
 * The foreground app and activity as optional detail for a header: a device whose dumpsys cannot be read gives
 * undefined instead of failing the command (an abort still propagates).
 */
export async function foregroundIfKnown(device: Device, signal: AbortSignal): Promise<Foreground | undefined> {
  return device.foreground({ signal }).catch((e: unknown) => {
    if (isGlanceError(e, 'ABORTED')) throw e;
    return undefined;
  });
}

export type TouchKind = 'tap' | 'long-press' | 'double-tap';

export interface CommandOptions {
  /** Serial to print in the equivalent command line (only when the user chose one). */
  serial?: string | undefined;
}

/** tap / long-press / double-tap on a target. */
export async function touch(
  env: ActionEnv,
  kind: TouchKind,
  targetText: string,
  o: CommandOptions & { durationMs?: number } = {},
): Promise<ActionOutcome> {
  const r = await resolveTarget(env, targetText);
  const call = { signal: env.signal };
  if (kind === 'tap') await env.device.tap(r.point, call);
  else if (kind === 'double-tap') await env.device.doubleTap(r.point, call);
  else await env.device.longPress(r.point, o.durationMs ?? 1000, call);
  const args = [kind, targetText, ...(kind === 'long-press' && o.durationMs !== undefined ? ['--duration', String(o.durationMs)] : [])];
  const { after: _after, ...out } = await finish(env, r.before, {
    action: kind,
    command: commandLine(o.serial, args),
    target: describeTarget(r, targetText),
    point: r.point,
  });
  return out;
}

const KEY_MOVE_END = 123;
const KEY_DEL = 67;
const KEY_FORWARD_DEL = 112;
const KEY_ENTER = 66;

/**
 * Keys that empty a field of `n` characters wherever the tap left the cursor (Android puts it at the touched
 * character): to the end of the line, n × DEL back, n × FORWARD_DEL for what a multi-line field has after it.
 */
function clearKeys(n: number): number[] {
  return [KEY_MOVE_END, ...Array<number>(n).fill(KEY_DEL), ...Array<number>(n).fill(KEY_FORWARD_DEL)];
}

/** The dumped node behind an element (same bounds, editable preferred), for its raw value. */
function rawNode(snap: DeviceSnapshot, el: SnapshotElement): UiNode | undefined {
  let best: UiNode | undefined;
  for (const { node } of walk(snap.uiDump().roots)) {
    const b = node.bounds;
    if (b[0] === el.bounds[0] && b[1] === el.bounds[1] && b[2] === el.bounds[2] && b[3] === el.bounds[3]) {
      if (node.editable) return node;
      best ??= node;
    }
  }
  return best;
}

/** Characters currently in a field (an empty field dumps its hint as its text on API 26+). */
function fieldLength(n: UiNode | undefined): number {
  if (!n) return 0;
  if (n.text === '' || (n.hint !== '' && n.text === n.hint)) return 0;
  return [...n.text].length;
}

export interface TypeOptions extends CommandOptions {
  target?: string | undefined;
  text: string;
  append?: boolean;
  submit?: boolean;
}

/**
 * Types text. With a target: taps it to focus, clears it unless `append` (see clearKeys; appending moves the
 * cursor to the end instead), types; without: types into the focused field. `submit` presses ENTER after.
 */
export async function typeInto(env: ActionEnv, o: TypeOptions): Promise<ActionOutcome> {
  const call = { signal: env.signal };
  let r: Resolved | undefined;
  if (o.target !== undefined) {
    r = await resolveTarget(env, o.target);
    await env.device.tap(r.point, call);
    const n = !o.append && r.element ? fieldLength(rawNode(r.before, r.element)) : 0;
    // Appending: the tap put the cursor where the finger was, so move it to the end first.
    await env.device.keys(n > 0 ? clearKeys(n) : [KEY_MOVE_END], call);
  }
  const before = r?.before ?? (await latest(env));
  await env.device.typeText(o.text, call);
  if (o.submit) await env.device.key(KEY_ENTER, call);
  const args = [
    'type',
    ...(o.target !== undefined ? [o.target] : []),
    o.text,
    ...(o.append ? ['--append'] : []),
    ...(o.submit ? ['--submit'] : []),
  ];
  const { after, ...out } = await finish(env, before, {
    action: 'type',
    command: commandLine(o.serial, args),
    ...(r ? { target: describeTarget(r, o.target!), point: r.point } : {}),
  });
  // Read the value back from the raw dump: snapshot labels are trimmed and cut, a field's value must not be.
  const ref = r?.element?.ref;
  const now =
    ref !== undefined
      ? after.elements.find((e) => e.ref === ref)
      : after.elements.find((e) => e.states.includes('focused') && e.actions.includes('type'));
  if (now && !now.states.includes('password')) {
    const raw = rawNode(after, now);
    out.extra = { value: raw && fieldLength(raw) > 0 ? raw.text : '' };
  }
  return out;
}

/** Empties a field: focus it, MOVE_END, DEL per character. */
export async function clearField(env: ActionEnv, targetText: string, o: CommandOptions = {}): Promise<ActionOutcome> {
  const r = await resolveTarget(env, targetText);
  const call = { signal: env.signal };
  await env.device.tap(r.point, call);
  const n = r.element ? fieldLength(rawNode(r.before, r.element)) : 0;
  if (n > 0) await env.device.keys(clearKeys(n), call);
  const { after: _after, ...out } = await finish(env, r.before, {
    action: 'clear',
    command: commandLine(o.serial, ['clear', targetText]),
    target: describeTarget(r, targetText),
    point: r.point,
    extra: { deleted: n },
  });
  return out;
}

/** Presses a key by name or code. */
export async function pressKey(env: ActionEnv, key: string, o: CommandOptions = {}): Promise<ActionOutcome> {
  const k = resolveKey(key);
  const before = await latest(env);
  await env.device.key(k.code, { signal: env.signal });
  const { after: _after, ...out } = await finish(env, before, {
    action: 'key',
    command: commandLine(o.serial, ['key', k.name ?? String(k.code)]),
    extra: { code: k.code, ...(k.name ? { name: k.name } : {}) },
  });
  return out;
}

export type Direction = 'up' | 'down' | 'left' | 'right';

/** Finger path for a swipe in `dir` across `area` (80% → 20% of its extent, through its middle). */
export function swipePath(area: Rect, dir: Direction, fraction = 0.6): { from: Point; to: Point } {
  const [l, t, r, b] = area;
  const cx = Math.round((l + r) / 2);
  const cy = Math.round((t + b) / 2);
  const half = fraction / 2;
  const w = r - l;
  const h = b - t;
  switch (dir) {
    case 'up':
      return { from: { x: cx, y: Math.round(cy + h * half) }, to: { x: cx, y: Math.round(cy - h * half) } };
    case 'down':
      return { from: { x: cx, y: Math.round(cy - h * half) }, to: { x: cx, y: Math.round(cy + h * half) } };
    case 'left':
      return { from: { x: Math.round(cx + w * half), y: cy }, to: { x: Math.round(cx - w * half), y: cy } };
    case 'right':
      return { from: { x: Math.round(cx - w * half), y: cy }, to: { x: Math.round(cx + w * half), y: cy } };
  }
}

/**
 * A swipe path inside `area` whose start and end avoid what covers the container (a floating button): the
 * line through the middle first, then lines shifted towards the edges.
 */
export function clearSwipePath(area: Rect, dir: Direction, region: readonly Rect[] | undefined): { from: Point; to: Point } {
  const base = swipePath(area, dir, 0.6);
  if (!region) return base;
  const vertical = dir === 'up' || dir === 'down';
  const extent = vertical ? area[2] - area[0] : area[3] - area[1];
  for (const f of [0, -0.25, 0.25, -0.4, 0.4, -0.15, 0.15]) {
    const d = Math.round(extent * f);
    const p = vertical
      ? { from: { x: base.from.x + d, y: base.from.y }, to: { x: base.to.x + d, y: base.to.y } }
      : { from: { x: base.from.x, y: base.from.y + d }, to: { x: base.to.x, y: base.to.y + d } };
    if (inRegion(region, p.from.x, p.from.y) && inRegion(region, p.to.x, p.to.y)) return p;
  }
  return base;
}

/** Scrolling `dir` (to see what is further down) moves the finger the opposite way. */
const FINGER: Readonly<Record<Direction, Direction>> = { down: 'up', up: 'down', left: 'right', right: 'left' };

function screenRect(snap: DeviceSnapshot): Rect {
  return [0, 0, snap.screen.width, snap.screen.height];
}

/** The biggest scrollable element on screen, else undefined. */
function biggestScrollable(snap: DeviceSnapshot): SnapshotElement | undefined {
  let best: SnapshotElement | undefined;
  const area = (e: SnapshotElement): number => (e.bounds[2] - e.bounds[0]) * (e.bounds[3] - e.bounds[1]);
  for (const e of snap.elements) if (e.actions.includes('scroll') && !e.offscreen && (!best || area(e) > area(best))) best = e;
  return best;
}

/** A finger path scrolling the container (or the screen without its top and bottom tenth). */
function scrollPath(snap: DeviceSnapshot, container: SnapshotElement | undefined, finger: Direction): { from: Point; to: Point } {
  if (!container) {
    const { width, height } = snap.screen;
    return swipePath([0, Math.round(height * 0.1), width, Math.round(height * 0.9)], finger, 0.6);
  }
  // The container's ref survives scrolling; look it up again so its bounds and coverers are current.
  const now = snap.elements.find((e) => e.ref === container.ref) ?? container;
  return clearSwipePath(now.bounds, finger, dragRegion(now, snap.elements, snap.screen));
}

export interface SwipeOptions extends CommandOptions {
  direction?: Direction | undefined;
  from?: string | undefined;
  to?: string | undefined;
  target?: string | undefined;
  durationMs?: number | undefined;
}

/** A swipe: finger `direction` across the target (or the screen), or from one point to another. */
export async function swipe(env: ActionEnv, o: SwipeOptions): Promise<ActionOutcome> {
  let before: DeviceSnapshot;
  let from: Point;
  let to: Point;
  let r: Resolved | undefined;
  if (o.from !== undefined || o.to !== undefined) {
    const a = o.from !== undefined ? parseTarget(o.from) : undefined;
    const b = o.to !== undefined ? parseTarget(o.to) : undefined;
    if (a?.kind !== 'point' || b?.kind !== 'point') {
      throw new GlanceError('USAGE', 'a swipe by points needs --from X,Y and --to X,Y', {
        hint: 'e.g. `glance swipe --from 540,1600 --to 540,600`',
      });
    }
    from = { x: a.x, y: a.y };
    to = { x: b.x, y: b.y };
    before = await latest(env);
  } else {
    if (o.direction === undefined)
      throw new GlanceError('USAGE', 'swipe needs a direction or --from/--to', {
        hint: 'e.g. `glance swipe up` or `glance swipe left --target b12`',
      });
    if (o.target !== undefined) {
      r = await resolveTarget(env, o.target);
      before = r.before;
    } else before = await latest(env);
    if (r?.element) ({ from, to } = clearSwipePath(r.element.bounds, o.direction, dragRegion(r.element, before.elements, before.screen)));
    else ({ from, to } = swipePath(screenRect(before), o.direction, 0.6));
  }
  await env.device.swipe(from, to, o.durationMs ?? 300, { signal: env.signal });
  const args =
    o.direction !== undefined && o.from === undefined
      ? ['swipe', o.direction, ...(o.target !== undefined ? ['--target', o.target] : [])]
      : ['swipe', '--from', `${from.x},${from.y}`, '--to', `${to.x},${to.y}`];
  const { after: _after, ...out } = await finish(env, before, {
    action: 'swipe',
    command: commandLine(o.serial, args),
    ...(r ? { target: describeTarget(r, o.target!) } : {}),
    extra: { ...(o.direction !== undefined ? { direction: o.direction } : {}), from, to },
  });
  return out;
}

export interface ScrollOptions extends CommandOptions {
  direction: Direction;
  target?: string | undefined;
  /** Keep scrolling until this selector (or ref) is on screen. */
  until?: string | undefined;
  /** Most swipes when scrolling `until` (default 10). */
  max?: number | undefined;
}

/**
 * Scrolls content `direction` inside the target, else the biggest scrollable element, else the screen. With
 * `until`, repeats until the selector matches an on-screen element, the content stops moving (its end), or
 * `max` swipes; ELEMENT_NOT_FOUND when it never appears.
 */
export async function scroll(env: ActionEnv, o: ScrollOptions): Promise<ActionOutcome> {
  const max = o.max ?? 10;
  let start: DeviceSnapshot;
  let r: Resolved | undefined;
  let container: SnapshotElement | undefined;
  if (o.target !== undefined) {
    r = await resolveTarget(env, o.target);
    start = r.before;
    container = r.element;
  } else {
    start = o.until !== undefined ? await fresh(env) : await latest(env);
    container = biggestScrollable(start);
  }
  const visible = (s: DeviceSnapshot): SnapshotElement | undefined => {
    if (o.until === undefined) return undefined;
    const t = parseTarget(o.until);
    if (t.kind === 'point') return undefined;
    const m = t.kind === 'ref' ? s.elements.filter((e) => e.ref === t.ref) : findMatches(s, t.selector);
    return m.find((e) => !e.offscreen);
  };
  const args = [
    'scroll',
    o.direction,
    ...(o.target !== undefined ? ['--target', o.target] : []),
    ...(o.until !== undefined ? ['--until', o.until, '--max', String(max)] : []),
  ];
  const base = { action: 'scroll', command: commandLine(o.serial, args), ...(r ? { target: describeTarget(r, o.target!) } : {}) };
  let cur = start;
  let swipes = 0;
  let settled = true;
  if (o.until !== undefined) {
    const hit = visible(cur);
    if (hit)
      return {
        ...base,
        settled: true,
        diff: diffText(start, cur).text,
        changed: false,
        extra: { direction: o.direction, swipes: 0, found: hit.ref },
      };
  }
  const rounds = o.until !== undefined ? max : 1;
  for (let i = 0; i < rounds; i++) {
    const { from, to } = scrollPath(cur, container, FINGER[o.direction]);
    // A slow swipe: a fast one flings and overshoots what `until` is looking for.
    await env.device.swipe(from, to, 600, { signal: env.signal });
    swipes++;
    const s = await settle(env);
    settled = s.settled;
    const moved = s.snapshot.key !== cur.key;
    cur = s.snapshot;
    const hit = visible(cur);
    if (hit) {
      const d = diffText(start, cur);
      return {
        ...base,
        settled,
        diff: d.text,
        changed: d.changed,
        changes: d.summary,
        extra: { direction: o.direction, swipes, found: hit.ref },
      };
    }
    if (!moved) {
      if (o.until === undefined) break;
      throw new GlanceError(
        'ELEMENT_NOT_FOUND',
        `scrolled ${o.direction} to the end (${swipes} swipe${swipes === 1 ? '' : 's'}) without finding ${o.until}`,
        {
          hint: 'try the other direction, or check the selector with `glance find`',
          context: { until: o.until, swipes },
        },
      );
    }
  }
  if (o.until !== undefined) {
    throw new GlanceError('ELEMENT_NOT_FOUND', `${o.until} did not appear after ${swipes} swipes ${o.direction}`, {
      hint: 'raise --max, or check the selector with `glance find`',
      context: { until: o.until, swipes },
    });
  }
  const d = diffText(start, cur);
  return {
    ...base,
    settled,
    diff: d.text,
    changed: d.changed,
    ...(d.newScreen ? { newScreen: true } : {}),
    changes: d.summary,
    extra: { direction: o.direction, swipes },
  };
}

export interface WaitOptions {
  text?: string | undefined;
  selector?: string | undefined;
  gone?: boolean;
  timeoutMs?: number;
  /** Pause between dumps (default 200 ms). */
  intervalMs?: number;
}

export interface WaitResult {
  ms: number;
  dumps: number;
  /** Refs of what matched at the end (empty with `gone`). */
  refs: string[];
}

/** Visible text or description contains `text` (case-insensitive), anywhere in the dump. */
function textMatches(snap: DeviceSnapshot, text: string): string[] {
  const needle = text.toLowerCase();
  const hits = snap.elements.filter((e) => [e.text, e.desc, e.hint].some((v) => v !== undefined && v.toLowerCase().includes(needle)));
  if (hits.length > 0) return hits.map((e) => e.ref);
  // Labels absorbed into a row or cut by --max-label still count: look at the raw nodes too.
  for (const { node } of walk(snap.uiDump().roots)) {
    if (!node.visible) continue;
    if (node.text.toLowerCase().includes(needle) || node.desc.toLowerCase().includes(needle)) return [''];
  }
  return [];
}

/** Polls the screen until text / selector is there (or gone with `gone`); TIMEOUT after `timeoutMs` (default 10 s). */
export async function waitFor(env: ActionEnv, o: WaitOptions): Promise<WaitResult> {
  if ((o.text === undefined) === (o.selector === undefined)) {
    throw new GlanceError('USAGE', 'wait needs exactly one of text or selector', {
      hint: 'e.g. `glance wait "Welcome"` or `glance wait --selector "#login:enabled"`',
    });
  }
  const timeoutMs = o.timeoutMs ?? 10_000;
  const start = Date.now();
  let dumps = 0;
  for (;;) {
    const remaining = timeoutMs - (Date.now() - start);
    let snap: DeviceSnapshot;
    try {
      snap = await fresh(env, Math.max(1000, remaining));
    } catch (e) {
      // Mid-animation dumps fail and a dump cut by the deadline times out: both mean "not yet".
      if (!isGlanceError(e, 'DUMP_FAILED') && !isGlanceError(e, 'TIMEOUT')) throw e;
      if (Date.now() - start + (o.intervalMs ?? 200) >= timeoutMs) break;
      await sleep(o.intervalMs ?? 200, env.signal);
      continue;
    }
    dumps++;
    const refs =
      o.text !== undefined
        ? textMatches(snap, o.text)
        : findMatches(snap, o.selector!)
            .filter((e) => !e.offscreen)
            .map((e) => e.ref);
    const ok = o.gone ? refs.length === 0 : refs.length > 0;
    if (ok) return { ms: Date.now() - start, dumps, refs: refs.filter((r) => r !== '') };
    if (Date.now() - start + (o.intervalMs ?? 200) >= timeoutMs) break;
    await sleep(o.intervalMs ?? 200, env.signal);
  }
  const what = o.text !== undefined ? `text "${o.text}"` : `selector ${o.selector}`;
  throw new GlanceError('TIMEOUT', `${what} ${o.gone ? 'still on screen' : 'did not appear'} after ${timeoutMs} ms`, {
    hint: o.gone
      ? 'the element is still there; check the screen with `glance ui`'
      : 'check the screen with `glance ui`, or raise --timeout',
    context: { timeoutMs, dumps },
  });
}

/** Waits until two consecutive dumps are identical; TIMEOUT when the screen keeps changing. */
export async function waitIdle(env: ActionEnv, timeoutMs = 10_000): Promise<SettleResult> {
  const s = await settle(env, timeoutMs);
  if (!s.settled) {
    throw new GlanceError('TIMEOUT', `the screen kept changing for ${timeoutMs} ms`, {
      hint: 'an animation or a live counter may never stop; act anyway, or raise --timeout',
      context: { timeoutMs, dumps: s.dumps },
    });
  }
  return s;
}

export interface AssertResult {
  count: number;
  refs: string[];
}

/** Checks that `selector` matches (exactly `count` elements when given); ASSERTION_FAILED otherwise. */
export async function assertSelector(env: ActionEnv, selector: string, count?: number): Promise<AssertResult> {
  const snap = await fresh(env);
  const found = findMatches(snap, selector).filter((e) => !e.offscreen);
  const ok = count === undefined ? found.length > 0 : found.length === count;
  if (!ok) {
    throw new GlanceError(
      'ASSERTION_FAILED',
      `expected ${count === undefined ? 'at least one' : count} element${count === 1 ? '' : 's'} matching ${selector}, found ${found.length}`,
      {
        hint: 'look at the screen with `glance ui`; `glance find SELECTOR` lists what a selector matches',
        context: { selector, expected: count ?? '>=1', actual: found.length, refs: found.map((e) => e.ref) },
      },
    );
  }
  return { count: found.length, refs: found.map((e) => e.ref) };
}

export interface LaunchOutcome extends ActionOutcome {
  package?: string;
}

/**
 * Launches a package, `pkg/.Activity`, or an app by its launcher label: a label is matched against the
 * installed packages' last name segment, then against the icons of the home screen; APP_NOT_FOUND otherwise.
 */
export async function launchApp(env: ActionEnv, app: string, o: CommandOptions = {}): Promise<LaunchOutcome> {
  const call = { signal: env.signal };
  const before = await latest(env);
  let pkg: string | undefined;
  let via = 'package';
  if (isPackageOrComponent(app)) {
    await env.device.launch(app, call);
    pkg = app.split('/')[0];
  } else {
    const squash = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');
    const all = await env.device.apps({ ...call, all: true });
    // `Settings` → com.android.settings before com.android.providers.settings: shortest name first, and the
    // next one when a candidate has no launcher activity.
    const byName = all.filter((p) => squash(p.split('.').pop() ?? '') === squash(app)).sort((a, b) => a.length - b.length);
    for (const candidate of byName) {
      try {
        await env.device.launch(candidate, call);
        pkg = candidate;
        via = 'package name';
        break;
      } catch (e) {
        if (!isGlanceError(e, 'APP_NOT_FOUND')) throw e;
      }
    }
    if (pkg === undefined) {
      await env.device.key(3, call); // HOME
      const home = await fresh(env);
      const want = app.toLowerCase();
      const icons = home.elements.filter((e) => (e.text ?? e.desc ?? '').toLowerCase() === want && !e.offscreen);
      const icon = icons.find((e) => e.actions.includes('tap')) ?? icons[0];
      if (!icon) {
        const tried = byName.length > 0 ? ` (no launcher activity in ${byName.join(', ')}, no icon on the home screen)` : '';
        throw new GlanceError('APP_NOT_FOUND', `no app called "${app}"${tried}`, {
          hint: 'pass the package name (list them with `glance apps`), or put the app on the home screen so its label can be found',
          context: { app, candidates: byName },
        });
      }
      const tp = touchPoint(icon, home.elements, home.screen);
      await env.device.tap({ x: tp.x, y: tp.y }, call);
      via = 'home screen';
    }
  }
  const { after, ...out } = await finish(env, before, { action: 'launch', command: commandLine(o.serial, ['launch', app]) });
  const result: LaunchOutcome = { ...out, extra: { via } };
  const p = pkg ?? after.screen.package;
  if (p !== undefined) result.package = p;
  return result;
}

/** Parses an `x,y` string or throws USAGE. */
export function parsePoint(s: string): Point {
  const t = parseTarget(s);
  if (t.kind !== 'point') throw new GlanceError('USAGE', `"${s}" is not a point`, { hint: 'write points as X,Y, e.g. 540,1200' });
  return { x: t.x, y: t.y };
}
