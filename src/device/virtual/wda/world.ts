/**
 * The state of a virtual iOS device made of a trailmap: the waypoint on screen (its capture), what the user
 * typed into its fields, and the home screen. User actions move it along the trailmap's shortcuts: an action
 * that performs a shortcut's tool from the current waypoint shows the shortcut's target. Pure (no I/O).
 *
 * Swipe shortcuts name the parts of one long screen ("scroll to the address section"); when the target's capture
 * is the screen on show (the same elements), the swipe scrolls it as a phone does instead of showing the capture
 * afresh, and the screen keeps answering the shortcuts of the waypoints it scrolled through: on a phone, the
 * rows of a scrolled form still do what they did before the scroll.
 */
import { iosElementNode } from '../../../hierarchy/ios.js';
import { area, contains, walk, type UiDump, type UiNode } from '../../../hierarchy/model.js';
import { placedNodes, shortcutTaken, type Shortcut, type SwipeDirection, type Trailmap, type UiAction } from '../../../trailmap/index.js';

export interface WorldEvent {
  waypoint: string;
  action: string;
  /** The shortcut taken, or what happened instead. */
  outcome: string;
}

function el(type: string, label: string, bounds: [number, number, number, number], children: UiNode[] = []): UiNode {
  return iosElementNode(type, bounds, { label }, children);
}

/** Descendants of a node, not the node. */
function below(n: UiNode): UiNode[] {
  return [...walk(n.children)].map((e) => e.node);
}

/**
 * A swipe scrolls what a capture holds beyond the screen: the innermost on-screen node with content laid out past
 * the top or bottom edge moves that content by the finger's distance (default: 60% of the node's height), no
 * further than the content reaches. Captures hold whole scroll views, so this is the scroll. Nodes whose frame
 * lies outside their row (captures leave the children of rows below the fold at the top of the screen) are not
 * content of their own: they move with the rest but neither make a row a scroll view nor set how far it goes.
 * `scrolled` is how far the content already moved up from where the capture laid it out (a capture shows its
 * scroll view at the top, so the content never comes down past that). Returns the move (negative: up).
 */
export function scrollContent(screen: UiDump, direction: SwipeDirection, o: { distance?: number; scrolled?: number } = {}): number {
  if (direction !== 'up' && direction !== 'down') return 0;
  const where = placedNodes(screen);
  const laidOut = (n: UiNode): boolean => area(n.bounds) > 0 && where.get(n) === n;
  const beyond = (n: UiNode): boolean => {
    const y = (n.bounds[1] + n.bounds[3]) / 2;
    return laidOut(n) && (y >= screen.height || y < 0);
  };
  let box: UiNode | undefined;
  let deepest = -1;
  for (const { node, depth } of walk(screen.roots)) {
    const [, top, , bottom] = node.bounds;
    if (depth > deepest && area(node.bounds) > 0 && top >= 0 && bottom <= screen.height && below(node).some(beyond)) {
      [box, deepest] = [node, depth];
    }
  }
  if (box === undefined) return 0;
  const content = below(box).filter(laidOut);
  const reach =
    direction === 'up'
      ? Math.max(...content.map((n) => n.bounds[3])) - box.bounds[3]
      : (o.scrolled ?? box.bounds[1] - Math.min(...content.map((n) => n.bounds[1])));
  const by = Math.min(Math.max(0, reach), Math.round(o.distance ?? 0.6 * (box.bounds[3] - box.bounds[1])));
  if (by <= 0) return 0;
  const dy = direction === 'up' ? -by : by;
  for (const n of below(box)) n.bounds = [n.bounds[0], n.bounds[1] + dy, n.bounds[2], n.bounds[3] + dy];
  return dy;
}

/**
 * Captures leave the children of rows not yet laid out (below the fold) with frames at the screen's origin, the
 * size alone being right (or with a stale frame from elsewhere); on a phone they sit inside their row once it
 * scrolls into view. Each such node (its centre outside its nearest framed row) is put inside its row: at its
 * frame taken as row-local when that fits, else at the row's corner, its size kept within the row.
 */
