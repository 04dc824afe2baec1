/**
 * One reading of an empty text field, whatever read the screen. While a field is empty Android reports its hint
 * as the field's text (TextView's text for accessibility), so `uiautomator dump` writes the hint as `text` and no
 * `hint`; the UiAutomator2 server's page source writes the same `text` and the hint beside it. The two agree on
 * the text only: a hint equal to its field's text is dropped, and the field reads as the dump shows it. Pure; the
 * dump is copied only where a field changes.
 */
import type { UiDump, UiNode } from './model.js';

const shownHint = (n: UiNode): boolean => n.editable && n.hint !== '' && n.hint === n.text;

function anyShownHint(roots: readonly UiNode[]): boolean {
  const stack = [...roots];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (shownHint(n)) return true;
    for (const c of n.children) stack.push(c);
  }
  return false;
}

/** Copies a tree, dropping shown hints (iteratively: dumps nest deep). */
function copyTree(root: UiNode): UiNode {
  const fix = (n: UiNode): UiNode => ({ ...n, ...(shownHint(n) ? { hint: '' } : {}), children: [] });
  const top = fix(root);
  const stack: Array<[UiNode, UiNode]> = [[root, top]];
  while (stack.length > 0) {
    const [from, to] = stack.pop()!;
    for (const c of from.children) {
      const k = fix(c);
      to.children.push(k);
      stack.push([c, k]);
    }
  }
  return top;
}

/** The dump with every empty field's hint read as `uiautomator dump` reads it (the same dump when none is). */
export function hintsAsDumped(dump: UiDump): UiDump {
  return anyShownHint(dump.roots) ? { ...dump, roots: dump.roots.map(copyTree) } : dump;
}
