/**
 * The package's public declaration surface, read from the built `.d.ts`: for every entry in package.json
 * `exports`, each exported name with its declaration (comments and private members dropped), then the
 * package's own declarations those refer to that the entry does not export itself — a change to any of them
 * changes what a consumer compiles against. test/package/api.test.ts compares a fresh build with the
 * checked-in copy in test/golden/api/; after an intended change, `npm run api` rebuilds and rewrites it.
 *
 *   node --import tsx scripts/api.ts [PACKAGE_DIR]   (default: this repository, built with `npm run build`)
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const API_GOLDEN_DIR = fileURLToPath(new URL('../test/golden/api/', import.meta.url));

interface Found {
  file: string;
  statements: ts.Statement[];
}

const printer = ts.createPrinter({ removeComments: true });
const sources = new Map<string, ts.SourceFile>();

function source(file: string): ts.SourceFile {
  let sf = sources.get(file);
  if (!sf) sources.set(file, (sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true)));
  return sf;
}

/** `./x.js` seen from FILE → the `.d.ts` beside it; undefined for packages (zod, node:…), which are not ours. */
function resolveSpec(file: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(file), spec).replace(/\.js$/, '');
  return [`${base}.d.ts`, join(base, 'index.d.ts')].find((p) => existsSync(p));
}

function declaredName(s: ts.Statement): string[] {
  if (ts.isVariableStatement(s)) return s.declarationList.declarations.map((d) => d.name.getText());
  const named = s as ts.Statement & { name?: ts.Identifier };
  return named.name && ts.isIdentifier(named.name) ? [named.name.text] : [];
}

/** The top-level declaration(s) of `name` in `file`, following imports and re-exports to where it is written. */
function find(file: string, name: string, depth = 0): Found | undefined {
  const sf = source(file);
  const own = sf.statements.filter((s) => !ts.isImportDeclaration(s) && !ts.isExportDeclaration(s) && declaredName(s).includes(name));
  if (own.length > 0) return { file, statements: own };
  if (depth > 20) return undefined;
  for (const s of sf.statements) {
    if (ts.isImportDeclaration(s) && s.importClause?.namedBindings && ts.isNamedImports(s.importClause.namedBindings)) {
      const el = s.importClause.namedBindings.elements.find((e) => e.name.text === name);
      const to = el && resolveSpec(file, (s.moduleSpecifier as ts.StringLiteral).text);
      if (el && to) return find(to, (el.propertyName ?? el.name).text, depth + 1);
    }
    if (ts.isExportDeclaration(s) && s.moduleSpecifier && s.exportClause && ts.isNamedExports(s.exportClause)) {
      const el = s.exportClause.elements.find((e) => e.name.text === name);
      const to = el && resolveSpec(file, (s.moduleSpecifier as ts.StringLiteral).text);
      if (el && to) return find(to, (el.propertyName ?? el.name).text, depth + 1);
    }
  }
  return undefined;
}

/** Names a declaration refers to (type references, heritage, typeof, import("…").X), resolved to our files. */
function references(found: Found): Array<{ file: string; name: string }> {
  const out: Array<{ file: string; name: string }> = [];
  const leftmost = (n: ts.EntityName | ts.Expression): string | undefined =>
    ts.isIdentifier(n)
      ? n.text
      : ts.isQualifiedName(n)
        ? leftmost(n.left)
        : ts.isPropertyAccessExpression(n)
          ? leftmost(n.expression)
          : undefined;
  const visit = (n: ts.Node): void => {
    let name: string | undefined;
    if (ts.isTypeReferenceNode(n)) name = leftmost(n.typeName);
    else if (ts.isExpressionWithTypeArguments(n)) name = leftmost(n.expression);
    else if (ts.isTypeQueryNode(n)) name = leftmost(n.exprName);
    if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument) && ts.isStringLiteral(n.argument.literal) && n.qualifier) {
      const to = resolveSpec(found.file, n.argument.literal.text);
      const q = leftmost(n.qualifier);
      if (to && q) out.push({ file: to, name: q });
    } else if (name !== undefined) out.push({ file: found.file, name });
    ts.forEachChild(n, visit);
  };
  for (const s of found.statements) visit(s);
  return out;
}

