/**
 * Where the HTML view draws each activity and each edge: a layered layout (left to right, orthogonal edge
 * routing, edge labels given room between the layers) computed by ELK (`elkjs`) once, at render time, so the
 * page itself carries only coordinates and no layout code. Deterministic: ELK's layered algorithm seeds its
 * random choices with a fixed seed, and the graph is built in the map's own order.
 */
import type { ELK as ElkApi } from 'elkjs/lib/elk-api.js';
import type { MapTransition, UiMap } from './model.js';
import { elementsOf, launcherOf } from './paths.js';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidNode extends Box {
  /** Activity (fully qualified class name). */
  name: string;
  /** The class's simple name. */
  title: string;
  /** Element count and label (`145 elements · Settings`), cut to the box. */
  subtitle: string;
}

export interface LaidLabel extends Box {
  text: string;
}

/** All transitions from one activity to another in one direction, drawn as one line. */
export interface LaidEdge {
  from: string;
  to: string;
  /** Return edges (a finishing tap, the toolbar's up arrow) are drawn only when asked for. */
  back: boolean;
  /** One line per transition: `menu settings`, `click`, `up`. */
  triggers: string[];
  /** The route, from `from`'s border to `to`'s; the arrow head goes on the last point. */
  points: { x: number; y: number }[];
  /** Forward edges only: the short label ELK gave room to (the full list is the hover text). */
  label?: LaidLabel;
}

export interface MapLayout {
  width: number;
  height: number;
  nodes: LaidNode[];
  edges: LaidEdge[];
}

export const NODE_H = 40;
const NODE_MIN_W = 140;
const NODE_MAX_W = 200;
/** Node text sits 10 px in from each side. */
export const NODE_PAD = 10;
export const TITLE_PX = 12;
export const SUB_PX = 11;
export const LABEL_PX = 10;
/** Edge labels are shown while at least this tall on screen (html.ts), else on hover. */
export const READABLE_PX = 8;
/** The graph pane of a 1400×900 window (less the side panel and the toolbar): the fit a layout is judged by. */
const FIT_PANE = { width: 1015, height: 870 };
const LABEL_MAX_CHARS = 22;

/**
 * A generous width estimate for a line of sans-serif text (0.62 em per character, 0.68 when bold), so the
 * boxes ELK reserves are at least as wide as what the browser draws; longer node lines are squeezed.
 */
export function textWidth(text: string, px: number, bold = false): number {
  return Math.ceil(text.length * px * (bold ? 0.68 : 0.62));
}

/** The text cut (with an ellipsis) to what fits `room` px by the estimate of textWidth. */
export function fitText(text: string, px: number, room: number): string {
  if (textWidth(text, px) <= room) return text;
  const keep = Math.max(1, Math.floor(room / (px * 0.62)) - 1);
  return `${text.slice(0, keep).trimEnd()}…`;
}

/** The class's simple name (`MainActivity`); the full name is the node's tooltip. */
export function shortName(name: string): string {
  return name.split('.').at(-1) ?? name;
}

/** Edges that return to an earlier screen (a finishing tap, the toolbar's up arrow). */
export function isReturn(t: MapTransition): boolean {
  return t.back === true || t.trigger?.kind === 'up';
}

function triggerText(t: MapTransition): string {
  if (t.trigger === undefined) return t.kind ?? 'start';
  return t.trigger.element === undefined ? t.trigger.kind : `${t.trigger.kind} ${t.trigger.element}`;
}

/** `menu settings`, or `click save_button +2` when several triggers share the line; cut to fit a label. */
function shortLabel(triggers: string[]): string {
  const first = triggers[0] ?? '';
  const more = triggers.length > 1 ? ` +${triggers.length - 1}` : '';
  const room = LABEL_MAX_CHARS - more.length;
  return `${first.length > room ? `${first.slice(0, room - 1)}…` : first}${more}`;
}

/** Activities breadth-first from the launcher (then the rest in map order): the order ELK breaks cycles by. */
function bfsOrder(map: UiMap): string[] {
  const start = launcherOf(map);
  const order: string[] = [];
  const seen = new Set<string>();
  const next = new Map<string, string[]>();
  // only the map's activities get a box: a transition naming anything else is not drawn
  const known = new Set(map.activities.map((a) => a.name));
  for (const t of map.transitions) if (!isReturn(t) && known.has(t.to)) next.set(t.from, [...(next.get(t.from) ?? []), t.to]);
  const queue = start === undefined ? [] : [start];
  if (start !== undefined) seen.add(start);
  while (queue.length > 0) {
    const cur = queue.shift() as string;
    order.push(cur);
    for (const to of next.get(cur) ?? [])
      if (!seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
  }
  for (const a of map.activities) if (!seen.has(a.name)) order.push(a.name);
  return order;
}

/** Transitions grouped by (from, to, return or not), in map order. */
function groupEdges(map: UiMap, known: Set<string>): Omit<LaidEdge, 'points'>[] {
  const groups = new Map<string, Omit<LaidEdge, 'points'>>();
  for (const t of map.transitions) {
    if (!known.has(t.from) || !known.has(t.to)) continue;
    const back = isReturn(t);
    const key = `${t.from}\n${t.to}\n${back}`;
    const g = groups.get(key) ?? { from: t.from, to: t.to, back, triggers: [] };
    const text = triggerText(t);
    if (!g.triggers.includes(text)) g.triggers.push(text);
    groups.set(key, g);
  }
  return [...groups.values()];
}

const LAYOUT_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.randomSeed': '1',
  'elk.layered.mergeEdges': 'true',
  // Nodes are listed breadth-first from the launcher: an edge pointing back against that order is the one a
  // cycle gives up (Main → Splash, not Splash → Main).
  'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.spacing.nodeNode': '22',
  'elk.layered.spacing.nodeNodeBetweenLayers': '48',
  'elk.spacing.edgeLabel': '3',
  'elk.spacing.edgeEdge': '10',
  'elk.layered.spacing.edgeNodeBetweenLayers': '14',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '8',
  'elk.spacing.componentComponent': '40',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.padding': '[top=20,left=20,bottom=20,right=20]',
};

