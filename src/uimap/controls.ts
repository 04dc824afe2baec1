/**
 * A screen as a planner reads it: the controls a user acts on, each with what it does (opens a screen, opens a
 * dialog, acts in place), the dialogs those controls open as nodes of their own, and the menus a list shows
 * in its selection mode or on a row. Derived from a UiMap alone (pure), so source and APK maps, the CLI's text
 * and the agent's planner all read the same view.
 */
import type { MapActivity, MapElement, MapPart, MapTransition, UiMap } from './model.js';
import { pagerTabs } from './pages.js';
import { idWords } from './words.js';

export { idWords };

/** What a user does to a control. */
export type Gesture = 'tap' | 'long-press' | 'type' | 'toggle';

/**
 * Where the control is: on the screen, in the toolbar's menu (its overflow when it does not fit), in a
 * navigation drawer, among the items of a list's selection mode (after a long-press on a row), or in a
 * row's own popup menu.
 */
export type ControlPlace = 'screen' | 'menu' | 'drawer' | 'selection' | 'row-menu';

export interface Control {
  id: string;
  label: string;
  gesture: Gesture;
  place: ControlPlace;
  /** The fragment (simple name) whose view it is, when not the activity's own. */
  part?: string;
  /** The title of the pager tab whose page holds it (see pagerTabs). */
  tab?: string;
  /** The activities it opens (one of them, depending on state the map cannot see). */
  opens?: string[];
  /** It closes the screen, back to the one that opened it. */
  back?: true;
  /** The dialogs it opens (DialogNode names), the first the likeliest. */
  dialogs?: string[];
  /** Framework actions of the intents it sends to another app (see MapElement.external). */
  external?: string[];
  kind?: MapElement['kind'];
}

export interface DialogNode {
  name: string;
  /** A readable name: the dialog class's words (`ChangeSortingDialog` → "Change sorting"). */
  title: string;
  /** The first message or long text it shows, shortened. */
  message?: string;
  buttons: string[];
  /** Options and fields inside it (radio buttons, checkboxes, text fields). */
  controls: Control[];
  /** Ids of the controls of the screen that open it. */
  openedBy: string[];
}

export interface ScreenView {
  activity: string;
  label?: string;
  launcher?: boolean;
  controls: Control[];
  dialogs: DialogNode[];
  /** Activities it opens by itself (on start) or through a control the map cannot name. */
  unnamedExits: { to: string; auto: boolean }[];
  /** Dialogs no control of this screen opens (shown on start or after an event): names only. */
  unprompted: string[];
}

const TOGGLE = /(CheckBox|Checkbox|Switch|SwitchCompat|RadioButton|ToggleButton|Chip)$/;
const FIELD = /(EditText|TextInputEditText|AutoCompleteTextView|SearchView)$/;
const PRESSABLE = /(Button|FloatingActionButton|ImageButton|Spinner|SeekBar|Slider|Tab)$/;
/** Containers: a clickable row (a settings `…_holder`) is labelled by the text view inside it. */
const CONTAINER = /(Layout|View|Holder|Group|Card|CardView)$/;
const MESSAGE_MIN = 30;
const MESSAGE_MAX = 90;

const simpleName = (name: string): string => name.slice(name.lastIndexOf('.') + 1);

