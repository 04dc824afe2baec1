// The virtual device's file system as the shell and the sync service rely on it: the folders and device nodes a
// phone has, the errno each wrong path gives (toybox's words, the Linux numbers sync reports), stat's modes and
// sizes, procfs files made at each read, writes that copy, appends that never disturb a reader's earlier view,
// and listings in byte order. Pure, with a fixed clock.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { S_IFDIR, S_IFREG } from '../../src/adb/sync-protocol.js';
import { FsError, MemFs, S_IFCHR, joinPath, splitPath, tryFs } from '../../src/device/virtual/fs.js';

const T0 = 1_700_000_000;

function fsAt(start = T0): { fs: MemFs; tick(s: number): void } {
  let now = start;
  return { fs: new MemFs(() => now), tick: (s) => (now += s) };
}

/** The FsError `op` throws (failing when it throws anything else or nothing). */
function fsError(op: () => unknown): FsError {
  const r = tryFs(op);
  assert.ok(r instanceof FsError, 'expected an FsError');
  return r;
}

const bytes = (s: string): Uint8Array => new Uint8Array(Buffer.from(s));
const text = (b: Uint8Array): string => Buffer.from(b).toString();

describe('errors', () => {
  test("each errno: toybox's words after the path, and the Linux number", () => {
    const cases: Array<[FsError['errno'], string, number]> = [
      ['ENOENT', 'No such file or directory', 2],
      ['ENOTDIR', 'Not a directory', 20],
      ['EISDIR', 'Is a directory', 21],
      ['EEXIST', 'File exists', 17],
      ['ENOTEMPTY', 'Directory not empty', 39],
      ['EACCES', 'Permission denied', 13],
    ];
    for (const [errno, words, n] of cases) {
      const e = new FsError(errno, '/x/y');
      assert.deepEqual([e.message, e.reason, e.number, e.errno, FsError.describe(errno)], [`/x/y: ${words}`, words, n, errno, words]);
    }
  });

  test('tryFs hands back a file-system error and lets any other error through', () => {
    const e = tryFs(() => {
      throw new FsError('ENOENT', '/a');
    });
    assert.ok(e instanceof FsError && e.errno === 'ENOENT');
    assert.equal(
      tryFs(() => 5),
      5,
    );
    assert.throws(
      () =>
        tryFs(() => {
          throw new TypeError('bug');
        }),
      TypeError,
    );
  });
});

describe('paths', () => {
  test('absolute, relative to a folder, with . and .. and doubled slashes; .. stops at the root', () => {
    assert.deepEqual(splitPath('/a//b/./c/'), ['a', 'b', 'c']);
    assert.deepEqual(splitPath('c/../d', '/a/b'), ['a', 'b', 'd']);
    assert.deepEqual(splitPath('../../../x', '/a'), ['x']);
    assert.deepEqual(splitPath('/'), []);
    assert.deepEqual(splitPath('x'), ['x']);
    assert.deepEqual(splitPath('d/', '/a'), ['a', 'd'], 'a relative path ending in a slash is still relative');
    assert.equal(joinPath(['a', 'b']), '/a/b');
    assert.equal(joinPath([]), '/');
  });
});

describe('a new file system', () => {
  test('the folders tools write to, with their modes; the root 755', () => {
    const { fs } = fsAt();
    assert.deepEqual(fs.stat('/'), { mode: S_IFDIR | 0o755, size: 4096, mtime: T0 });
    assert.equal(fs.stat('/sdcard').mode, S_IFDIR | 0o771);
    assert.equal(fs.stat('/data/local/tmp').mode, S_IFDIR | 0o771);
    for (const d of ['/system/bin', '/dev', '/proc', '/data', '/storage/emulated']) assert.ok(fs.isDir(d), d);
  });

  test('/storage/emulated/0 and /storage/self/primary are /sdcard', () => {
    const { fs } = fsAt();
    fs.writeFile('/sdcard/a.txt', bytes('hi'));
    assert.equal(text(fs.readFile('/storage/emulated/0/a.txt')), 'hi');
    assert.equal(text(fs.readFile('/storage/self/primary/a.txt')), 'hi');
  });

  test('device nodes: character devices 666 of size 0; writes vanish; they cannot be removed', () => {
    const { fs } = fsAt();
    for (const d of ['/dev/null', '/dev/zero', '/dev/urandom', '/dev/random', '/dev/tty']) {
      assert.deepEqual(fs.stat(d), { mode: S_IFCHR | 0o666, size: 0, mtime: T0 }, d);
    }
    fs.writeFile('/dev/null', bytes('gone'));
    assert.equal(fs.readFile('/dev/null').length, 0);
    assert.equal(fsError(() => fs.remove('/dev/null')).errno, 'EACCES');
  });
});