interface ElkSection {
  startPoint: { x: number; y: number };
  endPoint: { x: number; y: number };
  bendPoints?: { x: number; y: number }[];
}
interface ElkOut {
  width?: number;
  height?: number;
  children?: { id: string; x?: number; y?: number; width?: number; height?: number }[];
  edges?: { id: string; sections?: ElkSection[]; labels?: { x?: number; y?: number; width?: number; height?: number }[] }[];
}

/** Lays out a map's HTML view (ELK's layered algorithm; about 0.1–0.3 s for a real app). */
export async function layoutMap(map: UiMap): Promise<MapLayout> {
  // Loaded on first use: ELK is 1.6 MB of compiled Java that nothing but the HTML view needs.
  // (A CommonJS module: its exports object is the default import, and carries the class as `default` too.)
  const ELK = (await import('elkjs/lib/elk.bundled.js')).default.default;
  const byName = new Map(map.activities.map((a) => [a.name, a]));
  const order = bfsOrder(map);
  const nodes: LaidNode[] = order.map((name) => {
    // bfsOrder lists the map's activities only
    const a = byName.get(name) as UiMap['activities'][number];
    const count = elementsOf(a).length;
    const title = shortName(name);
    const full = `${count} element${count === 1 ? '' : 's'}${a.label === undefined ? '' : ` · ${a.label}`}`;
    // As wide as its lines need up to a cap (a wide bottom layer shrinks the whole map); a longer label is cut
    // after the count, a longer name squeezed (html.ts).
    const inner = Math.max(textWidth(title, TITLE_PX, true), textWidth(full, SUB_PX));
    const width = Math.min(NODE_MAX_W, Math.max(NODE_MIN_W, inner + 2 * NODE_PAD));
    const subtitle = fitText(full, SUB_PX, width - 2 * NODE_PAD);
    return { name, title, subtitle, x: 0, y: 0, width, height: NODE_H };
  });
  const ids = new Map(order.map((n, i) => [n, `n${i}`]));
  const groups = groupEdges(map, new Set(order));
  const elk = new ELK();
  let laid = await runElk(elk, { nodes, groups, ids }, true);
  // Labels too small to read at the default fit only cost room: lay out again without it (they then show on
  // hover), so the boxes and their names come out bigger.
  if (LABEL_PX * Math.min(FIT_PANE.width / laid.width, FIT_PANE.height / laid.height) < READABLE_PX)
    laid = await runElk(elk, { nodes, groups, ids }, false);
  return laid;
}

interface ElkInput {
  nodes: LaidNode[];
  groups: Omit<LaidEdge, 'points'>[];
  ids: Map<string, string>;
}

async function runElk(elk: ElkApi, input: ElkInput, withLabels: boolean): Promise<MapLayout> {
  const { groups, ids } = input;
  const graph = {
    id: 'root',
    layoutOptions: LAYOUT_OPTIONS,
    children: input.nodes.map((n) => ({ id: ids.get(n.name) as string, width: n.width, height: n.height })),
    edges: groups.map((g, i) => {
      // A return edge is laid out as the forward edge it answers (to → from): it then never forms a cycle
      // that would bend the layers, and is routed beside that edge; its points are turned round below.
      const [s, t] = g.back ? [g.to, g.from] : [g.from, g.to];
      const text = shortLabel(g.triggers);
      const labels = g.back || !withLabels ? [] : [{ text, width: textWidth(text, LABEL_PX), height: LABEL_PX + 3 }];
      return { id: `e${i}`, sources: [ids.get(s) as string], targets: [ids.get(t) as string], labels };
    }),
  };
  const out = (await elk.layout(graph)) as ElkOut;
  const placed = new Map((out.children ?? []).map((c) => [c.id, c]));
  const nodes = input.nodes.map((n) => {
    const c = placed.get(ids.get(n.name) as string);
    return { ...n, x: c?.x ?? 0, y: c?.y ?? 0 };
  });
  const laidEdges: LaidEdge[] = groups.map((g, i) => {
    const e = out.edges?.find((x) => x.id === `e${i}`);
    const points = (e?.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]).map(({ x, y }) => ({ x, y }));
    if (g.back) points.reverse();
    const edge: LaidEdge = { ...g, points };
    const l = e?.labels?.[0];
    if (!g.back && l !== undefined)
      edge.label = { text: shortLabel(g.triggers), x: l.x ?? 0, y: l.y ?? 0, width: l.width ?? 0, height: l.height ?? 0 };
    return edge;
  });
  return { width: out.width ?? 0, height: out.height ?? 0, nodes, edges: laidEdges };
}
