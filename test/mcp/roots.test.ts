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
    assert.equal(await g.allow('a.txt', 'read'), join(await realPathOf(root), 'a.txt'), 'the working directory is the root');
    await assert.rejects(g.allow(join(base, 'root2', 'secret.txt'), 'read'), notAllowed);
    await g.setClientRoots([pathToFileURL(join(base, 'root2')).href]);
    assert.equal(await g.allow(join(base, 'root2', 'secret.txt'), 'read'), join(await realPathOf(join(base, 'root2')), 'secret.txt'));
    await assert.rejects(g.allow(join(root, 'a.txt'), 'read'), notAllowed);
  });

  test('the refusal says what was refused, for reading or writing, and where paths may go', async () => {
    const g = await PathGuard.create([root]);
    const real = await realPathOf(root);
    const outside = join(base, 'root2', 'secret.txt');
    for (const use of ['read', 'write'] as const) {
      await assert.rejects(g.allow(outside, use), (e: unknown) => {
        assert.ok(isGlanceError(e, 'PATH_NOT_ALLOWED'));
        assert.equal(e.message, `${use === 'write' ? 'writing' : 'reading'} ${outside} is not allowed: it lies outside the server's roots`);
        assert.deepEqual(e.context, { path: outside, roots: [real] });
        assert.equal(
          e.hint,
          `paths must lie inside the roots the user gave (now ${real}): ask the user to add a root that holds ${outside} (the server's \`--root DIR\` option, or the roots of their MCP host), or name a path inside`,
        );
        return true;
      });
    }
    // No roots left at all: the hint says why.
    await g.setClientRoots(['https://example.org/x']);
    await assert.rejects(g.allow(join(root, 'a.txt'), 'read'), (e: unknown) => {
      assert.ok(isGlanceError(e, 'PATH_NOT_ALLOWED'));
      assert.match(
        e.hint ?? '',
        /^paths must lie inside the roots the user gave \(now no folder \(the client offered no file roots\)\): ask the user to add a root/,
      );
      assert.deepEqual(e.context?.['roots'], []);
      return true;
    });
  });

  test('paths that do not exist yet, dangling links, paths through a file and link loops resolve to where a write would go', async () => {
    const real = await realPathOf(root);
    const g = await PathGuard.create([root]);
    // Folders that do not exist yet: the path under the deepest existing one.
    assert.equal(await g.allow('new/deeper/shot.png', 'write'), join(real, 'new', 'deeper', 'shot.png'));
    // A dangling link inside the root whose target lies outside: writing through it would create the target.
    symlinkSync(join(base, 'root2', 'made.png'), join(root, 'out.png'));
    await assert.rejects(g.allow(join(root, 'out.png'), 'write'), notAllowed);
    // A dangling link to a place inside resolves to that place.
    symlinkSync(join(root, 'sub', 'later.png'), join(root, 'in.png'));
    assert.equal(await g.allow(join(root, 'in.png'), 'write'), join(real, 'sub', 'later.png'));
    // A dangling link to a relative target resolves from the link's folder.
    symlinkSync('../../root2/rel.png', join(root, 'sub', 'rel.png'));
    await assert.rejects(g.allow(join(root, 'sub', 'rel.png'), 'write'), notAllowed);
    // Under a file (not a folder): not a way out, it names a place inside.
    assert.equal(await g.allow(join(root, 'a.txt', 'x'), 'write'), join(real, 'a.txt', 'x'));
    // A loop of links has no real place: refused with the reason, not an uncoded file-system error.
    symlinkSync(join(root, 'loop-b'), join(root, 'loop-a'));
    symlinkSync(join(root, 'loop-a'), join(root, 'loop-b'));
    await assert.rejects(g.allow(join(root, 'loop-a'), 'write'), (e: unknown) => notAllowed(e) && /loop of symbolic links/.test(String(e)));
  });

  test('client roots that are not local folders are ignored; the others still narrow', async () => {
    const g = await PathGuard.create([root]);
    const real = await realPathOf(root);
    await g.setClientRoots(['https://example.org/', 'file://remote-host/share', pathToFileURL(join(root, 'sub')).href]);
    assert.deepEqual(g.roots(), [join(real, 'sub')]);
  });
});
