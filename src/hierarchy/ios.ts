/**
 * iOS hierarchies → UiDump (`platform: 'ios'`, bounds in points): the JSON page source of WebDriverAgent
 * (`/source?format=json`) and the Maestro XCTest hierarchy (as Maestro's driver and Trailblaze write it). The XML
 * page source of WDA is in wda-xml.ts; both share the element-type traits below.
 *
 * Field mapping, the same for every iOS format: the accessibility label → `desc`, the value (a field's text,
 * a switch's 0/1) → `text`, the placeholder → `hint`, the accessibility identifier → `id`, the element type
 * (`XCUIElementTypeButton`) → `cls`. iOS dumps carry no clickable/checkable flags: they follow from the type.
 */
import { GlanceError } from '../errors.js';
import type { Bounds, UiDump, UiNode } from './model.js';
import { inferIosControls } from './ios-controls.js';
import { screenSize, type ScreenSize } from './screen.js';

export const IOS_TYPE_PREFIX = 'XCUIElementType';

const EDITABLE = new Set(['TextField', 'SecureTextField', 'SearchField', 'TextView']);
const CHECKABLE = new Set(['Switch', 'Toggle', 'CheckBox', 'RadioButton']);
const CLICKABLE = new Set([
  'Button',
  'Cell',
  'Link',
  'Switch',
  'Toggle',
  'CheckBox',
  'RadioButton',
  'Tab',
  'MenuItem',
  'MenuBarItem',
  'MenuButton',
  'PopUpButton',
  'Key',
  'Icon',
  'DisclosureTriangle',
  'ColorWell',
  'Stepper',
]);
const SCROLLABLE = new Set(['ScrollView', 'Table', 'CollectionView', 'Picker', 'PickerWheel']);

/** `XCUIElementTypeButton` → `Button` (names already short stay as they are). */
export function iosShortType(type: string): string {
  return type.startsWith(IOS_TYPE_PREFIX) ? type.slice(IOS_TYPE_PREFIX.length) : type;
}

/** `Button` or `XCUIElementTypeButton` → `XCUIElementTypeButton`; '' → `XCUIElementTypeOther`. */
export function iosFullType(type: string): string {
  if (type === '') return IOS_TYPE_PREFIX + 'Other';
  return type.startsWith(IOS_TYPE_PREFIX) ? type : IOS_TYPE_PREFIX + type;
}

/** What an element of this type does, as the Android flags say it. */
export function iosTraits(type: string): Pick<UiNode, 'clickable' | 'checkable' | 'editable' | 'scrollable' | 'password'> {
  const t = iosShortType(type);
  return {
    clickable: CLICKABLE.has(t),
    checkable: CHECKABLE.has(t),
    editable: EDITABLE.has(t),
    scrollable: SCROLLABLE.has(t),
    password: t === 'SecureTextField',
  };
}

/** A switch's value (`1`, `0`, `true`, `on`) as its checked state. */
export function iosChecked(type: string, value: string): boolean {
  return CHECKABLE.has(iosShortType(type)) && /^(1|true|on)$/i.test(value.trim());
}

/** The fields every iOS parser fills the same way; the rest default. */
export interface IosElement {
  type: string;
  label: string;
  value: string;
  placeholder: string;
  identifier: string;
  bounds: Bounds;
  enabled: boolean;
  visible: boolean;
  selected: boolean;
  focused: boolean;
  /** Flags the format states outright (Maestro's `clickable`, `checked`); they win over the type's traits. */
  clickable?: boolean;
  checked?: boolean;
  index: number;
}

export function iosNode(e: IosElement): UiNode {
  const cls = iosFullType(e.type);
  const traits = iosTraits(cls);
  // A secure field's value is its dots (or, on some simulators, the secret itself): never model it as text.
  const text = traits.password ? '' : e.value;
  return {
    cls,
    text,
    desc: e.label,
    hint: e.placeholder,
    id: e.identifier,
    pkg: '',
    bounds: e.bounds,
    ...traits,
    clickable: e.clickable ?? traits.clickable,
    checked: e.checked ?? iosChecked(cls, e.value),
    longClickable: false,
    enabled: e.enabled,
    focusable: traits.editable,
    focused: e.focused,
    selected: e.selected,
    visible: e.visible,
    index: e.index,
    children: [],
  };
}

/**
 * An iOS node of an element type with every other property at its default (enabled, visible, no label), for code
 * that builds hierarchies: the virtual iPhone's home screen, tests.
 */