export function layOutRows(dump: UiDump): void {
  for (const [node, row] of placedNodes(dump)) {
    if (row === node) continue;
    const [rx1, ry1, rx2, ry2] = row.bounds;
    const [x1, y1, x2, y2] = node.bounds;
    const local = x1 >= 0 && y1 >= 0 && x2 <= rx2 - rx1 && y2 <= ry2 - ry1;
    const [dx, dy] = local ? [rx1, ry1] : [rx1 - x1, ry1 - y1];
    node.bounds = [x1 + dx, y1 + dy, Math.min(rx2, x2 + dx), Math.min(ry2, y2 + dy)];
  }
}

/** The elements of a screen without their frames: two captures with the same shape are one screen, scrolled or not. */
function shape(dump: UiDump): string {
  const parts: string[] = [];
  for (const { node, depth } of walk(dump.roots)) parts.push(`${depth}|${node.cls}|${node.id}|${node.desc}|${node.text}|${node.hint}`);
  return parts.join('\n');
}

export class TrailmapWorld {
  /** The waypoint on screen; undefined on the home screen. */
  waypoint: string | undefined;
  readonly bundleId: string;
  readonly appName: string;
  onEvent: ((e: WorldEvent) => void) | undefined;
  private screen: UiDump;
  /** The capture on show (the waypoint a scroll started from) and the waypoints scrolled through since, oldest first. */
  private shown: string | undefined;
  private scrolledThrough: string[] = [];
  /** How far the screen's content has been scrolled up from the capture's layout. */
  private scrolled = 0;
  private readonly shapes = new Map<string, string>();
  private readonly size: { width: number; height: number };

  constructor(
    readonly map: Trailmap,
    readonly start: string,
  ) {
    const first = map.captures.get(start);
    if (!first) throw new RangeError(`no capture for waypoint ${start}`);
    this.size = { width: first.dump.width, height: first.dump.height };
    this.bundleId = map.appIds.ios?.[0] ?? 'com.example.app';
    this.appName = map.name ?? this.bundleId;
    this.waypoint = start;
    this.shown = start;
    this.screen = this.fresh(start);
  }

  get width(): number {
    return this.size.width;
  }

  get height(): number {
    return this.size.height;
  }

  /** The screen now (a copy the caller may keep). */
  dump(): UiDump {
    return structuredClone(this.screen);
  }

  private fresh(waypoint: string): UiDump {
    const c = this.map.captures.get(waypoint);
    if (!c) throw new RangeError(`no capture for waypoint ${waypoint}`);
    const dump = structuredClone(c.dump);
    layOutRows(dump);
    return dump;
  }

  private show(waypoint: string | undefined): void {
    this.waypoint = waypoint;
    this.shown = waypoint;
    this.scrolledThrough = [];
    this.scrolled = 0;
    this.screen = waypoint === undefined ? this.home() : this.fresh(waypoint);
  }

  private shapeOf(waypoint: string): string | undefined {
    let s = this.shapes.get(waypoint);
    const c = this.map.captures.get(waypoint);
    if (s === undefined && c !== undefined) this.shapes.set(waypoint, (s = shape(c.dump)));
    return s;
  }

  /** A swipe shortcut whose target's capture is the screen on show: a scroll of this screen, not a new one. */
  private scrollsWithin(s: Shortcut): boolean {
    return s.tools[0]?.name === 'swipe' && this.shown !== undefined && this.shapeOf(s.to) === this.shapeOf(this.shown);
  }

  /**
   * The shortcut an action takes: the current waypoint's, else (not for swipes, which go on scrolling) one of the
   * waypoints this screen was scrolled through, the latest first.
   */
  private taken(action: UiAction, waypoint: string): Shortcut | undefined {
    const here = shortcutTaken(this.map, waypoint, action, this.screen);
    if (here !== undefined || action.kind === 'swipe') return here;
    for (const w of [...this.scrolledThrough].reverse()) {
      const s = shortcutTaken(this.map, w, action, this.screen);
      if (s !== undefined) return s;
    }
    return undefined;
  }

