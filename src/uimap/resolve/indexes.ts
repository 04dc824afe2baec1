/** First step: every class and function of every module by name, and type/supertype lookups over them. */
import type { FileFacts } from '../code/index.js';
import type { FnInfo, ResolveContext } from './context.js';
import { pushTo } from './context.js';

/** Step: fills ctx.code from the modules' file facts (first declaration of a class name wins). */
export function indexCode(ctx: ResolveContext): void {
  const { classes, bySimple, fnInfo, freeFunctions, methodsByName } = ctx.code;
  let nextFn = 0;
  for (const mod of ctx.input.modules) {
    for (const file of mod.code) {
      for (const c of file.classes) {
        if (classes.has(c.name)) continue;
        classes.set(c.name, { facts: c, file, functions: [] });
        pushTo(bySimple, c.simple, c.name);
      }
      for (const fn of file.functions) {
        const info: FnInfo = { fn, file, id: nextFn++ };
        fnInfo.set(fn, info);
        if (fn.owner === undefined) {
          if (fn.name !== '<file>') pushTo(freeFunctions, fn.name, info);
        } else {
          classes.get(fn.owner)?.functions.push(fn);
          pushTo(methodsByName, fn.name, info);
        }
      }
    }
  }
}

/** A type name as written in `file` → the project class it names, if any (imports, nesting, package, wildcards). */
export function resolveType(ctx: ResolveContext, written: string, file: FileFacts): string | undefined {
  const { classes, bySimple, typeCache } = ctx.code;
  const key = `${file.path}|${written}`;
  if (typeCache.has(key)) return typeCache.get(key);
  const name = written.replace(/<.*$/, '').replace(/\?$/, '');
  let found: string | undefined;
  const [head, ...rest] = name.split('.');
  const candidates: string[] = [];
  if (head !== undefined) {
    const imported = file.imports[head];
    if (imported !== undefined) candidates.push([imported, ...rest].join('.'));
  }
  // Scoping order: a class nested in the file's classes, then the file's package, then the name as written (fully
  // qualified, or in no package), then on-demand imports.
  for (const c of file.classes) candidates.push(`${c.name}.${name}`);
  if (file.package !== '') candidates.push(`${file.package}.${name}`);
  candidates.push(name);
  for (const w of file.wildcardImports) candidates.push(`${w}.${name}`);
  found = candidates.find((c) => classes.has(c));
  if (found === undefined && !name.includes('.')) {
    const simple = bySimple.get(name);
    if (simple !== undefined && simple.length === 1) found = simple[0];
  }
  typeCache.set(key, found);
  return found;
}

/** Class and its project supertypes, most-derived first; plus the external supertype names. */
export function chainOf(ctx: ResolveContext, name: string): { chain: string[]; external: string[] } {
  const cached = ctx.code.chainCache.get(name);
  if (cached !== undefined) return cached;
  const chain: string[] = [];
  const external: string[] = [];
  const queue = [name];
  while (queue.length > 0) {
    const n = queue.shift() as string;
    if (chain.includes(n)) continue;
    const info = ctx.code.classes.get(n);
    if (info === undefined) continue;
    chain.push(n);
    for (const s of info.facts.supers) {
      const r = resolveType(ctx, s, info.file);
      if (r !== undefined) queue.push(r);
      else external.push(s.split('.').at(-1) ?? s);
    }
  }
  const result = { chain, external };
  ctx.code.chainCache.set(name, result);
  return result;
}