function print(found: Found): string {
  const sf = source(found.file);
  return found.statements
    .map((s) => printer.printNode(ts.EmitHint.Unspecified, s, sf))
    .join('\n')
    .split('\n')
    .filter((l) => !/^\s*private\b/.test(l))
    .join('\n');
}

/** One entry's surface: its exports in order, then what they refer to (sorted). */
export function entrySurface(pkgDir: string, entryDts: string): { text: string; names: string[] } {
  const entry = join(pkgDir, entryDts);
  const sf = source(entry);
  const names: string[] = [];
  const parts: string[] = [];
  const shown = new Set<string>();
  const queue: Found[] = [];
  for (const s of sf.statements) {
    if (!ts.isExportDeclaration(s) || !s.exportClause || !ts.isNamedExports(s.exportClause)) continue;
    for (const el of s.exportClause.elements) {
      const local = (el.propertyName ?? el.name).text;
      const to = s.moduleSpecifier ? resolveSpec(entry, (s.moduleSpecifier as ts.StringLiteral).text) : entry;
      const found = to && find(to, local);
      if (!found) throw new Error(`${entryDts}: cannot find the declaration of ${el.name.text}`);
      names.push(el.name.text);
      shown.add(`${found.file}#${local}`);
      parts.push(`${el.name.text === local ? '' : `// exported as ${el.name.text}\n`}${print(found)}`);
      queue.push(found);
    }
  }
  const referenced = new Map<string, string>();
  for (let i = 0; i < queue.length; i++) {
    for (const r of references(queue[i]!)) {
      const found = find(r.file, r.name);
      if (!found) continue;
      const key = `${found.file}#${r.name}`;
      if (shown.has(key)) continue;
      shown.add(key);
      referenced.set(`${relative(pkgDir, found.file)} ${r.name}`, print(found));
      queue.push(found);
    }
  }
  const refs = [...referenced.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `// ${k.split(' ')[0]}\n${v}`);
  const text = [...parts, ...(refs.length > 0 ? ['// ---- referenced, not exported from this entry ----', ...refs] : [])].join('\n\n');
  return { text: `${text}\n`, names };
}

/** Every entry of package.json `exports` (the subpath without `./`, `.` for the root) → its `.d.ts`. */
export function packageEntries(pkgDir: string): Array<{ subpath: string; dts: string }> {
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { exports: Record<string, string | { types?: string }> };
  return Object.entries(pkg.exports)
    .filter(([, v]) => typeof v === 'object' && v.types !== undefined)
    .map(([k, v]) => ({ subpath: k === '.' ? '.' : k.slice(2), dts: (v as { types: string }).types }));
}

/** File name in test/golden/api/ for a subpath. */
export const goldenName = (subpath: string): string => `${subpath === '.' ? 'root' : subpath}.api.txt`;

export function apiSurface(pkgDir: string): Map<string, { text: string; names: string[] }> {
  sources.clear();
  return new Map(packageEntries(pkgDir).map((e) => [e.subpath, entrySurface(pkgDir, e.dts)]));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const pkgDir = resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)));
  const surface = apiSurface(pkgDir);
  rmSync(API_GOLDEN_DIR, { recursive: true, force: true });
  mkdirSync(API_GOLDEN_DIR, { recursive: true });
  let total = 0;
  for (const [subpath, s] of surface) {
    writeFileSync(join(API_GOLDEN_DIR, goldenName(subpath)), s.text);
    total += s.names.length;
    console.log(`${subpath.padEnd(10)} ${String(s.names.length).padStart(4)} names`);
  }
  console.log(
    `${'total'.padEnd(10)} ${String(total).padStart(4)} names in ${readdirSync(API_GOLDEN_DIR).length} entries → ${relative(process.cwd(), API_GOLDEN_DIR)}`,
  );
}
