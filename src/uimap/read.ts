/**
 * The only file I/O of uimap/: finds the Gradle modules of a source tree (settings.gradle includes, else
 * directories holding an AndroidManifest.xml) plus `--lib` directories, and reads their manifests, resources,
 * code and build files into a ProjectSource. Everything after this works on contents, not paths.
 */
import { constants, type Dirent } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { GlanceError } from '../errors.js';
import type { ModuleSource, ProgressCallback, ProjectSource, SourceFile } from './model.js';

/** Folders never searched or read; hidden ones (.git, .gradle, .idea, .cxx) are skipped for their leading dot. */
const SKIP_DIRS = new Set([
  'build',
  'node_modules',
  'test',
  'androidTest',
  'testDebug',
  'testRelease',
  'sharedTest',
  'intermediates',
  'generated',
]);
const RESOURCE_TYPES = /^(layout|menu|navigation|xml|values)(-[^/]+)?$/;

async function isDir(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
}

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}

/**
 * Largest source file read: hand-written code and resource files stay far below it (the largest in seven real apps
 * with their library is 160 KB), while one generated or hostile 20 MB file kept the parser busy for 28 s and 3.8 GB.
 */
export const MAX_SOURCE_BYTES = 2 * 1024 * 1024;

/** Reads the files of one project: regular files only, at most MAX_SOURCE_BYTES each, and only where `allow` says. */
class SourceReader {
  /** Files left unread for their size. */
  readonly oversized: string[] = [];

  constructor(private readonly allow: ((path: string) => Promise<boolean>) | undefined) {}

  async allowed(p: string): Promise<boolean> {
    return this.allow === undefined || (await this.allow(p));
  }

  /** The file's text; undefined when it is missing, not a regular file, not allowed or too large (`label` noted). */
  async text(p: string, label = p): Promise<string | undefined> {
    try {
      if (!(await this.allowed(p))) return undefined;
      // Non-blocking: opening a FIFO named like a build file would otherwise wait forever for a writer. On a
      // regular file the flag changes nothing; anything else is turned away by the stat below.
      const handle = await open(p, constants.O_RDONLY | constants.O_NONBLOCK);
      try {
        const st = await handle.stat();
        if (!st.isFile()) return undefined;
        // Room for one byte more than stat says: a file that grows between stat and read is caught too.
        const buf = Buffer.alloc(Math.min(st.size, MAX_SOURCE_BYTES) + 1);
        let got = 0;
        while (st.size <= MAX_SOURCE_BYTES && got < buf.length) {
          const { bytesRead } = await handle.read(buf, got, buf.length - got);
          if (bytesRead === 0) break;
          got += bytesRead;
        }
        if (st.size > MAX_SOURCE_BYTES || got > MAX_SOURCE_BYTES) {
          this.oversized.push(label);
          return undefined;
        }
        return buf.toString('utf8', 0, got);
      } finally {
        await handle.close();
      }
    } catch {
      return undefined;
    }
  }
}

/** Gradle `include ':app', ':lib:core'` and `project(':x').projectDir = file('../x')` → module dirs. */
export function parseSettingsGradle(text: string, rootDir: string): { name: string; dir: string }[] {
  const out = new Map<string, string>();
  const stripped = text.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
  // An include's list goes on over lines that end with a comma, and over lines that start with one.
  for (const m of stripped.matchAll(/\binclude\b((?:[^\n]*,[ \t]*\n)*[^\n]*(?:\n\s*,[^\n]*)*)/g)) {
    for (const q of m[1]!.matchAll(/["']([:\w.-]+)["']/g)) {
      const name = q[1]!;
      const gradlePath = name.startsWith(':') ? name : `:${name}`;
      out.set(gradlePath, path.join(rootDir, ...gradlePath.split(':').filter((s) => s !== '')));
    }
  }
  const dirRe =
    /project\(\s*["']([:\w.-]+)["']\s*\)\.projectDir\s*=\s*(?:new\s+)?[Ff]ile\(\s*(?:(?:settingsDir|rootDir|rootProject\.projectDir)\s*,\s*)?["']([^"']+)["']\s*\)/g;
  for (const m of stripped.matchAll(dirRe)) {
    const name = m[1]!;
    out.set(name.startsWith(':') ? name : `:${name}`, path.resolve(rootDir, m[2]!));
  }
  return [...out].map(([name, dir]) => ({ name, dir }));
}

async function findManifestModules(dir: string, depth: number): Promise<string[]> {
  if (depth < 0) return [];
  if (await isDir(path.join(dir, 'src', 'main'))) return [dir];
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  // The listing answers both questions: a manifest here (file or link to one), else the folders to search.
  if (entries.some((e) => e.name === 'AndroidManifest.xml' && !e.isDirectory())) return [dir];
  const subdirs = entries.filter((e) => e.isDirectory() && !SKIP_DIRS.has(e.name) && !e.name.startsWith('.')).map((e) => e.name);
  const found: string[] = [];
  for (const e of subdirs.sort()) found.push(...(await findManifestModules(path.join(dir, e), depth - 1)));
  return found;
}

async function modulesOf(rootDir: string, reader: SourceReader): Promise<{ name: string; dir: string }[]> {
  for (const f of ['settings.gradle', 'settings.gradle.kts']) {
    const text = await reader.text(path.join(rootDir, f));
    if (text === undefined) continue;
    const mods = parseSettingsGradle(text, rootDir);
    const existing: { name: string; dir: string }[] = [];
    for (const m of mods) if (await isDir(m.dir)) existing.push(m);
    if (existing.length > 0) return existing;
  }
  const dirs = await findManifestModules(rootDir, 3);
  return dirs.map((dir) => ({
    name: path.relative(rootDir, dir) === '' ? path.basename(dir) : `:${path.relative(rootDir, dir).split(path.sep).join(':')}`,
    dir,
  }));
}

async function walkFiles(dir: string, rel: string, out: string[]): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.isDirectory()) {
      if (SKIP_DIRS.has(e.name) || e.name.startsWith('.')) continue;
      await walkFiles(path.join(dir, e.name), rel === '' ? e.name : `${rel}/${e.name}`, out);
    } else if (e.isFile() && /\.(xml|java|kt|gradle|kts)$/.test(e.name)) {
      out.push(rel === '' ? e.name : `${rel}/${e.name}`);
    }
  }
}

async function readModule(name: string, dir: string, defaultRole: ModuleSource['role'], reader: SourceReader): Promise<ModuleSource> {
  const files: string[] = [];
  await walkFiles(dir, '', files);
  files.sort();
  const module: ModuleSource = { name, role: defaultRole, manifests: [], resources: [], code: [] };
  const load = async (rel: string): Promise<SourceFile | undefined> => {
    const text = await reader.text(path.join(dir, rel), `${name}/${rel}`);
    return text === undefined ? undefined : { path: rel, text };
  };
  for (const rel of files) {
    const parts = rel.split('/');
    const base = parts.at(-1)!;
    if (base === 'build.gradle' || base === 'build.gradle.kts') {
      if (parts.length === 1) module.gradle = (await load(rel))?.text ?? '';
      continue;
    }
    if (base === 'AndroidManifest.xml') {
      const f = await load(rel);
      if (f !== undefined) module.manifests.push(f);
      continue;
    }
    const resAt = parts.lastIndexOf('res');
    if (resAt >= 0 && parts.length === resAt + 3 && RESOURCE_TYPES.test(parts[resAt + 1]!) && base.endsWith('.xml')) {
      const f = await load(rel);
      if (f !== undefined) module.resources.push({ path: parts.slice(resAt + 1).join('/'), text: f.text });
      continue;
    }
    if (base.endsWith('.java') || base.endsWith('.kt')) {
      const f = await load(rel);
      if (f !== undefined) module.code.push(f);
    }
  }
  if (module.gradle !== undefined) {
    if (/com\.android\.application|android\.application\)/.test(module.gradle)) module.role = 'app';
    else if (/com\.android\.library|android\.library\)/.test(module.gradle)) module.role = 'library';
  }
  // main manifest first: it is the one the merger starts from
  module.manifests.sort((a, b) => Number(!a.path.includes('/main/')) - Number(!b.path.includes('/main/')));
  return module;
}

