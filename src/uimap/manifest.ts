/**
 * Manifest pass: activities, aliases, launcher and intent filters of one module's AndroidManifest.xml, and the
 * namespace / applicationId from its Gradle file (AGP 7+ takes the namespace from Gradle, not the manifest).
 */
import { parseXml, type XNode } from './xml.js';

export interface ManifestActivity {
  /** Fully qualified. */
  name: string;
  label?: string;
  launcher: boolean;
  actions: string[];
  /** Its intent filters, for implicit intents (action, categories, data schemes and MIME types). */
  filters: IntentFilter[];
}

export interface IntentFilter {
  actions: string[];
  categories: string[];
  schemes: string[];
  mimeTypes: string[];
}

/** A `<service>` and the actions its filters declare (the system binds some by action: in-call, …). */
export interface ManifestService {
  name: string;
  actions: string[];
}

export interface ManifestAlias {
  name: string;
  target: string;
  launcher: boolean;
}

export interface ParsedManifest {
  package?: string;
  activities: ManifestActivity[];
  aliases: ManifestAlias[];
  services: ManifestService[];
}

/**
 * `.ui.Main` → `pkg.ui.Main`; `Main` → `pkg.Main`; dotted names stay. Without a package a relative name keeps
 * its leading dot, so resolution can match it against the classes in the source.
 */
export function qualifyClassName(name: string, pkg: string | undefined): string {
  if (name.startsWith('.')) return pkg === undefined ? name : `${pkg}${name}`;
  if (!name.includes('.') && pkg !== undefined) return `${pkg}.${name}`;
  return name;
}

const LAUNCHER_CATEGORIES = new Set(['android.intent.category.LAUNCHER', 'android.intent.category.LEANBACK_LAUNCHER']);

function filterOf(f: XNode): IntentFilter {
  const out: IntentFilter = { actions: [], categories: [], schemes: [], mimeTypes: [] };
  for (const c of f.children) {
    const n = c.attrs['android:name'];
    if (c.tag === 'action' && n !== undefined) out.actions.push(n);
    else if (c.tag === 'category' && n !== undefined) out.categories.push(n);
    else if (c.tag === 'data') {
      const scheme = c.attrs['android:scheme'];
      const mime = c.attrs['android:mimeType'];
      if (scheme !== undefined) out.schemes.push(scheme);
      if (mime !== undefined) out.mimeTypes.push(mime);
    }
  }
  return out;
}

function filtersOf(children: readonly XNode[]): { actions: string[]; launcher: boolean; filters: IntentFilter[] } {
  const filters = children.filter((c) => c.tag === 'intent-filter').map(filterOf);
  const launcher = filters.some(
    (f) => f.actions.includes('android.intent.action.MAIN') && f.categories.some((c) => LAUNCHER_CATEGORIES.has(c)),
  );
  return { actions: filters.flatMap((f) => f.actions), launcher, filters };
}

/**
 * Parses one manifest. `namespace` (from Gradle) qualifies relative names when the manifest has no
 * `package` attribute. Returns undefined when the XML is not well-formed.
 */
export function parseManifest(text: string, namespace?: string): ParsedManifest | undefined {
  const root = parseXml(text);
  return root === undefined ? undefined : parseManifestNode(root, namespace);
}

/** Parses a manifest already read into a tree (a binary manifest from an APK); undefined when it is none. */
export function parseManifestNode(root: XNode, namespace?: string): ParsedManifest | undefined {
  if (root.tag !== 'manifest') return undefined;
  const pkg = root.attrs.package ?? namespace;
  const out: ParsedManifest = { activities: [], aliases: [], services: [] };
  if (pkg !== undefined) out.package = pkg;
  const app = root.children.find((c) => c.tag === 'application');
  if (app === undefined) return out;
  for (const node of app.children) {
    const raw = node.attrs['android:name'];
    if (raw === undefined) continue;
    const name = qualifyClassName(raw, pkg);
    const { actions, launcher, filters } = filtersOf(node.children);
    if (node.tag === 'service') out.services.push({ name, actions });
    if (node.tag === 'activity') {
      const a: ManifestActivity = { name, launcher, actions, filters };
      const label = node.attrs['android:label'];
      if (label !== undefined) a.label = label;
      out.activities.push(a);
    } else if (node.tag === 'activity-alias') {
      const target = node.attrs['android:targetActivity'];
      if (target !== undefined) out.aliases.push({ name, target: qualifyClassName(target, pkg), launcher });
    }
  }
  return out;
}

/** `[versions]` entries of a Gradle version catalog (`gradle/libs.versions.toml`): key → value. */
export function parseVersionCatalog(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    const header = /^\[(.+)\]$/.exec(line);
    if (header !== null) {
      section = header[1]!.trim();
      continue;
    }
    const kv = /^([\w.-]+)\s*=\s*"([^"]*)"$/.exec(line);
    if (section === 'versions' && kv !== null) out.set(kv[1]!, kv[2]!);
  }
  return out;
}

/**
 * `namespace 'x'`, `namespace = "x"`, `applicationId "x"` from build.gradle(.kts); values taken from a version
 * catalog (`namespace = libs.versions.app.build.id.get()`) are looked up in `catalog`.
 */
export function parseGradle(
  text: string,
  catalog: ReadonlyMap<string, string> = new Map(),
): { namespace?: string; applicationId?: string } {
  const out: { namespace?: string; applicationId?: string } = {};
  const value = (key: string): string | undefined => {
    const literal = new RegExp(`\\b${key}\\s*=?\\s*["']([\\w.]+)["']`).exec(text);
    if (literal !== null) return literal[1]!;
    const withGet = new RegExp(`\\b${key}\\s*=?\\s*libs\\.versions\\.([\\w.]+?)\\.get\\(\\)`).exec(text);
    const bare = new RegExp(`\\b${key}\\s*=?\\s*libs\\.versions\\.([\\w.]+)`).exec(text);
    const path = withGet?.[1] ?? bare?.[1];
    if (path === undefined) return undefined;
    // Gradle maps catalog keys with '-', '_' or '.' separators to the same accessor path.
    for (const [k, v] of catalog) if (k.replace(/[-_]/g, '.') === path) return v;
    return undefined;
  };
  const ns = value('namespace');
  if (ns !== undefined) out.namespace = ns;
  const app = value('applicationId');
  if (app !== undefined) out.applicationId = app;
  return out;
}