  /** A springboard with the app's icon. */
  private home(): UiDump {
    const { width, height } = this.size;
    const icon = el('Icon', this.appName, [24, 120, 104, 210]);
    icon.id = this.bundleId;
    const root = el('Application', 'SpringBoard', [0, 0, width, height], [el('Window', '', [0, 0, width, height], [icon])]);
    return { format: 'wda', platform: 'ios', rotation: 0, width, height, roots: [root] };
  }

  private log(action: string, outcome: string): void {
    this.onEvent?.({ waypoint: this.waypoint ?? '(home)', action, outcome });
  }

  /** Applies a user action; returns the shortcut taken, if any. */
  act(action: UiAction): Shortcut | undefined {
    const label = JSON.stringify(action);
    if (this.waypoint === undefined) {
      if (action.kind === 'tap' && this.iconAt(action.x, action.y)) {
        this.launch();
        this.log(label, `launched ${this.bundleId}`);
      } else this.log(label, 'nothing on the home screen');
      return undefined;
    }
    const taken = this.taken(action, this.waypoint);
    if (taken && action.kind === 'swipe' && this.scrollsWithin(taken)) {
      const moved = this.scroll(action.direction, action.distance);
      this.log(label, `${taken.id} → ${taken.to} (${moved ? 'scrolled' : 'at the end of the scroll'})`);
      this.scrolledThrough.push(this.waypoint);
      this.waypoint = taken.to;
      return taken;
    }
    if (taken) {
      this.log(label, `${taken.id} → ${taken.to}`);
      this.show(taken.to);
      return taken;
    }
    if (action.kind === 'tap') this.focusAt(action.x, action.y);
    else if (action.kind === 'type') this.typeIntoFocused(action.text);
    else if (action.kind === 'swipe' && this.scroll(action.direction, action.distance)) {
      this.log(label, 'scrolled');
      return undefined;
    }
    this.log(label, 'no shortcut');
    return undefined;
  }

  private scroll(direction: SwipeDirection, distance: number | undefined): boolean {
    const dy = scrollContent(this.screen, direction, { scrolled: this.scrolled, ...(distance === undefined ? {} : { distance }) });
    this.scrolled -= dy;
    return dy !== 0;
  }

  /** Backspaces in the focused field (the caret stays at the end). */
  deleteBackward(count: number): void {
    const f = this.focused();
    if (f) f.text = [...f.text].slice(0, Math.max(0, [...f.text].length - count)).join('');
  }

  launch(): void {
    this.show(this.start);
  }

  /** Shows a waypoint's capture as the app's screen (task worlds start episodes here). */
  showWaypoint(waypoint: string): void {
    this.show(waypoint);
  }

  /** Brings the app back without resetting it (from the home screen: launches it). */
  activate(): void {
    if (this.waypoint === undefined) this.launch();
  }

  goHome(): void {
    this.show(undefined);
  }

  private iconAt(x: number, y: number): boolean {
    for (const { node } of walk(this.screen.roots)) if (node.cls.endsWith('Icon') && contains(node.bounds, x, y)) return true;
    return false;
  }

  private focused(): UiNode | undefined {
    for (const { node } of walk(this.screen.roots)) if (node.focused && node.editable) return node;
    return undefined;
  }

  /** A tap on a field focuses it (the smallest editable under the finger); elsewhere it blurs. */
  private focusAt(x: number, y: number): void {
    let hit: UiNode | undefined;
    for (const { node } of walk(this.screen.roots)) {
      node.focused = false;
      if (node.editable && contains(node.bounds, x, y)) hit = node;
    }
    if (hit) hit.focused = true;
  }

  private typeIntoFocused(text: string): void {
    const f = this.focused();
    if (f) f.text += text;
  }
}
