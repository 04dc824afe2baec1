// The node host factories read their setting from the environment the way the adb CLI does: the server port
// (ANDROID_ADB_SERVER_PORT), the adb binary (ADB_PATH, the SDK folders, PATH), the RSA key (ANDROID_USER_HOME,
// ANDROID_SDK_HOME, HOME), and they start the server with the binary they found. Exercised in process, with
// temporary folders of small executables standing in for `adb`.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_ADB_SERVER_PORT,
  adbServerPort,
  connectDirect,
  createServerTransport,
  findAdbBinary,
  findOnPath,
  loadAdbKey,
  startAdbServer,
} from '../../src/adb/node/host.js';
import { isGlanceError, type ErrorCode, type GlanceError } from '../../src/errors.js';
import { freePort, waitFor } from './adb-harness.js';
import { tempDir } from '../helpers/temp.js';

const tmp = (): string => tempDir('glance-host-env-');

/** A shell script at `path` (folders created), executable unless `mode` says otherwise. */
function script(path: string, body: string, mode = 0o755): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, mode);
  return path;
}

/** The rejection as plain data (code, message, hint, context), for one deepEqual. */
async function failure(p: Promise<unknown>, code: ErrorCode): Promise<GlanceError> {
  try {
    await p;
  } catch (e) {
    assert.ok(isGlanceError(e), `expected GlanceError ${code}, got ${String(e)}`);
    assert.equal(e.code, code, e.message);
    return e;
  }
  assert.fail(`expected ${code}, but it resolved`);
}

describe('ANDROID_ADB_SERVER_PORT', () => {
  test('a port from 1 to 65535 is used; anything else falls back to 5037', () => {
    const port = (v: string | undefined): number => adbServerPort({ ANDROID_ADB_SERVER_PORT: v });
    assert.equal(DEFAULT_ADB_SERVER_PORT, 5037);
    assert.deepEqual(['5038', '1', '65535', ' 6000 '].map(port), [5038, 1, 65535, 6000]);
    assert.deepEqual(
      [undefined, '', '0', '65536', '-5037', '5037.5', 'abc', '0x10'].map(port),
      [5037, 5037, 5037, 5037, 5037, 5037, 5037, 16],
    );
  });

  test('the server transport takes its port from the environment it is given', () => {
    const t = createServerTransport({ env: { ANDROID_ADB_SERVER_PORT: '6123' }, autoStart: false });
    assert.equal(t.address, '127.0.0.1:6123');
    assert.equal(createServerTransport({ env: {}, autoStart: false }).address, '127.0.0.1:5037');
    assert.equal(createServerTransport({ env: { ANDROID_ADB_SERVER_PORT: '6123' }, port: 7000, host: '::1' }).address, '::1:7000');
  });
});

