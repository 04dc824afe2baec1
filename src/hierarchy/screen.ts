/**
 * The screen's size when a dump states one and its hierarchy says otherwise. Recorders copy the size from a
 * different place than the views (DroidBot's `width`/`height` come from the display, rotated or from another
 * device profile; Appium's root `width`/`height`; Maestro's `deviceWidth`): on some captures the stated size is
 * landscape while the root window is portrait, and every view below the stated height would be called off screen.
 * The views are what the user sees, so the hierarchy wins, and the stated size is kept to say so.
 */
import type { UiNode } from './model.js';

export interface Size {
  width: number;
  height: number;
}

/** The size a dump states beside the one its hierarchy shows, when they disagree (`UiDump.stated`). */
export interface ScreenSize extends Size {
  stated?: Size;
}

/** Rounding of scaled or point-based bounds: a window this much past the stated edge still agrees with it. */
const SLACK = 2;

/**
 * The size the hierarchy shows: the far corner of its root windows (the system lays each out inside the screen),
 * else, when the roots have no area (formats that leave the root's frame out), of its visible views.
 */
export function hierarchyExtent(roots: readonly UiNode[]): Size {
  let width = 0;
  let height = 0;
  for (const r of roots) {
    const [l, t, rr, b] = r.bounds;
    if (rr > l && b > t) {
      width = Math.max(width, rr);
      height = Math.max(height, b);
    }
  }
  if (width > 0) return { width, height };
  const stack = [...roots];
  while (stack.length > 0) {
    const n = stack.pop()!;
    const [l, t, rr, b] = n.bounds;
    if (n.visible && rr > l && b > t) {
      width = Math.max(width, rr);
      height = Math.max(height, b);
    }
    for (const c of n.children) stack.push(c);
  }
  return { width, height };
}

/**
 * The stated size when what the hierarchy shows (`seen`) fits in it (a dialog window smaller than the screen
 * agrees with it), `seen` otherwise, with the stated one kept in `stated`. Without a stated size, `seen`.
 */
export function screenSize(seen: Size, stated: Size | undefined): ScreenSize {
  if (stated === undefined || !(stated.width > 0) || !(stated.height > 0)) return seen;
  if (seen.width <= stated.width + SLACK && seen.height <= stated.height + SLACK) return { width: stated.width, height: stated.height };
  return { width: seen.width, height: seen.height, stated: { width: stated.width, height: stated.height } };
}