export interface ReadOptions {
  /** Extra library source trees (a module directory or a project with settings.gradle). */
  libs?: readonly string[];
  onProgress?: ProgressCallback;
  /** Whether a path may be read (a server confining its tools to some folders); default: every path. */
  allow?: (path: string) => Promise<boolean>;
}

/** Reads an Android project tree. Throws MAP_SOURCE_INVALID when `root` is not a readable directory. */
export async function readAndroidProject(root: string, options: ReadOptions = {}): Promise<ProjectSource> {
  const dirs = [root, ...(options.libs ?? [])];
  for (const d of dirs) {
    if (!(await exists(d))) {
      throw new GlanceError('FILE_NOT_FOUND', `no such directory: ${d}`, {
        hint: 'check the path (relative paths start at the current directory)',
        context: { path: d },
      });
    }
    if (!(await isDir(d))) {
      throw new GlanceError('MAP_SOURCE_INVALID', `not a directory: ${d}`, {
        hint: 'pass the root of an Android project (the folder with settings.gradle or a module with src/main)',
        context: { path: d },
      });
    }
  }
  const reader = new SourceReader(options.allow);
  const found: { name: string; dir: string; lib: boolean; root: string }[] = [];
  const seen = new Set<string>();
  for (const [i, d] of dirs.entries()) {
    for (const m of await modulesOf(path.resolve(d), reader)) {
      const key = path.resolve(m.dir);
      if (seen.has(key) || !(await reader.allowed(key))) continue;
      seen.add(key);
      found.push({ ...m, lib: i > 0, root: d });
    }
  }
  const modules: ModuleSource[] = [];
  for (const [i, m] of found.entries()) {
    options.onProgress?.({ phase: 'read', done: i, total: found.length });
    const mod = await readModule(m.name, m.dir, m.lib ? 'library' : 'app', reader);
    // A library checkout often carries a sample app module; its screens are not the app's.
    const libTree = found.filter((f) => f.lib && f.root === m.root);
    if (m.lib && mod.role === 'app' && libTree.length > 1) continue;
    if (m.lib) mod.role = 'library';
    modules.push(mod);
  }
  options.onProgress?.({ phase: 'read', done: found.length, total: found.length });
  // every() also holds when no module was found at all.
  if (modules.every((m) => m.manifests.length === 0)) {
    throw new GlanceError('MAP_SOURCE_INVALID', `no Android module with an AndroidManifest.xml under ${root}`, {
      hint: 'point at the project root; modules are found through settings.gradle or src/main/AndroidManifest.xml',
      context: { path: root },
    });
  }
  // App modules first: their resources override libraries' in the merge.
  modules.sort((a, b) => Number(a.role === 'library') - Number(b.role === 'library'));
  const catalog = await reader.text(path.join(root, 'gradle', 'libs.versions.toml'));
  return {
    modules,
    ...(catalog === undefined ? {} : { versionCatalog: catalog }),
    ...(reader.oversized.length === 0 ? {} : { oversized: reader.oversized }),
  };
}
