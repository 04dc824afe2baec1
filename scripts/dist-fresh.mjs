// Whether dist/ holds the build of every source file as it is now: each src/**/*.ts has its dist/src/**/*.js, no
// older than the source. Tests that spawn `glance` run the built entry (a plain node process starts in a fraction
// of the time the tsx loader takes) only when this holds; scripts/test.js builds first when it does not.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The source files under `dir`, relative to `root`. */
function sources(root, dir) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(root, p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The first source file (relative to `root`) whose build is missing or older than it, or undefined when none is. */
export function staleSource(root) {
  for (const src of sources(root, 'src')) {
    const out = join(root, 'dist', src.replace(/\.ts$/, '.js'));
    let built;
    try {
      built = statSync(out).mtimeMs;
    } catch {
      return src;
    }
    if (statSync(join(root, src)).mtimeMs > built) return src;
  }
  return undefined;
}
