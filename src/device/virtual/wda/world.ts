/**
 * The state of a virtual iOS device made of a trailmap: the waypoint on screen (its capture), what the user
 * typed into its fields, and the home screen. User actions move it along the trailmap's shortcuts: an action
 * that performs a shortcut's tool from the current waypoint shows the shortcut's target. Pure (no I/O).
 */
import { iosElementNode } from '../../../hierarchy/ios.js';
import { area, contains, walk, type UiDump, type UiNode } from '../../../hierarchy/model.js';
import { shortcutTaken, type Shortcut, type SwipeDirection, type Trailmap, type UiAction } from '../../../trailmap/index.js';

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
 * A swipe no shortcut takes scrolls what a capture holds beyond the screen: the innermost on-screen node with
 * content laid out past the top or bottom edge moves that content by the finger's distance (default: 60% of the
 * node's height), no further than the content reaches. Captures hold whole scroll views, so this is the scroll.
 */
export function scrollContent(screen: UiDump, direction: SwipeDirection, distance?: number): boolean {
  if (direction !== 'up' && direction !== 'down') return false;
  const beyond = (n: UiNode): boolean => {
    const y = (n.bounds[1] + n.bounds[3]) / 2;
    return area(n.bounds) > 0 && (y >= screen.height || y < 0);
  };
  let box: UiNode | undefined;
  let deepest = -1;
  for (const { node, depth } of walk(screen.roots)) {
    const [, top, , bottom] = node.bounds;
    if (depth > deepest && area(node.bounds) > 0 && top >= 0 && bottom <= screen.height && below(node).some(beyond)) {
      [box, deepest] = [node, depth];
    }
  }
  if (box === undefined) return false;
  const content = below(box).filter((n) => area(n.bounds) > 0);
  const reach =
    direction === 'up'
      ? Math.max(...content.map((n) => n.bounds[3])) - box.bounds[3]
      : box.bounds[1] - Math.min(...content.map((n) => n.bounds[1]));
  const by = Math.min(Math.max(0, reach), Math.round(distance ?? 0.6 * (box.bounds[3] - box.bounds[1])));
  if (by <= 0) return false;
  const dy = direction === 'up' ? -by : by;
  for (const n of below(box)) n.bounds = [n.bounds[0], n.bounds[1] + dy, n.bounds[2], n.bounds[3] + dy];
  return true;
}

export class TrailmapWorld {
  /** The waypoint on screen; undefined on the home screen. */
  waypoint: string | undefined;
  readonly bundleId: string;
  readonly appName: string;
  onEvent: ((e: WorldEvent) => void) | undefined;
  private screen: UiDump;
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
    return structuredClone(c.dump);
  }

  private show(waypoint: string | undefined): void {
    this.waypoint = waypoint;
    this.screen = waypoint === undefined ? this.home() : this.fresh(waypoint);
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
    const taken = shortcutTaken(this.map, this.waypoint, action, this.screen);
    if (taken) {
      this.log(label, `${taken.id} → ${taken.to}`);
      this.show(taken.to);
      return taken;
    }
    if (action.kind === 'tap') this.focusAt(action.x, action.y);
    else if (action.kind === 'type') this.typeIntoFocused(action.text);
    else if (action.kind === 'swipe' && scrollContent(this.screen, action.direction, action.distance)) {
      this.log(label, 'scrolled');
      return undefined;
    }
    this.log(label, 'no shortcut');
    return undefined;
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
