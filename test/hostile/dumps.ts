// Hostile uiautomator dumps built in code: deep nesting, huge labels, control characters, password values.

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface NodeSpec {
  text?: string;
  desc?: string;
  cls?: string;
  pkg?: string;
  id?: string;
  clickable?: boolean;
  password?: boolean;
  bounds?: string;
}

export function nodeAttrs(n: NodeSpec, index = 0): string {
  return (
    `index="${index}" text="${esc(n.text ?? '')}" resource-id="${esc(n.id ?? '')}" class="${esc(n.cls ?? 'android.widget.TextView')}" ` +
    `package="${esc(n.pkg ?? 'com.example')}" content-desc="${esc(n.desc ?? '')}" checkable="false" checked="false" ` +
    `clickable="${n.clickable === true}" enabled="true" focusable="${n.clickable === true}" focused="false" scrollable="false" ` +
    `long-clickable="false" password="${n.password === true}" selected="false" visible-to-user="true" bounds="${n.bounds ?? '[0,0][1080,200]'}"`
  );
}

/** A dump whose one root (a FrameLayout, `root` overriding) holds `nodes` as siblings. */
export function flatDump(nodes: NodeSpec[], root: NodeSpec = {}): string {
  const kids = nodes.map((n, i) => `<node ${nodeAttrs(n, i)} />`).join('');
  return (
    `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">` +
    `<node ${nodeAttrs({ cls: 'android.widget.FrameLayout', bounds: '[0,0][1080,2400]', ...root })}>${kids}</node></hierarchy>`
  );
}

/** `depth` nested layouts with one clickable, labelled leaf at the bottom. */
export function deepDump(depth: number): string {
  const open = `<node ${nodeAttrs({ cls: 'android.widget.LinearLayout', bounds: '[0,0][1080,2400]' })}>`;
  const leaf = `<node ${nodeAttrs({ text: 'Deep button', cls: 'android.widget.Button', clickable: true, bounds: '[0,0][500,200]' })} />`;
  return `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">${open.repeat(depth)}${leaf}${'</node>'.repeat(depth)}</hierarchy>`;
}
