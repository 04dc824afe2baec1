/** Manifest step: declared activities, aliases, launchers and app-defined actions merged over all modules. */
import type { FileFacts } from '../code/index.js';
import type { ResolveContext } from './context.js';
import { pushTo } from './context.js';

/**
 * A manifest without package and a Gradle file whose namespace could not be read leave relative names
 * (`.activities.Main`): match them against the source's classes by suffix. The package the first unique match
 * implies (over every manifest, in order) names the ones that match nothing, wherever they are listed.
 */
function relativeNameFixer(ctx: ResolveContext): { fix: (name: string) => string; derived: string | undefined } {
  const classes = [...ctx.code.classes.keys()];
  // each name's suffix match, found once: the package search below and fix() ask for the same names
  const matches = new Map<string, string | undefined>();
  const unique = (name: string): string | undefined => {
    if (!matches.has(name)) {
      const hits = classes.filter((c) => c.endsWith(name));
      matches.set(name, hits.length === 1 ? hits[0] : undefined);
    }
    return matches.get(name);
  };
  const written = ctx.input.modules.flatMap((mod) =>
    mod.manifests.flatMap((man) => [
      ...man.activities.map((a) => a.name),
      ...man.services.map((s) => s.name),
      ...man.aliases.flatMap((a) => [a.name, a.target]),
    ]),
  );
  let derived: string | undefined;
  for (const name of written) {
    const hit = name.startsWith('.') ? unique(name) : undefined;
    if (hit !== undefined) {
      derived = hit.slice(0, -name.length);
      break;
    }
  }
  const fix = (name: string): string => {
    if (!name.startsWith('.')) return name;
    return unique(name) ?? (derived === undefined ? name.slice(1) : `${derived}${name}`);
  };
  return { fix, derived };
}

/** Step: fills ctx.manifest; warns about declared app activities without source. */
export function readManifests(ctx: ResolveContext): void {
  const { activities, aliases, launcherTargets, byAction } = ctx.manifest;
  const names = relativeNameFixer(ctx);
  for (const mod of ctx.input.modules) {
    for (const man of mod.manifests) {
      for (const a0 of man.activities) {
        const a = { ...a0, name: names.fix(a0.name) };
        const prev = activities.get(a.name);
        if (prev === undefined) activities.set(a.name, { ...a, module: mod.name });
        else {
          prev.launcher ||= a.launcher;
          if (a.label !== undefined) prev.label ??= a.label;
          prev.actions.push(...a.actions);
          prev.filters.push(...a.filters);
        }
        for (const act of a.actions) if (!act.startsWith('android.intent.action.')) byAction.set(act, a.name);
      }
      for (const sv of man.services) ctx.manifest.services.set(names.fix(sv.name), sv.actions);
      for (const al0 of man.aliases) {
        const al = { ...al0, name: names.fix(al0.name), target: names.fix(al0.target) };
        pushTo(aliases, al.target, al.name);
        if (al.launcher) launcherTargets.add(al.target);
      }
    }
  }
  if (ctx.appPackage === '' && names.derived !== undefined) ctx.appPackage = names.derived;
  const appPrefix = ctx.appPackage.split('.').slice(0, 2).join('.');
  for (const [name, a] of activities) {
    if (!ctx.code.classes.has(name) && name.startsWith(appPrefix)) ctx.warnings.add('CLASS_NOT_FOUND', name);
    if (a.launcher) launcherTargets.add(name);
  }
}

/** `Foo` imported as `a.b.Foo`, or a name written fully qualified: the qualified name. */
export function importedName(written: string, file: FileFacts): string | undefined {
  const [head, ...rest] = written.split('.');
  if (head === undefined) return undefined;
  const imported = file.imports[head];
  if (imported !== undefined) return [imported, ...rest].join('.');
  // A lowercase head is a package (`com.lib.X`) or, alone, a variable (`caller::class.java`): no class to import.
  if (/^[a-z]/.test(head)) return rest.length > 0 ? written : undefined;
  // `import lib.activities.*`: the one wildcard package that holds activities
  const wild = file.wildcardImports.filter((w) => file.wildcardImports.length === 1 || /activit/i.test(w));
  return wild.length === 1 ? `${wild[0]}.${written}` : undefined;
}

/** A class name that has no source (an activity from a binary dependency) but is declared in a manifest. */
export function declaredActivity(ctx: ResolveContext, written: string, file: FileFacts): string | undefined {
  const [head, ...rest] = written.split('.');
  const imported = head === undefined ? undefined : file.imports[head];
  const candidates = [
    written,
    ...(imported === undefined ? [] : [[imported, ...rest].join('.')]),
    ...(file.package === '' ? [] : [`${file.package}.${written}`]),
    ...file.wildcardImports.map((w) => `${w}.${written}`),
  ];
  return candidates.find((c) => ctx.manifest.activities.has(c));
}
