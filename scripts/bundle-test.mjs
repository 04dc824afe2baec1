// One test file as a plain-JS esbuild bundle at `out` (packages stay external, so `out` beside the file keeps its
// relative paths), for the mutation runners. Workers build the same bytes at once: each writes aside, then renames,
// so no worker reads a half-written bundle.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

/** `edit`, if given, rewrites the bundle's text before it takes its place. */
export async function bundleTest(file, out, extra = {}, edit = undefined) {
  const { build } = await import('esbuild');
  const tmp = `${out}.${process.pid}`;
  await build({
    entryPoints: [file],
    outfile: tmp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
    ...extra,
  });
  if (edit !== undefined) writeFileSync(tmp, edit(readFileSync(tmp, 'utf8')));
  renameSync(tmp, out);
}
