/**
 * Renders a UI Map as one self-contained HTML page (inline CSS, JS and SVG; no network): activities as
 * nodes in layers by BFS distance from the launcher, transitions as edges labelled by trigger (labels on
 * hover or for the selected node), back/up edges behind a toggle, fitted to the window with wheel zoom and
 * drag pan; clicking a node lists its elements. Pure: same map in, same page out.
 */
import type { MapTransition, UiMap } from './model.js';
import { elementsOf, launcherOf } from './paths.js';

const COL_W = 300;
const ROW_H = 70;
const NODE_W = 220;
const NODE_H = 40;
const PAD = 40;

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The class's simple name (`MainActivity`); the full name is the node's tooltip. */
function shortName(name: string): string {
  return name.split('.').at(-1) ?? name;
}

/** Edges that return to an earlier screen (a finishing tap, the toolbar's up arrow): hidden until asked for. */
function isReturn(t: MapTransition): boolean {
  return t.back === true || t.trigger?.kind === 'up';
}

function edgeLabel(t: MapTransition): string {
  if (t.trigger === undefined) return '';
  return t.trigger.element === undefined ? t.trigger.kind : `${t.trigger.kind}: ${t.trigger.element}`;
}

/** Layer = BFS distance from the launcher; activities not reached go to one extra layer at the end. */
function layoutGraph(map: UiMap): Map<string, { x: number; y: number; layer: number }> {
  const names = map.activities.map((a) => a.name);
  const start = launcherOf(map);
  const layer = new Map<string, number>();
  if (start !== undefined) {
    layer.set(start, 0);
    const queue = [start];
    while (queue.length > 0) {
      const cur = queue.shift() as string;
      for (const t of map.transitions) {
        // back edges return to a caller: they must not pull a screen forward into an earlier layer
        if (t.from === cur && t.back !== true && !layer.has(t.to)) {
          layer.set(t.to, (layer.get(cur) ?? 0) + 1);
          queue.push(t.to);
        }
      }
    }
  }
  const maxLayer = Math.max(0, ...layer.values());
  const columns = new Map<number, string[]>();
  for (const n of names) {
    const l = layer.get(n) ?? maxLayer + 1;
    columns.set(l, [...(columns.get(l) ?? []), n]);
  }
  // Order each layer by the mean row of its predecessors (one barycentre pass, ties by name) so edges
  // between neighbouring layers cross less; deterministic for a given map.
  const row = new Map<string, number>();
  const pos = new Map<string, { x: number; y: number; layer: number }>();
  for (const l of [...columns.keys()].sort((a, b) => a - b)) {
    const col = columns.get(l) ?? [];
    const weight = (n: string): number => {
      const preds = map.transitions.filter((t) => t.to === n && row.has(t.from)).map((t) => row.get(t.from) ?? 0);
      return preds.length === 0 ? Number.MAX_SAFE_INTEGER : preds.reduce((a, b) => a + b, 0) / preds.length;
    };
    const ordered = col.map((n) => ({ n, w: weight(n) })).sort((a, b) => a.w - b.w || a.n.localeCompare(b.n));
    ordered.forEach(({ n }, i) => {
      row.set(n, i);
      pos.set(n, { x: PAD + l * COL_W, y: PAD + i * ROW_H, layer: l });
    });
  }
  return pos;
}

/** Room for a line of text inside a node box (10 px padding on each side). */
const TEXT_W = NODE_W - 20;
/** Longest line kept whole; longer ones end in an ellipsis (the full name is the node's tooltip). */
const MAX_CHARS = 40;

/**
 * One line of a node's text, kept inside its box: cut to MAX_CHARS, and when it may still be wider than the
 * box (estimated at a generous 0.62 em per character) squeezed to the box width with `textLength`.
 */
