// Local ESLint rules for the layer arrows of the architecture (docs/architecture.md). Written here rather than taken from
// eslint-plugin-import-x because that plugin's native resolver ships per-platform binaries that not every
// registry mirror carries, which breaks `npm ci`; the check itself is small: resolve relative specifiers
// (`./x.js` → the .ts source) and compare folders.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = process.cwd();
const rel = (p) => relative(ROOT, p).split(sep).join('/');

/** `../device/x.js` from FILE → repo-relative path of the .ts source (or undefined for packages). */
function resolveSpecifier(file, spec) {
  if (!spec.startsWith('.')) return undefined;
  const abs = resolve(dirname(file), spec);
  for (const cand of [abs.replace(/\.js$/, '.ts'), abs, `${abs}.ts`, join(abs, 'index.ts')]) {
    if (existsSync(cand) && statSync(cand).isFile()) return rel(cand);
  }
  return rel(abs.replace(/\.js$/, '.ts'));
}

const within = (path, folder) => path === folder || path.startsWith(`${folder}/`);

function sources(node) {
  if (
    (node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') &&
    node.source
  ) {
    return node.importKind === 'type' || node.exportKind === 'type' ? [] : [node.source];
  }
  if (node.type === 'ImportExpression' && node.source.type === 'Literal') return [node.source];
  return [];
}

/** Whether `path` is allowed by an allow-list whose `!folder` entries take subfolders back out. */
export function allowed(path, allow) {
  const yes = allow.filter((a) => !a.startsWith('!'));
  const no = allow.filter((a) => a.startsWith('!')).map((a) => a.slice(1));
  return yes.some((a) => within(path, a)) && !no.some((n) => within(path, n));
}

/** The zone with the most specific target that holds `path`. */
function zoneOf(path, zones) {
  return zones.filter((z) => within(path, z.target)).sort((a, b) => b.target.length - a.target.length)[0];
}

const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'each layer imports only what its allow-list names' },
    schema: [{ type: 'array', items: { type: 'object' } }],
  },
  create(context) {
    const file = context.filename;
    const me = rel(file);
    if (!me.startsWith('src/')) return {};
    const zone = zoneOf(me, context.options[0] ?? []);
    if (!zone) {
      return {
        Program(node) {
          context.report({ node, message: `${me} is in no layer: add its folder with an allow-list to the layer rules` });
        },
      };
    }
    const check = (node) => {
      for (const src of sources(node)) {
        const to = resolveSpecifier(file, String(src.value));
        if (!to || !to.startsWith('src/')) continue;
        if (!allowed(to, zone.allow)) context.report({ node: src, message: `${zone.target} may not import ${to}: ${zone.message}` });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/**
 * Internal barrels (index.ts files inside a layer) re-export only what is free of node I/O: a barrel that
 * re-exports adb/node drags sockets and processes into every importer. The package's entry points may.
 */
const barrels = {
  meta: {
    type: 'problem',
    docs: { description: 'internal index.ts barrels do not re-export node adapters' },
    schema: [{ type: 'object', properties: { forbid: { type: 'array' }, entries: { type: 'array' } } }],
  },
  create(context) {
    const file = context.filename;
    const me = rel(file);
    const { forbid = [], entries = [] } = context.options[0] ?? {};
    if (!me.startsWith('src/') || !me.endsWith('/index.ts') || entries.some((e) => within(me, e))) return {};
    const check = (node) => {
      if (!node.source || node.exportKind === 'type') return;
      const to = resolveSpecifier(file, String(node.source.value));
      const hit = to && forbid.find((f) => within(to, f));
      if (hit)
        context.report({
          node: node.source,
          message: `${me} re-exports ${to}: internal barrels stay free of ${hit}; import it directly, or expose it from a public entry point`,
        });
    };
    return { ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

// Runtime import graph of src/ (type-only imports are erased and do not count), built once per lint run.
let graph;
const IMPORT_RE = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s*)?['"](\.[^'"]+)['"]/g;

function buildGraph() {
  const g = new Map();
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) {
        const text = readFileSync(p, 'utf8');
        const deps = new Set();
        for (const m of text.matchAll(IMPORT_RE)) if (!m[2]) deps.add(resolveSpecifier(p, m[3]));
        g.set(rel(p), deps);
      }
    }
  };
  walk(join(ROOT, 'src'));
  return g;
}

/** Strongly connected components (Tarjan); files in a component of size > 1 sit on a cycle. */
function cycles(g) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const inCycle = new Map();
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of g.get(v) ?? []) {
      if (!g.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) for (const c of comp) inCycle.set(c, comp);
    }
  };
  for (const v of g.keys()) if (!idx.has(v)) visit(v);
  return inCycle;
}

const noCycle = {
  meta: { type: 'problem', docs: { description: 'no import cycles among src/ modules' }, schema: [] },
  create(context) {
    const me = rel(context.filename);
    if (!me.startsWith('src/')) return {};
    graph ??= cycles(buildGraph());
    const comp = graph.get(me);
    if (!comp) return {};
    return {
      Program(node) {
        context.report({ node, message: `import cycle: ${comp.join(' → ')}` });
      },
    };
  },
};

export default { rules: { layers, barrels, 'no-cycle': noCycle } };
