/**
 * Where the MCP server's tools may read and write. A model drives the tools, and anything it reads (a page, a
 * screen, a file) can steer it, so a path argument is confined to the server's roots: `--root DIR` (default: the
 * working directory), narrowed to the client's MCP roots when the client offers them. Paths are checked on their
 * real location (symlinks resolved, `..` folded) and the checked real path is the one used, so a link inside a
 * root cannot lead out of it.
 */
import { lstat, readlink, realpath } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GlanceError } from '../errors.js';

export type PathUse = 'read' | 'write';

/** `inner` is `outer` or lies under it (both real, absolute paths). */
export function isWithin(inner: string, outer: string): boolean {
  const rel = path.relative(outer, inner);
  // `..` as the first segment only: a file named `..notes` inside the root is inside.
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/**
 * The real path `p` names, also when it does not exist yet (a file about to be written): the deepest existing
 * ancestor is resolved and the rest appended. A dangling symlink on the way is resolved through its target, since
 * writing through it would create the target.
 */
export async function realPathOf(p: string, hops = 0): Promise<string> {
  const abs = path.resolve(p);
  try {
    return await realpath(abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw e;
  }
  const parent = path.dirname(abs);
  if (parent === abs) return abs;
  const link = await lstat(abs).then(
    (s) => s.isSymbolicLink(),
    () => false,
  );
  if (link && hops < 40) {
    return realPathOf(path.resolve(parent, await readlink(abs)), hops + 1);
  }
  return path.join(await realPathOf(parent, hops), path.basename(abs));
}

/** A `file://` root URI → its real path; other schemes name no local folder. */
async function rootPath(uri: string): Promise<string | undefined> {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return await realPathOf(fileURLToPath(uri));
  } catch {
    return undefined;
  }
}

export class PathGuard {
  private client: readonly string[] | undefined;

  private constructor(
    private readonly server: readonly string[],
    private readonly explicit: boolean,
  ) {}

  /** `roots`: the `--root` folders (none: the working directory). */
  static async create(roots: readonly string[], cwd: string = process.cwd()): Promise<PathGuard> {
    const given = roots.length > 0;
    const real = await Promise.all((given ? roots : [cwd]).map((r) => realPathOf(path.resolve(cwd, r))));
    return new PathGuard(real, given);
  }

  /**
   * The client's roots (`file://` URIs). Without `--root` they replace the working directory; with it the two
   * lists intersect: a client root inside a server root stays, a server root inside a client root stays.
   */
  async setClientRoots(uris: readonly string[]): Promise<void> {
    const real = (await Promise.all(uris.map(rootPath))).filter((r): r is string => r !== undefined);
    if (!this.explicit) {
      this.client = real;
      return;
    }
    const both = new Set<string>();
    for (const c of real) {
      for (const s of this.server) {
        if (isWithin(c, s)) both.add(c);
        else if (isWithin(s, c)) both.add(s);
      }
    }
    this.client = [...both];
  }

  /** The folders paths may lie in now. */
  roots(): readonly string[] {
    return this.client ?? this.server;
  }

  /** The real path to use for `p` (relative paths start at the first root), or PATH_NOT_ALLOWED. */
  async allow(p: string, use: PathUse): Promise<string> {
    const roots = this.roots();
    const real = await realPathOf(path.resolve(roots[0] ?? process.cwd(), p)).catch((e: unknown) => {
      // A loop of links has no real location to hold against the roots.
      if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw refusal(p, use, roots, 'it leads into a loop of symbolic links');
      throw e;
    });
    if (roots.some((r) => isWithin(real, r))) return real;
    throw refusal(p, use, roots, "it lies outside the server's roots");
  }
}

function refusal(p: string, use: PathUse, roots: readonly string[], why: string): GlanceError {
  const where = roots.length === 0 ? 'no folder (the client offered no file roots)' : roots.join(', ');
  // The model cannot move the file nor widen the roots itself: only the user can, so the hint says whom to ask.
  return new GlanceError('PATH_NOT_ALLOWED', `${use === 'write' ? 'writing' : 'reading'} ${p} is not allowed: ${why}`, {
    hint: `paths must lie inside the roots the user gave (now ${where}): ask the user to add a root that holds ${p} (the server's \`--root DIR\` option, or the roots of their MCP host), or name a path inside`,
    context: { path: p, roots: [...roots] },
  });
}
