// Small hand-built dumps for the pass and selector tests: `n('Button', { text: 'OK', clickable: true }, [...])`.
import { uiNode, type Bounds, type UiDump, type UiNode } from '../../src/hierarchy/model.js';
import { emptyStats, fromDump, type DistilStats, type DNode, type PassContext } from '../../src/snapshot/distil.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';

export type NodeProps = Partial<Omit<UiNode, 'children' | 'cls'>>;

const PKG = 'com.example';

export function n(cls: string, props: NodeProps = {}, children: UiNode[] = []): UiNode {
  const full = cls.includes('.') ? cls : (cls === 'View' || cls === 'ViewGroup' ? 'android.view.' : 'android.widget.') + cls;
  const node = uiNode({ cls: full, pkg: PKG, bounds: [0, 0, 100, 100], editable: /EditText$/.test(cls), children, ...props });
  if (props.id !== undefined && !props.id.includes(':id/')) node.id = `${PKG}:id/${props.id}`;
  children.forEach((c, i) => (c.index = i));
  return node;
}

export function dump(roots: UiNode[], size: [number, number] = [1080, 2280]): UiDump {
  return { format: 'uiautomator', roots, rotation: 0, width: size[0], height: size[1] };
}

/** A full-screen root frame holding `children`. */
export function screen(children: UiNode[], size: [number, number] = [1080, 2280]): UiDump {
  return dump([n('FrameLayout', { bounds: [0, 0, size[0], size[1]] }, children)], size);
}

export function ctxFor(d: UiDump, over: Partial<PassContext> = {}): PassContext {
  return { width: d.width, height: d.height, all: false, offscreen: false, stats: emptyStats(), ...over };
}

export function tree(d: UiDump, stats: DistilStats = emptyStats()): DNode[] {
  return fromDump(d, stats);
}

/** `cls:text` per node, nested with indentation: a readable shape to compare in assertions. */
export function shape(roots: DNode[], depth = 0): string[] {
  return roots.flatMap((r) => [
    `${' '.repeat(depth)}${r.cls}${r.text ? ':' + r.text : ''}${r.desc ? '~' + r.desc : ''}${r.labels.length ? ' [' + r.labels.join('|') + ']' : ''}`,
    ...shape(r.children, depth + 1),
  ]);
}

export const b = (l: number, t: number, r: number, bt: number): Bounds => [l, t, r, bt];

/** A snapshot element made by hand (no dump, no passes): a TextView with no actions unless `over` says more. */
export function element(ref: string, bounds: Bounds, over: Partial<SnapshotElement> = {}): SnapshotElement {
  return {
    ref,
    class: 'TextView',
    bounds,
    center: [Math.round((bounds[0] + bounds[2]) / 2), Math.round((bounds[1] + bounds[3]) / 2)],
    actions: [],
    states: [],
    ...over,
  };
}
