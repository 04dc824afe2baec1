// Only src/adb/node/ touches sockets, processes and files; everything else in src/adb works on
// ByteStream. A boundary that lives only in prose erodes, so check it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../src/adb/', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

test('only src/adb/node/ imports node:net, node:child_process, node:fs', () => {
  const offenders: string[] = [];
  for (const f of files(root)) {
    const rel = relative(root, f);
    if (rel.startsWith('node/') || rel === 'index.ts') continue;
    const imports = [...readFileSync(f, 'utf8').matchAll(/from\s+'([^']+)'/g)].map((m) => m[1]);
    for (const spec of imports) {
      if (/^(node:)?(net|child_process|fs|fs\/promises|dgram|tls)$/.test(spec ?? '')) offenders.push(`${rel}: ${spec}`);
    }
  }
  assert.deepEqual(offenders, []);
});
