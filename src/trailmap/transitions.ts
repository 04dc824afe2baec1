/**
 * Shortcuts as transitions: which user action on a screen performs a shortcut's tool (so a world built from a
 * trailmap moves to the shortcut's target), and, the other way round, which action performs a tool on a screen
 * (so a planner can walk a path of shortcuts). Pure.
 *
 * Tools understood: tapOnElementWithText, tapOnElementWithAccessibilityText, tapOnElementBySelector,
 * longPressOnElementWithText, inputText, swipe, pressBack. Text arguments match as Maestro does: the whole
 * label as a regex, or the literal text.
 */
import { area, center, contains, walk, type UiDump, type UiNode } from '../hierarchy/model.js';
import { javaRegex, selectNodes } from './match.js';
import type { Shortcut, ToolCall, Trailmap } from './model.js';
import { parseNodeSelector } from './parse.js';

export type SwipeDirection = 'up' | 'down' | 'left' | 'right';

/** What a user did on the screen (directions are the finger's movement: `up` scrolls content down). */
export type UiAction =
  | { kind: 'tap' | 'longPress'; x: number; y: number }
  | { kind: 'type'; text: string }
  | { kind: 'swipe'; direction: SwipeDirection; /** How far the finger moved (points or pixels), when known. */ distance?: number }
  | { kind: 'back' };

/** Elements covering this share of the screen are wrappers: a tap on them is not a tap on "that text". */
const WRAPPER_SHARE = 0.9;

function textMatcher(text: string): (s: string) => boolean {
  let re: RegExp | undefined;
  try {
    re = javaRegex(`^(?:${text})$`);
  } catch {
    re = undefined;
  }
  return (s) => s === text || (re !== undefined && re.test(s));
}

/**
 * Where each node really is: its own frame, unless its centre lies outside its nearest framed ancestor that is
 * smaller than the screen (captures have labels whose frame says "top of the screen" inside a row laid out below
 * the fold): such a node stands for that ancestor, the row a person would touch. Content beyond a screen-sized
 * ancestor is a scroll view's, and keeps its frame.
 */
export function placedNodes(dump: UiDump): Map<UiNode, UiNode> {
  const out = new Map<UiNode, UiNode>();
  const screen = dump.width * dump.height;
  const stack: Array<{ node: UiNode; framed: UiNode | undefined }> = dump.roots.map((node) => ({ node, framed: undefined }));
  while (stack.length > 0) {
    const { node, framed } = stack.pop()!;
    const [x, y] = center(node.bounds);
    const small = framed !== undefined && (screen <= 0 || area(framed.bounds) < WRAPPER_SHARE * screen);
    const at = small && !contains(framed.bounds, x, y) ? framed : node;
    out.set(node, at);
    const next = at === node && area(node.bounds) > 0 ? node : framed;
    for (const c of node.children) stack.push({ node: c, framed: next });
  }
  return out;
}

/** Every node a tool aims at, wherever it is (on screen or not), as placed above; [] for tools aiming at none. */
function toolHits(tool: ToolCall, dump: UiDump): UiNode[] {
  const p = tool.params;
  let hits: UiNode[];
  switch (tool.name) {
    case 'tapOnElementWithText':
    case 'longPressOnElementWithText': {
      const m = textMatcher(String(p['text'] ?? ''));
      hits = [...walk(dump.roots)].map((e) => e.node).filter((n) => [n.text, n.desc, n.hint].some((s) => s !== '' && m(s)));
      break;
    }
    case 'tapOnElementWithAccessibilityText': {
      const m = textMatcher(String(p['accessibilityText'] ?? ''));
      hits = [...walk(dump.roots)].map((e) => e.node).filter((n) => n.desc !== '' && m(n.desc));
      break;
    }
    case 'tapOnElementBySelector':
      hits = selectNodes(dump, parseNodeSelector(p['nodeSelector'] ?? p['selector'], 'shortcut'));
      break;
    default:
      return [];
  }
  const where = placedNodes(dump);
  const screen = dump.width * dump.height;
  const out = new Set<UiNode>();
  for (const h of hits) {
    const n = where.get(h) ?? h;
    const a = area(n.bounds);
    if (a > 0 && (screen <= 0 || a < WRAPPER_SHARE * screen)) out.add(n);
  }
  return [...out];
}

const onScreen = (n: UiNode, dump: UiDump): boolean => {
  const [x, y] = center(n.bounds);
  return x >= 0 && y >= 0 && (dump.width <= 0 || x < dump.width) && (dump.height <= 0 || y < dump.height);
};