describe('finding the adb binary', () => {
  test('PATH: the first directory holding an executable of that name; files without the x bit are skipped', () => {
    const root = tmp();
    script(join(root, 'a', 'adb'), 'exit 0', 0o644);
    const good = script(join(root, 'b', 'adb'), 'exit 0');
    script(join(root, 'c', 'adb'), 'exit 0');
    const PATH = ['', join(root, 'a'), join(root, 'missing'), join(root, 'b'), join(root, 'c')].join(':');
    assert.equal(findOnPath(['adb'], { PATH }), good);
    assert.equal(findAdbBinary({ PATH }), good);
    // Names in order: the first name found anywhere wins over a later name.
    const other = script(join(root, 'c', 'other'), 'exit 0');
    assert.equal(findOnPath(['other', 'adb'], { PATH }), other);
    assert.equal(findOnPath(['adb'], { PATH: join(root, 'a') }), undefined);
    assert.equal(findOnPath(['adb'], {}), undefined);
  });

  test('ADB_PATH, then ANDROID_HOME, then ANDROID_SDK_ROOT (their platform-tools/adb), then PATH', () => {
    const root = tmp();
    const explicit = script(join(root, 'bin', 'my-adb'), 'exit 0');
    const home = script(join(root, 'home', 'platform-tools', 'adb'), 'exit 0');
    const sdk = script(join(root, 'sdk', 'platform-tools', 'adb'), 'exit 0');
    const onPath = script(join(root, 'path', 'adb'), 'exit 0');
    const all = { ADB_PATH: explicit, ANDROID_HOME: join(root, 'home'), ANDROID_SDK_ROOT: join(root, 'sdk'), PATH: join(root, 'path') };
    assert.equal(findAdbBinary(all), explicit);
    assert.equal(findAdbBinary({ ...all, ADB_PATH: '' }), home);
    assert.equal(findAdbBinary({ ...all, ADB_PATH: join(root, 'bin', 'nope') }), home);
    assert.equal(findAdbBinary({ ...all, ADB_PATH: undefined, ANDROID_HOME: join(root, 'empty') }), sdk);
    assert.equal(findAdbBinary({ ...all, ADB_PATH: undefined, ANDROID_HOME: undefined }), sdk);
    assert.equal(findAdbBinary({ PATH: all.PATH, ANDROID_SDK_ROOT: join(root, 'empty') }), onPath);
    assert.equal(findAdbBinary({ PATH: join(root, 'empty') }), undefined);
  });
});

describe('starting the adb server', () => {
  test('runs `adb -P PORT start-server` with the given environment and resolves when it exits 0', async () => {
    const root = tmp();
    const adb = script(join(root, 'adb'), 'echo "$@ $GLANCE_TEST_MARK" > "$GLANCE_TEST_OUT"; exit 0');
    const out = join(root, 'args');
    await startAdbServer({ adbPath: adb, port: 6001, env: { GLANCE_TEST_OUT: out, GLANCE_TEST_MARK: 'env-ok' } });
    assert.equal(readFileSync(out, 'utf8'), '-P 6001 start-server env-ok\n');
  });

  test('a failing start is ADB_SERVER_UNAVAILABLE with its exit code and stderr; a missing binary is ADB_NOT_FOUND', async () => {
    const root = tmp();
    const adb = script(join(root, 'adb'), 'echo "cannot bind listener: Address already in use" >&2; exit 3');
    const e = await failure(startAdbServer({ adbPath: adb, port: 6002 }), 'ADB_SERVER_UNAVAILABLE');
    assert.deepEqual(e.toJSON(), {
      code: 'ADB_SERVER_UNAVAILABLE',
      message: 'adb start-server exited with 3: cannot bind listener: Address already in use',
      hint: 'is port 6002 taken by something else?',
      context: { port: 6002 },
    });
    const missing = join(root, 'no-such-adb');
    const nf = await failure(startAdbServer({ adbPath: missing, port: 6002 }), 'ADB_NOT_FOUND');
    assert.equal(nf.message, `cannot run ${missing}: spawn ${missing} ENOENT`);
    assert.equal((nf.cause as NodeJS.ErrnoException).code, 'ENOENT');
  });

  test('abort stops the start-server process it ran', async () => {
    const root = tmp();
    const pidFile = join(root, 'pid');
    const adb = script(join(root, 'adb'), `echo $$ > "${pidFile}"; exec sleep 30`);
    const ac = new AbortController();
    const started = startAdbServer({ adbPath: adb, port: 6003, signal: ac.signal });
    const pid = await waitFor(async () => (existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : undefined), 10_000);
    ac.abort();
    assert.equal((await failure(started, 'ABORTED')).message, 'adb start-server aborted');
    const alive = (): boolean => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await waitFor(async () => (alive() ? undefined : true), 10_000);
  });

  test('with no server listening, the transport starts one with the binary it finds, once, and dials again', async () => {
    const root = tmp();
    const out = join(root, 'runs');
    // Exits 0 without starting anything: the second dial fails too, and that is what the caller hears.
    script(join(root, 'bin', 'adb'), `echo "$@" >> "${out}"; exit 0`);
    const port = await freePort();
    const t = createServerTransport({ port, env: { PATH: join(root, 'bin') } });
    const e = await failure(t.version(), 'ADB_SERVER_UNAVAILABLE');
    assert.deepEqual(e.toJSON(), {
      code: 'ADB_SERVER_UNAVAILABLE',
      message: `cannot reach the adb server at 127.0.0.1:${port}`,
      hint: 'start it with `adb start-server` (or set ANDROID_ADB_SERVER_PORT to the port it listens on)',
      context: { address: `127.0.0.1:${port}` },
    });
    assert.equal((e.cause as NodeJS.ErrnoException).code, 'ECONNREFUSED');
    assert.equal(readFileSync(out, 'utf8'), `-P ${port} start-server\n`);
    // An explicit binary wins over the lookup.
    const explicit = script(join(root, 'other', 'adb'), `echo "explicit $@" >> "${out}"; exit 0`);
    await failure(createServerTransport({ port, adbPath: explicit, env: { PATH: join(root, 'bin') } }).devices(), 'ADB_SERVER_UNAVAILABLE');
    assert.equal(readFileSync(out, 'utf8'), `-P ${port} start-server\nexplicit -P ${port} start-server\n`);
    // No binary anywhere: ADB_NOT_FOUND, naming the address.
    const nf = await failure(createServerTransport({ port, env: { PATH: join(root, 'empty') } }).version(), 'ADB_NOT_FOUND');
    assert.deepEqual(nf.toJSON(), {
      code: 'ADB_NOT_FOUND',
      message: `no adb server on 127.0.0.1:${port} and no adb binary to start one`,
      hint: 'install Android platform-tools (or Debian `adb`), or set ADB_PATH / ANDROID_HOME',
      context: { port },
    });
  });
});