export function iosElementNode(
  type: string,
  bounds: Bounds,
  props: Partial<Omit<IosElement, 'type' | 'bounds'>> = {},
  children: UiNode[] = [],
): UiNode {
  const node = iosNode({
    type,
    label: '',
    value: '',
    placeholder: '',
    identifier: '',
    bounds,
    enabled: true,
    visible: true,
    selected: false,
    focused: false,
    index: 0,
    ...props,
  });
  node.children = children;
  return node;
}

/**
 * WebDriverAgent's screen: the application's frame, unless its windows reach past it (a rotated app whose frame
 * WDA still reports upright): then the windows' extent, with the frame kept as the stated size.
 */
export function wdaScreen(roots: readonly UiNode[]): ScreenSize {
  const frame = screenExtent(roots);
  let width = 0;
  let height = 0;
  for (const app of roots)
    for (const w of app.children) {
      const [l, t, r, b] = w.bounds;
      if (iosShortType(w.cls) !== 'Window' || !w.visible || r <= l || b <= t) continue;
      width = Math.max(width, r);
      height = Math.max(height, b);
    }
  return width === 0 ? frame : screenSize({ width, height }, frame);
}

/** The screen: the first node from the top whose frame starts at the origin (the application or its window). */
export function screenExtent(roots: readonly UiNode[]): { width: number; height: number } {
  const queue = [...roots];
  for (let i = 0; i < queue.length && i < 64; i++) {
    const n = queue[i]!;
    const [l, t, r, b] = n.bounds;
    if (l === 0 && t === 0 && r > 0 && b > 0) return { width: r, height: b };
    queue.push(...n.children);
  }
  return { width: Math.max(0, ...roots.map((r) => r.bounds[2])), height: Math.max(0, ...roots.map((r) => r.bounds[3])) };
}

function unionOf(nodes: readonly UiNode[]): Bounds {
  const real = nodes.filter((n) => n.bounds[2] > n.bounds[0] && n.bounds[3] > n.bounds[1]);
  if (real.length === 0) return [0, 0, 0, 0];
  return [
    Math.min(...real.map((n) => n.bounds[0])),
    Math.min(...real.map((n) => n.bounds[1])),
    Math.max(...real.map((n) => n.bounds[2])),
    Math.max(...real.map((n) => n.bounds[3])),
  ];
}

// ------------------------------------------------------------------------------------------- shared walk

function bad(format: string, message: string): GlanceError {
  return new GlanceError('DUMP_MALFORMED', `${format}: ${message}`, {
    hint: 'expected a WebDriverAgent page source or a Maestro iOS hierarchy (JSON); take a fresh one',
  });
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const num = (v: unknown): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v !== '' ? Number(v) || 0 : 0;
const flag = (v: unknown, dflt: boolean): boolean =>
  typeof v === 'boolean' ? v : v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : dflt;

/**
 * Builds the UiNode tree of a JSON hierarchy iteratively (hostile input may nest deeper than the call stack).
 * `read` maps one JSON node to its element and its children.
 */
function buildTree(
  root: unknown,
  format: string,
  read: (o: Record<string, unknown>, index: number) => { el: IosElement; frameless: boolean; kids: unknown[] },
): UiNode {
  const made: Array<{ node: UiNode; frameless: boolean }> = [];
  const top = { node: undefined as UiNode | undefined };
  const stack: Array<{ v: unknown; parent: UiNode | undefined; index: number }> = [{ v: root, parent: undefined, index: 0 }];
  while (stack.length > 0) {
    const { v, parent, index } = stack.pop()!;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw bad(format, 'a node is not an object');
    const { el, frameless, kids } = read(v as Record<string, unknown>, index);
    const node = iosNode(el);
    made.push({ node, frameless });
    if (parent) parent.children.push(node);
    else top.node = node;
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ v: kids[i], parent: node, index: i });
  }
  // A container with no frame at all (Maestro's synthetic roots) spans its children: children first.
  for (let i = made.length - 1; i >= 0; i--) if (made[i]!.frameless) made[i]!.node.bounds = unionOf(made[i]!.node.children);
  // Children were pushed in reverse, so each parent holds them in document order already.
  return top.node!;
}

// ------------------------------------------------------------------------------------------- WDA JSON

/** `/source?format=json`: `{type, label, name, value, rawIdentifier, rect, isEnabled, isVisible, children}`. */
export function isWdaJson(v: unknown): boolean {
  const o = unwrapValue(v);
  return typeof o === 'object' && o !== null && typeof (o as { type?: unknown }).type === 'string' && 'rect' in o;
}

function unwrapValue(v: unknown): unknown {
  // WDA answers `{value: …, sessionId}`; a saved source may be either.
  if (typeof v === 'object' && v !== null && 'value' in v && typeof (v as { value: unknown }).value === 'object') {
    return (v as { value: unknown }).value;
  }
  return v;
}