function nodeText(at: { x: number; y: number; cls: string; fontPx: number }, text: string): string {
  const cut = text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS - 1)}…` : text;
  const squeeze = cut.length * at.fontPx * 0.62 > TEXT_W ? ` textLength="${TEXT_W}" lengthAdjust="spacingAndGlyphs"` : '';
  return `<text x="${at.x}" y="${at.y}" class="${at.cls}"${squeeze}>${esc(cut)}</text>`;
}

export function renderMapHtml(map: UiMap): string {
  const pos = layoutGraph(map);
  const width = Math.max(...[...pos.values()].map((p) => p.x + NODE_W + PAD), 400);
  const height = Math.max(...[...pos.values()].map((p) => p.y + NODE_H + PAD), 200);
  const edges: string[] = [];
  const pairCount = new Map<string, number>();
  for (const t of map.transitions) {
    const a = pos.get(t.from);
    const b = pos.get(t.to);
    if (a === undefined || b === undefined || t.from === t.to) continue;
    const pair = `${t.from}|${t.to}`;
    const k = pairCount.get(pair) ?? 0;
    pairCount.set(pair, k + 1);
    const forward = b.x > a.x;
    const x1 = forward ? a.x + NODE_W : a.x + NODE_W / 2;
    const y1 = forward ? a.y + NODE_H / 2 : a.y + (b.y > a.y ? NODE_H : 0);
    const x2 = forward ? b.x : b.x + NODE_W / 2;
    const y2 = forward ? b.y + NODE_H / 2 : b.y + (b.y > a.y ? 0 : NODE_H);
    const bend = 30 + k * 14;
    const c1 = forward ? [x1 + 60, y1] : [x1 + bend * 3, y1];
    const c2 = forward ? [x2 - 60, y2] : [x2 + bend * 3, y2];
    const d = `M${x1},${y1} C${c1[0]},${c1[1]} ${c2[0]},${c2[1]} ${x2},${y2}`;
    const label = edgeLabel(t);
    // Forward labels sit near the arrow head, where edges fanning out of one node are already apart;
    // loop labels sit at the loop's outermost point.
    const at = forward ? 0.72 : 0.5;
    const bez = (p0: number, p1: number, p2: number, p3: number): number =>
      (1 - at) ** 3 * p0 + 3 * (1 - at) ** 2 * at * p1 + 3 * (1 - at) * at ** 2 * p2 + at ** 3 * p3;
    const lx = bez(x1, c1[0] ?? x1, c2[0] ?? x2, x2) - (forward ? 40 : -4);
    const ly = bez(y1, c1[1] ?? y1, c2[1] ?? y2, y2) - 3 + k * 12;
    edges.push(
      `<g class="edge${isReturn(t) ? ' back' : ''}" data-from="${esc(t.from)}" data-to="${esc(t.to)}"><path d="${d}" marker-end="url(#arrow)"/>` +
        (label === '' ? '' : `<text x="${lx}" y="${ly}">${esc(label)}</text>`) +
        '</g>',
    );
  }
  const nodes = map.activities.map((a) => {
    const p = pos.get(a.name) ?? { x: 0, y: 0 };
    const count = elementsOf(a).length;
    return (
      `<g class="node${a.launcher === true ? ' launcher' : ''}" data-name="${esc(a.name)}" tabindex="0">` +
      `<title>${esc(a.name)}</title><rect x="${p.x}" y="${p.y}" width="${NODE_W}" height="${NODE_H}" rx="8"/>` +
      nodeText({ x: p.x + 10, y: p.y + 17, cls: 'title', fontPx: 12 }, shortName(a.name)) +
      nodeText(
        { x: p.x + 10, y: p.y + 32, cls: 'sub', fontPx: 11 },
        `${a.label ?? ''}${a.label === undefined ? '' : ' · '}${count} elements`,
      ) +
      '</g>'
    );
  });
  const warningList =
    (map.warnings ?? []).length === 0
      ? ''
      : `<h3>Skipped while mapping</h3><ul>${(map.warnings ?? []).map((w) => `<li><code>${esc(w.code)}</code> ×${w.count}</li>`).join('')}</ul>`;
  // JSON inside <script>: escape '<' so no "</script>" can end the block early.
  const data = JSON.stringify({ package: map.package, activities: map.activities, transitions: map.transitions }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>UI Map · ${esc(map.package)}</title>
<style>
body{margin:0;font:13px system-ui,sans-serif;display:flex;height:100vh;color:#222}
#graph{flex:1;overflow:hidden;background:#fafafa;position:relative;cursor:grab}
#graph svg{width:100%;height:100%;display:block}
#tools{position:absolute;left:8px;top:8px;background:#fffc;padding:2px 6px;border-radius:4px;font-size:12px}
#graph:not(.show-back) .edge.back{display:none}
.edge text{display:none}
.edge:hover text,.edge.hot text{display:inline}
#side{width:360px;border-left:1px solid #ddd;overflow:auto;padding:12px;background:#fff}
.node rect{fill:#fff;stroke:#6b7c93;stroke-width:1.5}
.node.launcher rect{stroke:#1a7f37;stroke-width:2.5}
.node.selected rect{fill:#e8f0fe;stroke:#1a56db}
.node.match rect{fill:#fff4c2;stroke:#b88a00}
#search{width:100%;box-sizing:border-box;padding:6px;margin-bottom:6px;font:inherit}
.node{cursor:pointer}
.node .title{font-weight:600;font-size:12px}
.node .sub{fill:#666;font-size:11px}
.edge path{fill:none;stroke:#9aa5b1;stroke-width:1.2}
.edge text{font-size:10px;fill:#444;paint-order:stroke;stroke:#fafafa;stroke-width:3px}
.edge.hot path{stroke:#1a56db;stroke-width:2}
.edge.back path{stroke-dasharray:4 3}
h2{font-size:14px;margin:4px 0 8px}
h3{font-size:12px;margin:12px 0 4px;color:#555}
ul{margin:0;padding-left:16px}
li{margin:2px 0}
code{background:#f2f2f2;padding:0 3px;border-radius:3px}
.muted{color:#888}
</style></head>
<body>
<div id="graph"><div id="tools"><label><input id="show-back" type="checkbox"> back/up edges</label> · wheel to zoom, drag to pan</div>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" preserveAspectRatio="xMidYMid meet">
<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#9aa5b1"/></marker></defs>
${edges.join('\n')}
${nodes.join('\n')}
</svg></div>
<div id="side"><input id="search" type="search" placeholder="Find an element: text, hint or id" aria-label="Find an element">
<div id="hits"></div>
<div id="panel"><h2>${esc(map.package)}</h2><p class="muted">${map.activities.length} activities, ${map.transitions.length} transitions. Click an activity to see its elements.</p>${warningList}</div></div>
<script id="map-data" type="application/json">${data}</script>
<script>
(function(){
  var map = JSON.parse(document.getElementById('map-data').textContent);
  var side = document.getElementById('panel');
  var search = document.getElementById('search');
  var hitsBox = document.getElementById('hits');
  function allElements(a){ return a.elements.concat.apply(a.elements, a.fragments.concat(a.dialogs, a.menus).map(function(p){return p.elements;})); }
  function matches(e, q){ return [e.id, e.text, e.hint, e.desc].some(function(v){ return v && v.toLowerCase().indexOf(q) >= 0; }); }
  search.addEventListener('input', function(){
    var q = search.value.trim().toLowerCase();
    var found = [];
    map.activities.forEach(function(a){
      var hit = q !== '' && allElements(a).some(function(e){ return matches(e, q); });
      var node = document.querySelector('.node[data-name="'+a.name.replace(/"/g,'')+'"]');
      if (node) node.classList.toggle('match', hit);
      if (hit) found.push(a.name);
    });
    hitsBox.innerHTML = q === '' ? '' : '<p class="muted">'+found.length+(found.length===1?' screen shows "':' screens show "')+esc(search.value.trim())+'"</p>';
  });
  function esc(s){return String(s).replace(/[&<>"]/g,function(c){return {'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c];});}
  function list(els){
    if(!els.length) return '<p class="muted">none</p>';
    return '<ul>'+els.map(function(e){
      var extra=[e.text&&('"'+esc(e.text)+'"'),e.hint&&('hint "'+esc(e.hint)+'"'),e.desc&&('desc "'+esc(e.desc)+'"'),e.kind&&esc(e.kind)].filter(Boolean).join(' · ');
      return '<li class="element"><code>'+esc(e.id)+'</code> <span class="muted">'+esc(e.class.split('.').pop())+'</span>'+(extra?' '+extra:'')+'</li>';
    }).join('')+'</ul>';
  }
  function show(name){
    var a = map.activities.find(function(x){return x.name===name;});
    if(!a) return;
    document.querySelectorAll('.node').forEach(function(n){n.classList.toggle('selected', n.getAttribute('data-name')===name);});
    document.querySelectorAll('.edge').forEach(function(e){e.classList.toggle('hot', e.getAttribute('data-from')===name);});
    var out = map.transitions.filter(function(t){return t.from===name;});
    var h = '<h2 id="selected-name">'+esc(a.name)+'</h2>';
    if(a.label) h += '<p>'+esc(a.label)+(a.launcher?' · launcher':'')+'</p>';
    h += '<h3>Layouts</h3><p>'+(a.layouts.map(esc).join(', ')||'<span class="muted">none</span>')+'</p>';
    h += '<h3>Elements</h3>'+list(a.elements);
    [['Fragment',a.fragments],['Dialog',a.dialogs],['Menu',a.menus]].forEach(function(p){
      p[1].forEach(function(part){
        var how = part.trigger ? ' <span class="muted">opened by '+esc(part.trigger.kind)+(part.trigger.element?' '+esc(part.trigger.element):'')+'</span>' : '';
        h += '<h3>'+p[0]+' '+esc(part.name)+how+'</h3>'+list(part.elements);
      });
    });
    h += '<h3>Goes to</h3>'+(out.length?'<ul>'+out.map(function(t){return '<li>'+esc(t.to.split('.').pop())+(t.trigger?' <span class="muted">'+esc(t.trigger.kind)+(t.trigger.element?' '+esc(t.trigger.element):'')+'</span>':'')+(t.kind||t.via?' <span class="muted">'+esc([t.kind,t.via].filter(Boolean).join(' via '))+'</span>':'')+(t.at?' <code class="at">'+esc(t.at)+'</code>':'')+'</li>';}).join('')+'</ul>':'<p class="muted">none</p>');
    side.innerHTML = h;
  }
  var graph = document.getElementById('graph');
  document.getElementById('show-back').addEventListener('change', function(ev){graph.classList.toggle('show-back', ev.target.checked);});
  // Zoom and pan move the viewBox; the whole map fits the window until then.
  var svg = graph.querySelector('svg');
  var vb = svg.getAttribute('viewBox').split(' ').map(Number);
  function setVb(){svg.setAttribute('viewBox', vb.join(' '));}
  graph.addEventListener('wheel', function(ev){
    ev.preventDefault();
    var r = svg.getBoundingClientRect(), f = ev.deltaY > 0 ? 1.15 : 1/1.15;
    var px = vb[0] + (ev.clientX - r.left) / r.width * vb[2], py = vb[1] + (ev.clientY - r.top) / r.height * vb[3];
    vb = [px - (px - vb[0]) * f, py - (py - vb[1]) * f, vb[2] * f, vb[3] * f]; setVb();
  }, {passive:false});
  var drag = null;
  graph.addEventListener('mousedown', function(ev){drag = {x: ev.clientX, y: ev.clientY, vb: vb.slice()};});
  window.addEventListener('mouseup', function(){drag = null;});
  window.addEventListener('mousemove', function(ev){
    if(!drag) return;
    var r = svg.getBoundingClientRect(), s = Math.max(vb[2] / r.width, vb[3] / r.height);
    vb = [drag.vb[0] - (ev.clientX - drag.x) * s, drag.vb[1] - (ev.clientY - drag.y) * s, vb[2], vb[3]]; setVb();
  });
  document.querySelectorAll('.node').forEach(function(n){
    n.addEventListener('click', function(){show(n.getAttribute('data-name'));});
    n.addEventListener('keydown', function(ev){if(ev.key==='Enter')show(n.getAttribute('data-name'));});
  });
})();
</script>
</body></html>
`;
}
