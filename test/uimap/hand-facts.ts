// Code facts written by hand, as the code pass would produce them, and a resolver context over them: the
// resolver's steps and summaries tested alone, with no parser involved.
import type { FileFacts, FunctionFacts, Use } from '../../src/uimap/code/index.js';
import type { ParsedManifest } from '../../src/uimap/manifest.js';
import { newContext } from '../../src/uimap/resolve/index.js';
import type { ResolveContext } from '../../src/uimap/resolve/index.js';
import { buildResourceIndex } from '../../src/uimap/resources.js';
import { WarningLog } from '../../src/uimap/warnings.js';

export const P = 'org.x';

export const fn = (name: string, owner: string | undefined, uses: Use[], more: Partial<FunctionFacts> = {}): FunctionFacts =>
  owner === undefined ? { name, uses, ...more } : { name, owner, uses, ...more };

/**
 * A source file of package `pkg` declaring `classes` ([name relative to the package, supertypes as written]; a
 * dotted name is nested in the class before its last dot). Imports: spread the result, `{ ...file(…), imports }`.
 */
export function file(path: string, pkg: string, classes: [string, string[]][], functions: FunctionFacts[] = []): FileFacts {
  const q = (n: string): string => (pkg === '' ? n : `${pkg}.${n}`);
  return {
    path,
    lang: 'kotlin',
    package: pkg,
    imports: {},
    wildcardImports: [],
    classes: classes.map(([name, supers]) => {
      const dot = name.lastIndexOf('.');
      const facts = { name: q(name), simple: name.slice(dot + 1), supers, viewVars: {} };
      return dot < 0 ? facts : { ...facts, outer: q(name.slice(0, dot)) };
    }),
    functions,
    skipped: 0,
  };
}

export const noManifest = (): ParsedManifest => ({ activities: [], aliases: [], services: [] });

export function context(code: FileFacts[], manifest: ParsedManifest = noManifest(), res: Record<string, string> = {}): ResolveContext {
  const warnings = new WarningLog();
  const resources = buildResourceIndex(
    Object.entries(res).map(([path, text]) => ({ module: 'app', path, text })),
    warnings,
  );
  return newContext({ modules: [{ name: 'app', role: 'app', manifests: [manifest], code }], resources }, warnings);
}

/** A manifest activity of package P. */
export const activity = (name: string, launcher = false) => ({ name: `${P}.${name}`, launcher, actions: [] as string[], filters: [] });
