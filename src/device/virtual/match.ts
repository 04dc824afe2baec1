/**
 * Scenario target matching, kept deliberately small and independent of the snapshot engine's selectors:
 * every given field must match (resource id full or short, exact text, text substring, content-desc, class
 * full or short); `bounds` matches when the point lies inside them.
 */
import { contains, shortClass, shortId, walk, type UiNode } from '../../hierarchy/model.js';
import type { Target } from './scenario.js';

export function matchesNode(t: Target, n: UiNode): boolean {
  if (t.id !== undefined && t.id !== n.id && t.id !== shortId(n.id)) return false;
  if (t.text !== undefined && t.text !== n.text) return false;
  if (t.textContains !== undefined && !n.text.includes(t.textContains)) return false;
  if (t.desc !== undefined && t.desc !== n.desc) return false;
  if (t.hasText !== undefined && ![...walk([n])].some((w) => w.node.text === t.hasText)) return false;
  if (t.cls !== undefined && t.cls !== n.cls && t.cls !== shortClass(n.cls)) return false;
  if (t.bounds !== undefined) {
    const [l, top, r, b] = t.bounds;
    const nb = n.bounds;
    // A bounds-only target matches the node with exactly those bounds (used by DroidBot imports).
    if (!(nb[0] === l && nb[1] === top && nb[2] === r && nb[3] === b)) return false;
  }
  return true;
}

/**
 * Does the target match this hit path (visible nodes under the point, outermost first)? Returns the depth of
 * the deepest matching node (higher = more specific), or -1. A bounds-only target matches the point directly.
 */
export function matchDepth(t: Target, path: readonly UiNode[], x: number, y: number): number {
  const keys = Object.keys(t).filter((k) => (t as Record<string, unknown>)[k] !== undefined);
  if (keys.length === 1 && t.bounds !== undefined) return contains(t.bounds, x, y) ? path.length : -1;
  // The click goes to the innermost clickable view (View.dispatchTouchEvent): ancestors above it never see
  // it, so a target may match that view or what lies inside it, not the list or screen around it.
  let top = 0;
  for (let i = path.length - 1; i >= 0; i--) {
    const n = path[i]!;
    if (n.clickable || n.longClickable || n.checkable || n.editable) {
      top = i;
      break;
    }
  }
  for (let i = path.length - 1; i >= top; i--) if (matchesNode(t, path[i]!)) return i;
  return -1;
}
