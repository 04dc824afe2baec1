/**
 * Label placement for marks. Pure geometry: given each element's box (image pixels) and its tag size, pick a
 * tag rectangle per element so that no two tags intersect, every tag lies inside the image, and each tag
 * touches its own box whenever there is room.
 *
 *   1. Elements are placed smallest box first: small targets have the fewest good spots, and a large
 *      container has room inside for its tag later.
 *   2. Candidates: the four corners of the box, each inside and outside (above/below), then beside it;
 *      small boxes try outside first so the tag does not hide the control it names, and boxes narrower than
 *      the tag try centred above/below first. Each candidate is also tried nudged along the box edge.
 *   3. A candidate is rejected when it leaves the image or intersects a placed tag; among the rest the cost is
 *      its rank plus how much of other elements' boxes (and of its own box) it would cover, and a penalty
 *      for sitting on any box but an ancestor's or lying nearer to another box than to its own.
 *   4. When every candidate is taken, the nearest free spot on a grid around the box is used and the tag is
 *      `detached`: the renderer draws a leader line from tag to box.
 */
import { intersects, overlapArea, within, type Rect } from './raster.js';

export interface LabelSize {
  w: number;
  h: number;
}

export interface Placement {
  rect: Rect;
  /** True when the tag does not touch its box (a leader line connects them). */
  detached: boolean;
}

function rectAt(x: number, y: number, s: LabelSize): Rect {
  return { x0: x, y0: y, x1: x + s.w, y1: y + s.h };
}

function touches(a: Rect, b: Rect): boolean {
  return a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1;
}

/** Corner candidates in preference order (see 2. above). */
function corners(b: Rect, s: LabelSize): Rect[] {
  const { w, h } = s;
  const inTL = rectAt(b.x0, b.y0, s);
  const outTL = rectAt(b.x0, b.y0 - h, s);
  const inTR = rectAt(b.x1 - w, b.y0, s);
  const outTR = rectAt(b.x1 - w, b.y0 - h, s);
  const outBL = rectAt(b.x0, b.y1, s);
  const inBL = rectAt(b.x0, b.y1 - h, s);
  const outBR = rectAt(b.x1 - w, b.y1, s);
  const inBR = rectAt(b.x1 - w, b.y1 - h, s);
  const left = rectAt(b.x0 - w, b.y0, s);
  const right = rectAt(b.x1, b.y0, s);
  const small = b.y1 - b.y0 < 3 * h || b.x1 - b.x0 < 1.5 * w;
  if (b.x1 - b.x0 < 1.3 * w) {
    // Narrow (a key, an icon): centred on the box reads as belonging to it, a left-aligned tag spills over
    // onto the neighbour.
    const cx = Math.round((b.x0 + b.x1 - w) / 2);
    const cAbove = rectAt(cx, b.y0 - h, s);
    const cBelow = rectAt(cx, b.y1, s);
    return [cAbove, cBelow, outTL, outBL, outTR, outBR, left, right, inTL, inTR, inBL, inBR];
  }
  return small
    ? [outTL, outBL, outTR, outBR, left, right, inTL, inTR, inBL, inBR]
    : [inTL, outTL, inTR, outTR, inBL, outBL, inBR, outBR, left, right];
}

interface Scene {
  boxes: readonly Rect[];
  placed: Rect[];
  width: number;
  height: number;
}

function free(r: Rect, scene: Scene): boolean {
  if (r.x0 < 0 || r.y0 < 0 || r.x1 > scene.width || r.y1 > scene.height) return false;
  for (const p of scene.placed) if (intersects(r, p)) return false;
  return true;
}

/** How box j relates to the box being labelled: itself, an ancestor (contains it), a descendant, or neither. */
const OWN = 0;
const ANCESTOR = 1;
const DESCENDANT = 2;
const OTHER = 3;

/**
 * What the candidates of one box are scored against: the relation of every box to it and every box's area,
 * worked out once per box rather than once per candidate (~150 candidates a box, each scored against every box:
 * this is most of the cost of planning a crowded screen).
 */
interface Scoring {
  own: Rect;
  relation: Uint8Array;
  area: Float64Array;
}

function scoringFor(own: number, boxes: readonly Rect[]): Scoring {
  const ownBox = boxes[own]!;
  const relation = new Uint8Array(boxes.length);
  const area = new Float64Array(boxes.length);
  for (let j = 0; j < boxes.length; j++) {
    const b = boxes[j]!;
    area[j] = Math.max(1, (b.x1 - b.x0) * (b.y1 - b.y0));
    relation[j] = j === own ? OWN : within(ownBox, b) ? ANCESTOR : within(b, ownBox) ? DESCENDANT : OTHER;
  }
  return { own: ownBox, relation, area };
}

/**
 * How much of the other boxes (and of the own box) the tag would hide, as summed covered fractions, plus a
 * flat penalty for sitting on a box that is not an ancestor of its own: a list's tag drawn over its first
 * row reads as the row's tag, a row's tag hanging over the previous row as that row's.
 */
