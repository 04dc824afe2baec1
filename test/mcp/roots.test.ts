// The MCP server's file confinement on real folders: a root admits itself and what lies under it, never a sibling
// whose name merely starts with the root's name (`/x/root2` beside `/x/root`), nor a way out through `..` or a
// link; client roots narrow the server's roots by the same rule. (The whole server over stdio and HTTP is in
// test/hostile/mcp-roots.test.ts; this is the rule itself, fast.)
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import { isWithin, PathGuard, realPathOf } from '../../src/mcp/roots.js';
import { isGlanceError } from '../../src/errors.js';
import { tempDir } from '../helpers/temp.js';

const notAllowed = (e: unknown): boolean => isGlanceError(e, 'PATH_NOT_ALLOWED');

describe('roots', () => {
  // base/root: the root. base/root2, base/root-old, base/roo: siblings sharing a prefix of its name.
  const base = tempDir('glance-roots-unit-');
  const root = join(base, 'root');
  for (const d of ['root/sub', 'root2', 'root-old', 'roo', 'root.d']) mkdirSync(join(base, d), { recursive: true });
  for (const f of ['root/..notes', 'root/a.txt', 'root/sub/b.txt', 'root2/secret.txt', 'root-old/secret.txt', 'roo/secret.txt', 'root.d/x'])
    writeFileSync(join(base, f), f);
  symlinkSync(join(base, 'root2'), join(root, 'twin'));

  test('isWithin: the folder itself and what is under it; a sibling sharing its name as a prefix is outside', () => {
    assert.equal(isWithin('/x/root', '/x/root'), true);
    assert.equal(isWithin('/x/root/a', '/x/root'), true);
    assert.equal(isWithin('/x/root/a/b/c.txt', '/x/root'), true);
    assert.equal(isWithin('/x/root/..a', '/x/root'), true, 'a name starting with two dots is still inside');
    for (const sibling of ['/x/root2', '/x/root2/a', '/x/root-old', '/x/root.d', '/x/roo', '/x', '/', '/y/root'])
      assert.equal(isWithin(sibling, '/x/root'), false, sibling);
    assert.equal(isWithin('/x/root', '/x/root/a'), false, 'a root is not within its own subfolder');
  });

  test('a guard on root admits its files and refuses the siblings named like it', async () => {
    const g = await PathGuard.create([root]);
    const real = await realPathOf(root);
    assert.equal(await g.allow(join(root, 'a.txt'), 'read'), join(real, 'a.txt'));
    assert.equal(await g.allow('sub/b.txt', 'read'), join(real, 'sub', 'b.txt'), 'relative paths start at the root');
    assert.equal(await g.allow(join(root, 'new.png'), 'write'), join(real, 'new.png'), 'a file about to be written');
    assert.equal(await g.allow('..notes', 'read'), join(real, '..notes'), 'a name starting with two dots is no way up');
    for (const name of ['root2', 'root-old', 'roo', 'root.d']) {
      const file = join(base, name, name === 'root.d' ? 'x' : 'secret.txt');
      await assert.rejects(g.allow(file, 'read'), notAllowed, file);
      await assert.rejects(g.allow(join(base, name, 'out.png'), 'write'), notAllowed, name);
      await assert.rejects(g.allow(`..${sep}${name}${sep}secret.txt`, 'read'), notAllowed, `../${name}`);
    }
    await assert.rejects(g.allow(join(root, 'twin', 'secret.txt'), 'read'), notAllowed, 'a link into the sibling');
    await assert.rejects(g.allow(`${root}2${sep}secret.txt`, 'read'), notAllowed, 'the root path with a 2 appended');
  });

  test('client roots: a sibling named like the server root neither widens nor survives the intersection', async () => {
    const g = await PathGuard.create([root]);
    const real = await realPathOf(root);
    await g.setClientRoots([pathToFileURL(join(base, 'root2')).href]);
    assert.deepEqual(g.roots(), [], 'root2 is not within root, nor root within root2');
    await assert.rejects(g.allow(join(base, 'root2', 'secret.txt'), 'read'), notAllowed);
    await assert.rejects(g.allow(join(root, 'a.txt'), 'read'), notAllowed, 'no roots left: nothing is allowed');
    await g.setClientRoots([pathToFileURL(join(root, 'sub')).href, pathToFileURL(join(base, 'root-old')).href]);
    assert.deepEqual(g.roots(), [join(real, 'sub')]);
    await g.setClientRoots([pathToFileURL(base).href]);
    assert.deepEqual(g.roots(), [real], 'a wider client root keeps the server root');
  });

  test('without --root, the client roots replace the working directory as they are', async () => {
    const g = await PathGuard.create([], root);
    await assert.rejects(g.allow(join(base, 'root2', 'secret.txt'), 'read'), notAllowed);
    await g.setClientRoots([pathToFileURL(join(base, 'root2')).href]);
    assert.equal(await g.allow(join(base, 'root2', 'secret.txt'), 'read'), join(await realPathOf(join(base, 'root2')), 'secret.txt'));
    await assert.rejects(g.allow(join(root, 'a.txt'), 'read'), notAllowed);
  });
});
