// The boolean flags of a UiNode that parser tests read back, in one order, so a test lists which are on.
import type { UiNode } from '../../src/hierarchy/model.js';

const FLAGS: ReadonlyArray<keyof UiNode> = [
  'checkable',
  'checked',
  'clickable',
  'longClickable',
  'enabled',
  'focusable',
  'focused',
  'scrollable',
  'password',
  'selected',
];

/** The flags that are true on `n`, in FLAGS order, then those of `extra` (flags only some formats carry). */
export function flagsOn(n: UiNode, extra: ReadonlyArray<keyof UiNode> = []): Array<keyof UiNode> {
  return [...FLAGS, ...extra].filter((f) => n[f] === true);
}