describe('files', () => {
  test('a new file is 660, stamped with the clock; an explicit mode keeps only permission bits; mtime can be set', () => {
    const { fs, tick } = fsAt();
    fs.writeFile('/sdcard/a', bytes('abc'));
    assert.deepEqual(fs.stat('/sdcard/a'), { mode: S_IFREG | 0o660, size: 3, mtime: T0 });
    tick(5);
    fs.writeFile('/sdcard/a', bytes('abcd'));
    assert.deepEqual(fs.stat('/sdcard/a'), { mode: S_IFREG | 0o660, size: 4, mtime: T0 + 5 }, 'a rewrite keeps the mode');
    fs.writeFile('/sdcard/b', bytes(''), { perm: S_IFREG | 0o4755 });
    assert.equal(fs.stat('/sdcard/b').mode, S_IFREG | 0o4755);
    fs.writeFile('/sdcard/c', bytes('x'), { mtime: 1234 });
    assert.equal(fs.stat('/sdcard/c').mtime, 1234);
  });

  test("a write copies the caller's bytes: changing them afterwards changes nothing", () => {
    const { fs } = fsAt();
    const b = bytes('abc');
    fs.writeFile('/sdcard/a', b);
    b[0] = 0x7a;
    assert.equal(text(fs.readFile('/sdcard/a')), 'abc');
  });

  test('appends add at the end, block by block, and never change what a reader already holds', () => {
    const { fs } = fsAt();
    fs.writeFile('/sdcard/log', bytes('a'), { append: true });
    assert.equal(text(fs.readFile('/sdcard/log')), 'a', 'append to a missing file creates it');
    const views: string[] = [];
    const held: Uint8Array[] = [];
    let expected = 'a';
    for (let i = 0; i < 40; i++) {
      const block = String.fromCharCode(98 + (i % 20)).repeat(1 + (i % 5));
      fs.writeFile('/sdcard/log', bytes(block), { append: true });
      expected += block;
      held.push(fs.readFile('/sdcard/log'));
      views.push(expected);
    }
    assert.equal(text(fs.readFile('/sdcard/log')), expected);
    held.forEach((h, i) => assert.equal(text(h), views[i], `view ${i}`));
    // A rewrite then an append starts from the new content, and a view of the rewrite stays as it was.
    fs.writeFile('/sdcard/log', bytes('new'));
    const rewritten = fs.readFile('/sdcard/log');
    fs.writeFile('/sdcard/log', bytes('+'), { append: true });
    assert.equal(text(fs.readFile('/sdcard/log')), 'new+');
    assert.equal(text(rewritten), 'new');
    assert.equal(fs.stat('/sdcard/log').size, 4);
  });

  test('an append after a reader took a view and another append shares no bytes with it', () => {
    const { fs } = fsAt();
    fs.writeFile('/sdcard/f', bytes('0123'));
    fs.writeFile('/sdcard/f', bytes('4'), { append: true });
    const v1 = fs.readFile('/sdcard/f');
    fs.writeFile('/sdcard/f', bytes('5'), { append: true });
    fs.writeFile('/sdcard/f', bytes('abcdefghijklmnop'), { append: true });
    assert.equal(text(v1), '01234');
    assert.equal(text(fs.readFile('/sdcard/f')), '012345abcdefghijklmnop');
  });

  test('wrong paths: a missing folder, a file as a folder, a folder as a file, the root', () => {
    const { fs } = fsAt();
    fs.writeFile('/sdcard/file', bytes('x'));
    assert.equal(fsError(() => fs.writeFile('/nope/a', bytes(''))).errno, 'ENOENT');
    assert.equal(fsError(() => fs.writeFile('/sdcard/file/a', bytes(''))).errno, 'ENOTDIR');
    assert.equal(fsError(() => fs.writeFile('/sdcard', bytes(''))).errno, 'EISDIR');
    assert.equal(fsError(() => fs.writeFile('/', bytes(''))).errno, 'EISDIR');
    assert.equal(fsError(() => fs.readFile('/sdcard')).errno, 'EISDIR');
    assert.equal(fsError(() => fs.readFile('/sdcard/missing')).errno, 'ENOENT');
    assert.equal(fsError(() => fs.stat('/sdcard/missing')).errno, 'ENOENT');
    assert.equal(fsError(() => fs.stat('/sdcard/file/inside')).errno, 'ENOTDIR');
    assert.equal(fsError(() => fs.stat('/sdcard/file/a/b')).errno, 'ENOTDIR');
    assert.equal(fsError(() => fs.stat('/nope/a/b')).errno, 'ENOENT');
    assert.equal(fs.lookup('/sdcard/file/inside'), undefined);
  });

  test('relative paths resolve against the given folder', () => {
    const { fs } = fsAt();
    fs.mkdir('work', '/sdcard');
    fs.writeFile('/sdcard/work/a', bytes('A'));
    assert.equal(text(fs.readFile('a', '/sdcard/work')), 'A');
    assert.equal(fs.stat('work/a', '/sdcard').size, 1);
    assert.ok(fs.isDir('work', '/sdcard'));
    assert.deepEqual(
      fs.list('.', '/sdcard/work').map((e) => e.name),
      ['a'],
    );
    fs.remove('a', { cwd: '/sdcard/work' });
    assert.equal(fs.lookup('/sdcard/work/a'), undefined);
  });
});

