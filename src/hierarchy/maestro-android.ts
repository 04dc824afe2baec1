/**
 * Maestro's Android view hierarchy as Trailblaze captures it (`{viewHierarchy, deviceWidth, deviceHeight}` around
 * flat nodes: `className, text, accessibilityText, hintText, resourceId, x1..y2`, flags, `children`; defaults
 * omitted), and Maestro's own TreeNode (`{attributes: {class, text, resource-id, accessibilityText, bounds:
 * "[x,y][x,y]"}, clickable, …}`). The same node shapes carry iOS screens: a hierarchy is Android when its class
 * names or resource ids are Android's. Pure.
 */
import { isEditableClass, uiNode, type Bounds, type UiDump, type UiNode } from './model.js';
import { hierarchyExtent, screenSize } from './screen.js';

const ANDROID_CLASS = /^(android|androidx|com\.google\.android)\./;

function asObject(v: unknown): Record<string, unknown> | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

function attrs(o: Record<string, unknown>): Record<string, unknown> {
  return asObject(o['attributes']) ?? o;
}

/** Whether the first few hundred nodes name an Android class or resource id (bounded: hostile input may be huge). */
function looksAndroid(root: unknown): boolean {
  const stack: unknown[] = [root];
  for (let seen = 0; stack.length > 0 && seen < 500; seen++) {
    const o = asObject(stack.pop());
    if (o === undefined) continue;
    const a = attrs(o);
    const cls = a['className'] ?? a['class'];
    const id = a['resourceId'] ?? a['resource-id'];
    if ((typeof cls === 'string' && ANDROID_CLASS.test(cls)) || (typeof id === 'string' && id.includes(':id/'))) return true;
    if (Array.isArray(o['children'])) stack.push(...(o['children'] as unknown[]));
  }
  return false;
}

/** A Trailblaze capture or Maestro hierarchy of an Android screen. */
export function isMaestroAndroid(v: unknown): boolean {
  const o = asObject(v);
  if (o === undefined) return false;
  const tree = asObject(o['viewHierarchy']) ?? o;
  if (!Array.isArray(tree['children']) && asObject(tree['attributes']) === undefined) return false;
  return looksAndroid(tree);
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(str(v)) || 0);
const flag = (v: unknown, dflt: boolean): boolean => (typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : dflt);

const BOUNDS = /^\[(-?[\d.]+),(-?[\d.]+)\]\[(-?[\d.]+),(-?[\d.]+)\]$/;

function bounds(a: Record<string, unknown>): Bounds {
  const m = BOUNDS.exec(str(a['bounds']));
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
  return [num(a['x1']), num(a['y1']), num(a['x2']), num(a['y2'])];
}

function node(o: Record<string, unknown>, index: number): UiNode {
  const a = attrs(o);
  const get = (k: string): unknown => o[k] ?? a[k];
  const cls = str(a['className'] ?? a['class']);
  return uiNode({
    cls,
    text: str(a['text']),
    desc: str(a['accessibilityText'] ?? a['content-desc']),
    hint: str(a['hintText']),
    id: str(a['resourceId'] ?? a['resource-id']),
    pkg: str(a['packageName'] ?? a['package']),
    bounds: bounds(a),
    checkable: flag(get('checkable'), false),
    checked: flag(get('checked'), false),
    clickable: flag(get('clickable'), false),
    longClickable: flag(get('longClickable') ?? get('long-clickable'), false),
    enabled: flag(get('enabled'), true),
    focusable: flag(get('focusable'), false),
    focused: flag(get('focused'), false),
    scrollable: flag(get('scrollable'), false),
    password: flag(get('password') ?? get('isPassword'), false),
    selected: flag(get('selected'), false),
    editable: isEditableClass(cls),
    index,
  });
}

/** Parses iteratively (hostile input may nest deeper than the call stack). */
export function parseMaestroAndroid(v: unknown): UiDump {
  const o = asObject(v) ?? {};
  const tree = asObject(o['viewHierarchy']) ?? o;
  let root: UiNode | undefined;
  const stack: Array<{ v: unknown; parent: UiNode | undefined; index: number }> = [{ v: tree, parent: undefined, index: 0 }];
  while (stack.length > 0) {
    const { v: raw, parent, index } = stack.pop()!;
    const n = asObject(raw);
    if (n === undefined) continue;
    const made = node(n, index);
    if (parent === undefined) root = made;
    else parent.children.push(made);
    const kids = Array.isArray(n['children']) ? (n['children'] as unknown[]) : [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ v: kids[i], parent: made, index: i });
  }
  const roots = root === undefined ? [] : [root];
  const stated = { width: num(o['deviceWidth']), height: num(o['deviceHeight']) };
  return { format: 'maestro-android', platform: 'android', roots, rotation: 0, ...screenSize(hierarchyExtent(roots), stated) };
}
