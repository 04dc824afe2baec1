/**
 * The virtual phone's live state: per-app back stacks of screen instances, each a mutable copy of its
 * scenario screen (checked states, field values, focus, scroll offsets), the launcher, and the actions
 * `input` performs (tap, long press, swipe, text, key) plus launch / force-stop / home.
 *
 * A screen instance keeps the full content of its scrollable containers; `view()` derives what
 * `uiautomator dump` shows: children shifted by the scroll offset, clipped to the container, and dropped when
 * off-screen, as Android's dumper skips nodes that are not visible to the user
 * (AccessibilityNodeInfoDumper: `if (!node.isVisibleToUser()) skip`).
 */
import { contains, walk, type Bounds, type UiDump, type UiNode } from '../../hierarchy/model.js';
import { LAUNCHER_ACTIVITY, LAUNCHER_PKG, SYSTEMUI, launcherScreen, navigationBar, otherAppScreen, statusBar } from './chrome.js';
import { keyChar } from './keys.js';
import { matchDepth, matchesNode } from './match.js';
import { MODE } from './modes.js';
import type { ReplayAction, Scenario, ScreenDef, Target, Transition } from './scenario.js';

interface EditState {
  value: string;
  cursor: number;
}

/** One screen on a back stack: a private, mutable copy of the scenario screen. */
export class ScreenInstance {
  readonly def: ScreenDef;
  readonly roots: UiNode[];
  readonly scroll = new Map<UiNode, { x: number; y: number }>();
  readonly edits = new Map<UiNode, EditState>();
  /** Recorded content beyond a fold: hidden until its scroll container moves. */
  readonly offscreen = new Set<UiNode>();
  /** Typed into or toggled with no recorded outcome: the screen differs from its recording. */
  local = false;
  focus: UiNode | undefined;

  constructor(def: ScreenDef) {
    this.def = def;
    this.roots = structuredClone(def.dump.roots);
    if (def.offscreen !== undefined) {
      const nodes = [...walk(this.roots)].map((e) => e.node);
      for (const i of def.offscreen) if (nodes[i] !== undefined) this.offscreen.add(nodes[i]);
    }
    for (const { node } of walk(this.roots)) {
      if (!node.editable) continue;
      // An empty field dumps its hint as text (API 26+): when text equals the hint, the value is empty.
      const value = node.hint !== '' && node.text === node.hint ? '' : node.text;
      this.edits.set(node, { value, cursor: value.length });
      if (node.focused) this.focus = node;
    }
  }
}

export interface LogEntry {
  action: string;
  screen: string;
  message: string;
}

/** Visible view of the current screen plus the map from each visible node back to its live node. */
export interface ScreenView {
  roots: UiNode[];
  live: Map<UiNode, UiNode>;
}

type Foreground = { kind: 'launcher' } | { kind: 'app'; pkg: string };

const LAUNCHER_DEF_NAME = '@launcher';
/** Name prefix of a stub screen of another app (the activity follows). */
export const OTHER_APP = '@other:';