function coverCost(r: Rect, scene: Scene, sc: Scoring): number {
  let cost = 0;
  const { boxes } = scene;
  for (let j = 0; j < boxes.length; j++) {
    const a = overlapArea(r, boxes[j]!);
    if (a === 0) continue;
    const frac = a / sc.area[j]!;
    const rel = sc.relation[j];
    if (rel === OWN) cost += frac * 3;
    else if (rel === ANCESTOR)
      cost += frac; // tags normally sit inside those
    else if (rel === DESCENDANT)
      cost += 3 + frac * 4; // the tag would read as its
    else cost += 0.6 + frac * 4; // a sibling or stranger: same, to a lesser degree
  }
  return cost;
}

/** Squared distance from (x, y) to the nearest point of `b` (squares compare as the distances do). */
function distance2(b: Rect, x: number, y: number): number {
  const dx = Math.max(0, b.x0 - x, x - b.x1);
  const dy = Math.max(0, b.y0 - y, y - b.y1);
  return dx * dx + dy * dy;
}

/** True when the tag's centre is nearer to an unrelated box than to its own: it would be read as that box's. */
function nearerToAnother(r: Rect, scene: Scene, sc: Scoring): boolean {
  const cx = (r.x0 + r.x1) / 2;
  const cy = (r.y0 + r.y1) / 2;
  const d = distance2(sc.own, cx, cy);
  if (d === 0) return false;
  const { boxes } = scene;
  for (let j = 0; j < boxes.length; j++) if (sc.relation[j] === OTHER && distance2(boxes[j]!, cx, cy) < d) return true;
  return false;
}

function nearestFree(b: Rect, s: LabelSize, scene: Scene): Rect | undefined {
  const step = Math.max(4, Math.round(s.h / 2));
  let best: Rect | undefined;
  let bestD = Infinity;
  const maxR = Math.max(scene.width, scene.height);
  for (let r = 1; r * step <= maxR; r++) {
    // Ring r of a grid anchored at the box's top-left: stop at the first ring that has a free spot.
    for (let gy = -r; gy <= r; gy++) {
      for (let gx = -r; gx <= r; gx++) {
        if (Math.abs(gx) !== r && Math.abs(gy) !== r) continue;
        const c = rectAt(b.x0 + gx * step, b.y0 - s.h + gy * step, s);
        if (!free(c, scene)) continue;
        const dx = Math.max(0, b.x0 - c.x1, c.x0 - b.x1);
        const dy = Math.max(0, b.y0 - c.y1, c.y0 - b.y1);
        const d = dx * dx + dy * dy;
        if (d < bestD) {
          bestD = d;
          best = c;
        }
      }
    }
    if (best) return best;
  }
  return undefined;
}

/**
 * One placement per box (same order). `sizes[i]` is box i's tag size. Tags never intersect each other and
 * stay within `width × height` while the image has a free spot for them; a tag with none (larger than the image,
 * or an image already full of tags) is pinned to the top-left corner, over whatever lies there.
 */
export function placeLabels(boxes: readonly Rect[], sizes: readonly LabelSize[], area: { width: number; height: number }): Placement[] {
  const scene: Scene = { boxes, placed: [], width: area.width, height: area.height };
  const out = new Array<Placement>(boxes.length);
  const order = boxes.map((b, i) => ({ i, a: (b.x1 - b.x0) * (b.y1 - b.y0) }));
  order.sort((p, q) => p.a - q.a || p.i - q.i);
  for (const { i } of order) {
    const b = boxes[i]!;
    const s = sizes[i]!;
    let best: Rect | undefined;
    let bestCost = Infinity;
    const sc = scoringFor(i, boxes);
    const half = { w: Math.ceil(s.w / 2), h: Math.ceil(s.h / 2) };
    corners(b, s).forEach((c, rank) => {
      // Nudges slide the tag along the box's edge, in half-tag steps, at a growing cost: n = 0 is the corner
      // itself, then n steps along x and along y (a zero slide would repeat the corner at a higher cost).
      for (let n = 0; n <= 6; n++) {
        // The cost only grows from the rank to the cover to the penalty: stop as soon as it cannot win.
        const base = rank * 0.08 + n * 0.1;
        if (base >= bestCost) break;
        const k = n === 0 ? 0 : (n % 2 === 1 ? 1 : -1) * Math.ceil(n / 2);
        for (let axis = n === 0 ? 0 : 1; axis <= (n === 0 ? 0 : 2); axis++) {
          const r = rectAt(c.x0 + (axis === 1 ? k * half.w : 0), c.y0 + (axis === 2 ? k * half.h : 0), s);
          if (!touches(r, b) || !free(r, scene)) continue;
          const cover = coverCost(r, scene, sc);
          if (base + cover >= bestCost) continue;
          const cost = base + (cover + (nearerToAnother(r, scene, sc) ? 0.5 : 0));
          if (cost < bestCost) {
            bestCost = cost;
            best = r;
          }
        }
      }
    });
    let detached = false;
    if (!best) {
      best = nearestFree(b, s, scene);
      detached = true;
    }
    // Larger than the whole image: nothing can be free; pin it to the corner rather than drop it.
    best ??= rectAt(0, 0, s);
    scene.placed.push(best);
    out[i] = { rect: best, detached: detached && !touches(best, b) };
  }
  return out;
}