/** `com.x.ChangeSortingDialog` → "Change sorting"; `Main.askName#2` → "Ask name". */
export function dialogTitle(name: string): string {
  const last = simpleName(name).replace(/#\d+$/, '');
  const words = idWords(last.replace(/(Dialog|Fragment|BottomSheet)+$/, '')).replace(/^(show|open|create|ask) /, '$1 ');
  return words === '' ? 'Dialog' : words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Lines of one or two characters each (a fast scroller's letters `A\nB\nJ`, a dial pad's `1\n2\n3`): what a
 * view shows, not what names it.
 */
const LETTER_RUN = /^\s*(?:\S{1,2}[ \t]*\r?\n\s*)+\S{1,2}\s*$/;

/** The element's text when it names the element (see LETTER_RUN). */
export const namingText = (e: MapElement): string | undefined => (e.text !== undefined && LETTER_RUN.test(e.text) ? undefined : e.text);

export function labelOf(e: MapElement): string {
  return (namingText(e) ?? e.desc ?? e.hint ?? idWords(e.id)).replace(/\s+/g, ' ').trim();
}

function gestureOf(e: MapElement, longOnly: boolean): Gesture {
  const cls = simpleName(e.class);
  if (FIELD.test(cls)) return 'type';
  if (TOGGLE.test(cls) || e.listeners?.includes('check') === true) return 'toggle';
  const l = e.listeners ?? [];
  if (longOnly || (l.length > 0 && l.every((k) => k === 'long-click'))) return 'long-press';
  return 'tap';
}

/** Can a user act on it: the code listens to it, it leads somewhere, or it is a widget made for acting on. */
function actionable(e: MapElement, leads: boolean): boolean {
  if (leads || (e.listeners?.length ?? 0) > 0) return true;
  if (e.kind === 'preference' || e.kind === 'tab' || e.kind === 'menu-item') return true;
  if (e.kind === 'list-item' || e.kind === 'dialog-message') return false;
  const cls = simpleName(e.class);
  return TOGGLE.test(cls) || FIELD.test(cls) || PRESSABLE.test(cls);
}

function placeOf(p: MapPart): ControlPlace {
  if (p.context === 'selection') return 'selection';
  if (p.context === 'row') return 'row-menu';
  return p.elements.some((e) => e.kind === 'drawer-row') ? 'drawer' : 'menu';
}

interface Builder {
  a: MapActivity;
  out: MapTransition[];
  dialogsBy: Map<string, MapPart[]>;
  controls: Control[];
  /** Tab titles by page: a fragment's simple name, or `layout:` and a page view's layout. */
  tabOf: Map<string, string>;
}

/**
 * The label a user sees: the element's own text, else (for a container such as a settings row) the text of
 * the first labelled view after it in the same layout, its child in document order; else its id's words.
 */
function shownLabel(e: MapElement, next: readonly MapElement[]): string {
  if ((namingText(e) ?? e.desc ?? e.hint) === undefined && CONTAINER.test(simpleName(e.class))) {
    const child = next.slice(0, 3).find((n) => n.layout === e.layout && (namingText(n) ?? n.desc) !== undefined && n.kind === e.kind);
    if (child !== undefined) return labelOf(child);
  }
  return labelOf(e);
}

function addControl(b: Builder, e: MapElement, at: { place: ControlPlace; part?: string | undefined; next: readonly MapElement[] }): void {
  const exits = b.out.filter((t) => t.trigger?.element === e.id);
  const dialogs = b.dialogsBy.get(e.id) ?? [];
  if (!actionable(e, exits.length > 0 || dialogs.length > 0 || e.external !== undefined)) return;
  const longOnly = exits.length > 0 && exits.every((t) => t.trigger?.kind === 'long-click');
  const c: Control = { id: e.id, label: shownLabel(e, at.next), gesture: gestureOf(e, longOnly), place: at.place };
  if (at.part !== undefined) c.part = at.part;
  const tab = b.tabOf.get(at.part ?? `layout:${e.layout ?? ''}`);
  if (tab !== undefined) c.tab = tab;
  if (e.kind !== undefined) c.kind = e.kind;
  const opens = [...new Set(exits.filter((t) => t.back !== true).map((t) => t.to))];
  if (opens.length > 0) c.opens = opens;
  if (exits.some((t) => t.back === true)) c.back = true;
  if (dialogs.length > 0) c.dialogs = dialogs.map((d) => d.name);
  if (e.external !== undefined) c.external = [...e.external];
  // a row and the switch inside it are one control to a user: the first one listed stays
  const key = `${c.place}|${c.label}`;
  const same = b.controls.find((x) => `${x.place}|${x.label}` === key);
  if (same === undefined) {
    b.controls.push(c);
    return;
  }
  if (c.opens !== undefined) same.opens = [...new Set([...(same.opens ?? []), ...c.opens])];
  if (c.dialogs !== undefined) same.dialogs = [...new Set([...(same.dialogs ?? []), ...c.dialogs])];
  if (c.back === true) same.back = true;
  if (c.external !== undefined) same.external = [...new Set([...(same.external ?? []), ...c.external])];
}

function dialogNode(d: MapPart, openedBy: string[]): DialogNode {
  const buttons: string[] = [];
  const controls: Control[] = [];
  let message: string | undefined;
  // positive, negative, neutral (button1, 2, 3): the order the builder names them in
  const ordered = [...d.elements].sort((x, y) => (x.kind === 'dialog-button' && y.kind === 'dialog-button' ? x.id.localeCompare(y.id) : 0));
  for (const e of ordered) {
    if (e.kind === 'dialog-button') {
      const label = e.text ?? (e.id.endsWith('button1') ? 'OK' : e.id.endsWith('button2') ? 'Cancel' : undefined);
      if (label !== undefined && !buttons.includes(label)) buttons.push(label);
      continue;
    }
    const text = e.text ?? e.desc;
    if (
      message === undefined &&
      text !== undefined &&
      (e.kind === 'dialog-message' || (text.length >= MESSAGE_MIN && !actionable(e, false)))
    ) {
      const one = text.replace(/\s+/g, ' ');
      message = one.length > MESSAGE_MAX ? `${one.slice(0, MESSAGE_MAX - 1)}…` : one;
      continue;
    }
    const cls = simpleName(e.class);
    if ((TOGGLE.test(cls) || FIELD.test(cls)) && (e.text ?? e.hint) !== undefined && !controls.some((c) => c.label === labelOf(e)))
      controls.push({ id: e.id, label: labelOf(e), gesture: gestureOf(e, false), place: 'screen' });
  }
  const node: DialogNode = { name: d.name, title: dialogTitle(d.name), buttons, controls, openedBy };
  if (message !== undefined) node.message = message;
  return node;
}

/** The planner's view of one activity of the map (undefined when the map has no such activity). */
export function screenView(map: UiMap, activity: string): ScreenView | undefined {
  const a = map.activities.find((x) => x.name === activity);
  if (a === undefined) return undefined;
  const out = map.transitions.filter((t) => t.from === a.name && t.to !== a.name);
  const dialogsBy = new Map<string, MapPart[]>();
  for (const d of a.dialogs) {
    const el = d.trigger?.element;
    if (el === undefined) continue;
    dialogsBy.set(el, [...(dialogsBy.get(el) ?? []), d]);
  }
  const tabOf = new Map(pagerTabs(map, a.name).map((t) => [t.layout === undefined ? simpleName(t.page) : `layout:${t.layout}`, t.title]));
  const b: Builder = { a, out, dialogsBy, controls: [], tabOf };
  a.elements.forEach((e, i) => addControl(b, e, { place: 'screen', next: a.elements.slice(i + 1) }));
  for (const f of a.fragments)
    f.elements.forEach((e, i) => addControl(b, e, { place: 'screen', part: simpleName(f.name), next: f.elements.slice(i + 1) }));
  for (const m of a.menus) {
    const place = placeOf(m);
    for (const e of m.elements) if (e.kind === 'menu-item') addControl(b, e, { place, next: [] });
  }
  const named = new Set(b.controls.map((c) => c.id));
  const dialogs = a.dialogs
    .filter((d) => d.trigger?.element !== undefined && named.has(d.trigger.element))
    .map((d) => dialogNode(d, [...new Set(b.controls.filter((c) => c.dialogs?.includes(d.name) === true).map((c) => c.id))]));
  const shown = new Set(dialogs.map((d) => d.name));
  const reached = new Set(b.controls.flatMap((c) => c.opens ?? []));
  const unnamedExits = [
    ...new Map(
      out.filter((t) => t.back !== true && !reached.has(t.to)).map((t) => [t.to, { to: t.to, auto: t.trigger?.kind === 'auto' }] as const),
    ).values(),
  ];
  const view: ScreenView = {
    activity: a.name,
    controls: b.controls,
    dialogs,
    unnamedExits,
    unprompted: a.dialogs.filter((d) => !shown.has(d.name)).map((d) => dialogTitle(d.name)),
  };
  if (a.label !== undefined) view.label = a.label;
  if (a.launcher === true) view.launcher = true;
  return view;
}
