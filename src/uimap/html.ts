/**
 * Renders a UI Map as one self-contained HTML page (inline CSS, JS and SVG; no network) from the map and its
 * layout (layout.ts): activities as boxes, transitions between two activities as one routed line labelled by
 * its triggers (labels shown while they are big enough to read, else on hover), back/up edges behind a toggle,
 * fitted to the window with wheel zoom and drag pan; clicking a node lists its elements, the search box marks
 * the screens that show an element. Pure: same map and layout in, same page out.
 */
import type { UiMap } from './model.js';
import { LABEL_PX, NODE_PAD, READABLE_PX, SUB_PX, TITLE_PX, textWidth } from './layout.js';
import type { LaidEdge, LaidNode, MapLayout } from './layout.js';

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Coordinates with at most one decimal: the page stays small and the output stable. */
const r1 = (n: number): number => Math.round(n * 10) / 10;

/** Longest node line kept whole; longer ones end in an ellipsis (the full name is the node's tooltip). */
const MAX_CHARS = 40;

/**
 * One line of a node's text, kept inside its box: cut to MAX_CHARS, and when it may still be wider than the
 * box (by the generous estimate of textWidth) squeezed to the box width with `textLength`.
 */
function nodeText(at: { x: number; y: number; cls: string; fontPx: number; room: number; bold?: boolean }, text: string): string {
  const cut = text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS - 1)}…` : text;
  const squeeze = textWidth(cut, at.fontPx, at.bold === true) > at.room ? ` textLength="${at.room}" lengthAdjust="spacingAndGlyphs"` : '';
  return `<text x="${r1(at.x)}" y="${r1(at.y)}" class="${at.cls}"${squeeze}>${esc(cut)}</text>`;
}

/** The route as a path with its corners rounded (radius up to 6, less where a segment is shorter). */
function routePath(points: LaidEdge['points']): string {
  const [first, ...rest] = points;
  if (first === undefined) return '';
  let d = `M${r1(first.x)},${r1(first.y)}`;
  for (let i = 0; i < rest.length; i++) {
    const p = rest[i] as { x: number; y: number };
    const prev = i === 0 ? first : (rest[i - 1] as { x: number; y: number });
    const next = rest[i + 1];
    if (next === undefined) {
      d += ` L${r1(p.x)},${r1(p.y)}`;
      break;
    }
    const rIn = Math.min(6, Math.hypot(p.x - prev.x, p.y - prev.y) / 2);
    const rOut = Math.min(6, Math.hypot(next.x - p.x, next.y - p.y) / 2);
    const rad = Math.min(rIn, rOut);
    const towards = (a: { x: number; y: number }, b: { x: number; y: number }): { x: number; y: number } => {
      const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      return { x: a.x + ((b.x - a.x) / len) * rad, y: a.y + ((b.y - a.y) / len) * rad };
    };
    const a = towards(p, prev);
    const b = towards(p, next);
    d += ` L${r1(a.x)},${r1(a.y)} Q${r1(p.x)},${r1(p.y)} ${r1(b.x)},${r1(b.y)}`;
  }
  return d;
}

/** Where a return edge's hover label goes: the middle of its longest segment. */
function midpoint(points: LaidEdge['points']): { x: number; y: number } {
  let best = { x: points[0]?.x ?? 0, y: points[0]?.y ?? 0 };
  let bestLen = -1;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as { x: number; y: number };
    const b = points[i] as { x: number; y: number };
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len > bestLen) {
      bestLen = len;
      best = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    }
  }
  return best;
}

function renderEdge(e: LaidEdge): string {
  const d = routePath(e.points);
  const title = `<title>${esc(`${e.from.split('.').at(-1) ?? ''} → ${e.to.split('.').at(-1) ?? ''}: ${e.triggers.join(', ')}`)}</title>`;
  let label = '';
  if (e.label !== undefined) {
    const l = e.label;
    label = `<text class="fit" x="${r1(l.x)}" y="${r1(l.y + l.height - 3)}">${esc(l.text)}</text>`;
  } else if (e.triggers.length > 0) {
    const m = midpoint(e.points);
    const text = e.triggers.length > 1 ? `${e.triggers[0] ?? ''} +${e.triggers.length - 1}` : (e.triggers[0] ?? '');
    label = `<text x="${r1(m.x + 4)}" y="${r1(m.y - 4)}">${esc(text)}</text>`;
  }
  return (
    `<g class="edge${e.back ? ' back' : ''}" data-from="${esc(e.from)}" data-to="${esc(e.to)}">${title}` +
    `<path class="hit" d="${d}"/><path class="line" d="${d}" marker-end="url(#${e.back ? 'arrow-back' : 'arrow'})"/>${label}</g>`
  );
}

function renderNode(n: LaidNode, launcher: boolean, summary: string | undefined): string {
  const room = n.width - 2 * NODE_PAD;
  return (
    `<g class="node${launcher ? ' launcher' : ''}" data-name="${esc(n.name)}" tabindex="0">` +
    `<title>${esc(summary === undefined ? n.name : `${n.name}\n${summary}`)}</title><rect x="${r1(n.x)}" y="${r1(n.y)}" width="${r1(n.width)}" height="${r1(n.height)}" rx="8"/>` +
    nodeText({ x: n.x + NODE_PAD, y: n.y + 17, cls: 'title', fontPx: TITLE_PX, room, bold: true }, n.title) +
    nodeText({ x: n.x + NODE_PAD, y: n.y + 32, cls: 'sub', fontPx: SUB_PX, room }, n.subtitle) +
    '</g>'
  );
}

export function renderMapHtml(map: UiMap, layout: MapLayout): string {
  const byName = new Map(map.activities.map((a) => [a.name, a]));
  const edges = layout.edges.map(renderEdge);
  const nodes = layout.nodes.map((n) => renderNode(n, byName.get(n.name)?.launcher === true, byName.get(n.name)?.summary));
  const width = r1(Math.max(layout.width, 200));
  const height = r1(Math.max(layout.height, 100));
  const backCount = layout.edges.filter((e) => e.back).length;
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
#main{flex:1;display:flex;flex-direction:column;min-width:0}
#graph{flex:1;overflow:hidden;background:#fafafa;position:relative;cursor:grab}
#graph svg{width:100%;height:100%;display:block}
#tools{padding:4px 8px;font-size:12px;border-bottom:1px solid #eee;color:#555}
#graph:not(.show-back) .edge.back{display:none}
.edge text{display:none}
#graph.readable .edge text.fit,.edge:hover text,.edge.hot text.fit{display:inline}
#side{width:360px;border-left:1px solid #ddd;overflow:auto;padding:12px;background:#fff}
.node rect{fill:#fff;stroke:#6b7c93;stroke-width:1.5}
.node.launcher rect{stroke:#1a7f37;stroke-width:2.5}
.node.selected rect{fill:#e8f0fe;stroke:#1a56db}
.node.match rect{fill:#fff4c2;stroke:#b88a00}
#search{width:100%;box-sizing:border-box;padding:6px;margin-bottom:6px;font:inherit}
.node{cursor:pointer}
.node .title{font-weight:600;font-size:12px}
.node .sub{fill:#666;font-size:11px}
.edge path{fill:none}
.edge .line{stroke:#8a96a3;stroke-width:1.3}
.edge .hit{stroke:transparent;stroke-width:10}
.edge text{font-size:${LABEL_PX}px;fill:#444;paint-order:stroke;stroke:#fafafa;stroke-width:3px;stroke-linejoin:round}
.edge:hover .line,.edge.hot .line{stroke:#1a56db;stroke-width:2}
.edge.back .line{stroke:#c08a3e;stroke-dasharray:4 3}
.edge.back:hover .line,.edge.back.hot .line{stroke:#8a4b12;stroke-width:2}
h2{font-size:14px;margin:4px 0 8px;overflow-wrap:anywhere}
#side h3,#side li{overflow-wrap:anywhere}
h3{font-size:12px;margin:12px 0 4px;color:#555}
ul{margin:0;padding-left:16px}
li{margin:2px 0}
code{background:#f2f2f2;padding:0 3px;border-radius:3px}
.muted{color:#888}
.summary{font-style:italic}
.effect{color:#1a7f37}
</style></head>
<body>
<div id="main"><div id="tools"><label><input id="show-back" type="checkbox"> back/up edges (${backCount})</label> · wheel to zoom, drag to pan · hover a line for its triggers</div><div id="graph">
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" preserveAspectRatio="xMidYMid meet">
<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerUnits="userSpaceOnUse" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#8a96a3"/></marker><marker id="arrow-back" viewBox="0 0 10 10" refX="10" refY="5" markerUnits="userSpaceOnUse" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#c08a3e"/></marker></defs>
${edges.join('\n')}
${nodes.join('\n')}
</svg></div></div>
<div id="side"><input id="search" type="search" placeholder="Find an element: text, hint or id" aria-label="Find an element">
<div id="hits"></div>
<div id="panel"><h2>${esc(map.package)}</h2><p class="muted">${map.activities.length} activities, ${map.transitions.length} transitions. Click an activity to see its elements.${map.enrichedBy === undefined ? '' : ` Summaries and effects by ${esc(map.enrichedBy)}.`}</p>${warningList}</div></div>
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
      var extra=[e.text&&('"'+esc(e.text)+'"'),e.hint&&('hint "'+esc(e.hint)+'"'),e.desc&&('desc "'+esc(e.desc)+'"'),e.kind&&esc(e.kind),e.effect&&('<span class="effect">→ '+esc(e.effect)+'</span>')].filter(Boolean).join(' · ');
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
    if(a.summary) h += '<p class="summary">'+esc(a.summary)+'</p>';
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
  // Edge labels show while they are at least READABLE_PX tall on screen (zoom in to read them), else on hover.
  function setVb(){
    svg.setAttribute('viewBox', vb.join(' '));
    var r = svg.getBoundingClientRect(), scale = Math.min(r.width / vb[2], r.height / vb[3]);
    graph.classList.toggle('readable', ${LABEL_PX} * scale >= ${READABLE_PX});
  }
  setVb();
  window.addEventListener('resize', setVb);
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