function intersect(a: Bounds, b: Bounds): Bounds {
  return [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
}

function empty(b: Bounds): boolean {
  return b[2] <= b[0] || b[3] <= b[1];
}

export class VirtualPhone {
  readonly scenario: Scenario;
  readonly log: LogEntry[] = [];
  private readonly tasks = new Map<string, ScreenInstance[]>();
  private foreground: Foreground = { kind: 'launcher' };
  private readonly launcher: ScreenInstance;

  constructor(scenario: Scenario) {
    this.scenario = scenario;
    const root = launcherScreen(scenario.display, [{ package: scenario.package, label: scenario.label }]);
    this.launcher = new ScreenInstance({
      name: LAUNCHER_DEF_NAME,
      activity: LAUNCHER_ACTIVITY,
      dump: { format: 'uiautomator', roots: [root], rotation: 0, width: scenario.display.width, height: scenario.display.height },
    });
  }

  // ---- state queries -------------------------------------------------------------------------------------

  /** The instance on screen (the launcher when no app is in front). */
  current(): ScreenInstance {
    if (this.foreground.kind === 'launcher') return this.launcher;
    const stack = this.tasks.get(this.foreground.pkg);
    return stack?.[stack.length - 1] ?? this.launcher;
  }

  /** Name of the screen in front (`@launcher` for the home screen). */
  screenName(): string {
    return this.current().def.name;
  }

  /** Focused component as `pkg/fully.qualified.Activity`. */
  focusedActivity(): string {
    return this.current().def.activity;
  }

  foregroundPackage(): string {
    return this.foreground.kind === 'launcher' ? LAUNCHER_PKG : this.foreground.pkg;
  }

  /** Screen names of the foreground app's back stack, bottom first. */
  backStack(): string[] {
    if (this.foreground.kind === 'launcher') return [LAUNCHER_DEF_NAME];
    return (this.tasks.get(this.foreground.pkg) ?? []).map((s) => s.def.name);
  }

  /** Activities of the foreground back stack, bottom first (what `dumpsys activity` lists as `Hist #`). */
  backStackActivities(): string[] {
    if (this.foreground.kind === 'launcher') return [LAUNCHER_ACTIVITY];
    return (this.tasks.get(this.foreground.pkg) ?? []).map((s) => s.def.activity);
  }

  /** Packages with a live task (a running process, for `ps` / `pidof`). */
  runningPackages(): string[] {
    return [...this.tasks].filter(([, stack]) => stack.length > 0).map(([pkg]) => pkg);
  }

  /** Value of a text field on the current screen by resource id (full or short), for tests and tools. */
  fieldValue(id: string): string | undefined {
    const inst = this.current();
    for (const [n, e] of inst.edits) if (matchesNode({ id }, n)) return e.value;
    return undefined;
  }

  // ---- the visible screen --------------------------------------------------------------------------------

  /** What the screen shows now: the app window (scrolled, clipped), then status and navigation bars. */
  view(): ScreenView {
    const inst = this.current();
    const d = this.scenario.display;
    const live = new Map<UiNode, UiNode>();
    const screen: Bounds = [0, 0, d.width, d.height];
    // `scrolled`: a container above has moved, so what the recording showed at the fold no longer stands.
    const render = (
      n: UiNode,
      [dx, dy]: readonly [number, number],
      clip: Bounds,
      at: { renumber: number | undefined; scrolled: boolean },
    ): UiNode | undefined => {
      if (!n.visible && !(at.scrolled && inst.offscreen.has(n))) return undefined;
      const moved: Bounds = [n.bounds[0] - dx, n.bounds[1] - dy, n.bounds[2] - dx, n.bounds[3] - dy];
      const b = intersect(moved, clip);
      if (empty(b)) return undefined;
      const out: UiNode = { ...n, bounds: b, visible: true, children: [] };
      const renumber = at.renumber;
      if (renumber !== undefined) out.index = renumber;
      const edit = inst.edits.get(n);
      if (edit !== undefined) {
        // Password fields dump one bullet per character, as Android's PasswordTransformationMethod shows.
        out.text = edit.value === '' ? n.hint : n.password ? '\u2022'.repeat([...edit.value].length) : edit.value;
        out.focused = inst.focus === n;
      }
      const off = inst.scroll.get(n);
      const cdx = dx + (off?.x ?? 0);
      const cdy = dy + (off?.y ?? 0);
      const cclip = n.scrollable ? intersect(clip, b) : clip;
      const scrolled = at.scrolled || (off !== undefined && (off.x !== 0 || off.y !== 0));
      let i = 0;
      for (const c of n.children) {
        const r = render(c, [cdx, cdy], cclip, { renumber: off !== undefined ? i : undefined, scrolled });
        if (r !== undefined) {
          out.children.push(r);
          i++;
        }
      }
      live.set(out, n);
      return out;
    };
    const roots: UiNode[] = [];
    for (const r of inst.roots) {
      const v = render(r, [0, 0], screen, { renumber: undefined, scrolled: false });
      if (v !== undefined) roots.push(v);
    }
    if (this.scenario.systemBars) {
      roots.push(statusBar(d), navigationBar(d));
      roots.forEach((r, i) => (r.index = i));
    }
    return { roots, live };
  }

  /**
   * The current screen as a UiDump. `windows: 'all'` (default) has every window on screen, system bars included
   * (what the screenshot draws and multi-window page sources list); `'active'` has only the active window's
   * root, as `uiautomator dump` serialises it.
   */
  dump(opts: { windows?: 'all' | 'active' } = {}): UiDump {
    const d = this.scenario.display;
    const v = this.view();
    const app = this.scenario.systemBars ? v.roots.slice(0, -2) : v.roots;
    // The active window: the foreground app's root (a recorded multi-window screen also holds system UI windows).
    const fg = this.foregroundPackage();
    const active = app.find((r) => r.pkg === fg) ?? app.find((r) => r.pkg !== SYSTEMUI) ?? app[0];
    const roots = opts.windows === 'active' ? (active === undefined ? [] : [{ ...active, index: 0 }]) : v.roots;
    const dump: UiDump = { format: 'uiautomator', roots, rotation: 0, width: d.width, height: d.height };
    const [pkg, act] = this.focusedActivity().split('/', 2) as [string, string?];
    dump.package = pkg;
    if (act !== undefined) dump.activity = act;
    return dump;
  }

  /** Visible nodes under a point, outermost first, topmost window first considered. */
  private hitPath(view: ScreenView, x: number, y: number): UiNode[] {
    const descend = (n: UiNode, path: UiNode[]): UiNode[] | undefined => {
      if (!contains(n.bounds, x, y)) return undefined;
      path.push(n);
      for (let i = n.children.length - 1; i >= 0; i--) {
        const r = descend(n.children[i]!, path);
        if (r !== undefined) return r;
      }
      return path;
    };
    for (let i = view.roots.length - 1; i >= 0; i--) {
      const r = descend(view.roots[i]!, []);
      if (r !== undefined) return r;
    }
    return [];
  }

  // ---- navigation ----------------------------------------------------------------------------------------

  /** Recorded events consistent with the last replayed action (DroidBot replay). */
  private lastEvents: readonly string[] = [];

  /** Called for every log entry (the CLI's --verbose). */
  onLog: ((entry: LogEntry) => void) | undefined;

  /** Picks among two or more recorded outcomes of one action (screen names); undefined keeps the replay's own choice. */
  preferOutcome: ((outcomes: readonly string[]) => string | undefined) | undefined;

  private note(action: string, message: string): void {
    const entry = { action, screen: this.screenName(), message };
    this.log.push(entry);
    this.onLog?.(entry);
    // Bounded: a long-running device must not grow without limit.
    if (this.log.length > 1000) this.log.splice(0, this.log.length - 1000);
  }

  private screen(name: string): ScreenDef {
    const def = this.scenario.screens.get(name) ?? this.scenario.screens.get(this.scenario.aliases?.get(name) ?? '');
    if (def === undefined) throw new Error(`scenario has no screen "${name}"`);
    return def;
  }

  private appStack(): ScreenInstance[] | undefined {
    return this.foreground.kind === 'app' ? this.tasks.get(this.foreground.pkg) : undefined;
  }

  /** Moves to another screen of the foreground app: push (default), replace the top, or clear then push. */
  private go(
    to: string,
    mode: { replace?: boolean | undefined; clear?: boolean | undefined; carry?: readonly string[] | undefined } = {},
  ): void {
    if (to === '@stay') return;
    if (to === '@home') return this.home();
    if (to === '@back') return this.pop();
    let stack = this.appStack();
    if (stack === undefined) {
      // A transition out of the launcher (scenario `from: "@launcher"`) lands in the scenario app.
      stack = [];
      this.tasks.set(this.scenario.package, stack);
      this.foreground = { kind: 'app', pkg: this.scenario.package };
    }
    const inst = new ScreenInstance(this.screen(to));
    const prev = stack[stack.length - 1];
    for (const id of mode.carry ?? []) {
      const from = prev === undefined ? undefined : [...prev.edits].find(([n]) => matchesNode({ id }, n))?.[1];
      const into = [...inst.edits].find(([n]) => matchesNode({ id }, n))?.[1];
      if (from !== undefined && into !== undefined) {
        into.value = from.value;
        into.cursor = from.value.length;
      }
    }
    if (mode.clear === true) stack.length = 0;
    else if (mode.replace === true) stack.pop();
    stack.push(inst);
  }

  private pop(): void {
    const stack = this.appStack();
    if (stack === undefined) return;
    if (stack.length > 1) stack.pop();
    // Back on a task's root activity moves the task behind the launcher (Android 12+ keeps it alive).
    else this.foreground = { kind: 'launcher' };
  }

  /** Starts (or brings to front) an app; `activity` picks a screen declared with that activity. */
  launch(pkg: string, activity?: string): 'started' | 'brought-to-front' | 'no-such-app' | 'no-such-activity' {
    if (pkg === LAUNCHER_PKG) {
      this.home();
      return 'brought-to-front';
    }
    if (pkg !== this.scenario.package) return 'no-such-app';
    let target: ScreenDef | undefined;
    if (activity !== undefined && activity !== this.scenario.launcher) {
      target = [...this.scenario.screens.values()].find((s) => s.activity === activity);
      if (target === undefined) return 'no-such-activity';
    }
    const stack = this.tasks.get(pkg);
    this.foreground = { kind: 'app', pkg };
    if (stack !== undefined && stack.length > 0) {
      if (target === undefined) return 'brought-to-front';
      // Another activity than the task's root starts on top of it (no "brought to the front" warning).
      stack.push(new ScreenInstance(target));
      return 'started';
    }
    this.tasks.set(pkg, [new ScreenInstance(target ?? this.screen(this.scenario.start))]);
    return 'started';
  }

  /** Shows a screen (by name or alias) as the only screen of the app's task: tests start replays here. */
  reset(name: string): void {
    const def = this.screen(name);
    this.lastEvents = [];
    this.tasks.set(this.scenario.package, [new ScreenInstance(def)]);
    this.foreground = { kind: 'app', pkg: this.scenario.package };
  }

  forceStop(pkg: string): void {
    this.tasks.delete(pkg);
    if (this.foreground.kind === 'app' && this.foreground.pkg === pkg) this.foreground = { kind: 'launcher' };
  }

  home(): void {
    this.foreground = { kind: 'launcher' };
  }

  /** Transitions from the current screen whose trigger passes `test`, best (highest score) first. */
  private pick(test: (t: Transition) => number): Transition | undefined {
    const name = this.screenName();
    let best: Transition | undefined;
    let bestScore = -1;
    for (const t of this.scenario.transitions) {
      if (t.from !== name && t.from !== '*') continue;
      if (!this.guardHolds(t)) continue;
      const s = test(t);
      // Exact `from` beats the `*` wildcard at equal specificity.
      const score = s < 0 ? -1 : s * 2 + (t.from === name ? 1 : 0);
      if (score > bestScore) {
        best = t;
        bestScore = score;
      }
    }
    return best;
  }

  private guardHolds(t: Transition): boolean {
    if (t.when === undefined) return true;
    const inst = this.current();
    for (const id of t.when.filled ?? []) {
      const e = [...inst.edits].find(([n]) => matchesNode({ id }, n));
      if (e === undefined || e[1].value === '') return false;
    }
    for (const id of t.when.checked ?? []) {
      const n = [...walk(inst.roots)].find((w) => matchesNode({ id }, w.node));
      if (n === undefined || !n.node.checked) return false;
    }
    return true;
  }

  private follow(t: Transition, action: string): void {
    this.note(action, `→ ${t.to}`);
    this.go(t.to, { replace: t.replace, clear: t.clear, carry: t.carry });
  }

  private replayTo(action: ReplayAction, label: string): boolean {
    const hit = this.scenario.replay?.(this.screenName(), action, this.lastEvents, {
      prefer: this.preferOutcome,
      local: this.current().local,
    });
    if (hit === undefined) return false;
    this.lastEvents = hit.events;
    const to = hit.to;
    this.note(label, `→ ${to} (recorded)`);
    // Recorded states are whole screens: replace the top so back stacks don't grow with every step. Another
    // app's screen (a player, a chooser, a viewer) goes on top instead, so back returns to this one, as on a phone.
    if (this.foreground.kind === 'launcher' || (this.foreignScreen(to) && !this.foreignScreen(this.screenName()))) this.go(to);
    else this.go(to, { replace: true });
    return true;
  }

  /**
   * Another app the recording shows this tap opening, with no screen of it recorded from here: a stub of that app
   * goes on top of this screen (back returns here), so the agent sees the app was left rather than no change.
   */
  private openOther(activity: string, action: string): void {
    const stack = this.appStack();
    if (stack === undefined) return;
    const pkg = activity.split('/')[0]!;
    this.note(action, `opens another app (${pkg}): no screen of it recorded from here`);
    const { width, height } = this.scenario.display;
    const root = otherAppScreen(this.scenario.display, pkg);
    stack.push(
      new ScreenInstance({
        name: `${OTHER_APP}${activity}`,
        activity,
        dump: { format: 'uiautomator', roots: [root], rotation: 0, width, height },
      }),
    );
  }

  /**
   * A long-press the recording made on another row of this list opened a mode (a selection bar, a row menu): the
   * same mode for this row goes on top of this screen, so back leaves it with the list as it was.
   */
  private enterMode(row: UiNode, action: string): boolean {
    const stack = this.appStack();
    const mode = stack === undefined ? undefined : this.scenario.modes?.(this.current(), row);
    if (stack === undefined || mode === undefined) return false;
    const inst = new ScreenInstance(mode.def);
    if (mode.scroll !== undefined) {
      const list = [...walk(inst.roots)][mode.scroll.list]?.node;
      if (list !== undefined) inst.scroll.set(list, { ...mode.scroll.offset });
    }
    this.note(action, `${mode.kind === 'selection' ? 'selection mode' : 'row menu'} for ${describe(row)}, as recorded for another row`);
    stack.push(inst);
    return true;
  }

  /** A scenario screen that belongs to another app than the scenario's (not the launcher). */
  private foreignScreen(name: string): boolean {
    if (name.startsWith(OTHER_APP)) return true;
    if (name.startsWith('@')) return false;
    const pkg = this.screen(name).activity.split('/')[0]!;
    return pkg !== this.scenario.package && pkg !== LAUNCHER_PKG && !/launcher/.test(pkg);
  }

  // ---- input actions -------------------------------------------------------------------------------------

  tap(x: number, y: number): void {
    this.touch(x, y, false);
  }

  longPress(x: number, y: number): void {
    this.touch(x, y, true);
  }

  private touch(x: number, y: number, long: boolean): void {
    const action = `${long ? 'long press' : 'tap'} ${x} ${y}`;
    const view = this.view();
    const path = this.hitPath(view, x, y);
    const hit = path[path.length - 1];
    if (hit === undefined) {
      this.note(action, 'outside the screen');
      return;
    }
    // System UI first: the navigation bar's buttons.
    if (hit.pkg === SYSTEMUI) {
      if (!long && hit.id === `${SYSTEMUI}:id/back`) return this.key('BACK');
      if (!long && hit.id === `${SYSTEMUI}:id/home`) return this.key('HOME');
      this.note(action, `system UI (${hit.desc || hit.id || hit.cls}): nothing happens`);
      return;
    }
    const inst = this.current();
    // The view that receives the click: the innermost clickable (or checkable / editable) node on the path.
    let target: UiNode | undefined;
    for (let i = path.length - 1; i >= 0; i--) {
      const n = path[i]!;
      if (n.enabled && (n.clickable || n.checkable || n.editable || (long && n.longClickable))) {
        target = n;
        break;
      }
    }
    if (inst === this.launcher && !long && target !== undefined && target.text === this.scenario.label) {
      this.note(action, `launch ${this.scenario.package}`);
      this.launch(this.scenario.package);
      return;
    }
    const liveTarget = target === undefined ? undefined : view.live.get(target);
    let toggled = false;
    if (!long && liveTarget !== undefined) {
      // Side effects a real widget performs on click, before any navigation.
      const toggle = liveTarget.checkable ? liveTarget : soleCheckable(liveTarget);
      if (toggle !== undefined && toggle.enabled) {
        if (toggle.cls.endsWith('RadioButton')) {
          // A radio button only ever turns on, and turns its siblings in the same group off.
          for (const { node, parent } of walk(inst.roots)) {
            if (node !== toggle || parent === undefined) continue;
            for (const sib of parent.children) if (sib.cls.endsWith('RadioButton')) sib.checked = false;
          }
          toggle.checked = true;
        } else toggle.checked = !toggle.checked;
        toggled = true;
      }
      if (liveTarget.editable) {
        inst.focus = liveTarget;
        const e = inst.edits.get(liveTarget);
        if (e !== undefined) e.cursor = e.value.length;
      }
    }
    const t = this.pick((tr) => {
      const target: Target | undefined = long ? ('long' in tr.on ? tr.on.long : undefined) : 'tap' in tr.on ? tr.on.tap : undefined;
      return target === undefined ? -1 : matchDepth(target, path, x, y);
    });
    if (t !== undefined) return this.follow(t, action);
    if (this.replayTo({ kind: long ? 'long' : 'tap', x, y }, action)) return;
    if (long && liveTarget !== undefined && this.enterMode(liveTarget, action)) return;
    const other = long ? undefined : this.scenario.leaves?.(path);
    if (other !== undefined) return this.openOther(other, action);
    const what = target ?? hit;
    // A toggle is a change of the screen's own state: a phone shows it with no new screen.
    if (toggled) inst.local = true;
    const local = liveTarget?.editable === true ? ' (focused)' : toggled ? ' (toggled)' : '';
    this.note(action, `no transition for ${describe(what)}${local}`);
  }

  swipe(from: { x: number; y: number }, to: { x: number; y: number }, durationMs: number): void {
    const dx = to.x - from.x;
    const dy = to.y - from.y;
    // `input swipe x y x y 1000` is how tools long-press; a still short swipe is a tap.
    if (Math.abs(dx) < 10 && Math.abs(dy) < 10) {
      if (durationMs >= 500) this.longPress(from.x, from.y);
      else this.tap(from.x, from.y);
      return;
    }
    const action = `swipe ${from.x} ${from.y} ${to.x} ${to.y}`;
    const view = this.view();
    const path = this.hitPath(view, from.x, from.y);
    const vertical = Math.abs(dy) >= Math.abs(dx);
    const dir = vertical ? (dy < 0 ? 'up' : 'down') : dx < 0 ? 'left' : 'right';
    // A recorded scroll is the app's own answer (it may load more rows): it wins over moving the dumped content.
    if (this.replayTo({ kind: 'scroll', x: from.x, y: from.y, direction: dir }, action)) return;
    let stuck: UiNode | undefined;
    for (let i = path.length - 1; i >= 0; i--) {
      const v = path[i]!;
      if (!v.scrollable) continue;
      const n = view.live.get(v);
      if (n === undefined) continue;
      if (!this.scrollBy(n, vertical ? 0 : -dx, vertical ? -dy : 0)) {
        stuck ??= v;
        continue;
      }
      this.note(action, `scrolled ${describe(v)}`);
      return;
    }
    const t = this.pick((tr) =>
      'swipe' in tr.on && tr.on.swipe === dir ? (tr.on.in === undefined ? 0 : matchDepth(tr.on.in, path, from.x, from.y)) : -1,
    );
    if (t !== undefined) return this.follow(t, action);
    // Rows the recording never dumped cannot be shown: the content ends where the recording does.
    this.note(action, stuck === undefined ? 'nothing to scroll' : `end of the recorded content of ${describe(stuck)}`);
  }

  /** Scrolls a live container by (dx, dy) content pixels within its content; false when it cannot move. */
  private scrollBy(n: UiNode, dx: number, dy: number): boolean {
    const inst = this.current();
    let [left, top, right, bottom] = n.bounds;
    for (const { node } of walk(n.children)) {
      if (!node.visible && !inst.offscreen.has(node)) continue;
      left = Math.min(left, node.bounds[0]);
      top = Math.min(top, node.bounds[1]);
      right = Math.max(right, node.bounds[2]);
      bottom = Math.max(bottom, node.bounds[3]);
    }
    // Offsets from the recorded position: negative up to the content the recording had scrolled past.
    const x = { min: left - n.bounds[0], max: right - n.bounds[2] };
    const y = { min: top - n.bounds[1], max: bottom - n.bounds[3] };
    const cur = inst.scroll.get(n) ?? { x: 0, y: 0 };
    const next = { x: Math.max(x.min, Math.min(x.max, cur.x + dx)), y: Math.max(y.min, Math.min(y.max, cur.y + dy)) };
    if (next.x === cur.x && next.y === cur.y) return false;
    inst.scroll.set(n, next);
    return true;
  }

  /** `input text`: edits the focused field of the current screen (the caller has validated ASCII). */
  text(s: string): void {
    const inst = this.current();
    const f = inst.focus;
    const action = `text ${JSON.stringify(s)}`;
    if (f === undefined) {
      // No replay check needed for bounds here: recorded set_text events name the field they typed into.
      if (this.replayTo({ kind: 'text', value: s, bounds: undefined }, action)) return;
      this.note(action, 'no focused text field: the keys went nowhere');
      return;
    }
    const e = inst.edits.get(f)!;
    e.value = e.value.slice(0, e.cursor) + s + e.value.slice(e.cursor);
    e.cursor += s.length;
    const t = this.pick((tr) => {
      if (!('text' in tr.on)) return -1;
      if (tr.on.value !== undefined && tr.on.value !== e.value && tr.on.value !== s) return -1;
      return matchesNode(tr.on.text, f) ? 1 : -1;
    });
    if (t !== undefined) return this.follow(t, action);
    const visible = this.view();
    let fb: Bounds | undefined;
    for (const [v, n] of visible.live) if (n === f) fb = v.bounds;
    if (this.replayTo({ kind: 'text', value: s, bounds: fb }, action)) return;
    inst.local = true;
    this.note(action, `typed into ${describe(f)}`);
  }

  /**
   * ACTION_SET_TEXT, as a UiAutomation client types (any Unicode, no IME): the field's whole new value, the field
   * focused, the cursor at the end; text transitions fire as for typed text. `node` is a live node of the
   * current screen (default: the focused field). False when it is no text field.
   */
  setText(node: UiNode | undefined, value: string): boolean {
    const inst = this.current();
    const f = node ?? inst.focus;
    const e = f === undefined ? undefined : inst.edits.get(f);
    if (f === undefined || e === undefined) return false;
    inst.focus = f;
    if (e.value !== '') inst.local = true;
    e.value = '';
    e.cursor = 0;
    if (value !== '') this.text(value);
    return true;
  }

  /** The current value of a live text field (not its hint), undefined for other nodes. */
  editValue(node: UiNode | undefined): string | undefined {
    const inst = this.current();
    const f = node ?? inst.focus;
    return f === undefined ? undefined : inst.edits.get(f)?.value;
  }

  /** `input keyevent NAME` (canonical name without `KEYCODE_`). */
  key(name: string): void {
    const inst = this.current();
    const action = `key ${name}`;
    const f = inst.focus;
    const t = this.pick((tr) => {
      if ('back' in tr.on) return name === 'BACK' ? 0 : -1;
      if (!('key' in tr.on)) return -1;
      if (tr.on.key !== name && !(tr.on.key === 'ENTER' && name === 'NUMPAD_ENTER')) return -1;
      if (tr.on.in === undefined) return 0;
      return f !== undefined && matchesNode(tr.on.in, f) ? 1 : -1;
    });
    if (t !== undefined) return this.follow(t, action);
    if (this.replayTo({ kind: 'key', key: name }, action)) return;
    const e = f === undefined ? undefined : inst.edits.get(f);
    switch (name) {
      case 'BACK': {
        const stack = this.appStack();
        // Back from another app's screen opened over this app returns to it: the phone's answer, not a gap.
        const fromOther = stack !== undefined && stack.length > 1 && this.foreignScreen(this.screenName());
        const fromMode = this.screenName().startsWith(MODE);
        this.note(action, fromOther ? 'back from another app' : fromMode ? 'back: leaves the mode' : 'back');
        return this.pop();
      }
      case 'HOME':
        this.note(action, 'home');
        return this.home();
      case 'DEL':
        if (e !== undefined && e.cursor > 0) {
          e.value = e.value.slice(0, e.cursor - 1) + e.value.slice(e.cursor);
          e.cursor--;
          inst.local = true;
        }
        return;
      case 'FORWARD_DEL':
        if (e !== undefined) e.value = e.value.slice(0, e.cursor) + e.value.slice(e.cursor + 1);
        return;
      case 'MOVE_END':
        if (e !== undefined) e.cursor = e.value.length;
        return;
      case 'MOVE_HOME':
        if (e !== undefined) e.cursor = 0;
        return;
      case 'DPAD_LEFT':
        if (e !== undefined) e.cursor = Math.max(0, e.cursor - 1);
        return;
      case 'DPAD_RIGHT':
        if (e !== undefined) e.cursor = Math.min(e.value.length, e.cursor + 1);
        return;
      case 'CLEAR':
        if (e !== undefined) {
          inst.local = true;
          e.value = '';
          e.cursor = 0;
        }
        return;
    }
    const ch = keyChar(name);
    if (ch !== undefined && e !== undefined) {
      e.value = e.value.slice(0, e.cursor) + ch + e.value.slice(e.cursor);
      e.cursor++;
      return;
    }
    this.note(action, 'no effect');
  }
}

/** A clickable row with exactly one checkable descendant (a settings row with a switch) toggles it. */
function soleCheckable(n: UiNode): UiNode | undefined {
  let found: UiNode | undefined;
  for (const { node } of walk(n.children)) {
    if (!node.checkable) continue;
    if (found !== undefined) return undefined;
    found = node;
  }
  return found;
}

function describe(n: UiNode): string {
  const label = n.text || n.desc || n.id;
  const cls = n.cls.slice(n.cls.lastIndexOf('.') + 1);
  return label === '' ? cls : `${cls} "${label}"`;
}