describe('procfs files', () => {
  test('made at each read, read-only (444, size 0 in stat as procfs says), a write is refused', () => {
    const { fs } = fsAt();
    let n = 0;
    fs.procFile('/proc/count', () => bytes(`${++n}\n`));
    assert.equal(text(fs.readFile('/proc/count')), '1\n');
    assert.equal(text(fs.readFile('/proc/count')), '2\n');
    assert.deepEqual(fs.stat('/proc/count'), { mode: S_IFREG | 0o444, size: 0, mtime: T0 });
    assert.equal(fsError(() => fs.writeFile('/proc/count', bytes('x'))).errno, 'EACCES');
  });
});

describe('folders', () => {
  test('mkdir makes a 771 folder once; mkdir -p makes the parents and stops at a file', () => {
    const { fs } = fsAt();
    fs.mkdir('/sdcard/d');
    assert.equal(fs.stat('/sdcard/d').mode, S_IFDIR | 0o771);
    assert.equal(fsError(() => fs.mkdir('/sdcard/d')).errno, 'EEXIST');
    assert.equal(fsError(() => fs.mkdir('/sdcard/x/y')).errno, 'ENOENT');
    fs.mkdirp('/sdcard/p/q/r');
    assert.ok(fs.isDir('/sdcard/p/q/r'));
    fs.mkdirp('/sdcard/p/q');
    fs.writeFile('/sdcard/p/file', bytes(''));
    assert.equal(fsError(() => fs.mkdirp('/sdcard/p/file/z')).errno, 'ENOTDIR');
    fs.mkdirp('q2', '/sdcard/p');
    assert.ok(fs.isDir('/sdcard/p/q2'));
  });

  test('remove: a file; a folder only when recursive; a missing path', () => {
    const { fs } = fsAt();
    fs.mkdirp('/sdcard/d/e');
    fs.writeFile('/sdcard/d/e/f', bytes(''));
    assert.equal(fsError(() => fs.remove('/sdcard/d')).errno, 'EISDIR');
    assert.equal(fsError(() => fs.remove('/sdcard/none')).errno, 'ENOENT');
    fs.remove('/sdcard/d/e/f');
    assert.equal(fs.lookup('/sdcard/d/e/f'), undefined);
    fs.remove('/sdcard/d', { recursive: true });
    assert.equal(fs.lookup('/sdcard/d'), undefined);
  });

  test('listings are in byte order of the names, with each entry stat; a file or a missing path is an error', () => {
    const { fs } = fsAt();
    fs.mkdir('/sdcard/l');
    for (const n of ['b', 'B', 'a', '_', '10', '9']) fs.writeFile(`/sdcard/l/${n}`, bytes(n));
    fs.mkdir('/sdcard/l/dir');
    const l = fs.list('/sdcard/l');
    assert.deepEqual(
      l.map((e) => e.name),
      ['10', '9', 'B', '_', 'a', 'b', 'dir'],
    );
    assert.deepEqual(l.at(-1)!.stat, { mode: S_IFDIR | 0o771, size: 4096, mtime: T0 });
    assert.deepEqual(l[0]!.stat, { mode: S_IFREG | 0o660, size: 2, mtime: T0 });
    assert.equal(fsError(() => fs.list('/sdcard/l/a')).errno, 'ENOTDIR');
    assert.equal(fsError(() => fs.list('/sdcard/none')).errno, 'ENOENT');
    assert.equal(fs.isDir('/sdcard/l/a'), false);
    assert.equal(fs.isDir('/sdcard/none'), false);
  });
});