/** The on-screen nodes a tool aims at (none for tools that do not aim at a node). */
export function toolTargets(tool: ToolCall, dump: UiDump): UiNode[] {
  return toolHits(tool, dump).filter((n) => onScreen(n, dump));
}

/**
 * The swipe that brings a tool's element on screen when it is laid out beyond it (`up`: the finger moves up, the
 * content below comes into view), or undefined when it is on screen or nowhere.
 */
export function scrollTowards(tool: ToolCall, dump: UiDump): SwipeDirection | undefined {
  const hits = toolHits(tool, dump);
  if (hits.length === 0 || hits.some((n) => onScreen(n, dump))) return undefined;
  const y = center(hits[0]!.bounds)[1];
  return dump.height > 0 && y >= dump.height ? 'up' : y < 0 ? 'down' : undefined;
}

/** The smallest labelled element under the point that is not a screen-sized wrapper. */
function touched(dump: UiDump, x: number, y: number): UiNode | undefined {
  const screen = dump.width * dump.height;
  let best: UiNode | undefined;
  for (const { node } of walk(dump.roots)) {
    if ((node.desc === '' && node.text === '') || !contains(node.bounds, x, y)) continue;
    const a = area(node.bounds);
    if (screen > 0 && a >= WRAPPER_SHARE * screen) continue;
    if (!best || a < area(best.bounds)) best = node;
  }
  return best;
}

function within(node: UiNode, root: UiNode): boolean {
  if (node === root) return true;
  return root.children.some((c) => within(node, c));
}

const TAP_TOOLS = new Set(['tapOnElementWithText', 'tapOnElementWithAccessibilityText', 'tapOnElementBySelector']);

/** Whether `action` on this screen performs `tool`. */
export function toolPerformed(tool: ToolCall, action: UiAction, dump: UiDump): boolean {
  switch (action.kind) {
    case 'tap':
    case 'longPress': {
      const wanted = action.kind === 'tap' ? TAP_TOOLS.has(tool.name) : tool.name === 'longPressOnElementWithText';
      if (!wanted) return false;
      const targets = toolTargets(tool, dump);
      if (targets.some((n) => contains(n.bounds, action.x, action.y))) return true;
      // A row is touched anywhere, not only on its text: the element under the finger holding a target counts.
      const hit = touched(dump, action.x, action.y);
      return hit !== undefined && targets.some((t) => within(t, hit));
    }
    case 'type':
      return tool.name === 'inputText' && String(tool.params['text'] ?? '') === action.text;
    case 'swipe':
      return tool.name === 'swipe' && String(tool.params['direction'] ?? '').toLowerCase() === action.direction;
    case 'back':
      return tool.name === 'pressBack';
  }
}

/** One action that performs `tool` on this screen (a tap at the centre of its smallest target), if any. */
export function actionFor(tool: ToolCall, dump: UiDump): UiAction | undefined {
  switch (tool.name) {
    case 'inputText':
      return { kind: 'type', text: String(tool.params['text'] ?? '') };
    case 'swipe': {
      const d = String(tool.params['direction'] ?? '').toLowerCase();
      return d === 'up' || d === 'down' || d === 'left' || d === 'right' ? { kind: 'swipe', direction: d } : undefined;
    }
    case 'pressBack':
      return { kind: 'back' };
  }
  const targets = toolTargets(tool, dump).sort((a, b) => area(a.bounds) - area(b.bounds));
  const t = targets[0];
  if (!t) return undefined;
  const [x, y] = center(t.bounds);
  return { kind: tool.name === 'longPressOnElementWithText' ? 'longPress' : 'tap', x, y };
}

/** The shortcuts that leave a waypoint, in file order. */
export function shortcutsFrom(map: Pick<Trailmap, 'shortcuts'>, waypointId: string): Shortcut[] {
  return map.shortcuts.filter((s) => s.from === waypointId);
}

/**
 * The shortcut an action takes from `waypointId` on screen `dump`: one whose single tool the action performs
 * (multi-tool shortcuts advance only when driven tool by tool, which a world does by tracking progress).
 */
export function shortcutTaken(map: Pick<Trailmap, 'shortcuts'>, waypointId: string, action: UiAction, dump: UiDump): Shortcut | undefined {
  return shortcutsFrom(map, waypointId).find((s) => s.tools.length === 1 && toolPerformed(s.tools[0]!, action, dump));
}
