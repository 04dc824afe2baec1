/**
 * The one place where privacy mode gets the snapshot's elements and ties each to its layout node.
 * Blocks are built from the layout tree (containers, depth), so every element needs the UiNode it stands for.
 *
 * TEMPORARY: until src/snapshot exports `snapshotFromDump`, the elements are derived here with the snapshot
 * engine's documented rules (issue 2: visible, on-screen, no system chrome; clickable / checkable / editable /
 * labelled nodes; a clickable row absorbs its children's labels). Only this file changes when it lands.
 */
import { center, isEditableClass, shortClass, shortId, walk, type UiDump, type UiNode } from '../hierarchy/model.js';
import type { Action, ScreenInfo, SnapshotElement, State } from '../snapshot/types.js';

export interface ElementSource {
  screen: ScreenInfo;
  elements: SnapshotElement[];
  /** The layout node each element stands for (same bounds, same class). */
  nodeOf: Map<SnapshotElement, UiNode>;
}

const CHROME_IDS = new Set(['android:id/statusBarBackground', 'android:id/navigationBarBackground']);
const INPUT_CLASSES = new Set([
  'EditText', 'Button', 'ImageButton', 'Switch', 'CheckBox', 'RadioButton', 'ToggleButton', 'Spinner', 'SeekBar',
  'RatingBar', 'WebView', 'AutoCompleteTextView', 'MultiAutoCompleteTextView', 'DatePicker', 'TimePicker', 'NumberPicker',
]);

function visibleOnScreen(n: UiNode, w: number, h: number): boolean {
  const [l, t, r, b] = n.bounds;
  if (!n.visible || r <= l || b <= t) return false;
  return !(w > 0 && h > 0 && (r <= 0 || b <= 0 || l >= w || t >= h));
}

function actionable(n: UiNode): boolean {
  return n.clickable || n.longClickable || n.checkable || n.editable || n.scrollable;
}

const clean = (s: string): string => s.replace(/[\u200b-\u200d\u2060\ufeff]/g, '').trim();

/** Elements of a dump, in document order, with their nodes. */
export function elementsFromDump(dump: UiDump): ElementSource {
  const elements: SnapshotElement[] = [];
  const nodeOf = new Map<SnapshotElement, UiNode>();
  const refOfNode = new Map<UiNode, string>();
  const absorbed = new Set<UiNode>();
  const parentOf = new Map<UiNode, UiNode | undefined>();
  const used = new Map<string, number>();
  for (const { node, parent } of walk(dump.roots)) parentOf.set(node, parent);
  for (const { node } of walk(dump.roots)) {
    if (CHROME_IDS.has(node.id) || !visibleOnScreen(node, dump.width, dump.height)) {
      markSubtree(node, absorbed);
      continue;
    }
    if (absorbed.has(node)) continue;
    const cls = shortClass(node.cls);
    const text = clean(node.password ? '' : node.text);
    const desc = clean(node.desc);
    const isInput = INPUT_CLASSES.has(cls) || isEditableClass(node.cls);
    if (!(actionable(node) || text !== '' || desc !== '' || isInput || (node.id !== '' && cls.includes('Image') && node.clickable))) continue;
    let label = text;
    if ((node.clickable || node.checkable) && !node.scrollable && !node.editable) {
      // A clickable row is what to tap: its passive descendants' labels become its own (issue 2).
      const parts: string[] = [];
      for (const { node: d } of walk(node.children)) {
        if (actionable(d)) continue;
        const t = clean(d.text) || clean(d.desc);
        if (t !== '' && !parts.includes(t) && !hasActionableAncestorBelow(d, node, parentOf)) parts.push(t);
      }
      if (parts.length > 0) {
        label = [label, ...parts].filter((s) => s !== '').join(' · ');
        for (const { node: d } of walk(node.children)) if (!actionable(d)) absorbed.add(d);
      }
    }
    const actions: Action[] = [];
    if (node.clickable) actions.push('tap');
    if (node.longClickable) actions.push('long');
    if (node.editable) actions.push('type');
    if (node.scrollable) actions.push('scroll');
    if (node.checkable) actions.push('check');
    const states: State[] = [];
    if (node.checked) states.push('checked');
    if (node.selected) states.push('selected');
    if (node.focused) states.push('focused');
    if (!node.enabled) states.push('disabled');
    if (node.password) states.push('password');
    if (node.scrollable) states.push('scrollable');
    const base = `e${elements.length + 1}`;
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    const el: SnapshotElement = { ref: base, class: cls, bounds: node.bounds, center: center(node.bounds), actions, states };
    if (label !== '') el.text = label;
    if (desc !== '' && desc !== label) el.desc = desc;
    if (node.hint !== '') el.hint = node.hint;
    if (node.id !== '') el.id = shortId(node.id);
    for (let p = parentOf.get(node); p !== undefined; p = parentOf.get(p)) {
      const r = refOfNode.get(p);
      if (r !== undefined) {
        el.parent = r;
        break;
      }
    }
    refOfNode.set(node, el.ref);
    elements.push(el);
    nodeOf.set(el, node);
  }
  const screen: ScreenInfo = { width: dump.width, height: dump.height };
  if (dump.package !== undefined) screen.package = dump.package;
  if (dump.activity !== undefined) screen.activity = dump.activity;
  return { screen, elements, nodeOf };
}

function markSubtree(n: UiNode, into: Set<UiNode>): void {
  for (const { node } of walk([n])) into.add(node);
}

function hasActionableAncestorBelow(d: UiNode, top: UiNode, parentOf: Map<UiNode, UiNode | undefined>): boolean {
  for (let p = parentOf.get(d); p !== undefined && p !== top; p = parentOf.get(p)) if (actionable(p)) return true;
  return false;
}
