/**
 * The UiNode model every dump format is parsed into. Pure data: no methods, JSON-serialisable
 * (children as arrays, no parent links; use `walk` to get parents).
 */

/**
 * [left, top, right, bottom] in device pixels, as uiautomator writes `bounds="[l,t][r,b]"`; in points on iOS
 * (the space WDA and XCTest taps use).
 */
export type Bounds = readonly [number, number, number, number];

export interface UiNode {
  /** Fully qualified class name, e.g. `android.widget.TextView`; on iOS the element type (`XCUIElementTypeButton`). */
  cls: string;
  /** `text` attribute (for editable fields this is the value, or the hint when empty on some Android versions). */
  text: string;
  /** `content-desc`. */
  desc: string;
  /** `hint` (uiautomator2 / API 26+ dumps only; '' when absent). */
  hint: string;
  /** `resource-id`, fully qualified (`pkg:id/name`) as dumped; '' when absent. */
  id: string;
  pkg: string;
  bounds: Bounds;
  checkable: boolean;
  checked: boolean;
  clickable: boolean;
  longClickable: boolean;
  enabled: boolean;
  focusable: boolean;
  focused: boolean;
  scrollable: boolean;
  password: boolean;
  selected: boolean;
  /** `visible-to-user` (uiautomator2) or DroidBot `visible`; true when the format does not say. */
  visible: boolean;
  /** DroidBot `editable`; for XML dumps derived from the class (EditText and subclasses). */
  editable: boolean;
  /** Position among siblings as dumped (`index`). */
  index: number;
  /** `drawing-order` when dumped (uiautomator2), else undefined. */
  drawingOrder?: number;
  children: UiNode[];
}

export type DumpFormat = 'uiautomator' | 'uiautomator2' | 'droidbot' | 'rico' | 'wda' | 'wda-json' | 'maestro-ios' | 'maestro-android';

/** The platform a dump comes from: it picks the snapshot's pass list (iOS names, chrome and widgets differ). */
export type Platform = 'android' | 'ios';

export interface UiDump {
  format: DumpFormat;
  /** Absent for Android dumps (every format before iOS support); 'ios' for WDA and Maestro iOS hierarchies. */
  platform?: Platform;
  /** Top-level nodes: one per window root (uiautomator2 may dump several windows). */
  roots: UiNode[];
  rotation: number;
  /** Screen size: as the format states it unless the hierarchy contradicts it, else the largest root window. */
  width: number;
  height: number;
  /**
   * The size the dump's metadata stated when its hierarchy contradicts it (a window reaching past it): `width`
   * and `height` are then the hierarchy's (src/hierarchy/screen.ts). Absent when they agree.
   */
  stated?: { width: number; height: number };
  /** Foreground package and activity when known (DroidBot `foreground_activity`). */
  package?: string;
  activity?: string;
}

/**
 * `pkg/.Main` or `pkg/full.Name`, as am, dumpsys and DroidBot's `foreground_activity` write a component →
 * its package and fully qualified activity (a leading `.` is relative to the package); undefined without both.
 */
export function parseComponent(component: string): { package: string; activity: string } | undefined {
  const slash = component.indexOf('/');
  if (slash <= 0) return undefined;
  const pkg = component.slice(0, slash);
  const act = component.slice(slash + 1);
  return { package: pkg, activity: act.startsWith('.') ? pkg + act : act };
}

/** A node with every flag at its uiautomator default, for code that builds hierarchies (scenarios, tests). */
export function uiNode(fields: Partial<UiNode> & { cls: string; bounds: Bounds }): UiNode {
  return {
    text: '',
    desc: '',
    hint: '',
    id: '',
    pkg: '',
    checkable: false,
    checked: false,
    clickable: false,
    longClickable: false,
    enabled: true,
    focusable: false,
    focused: false,
    scrollable: false,
    password: false,
    selected: false,
    visible: true,
    editable: false,
    index: 0,
    children: [],
    ...fields,
  };
}

export interface WalkEntry {
  node: UiNode;
  parent: UiNode | undefined;
  depth: number;
}

/** Depth-first pre-order traversal of every node of the dump, with parent and depth. */
export function* walk(roots: readonly UiNode[]): Generator<WalkEntry> {
  const stack: WalkEntry[] = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push({ node: roots[i]!, parent: undefined, depth: 0 });
  while (stack.length > 0) {
    const e = stack.pop()!;
    yield e;
    const kids = e.node.children;
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i]!, parent: e.node, depth: e.depth + 1 });
  }
}

export function area(b: Bounds): number {
  return Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
}

export function center(b: Bounds): [number, number] {
  return [Math.floor((b[0] + b[2]) / 2), Math.floor((b[1] + b[3]) / 2)];
}

export function contains(b: Bounds, x: number, y: number): boolean {
  return x >= b[0] && x < b[2] && y >= b[1] && y < b[3];
}

/** Short class name: `android.widget.TextView` → `TextView`. */
export function shortClass(cls: string): string {
  const i = cls.lastIndexOf('.');
  return i < 0 ? cls : cls.slice(i + 1);
}

/** Resource id without the package prefix: `com.x:id/title` → `title`. */
export function shortId(id: string): string {
  const i = id.indexOf(':id/');
  return i < 0 ? id : id.slice(i + 4);
}

const EDITABLE_CLASSES = new Set([
  'EditText',
  'AutoCompleteTextView',
  'MultiAutoCompleteTextView',
  'SearchView$SearchAutoComplete',
  'ExtractEditText',
  'TextInputEditText',
  'AppCompatEditText',
  'AppCompatAutoCompleteTextView',
  'AppCompatMultiAutoCompleteTextView',
]);

/** Editable by class: EditText and its common subclasses (dumps carry no `editable` attribute). */
export function isEditableClass(cls: string): boolean {
  return EDITABLE_CLASSES.has(shortClass(cls)) || /EditText$/.test(cls);
}

/** The platform of a dump ('android' unless its parser said otherwise). */
export function platformOf(dump: Pick<UiDump, 'platform'>): Platform {
  return dump.platform ?? 'android';
}
