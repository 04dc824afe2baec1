/**
 * Rico view hierarchies → UiDump. Rico's crawler saved each screen as `{activity_name, activity: {root, …},
 * is_keyboard_deployed, request_id}`, the root a nested view (`class`, `ancestors` — its superclasses —,
 * `bounds` [l,t,r,b] in the 1440×2560 space of the capturing phone, `clickable`, `long-clickable`, `enabled`,
 * `focusable`, `focused`, `selected`, `scrollable-vertical`/`-horizontal`, `visibility`, `visible-to-user`,
 * `resource-id`, `package`, `text` and `content-desc` (a list) when present, `children` with null holes); its
 * semantic annotations keep the bare root. No checkable or editable flags: they follow from the class and its
 * ancestors. Pure; iterative (a hostile file may nest deeper than the call stack).
 */
import { GlanceError } from '../errors.js';
import { isEditableClass, parseComponent, uiNode, type Bounds, type UiDump, type UiNode } from './model.js';
import { hierarchyExtent, screenSize } from './screen.js';

/** The capturing phone's screen in pixels (a Nexus 6P, portrait): Rico's bounds are in this space. */
export const RICO_SCREEN = { width: 1440, height: 2560 } as const;

const asObject = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const isBounds = (v: unknown): v is [number, number, number, number] =>
  Array.isArray(v) && v.length === 4 && v.every((x) => typeof x === 'number' && Number.isFinite(x));

/** A Rico view: a class name and four-number bounds (DroidBot's are two pairs, Maestro's a string). */
function isRicoView(v: unknown): boolean {
  const o = asObject(v);
  return o !== undefined && typeof o['class'] === 'string' && isBounds(o['bounds']);
}

/** A Rico screen (`activity.root`) or a bare Rico root (the semantic annotations' files). */
export function isRico(v: unknown): boolean {
  const o = asObject(v);
  if (o === undefined) return false;
  return isRicoView(asObject(o['activity'])?.['root']) || (isRicoView(o) && Array.isArray(o['ancestors']));
}

/** `content-desc` is a list (`[null]` when unset); some exports flatten it to a string. */
function desc(v: unknown): string {
  if (typeof v === 'string') return v;
  if (!Array.isArray(v)) return '';
  return v.filter((x): x is string => typeof x === 'string' && x !== '').join(' ');
}

function kindOf(cls: string, ancestors: readonly string[]): { editable: boolean; checkable: boolean } {
  const all = [cls, ...ancestors];
  return {
    editable: all.some(isEditableClass),
    checkable: all.some((c) => c === 'android.widget.CompoundButton' || c === 'android.widget.CheckedTextView'),
  };
}

function toNode(o: Record<string, unknown>, index: number): UiNode {
  const cls = str(o['class']);
  const ancestors = Array.isArray(o['ancestors']) ? o['ancestors'].filter((a): a is string => typeof a === 'string') : [];
  const flag = (k: string, dflt = false): boolean => (typeof o[k] === 'boolean' ? (o[k] as boolean) : dflt);
  const visibility = str(o['visibility']);
  return uiNode({
    cls,
    bounds: o['bounds'] as Bounds,
    text: str(o['text']),
    desc: desc(o['content-desc']),
    id: str(o['resource-id']),
    pkg: str(o['package']),
    clickable: flag('clickable'),
    longClickable: flag('long-clickable'),
    enabled: flag('enabled', true),
    focusable: flag('focusable'),
    focused: flag('focused'),
    selected: flag('selected'),
    scrollable: flag('scrollable-vertical') || flag('scrollable-horizontal'),
    visible: flag('visible-to-user', true) && (visibility === '' || visibility === 'visible'),
    ...kindOf(cls, ancestors),
    index,
  });
}

function malformed(message: string): GlanceError {
  return new GlanceError('DUMP_MALFORMED', message, {
    hint: 'expected a Rico view hierarchy: {activity: {root: {class, bounds: [l,t,r,b], children}}}',
  });
}

export function parseRico(v: unknown): UiDump {
  const o = asObject(v)!;
  const top = asObject(asObject(o['activity'])?.['root']) ?? o;
  const root = toNode(top, 0);
  const stack: Array<{ o: Record<string, unknown>; node: UiNode }> = [{ o: top, node: root }];
  while (stack.length > 0) {
    const { o: at, node } = stack.pop()!;
    const kids = at['children'];
    if (kids === undefined || kids === null) continue;
    if (!Array.isArray(kids)) throw malformed(`children of a ${shortName(node.cls)} is not a list`);
    for (const k of kids) {
      // The crawler left null where a child could not be read.
      if (k === null) continue;
      if (!isRicoView(k)) throw malformed(`a child of a ${shortName(node.cls)} has no class or no bounds [l,t,r,b]`);
      const child = toNode(k as Record<string, unknown>, node.children.length);
      node.children.push(child);
      stack.push({ o: k as Record<string, unknown>, node: child });
    }
  }
  const dump: UiDump = { format: 'rico', roots: [root], rotation: 0, ...screenSize(hierarchyExtent([root]), RICO_SCREEN) };
  const fg = parseComponent(str(o['activity_name']));
  if (fg !== undefined) {
    dump.package = fg.package;
    dump.activity = fg.activity;
  }
  return dump;
}

const shortName = (cls: string): string => cls.slice(cls.lastIndexOf('.') + 1) || 'view';
