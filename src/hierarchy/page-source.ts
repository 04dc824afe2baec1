/**
 * Writes a dump in the form the Appium UiAutomator2 server's `GET /source` returns: an XML declaration, an
 * indented document whose root carries the screen size, one element per view named after its class (`$ @ # &`
 * become `.`), attributes that have no value left out (no `resource-id=""`), `displayed` as the visibility
 * flag, and only views visible to the user (the server's default). The server's attribute order is kept
 * (io.appium.uiautomator2.utils.Attribute). Pure; the parser in xml.ts reads this form back.
 */
import { escapeAttr } from './xml.js';
import type { UiDump, UiNode } from './model.js';

const tagOf = (cls: string): string => (cls === '' ? 'android.view.View' : cls.replace(/[$@#&]/g, '.'));

function attributes(n: UiNode): string {
  const b = n.bounds;
  const a: Array<[string, string | number | boolean]> = [
    ['index', n.index],
    ['package', n.pkg],
    ['class', n.cls],
    ['text', n.text],
  ];
  if (n.desc !== '') a.push(['content-desc', n.desc]);
  if (n.id !== '') a.push(['resource-id', n.id]);
  a.push(
    ['checkable', n.checkable],
    ['checked', n.checked],
    ['clickable', n.clickable],
    ['enabled', n.enabled],
    ['focusable', n.focusable],
    ['focused', n.focused],
    ['long-clickable', n.longClickable],
    ['password', n.password],
    ['scrollable', n.scrollable],
    ['selected', n.selected],
    ['bounds', `[${b[0]},${b[1]}][${b[2]},${b[3]}]`],
    ['displayed', true],
  );
  if (n.hint !== '') a.push(['hint', n.hint]);
  if (n.drawingOrder !== undefined) a.push(['drawing-order', n.drawingOrder]);
  return a.map(([k, v]) => `${k}="${escapeAttr(String(v))}"`).join(' ');
}

/** The dump as an Appium UiAutomator2 page source (several window roots side by side when the dump has them). */
export function toPageSourceXml(dump: Pick<UiDump, 'roots' | 'rotation' | 'width' | 'height'>): string {
  const out = [
    "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>",
    `<hierarchy index="0" class="hierarchy" rotation="${dump.rotation}" width="${dump.width}" height="${dump.height}">`,
  ];
  // Explicit stack instead of recursion: hostile dumps can nest deeper than the JS call stack.
  const stack: Array<{ node: UiNode; depth: number; closing: boolean }> = [];
  for (let r = dump.roots.length - 1; r >= 0; r--) stack.push({ node: dump.roots[r]!, depth: 1, closing: false });
  while (stack.length > 0) {
    const { node, depth, closing } = stack.pop()!;
    const pad = '  '.repeat(depth);
    if (closing) {
      out.push(`${pad}</${tagOf(node.cls)}>`);
      continue;
    }
    if (!node.visible) continue;
    const kids = node.children.filter((c) => c.visible);
    if (kids.length === 0) {
      out.push(`${pad}<${tagOf(node.cls)} ${attributes(node)} />`);
      continue;
    }
    out.push(`${pad}<${tagOf(node.cls)} ${attributes(node)}>`);
    stack.push({ node, depth, closing: true });
    for (let k = kids.length - 1; k >= 0; k--) stack.push({ node: kids[k]!, depth: depth + 1, closing: false });
  }
  out.push('</hierarchy>');
  return out.join('\n');
}