describe('the adb key', () => {
  test('an explicit path, else ANDROID_USER_HOME/adbkey, ANDROID_SDK_HOME/.android/adbkey, HOME/.android/adbkey', () => {
    const root = tmp();
    const put = (path: string, text: string): string => {
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, text);
      return path;
    };
    const explicit = put(join(root, 'k', 'mine'), 'explicit');
    put(join(root, 'user', 'adbkey'), 'user-home');
    put(join(root, 'sdk', '.android', 'adbkey'), 'sdk-home');
    put(join(root, 'home', '.android', 'adbkey'), 'home');
    const env = { ANDROID_USER_HOME: join(root, 'user'), ANDROID_SDK_HOME: join(root, 'sdk'), HOME: join(root, 'home') };
    assert.equal(loadAdbKey(explicit, env), 'explicit');
    assert.equal(loadAdbKey(join(root, 'k', 'absent'), env), undefined, 'an explicit path that is missing is not replaced');
    assert.equal(loadAdbKey(undefined, env), 'user-home');
    assert.equal(loadAdbKey(undefined, { ...env, ANDROID_USER_HOME: join(root, 'none') }), 'sdk-home');
    assert.equal(loadAdbKey(undefined, { ...env, ANDROID_USER_HOME: undefined, ANDROID_SDK_HOME: '' }), 'home');
    assert.equal(loadAdbKey(undefined, { HOME: join(root, 'none') }), undefined);
  });
});

describe('connecting straight to a device port', () => {
  test('nothing listening → ADB_CONNECT_FAILED naming the serial, with the socket error as cause', async () => {
    const port = await freePort();
    const e = await failure(connectDirect({ port, privateKey: 'unused' }), 'ADB_CONNECT_FAILED');
    assert.deepEqual(e.toJSON(), {
      code: 'ADB_CONNECT_FAILED',
      message: `cannot connect to 127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`,
      hint: 'is the device listening on that port (`adb tcpip 5555`, or the virtual device running)?',
      context: { serial: `127.0.0.1:${port}` },
    });
    assert.equal((e.cause as NodeJS.ErrnoException).code, 'ECONNREFUSED');
  });
});