export function parseWdaJson(v: unknown): UiDump {
  const root = buildTree(unwrapValue(v), 'WDA JSON source', (o, index) => {
    const rect = (typeof o['rect'] === 'object' && o['rect'] !== null ? o['rect'] : {}) as Record<string, unknown>;
    const x = num(rect['x']);
    const y = num(rect['y']);
    const label = str(o['label']);
    const name = str(o['name']);
    const rawId = str(o['rawIdentifier']);
    return {
      el: {
        type: str(o['type']),
        label,
        value: str(o['value']),
        placeholder: str(o['placeholderValue']),
        // WDA's `name` is the identifier, or the label when there is none: only a distinct name identifies.
        identifier: rawId !== '' ? rawId : name !== label ? name : '',
        bounds: [x, y, x + num(rect['width']), y + num(rect['height'])],
        enabled: flag(o['isEnabled'] ?? o['enabled'], true),
        visible: flag(o['isVisible'] ?? o['visible'], true),
        selected: flag(o['isSelected'] ?? o['selected'], false),
        focused: flag(o['hasFocus'] ?? o['focused'], false),
        index,
      },
      frameless: false,
      kids: Array.isArray(o['children']) ? o['children'] : [],
    };
  });
  return { format: 'wda-json', platform: 'ios', roots: [root], rotation: 0, ...wdaScreen([root]) };
}

// ------------------------------------------------------------------------------------------- Maestro

/**
 * Maestro's iOS hierarchy, bare or inside a capture (`{viewHierarchy, deviceWidth, deviceHeight}`). Two shapes:
 * flat nodes (`accessibilityText, text, hintText, resourceId, x1..y2`, defaults omitted) and Maestro's own
 * TreeNode (`{attributes: {accessibilityText, text, resource-id, bounds: "[x,y][x,y]"}, clickable, …}`).
 */
export function isMaestroIos(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  if (typeof o['viewHierarchy'] === 'object') return true;
  if (!Array.isArray(o['children']) && typeof o['attributes'] !== 'object') return false;
  return ['accessibilityText', 'resourceId', 'x2', 'y2', 'centerPoint', 'attributes', 'hintText'].some((k) => k in o);
}

const MAESTRO_BOUNDS = /^\[(-?[\d.]+),(-?[\d.]+)\]\[(-?[\d.]+),(-?[\d.]+)\]$/;

function maestroElement(o: Record<string, unknown>, index: number): { el: IosElement; frameless: boolean } {
  const a = (typeof o['attributes'] === 'object' && o['attributes'] !== null ? o['attributes'] : o) as Record<string, unknown>;
  let bounds: Bounds;
  let frameless = false;
  const m = MAESTRO_BOUNDS.exec(str(a['bounds']));
  if (m) bounds = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
  else {
    frameless = !['x1', 'y1', 'x2', 'y2'].some((k) => k in a) && !('bounds' in a);
    bounds = [num(a['x1']), num(a['y1']), num(a['x2']), num(a['y2'])];
  }
  const el: IosElement = {
    type: str(a['className'] ?? a['elementType'] ?? a['class']),
    label: str(a['accessibilityText']),
    value: str(a['text'] ?? a['value']),
    placeholder: str(a['hintText']),
    identifier: str(a['resourceId'] ?? a['resource-id']),
    bounds,
    enabled: flag(o['enabled'] ?? a['enabled'], true),
    visible: true,
    selected: flag(o['selected'] ?? a['selected'], false),
    focused: flag(o['focused'] ?? a['focused'], false),
    index,
  };
  if (typeof (o['clickable'] ?? a['clickable']) === 'boolean') el.clickable = flag(o['clickable'] ?? a['clickable'], false);
  if (typeof (o['checked'] ?? a['checked']) === 'boolean') el.checked = flag(o['checked'] ?? a['checked'], false);
  // Maestro names no element type; a placeholder means a text field all the same.
  if (el.type === '' && el.placeholder !== '') el.type = 'TextField';
  return { el, frameless };
}

export function parseMaestroIos(v: unknown): UiDump {
  const o = v as Record<string, unknown>;
  const tree = typeof o['viewHierarchy'] === 'object' ? o['viewHierarchy'] : v;
  const root = buildTree(tree, 'Maestro iOS hierarchy', (n, index) => ({
    ...maestroElement(n, index),
    kids: Array.isArray(n['children']) ? n['children'] : [],
  }));
  const stated = { width: num(o['deviceWidth']), height: num(o['deviceHeight']) };
  const size = screenSize(screenExtent([root]), stated);
  inferIosControls(root, size);
  return { format: 'maestro-ios', platform: 'ios', roots: [root], rotation: 0, ...size };
}
