// The daemon against real devices, as users run it: `glance` processes through the real adb server and the
// daemon, against two virtual devices. Which backend a long-lived daemon reads screens with (auto unless told
// otherwise; in-process calls keep dump) and what its doctor says; and its per-device queue: calls on one
// device run one after another, a call on another device does not wait for them. The queue is shown by the
// order in which the devices see their `uiautomator dump`s, with the first one held until the daemon has both
// calls: no timing is asserted.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { listenDevice, type DeviceListener } from '../../src/adb/node/listen.js';
import type { DeviceServices, ServiceIO, ServiceSession } from '../../src/adb/services.js';
import { findUia2Apks } from '../../src/device/uia2/package.js';
import { backendFrom } from '../../src/device/uia2/select.js';
import { createVirtualDevice, type VirtualDevice } from '../../src/device/virtual/device.js';
import { AdbHarness } from '../adb/adb-harness.js';
import { glanceClient, type CliRun } from '../helpers/cli.js';
import { requires } from '../helpers/requires.js';
import { tempDir } from '../helpers/temp.js';

test('the backend: GLANCE_BACKEND (where --backend lands) wins over the default of the process', () => {
  assert.equal(backendFrom({}), 'dump', 'a one-shot process');
  assert.equal(backendFrom({}, 'auto'), 'auto', 'a long-lived one');
  assert.equal(backendFrom({ GLANCE_BACKEND: 'dump' }, 'auto'), 'dump');
  assert.equal(backendFrom({ GLANCE_BACKEND: 'uia2' }), 'uia2');
  assert.equal(backendFrom({ GLANCE_BACKEND: '' }, 'auto'), 'auto', 'empty is unset');
});

/** A virtual device whose `uiautomator dump`s are logged as they start and end; the first can be held back. */
class Watched {
  readonly device: VirtualDevice;
  readonly services: DeviceServices;
  holdNext = false;
  release: (() => void) | undefined;

  constructor(
    readonly name: string,
    readonly log: string[],
  ) {
    this.device = createVirtualDevice({ scenario: 'demo' });
    const inner = this.device.services;
    this.services = {
      banner: () => inner.banner(),
      open: (service, io) => {
        if (!service.includes('uiautomator dump')) return inner.open(service, io);
        this.log.push(`${name} dump starts`);
        // The dump ends when its last line is written: a shell v2 client has its exit status then and may finish
        // (and the daemon start the next call) before this side's close runs.
        let ended = false;
        const end = (): void => {
          if (!ended) this.log.push(`${name} dump ends`);
          ended = true;
        };
        const logged: ServiceIO = {
          write: (d) => {
            if (Buffer.from(d).toString('latin1').includes('dumped to:')) end();
            return io.write(d);
          },
          close: () => {
            end();
            io.close();
          },
        };
        if (!this.holdNext) return inner.open(service, logged);
        this.holdNext = false;
        return this.held(() => inner.open(service, logged));
      },
    };
  }

  /** A session whose command runs only on `release()`; what the host sends meanwhile is kept for it. */
  private held(open: () => ServiceSession | undefined): ServiceSession {
    let session: ServiceSession | undefined;
    const pending: Uint8Array[] = [];
    let hostClosed = false;
    this.release = () => {
      session = open();
      for (const d of pending) void session?.input(d);
      if (hostClosed) session?.closed();
    };
    return {
      input: (d) => (session === undefined ? void pending.push(d) : session.input(d)),
      closed: () => (session === undefined ? void (hostClosed = true) : session.closed()),
    };
  }
}

const glance = (argv: string[], env: Record<string, string | undefined>): Promise<CliRun> => glanceClient(argv, env);

async function until(f: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await f()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`timed out waiting for ${what}`);
}

type Source = { backend: string; ms: number } | undefined;
const sourceOf = (r: CliRun): Source => (JSON.parse(r.stdout) as { result: { source?: Source } }).result.source;

describe('the daemon against two devices through the real adb server', { skip: requires({ adb: true }), timeout: 300_000 }, () => {
  let h: AdbHarness;
  const log: string[] = [];
  const a = new Watched('A', log);
  const b = new Watched('B', log);
  let listeners: DeviceListener[] = [];
  const serial = { a: '', b: '' };
  const callers: Array<Record<string, string | undefined>> = [];

  /** The environment of a caller with a daemon folder of its own (tests never meet each other's daemon). */
  const callerEnv = (extra: Record<string, string> = {}): Record<string, string | undefined> => {
    const env: Record<string, string | undefined> = {
      ...h.env,
      GLANCE_DAEMON_DIR: tempDir('glance-daemon-devices-'),
      GLANCE_STATE_DIR: tempDir('glance-daemon-state-'),
    };
    delete env['GLANCE_NO_DAEMON'];
    delete env['GLANCE_BACKEND'];
    callers.push(env);
    return { ...env, ...extra };
  };

  before(async () => {
    h = await AdbHarness.start();
    listeners = await Promise.all([a, b].map((w) => listenDevice({ port: 0, services: w.services })));
    serial.a = `127.0.0.1:${listeners[0]!.port}`;
    serial.b = `127.0.0.1:${listeners[1]!.port}`;
    a.device.props.set('ro.serialno', serial.a);
    b.device.props.set('ro.serialno', serial.b);
    await h.connectOnline(serial.a);
    await h.connectOnline(serial.b);
  });
  after(async () => {
    // Each stopped through its caller's environment: a daemon's socket is named after the adb server it serves.
    // Their folders go when this process exits, after the daemons.
    for (const env of callers) await glance(['daemon', 'stop'], env);
    await h.stop();
    await Promise.all(listeners.map((l) => l.close()));
  });

  test('calls on one device are serialised, a call on another device runs meanwhile', async () => {
    const env = callerEnv({ GLANCE_BACKEND: 'dump' });
    // A first call starts the daemon and connects it to both devices.
    assert.equal((await glance(['-s', serial.a, 'ui'], env)).code, 0);
    assert.equal((await glance(['-s', serial.b, 'ui'], env)).code, 0);
    log.length = 0;
    a.holdNext = true;
    const first = glance(['-s', serial.a, '--json', 'ui'], env);
    let done = false;
    void first.then(() => (done = true));
    await until(() => a.release !== undefined || done, "the first call's dump to reach device A");
    if (a.release === undefined) assert.fail(`${JSON.stringify(log)} ${JSON.stringify(await first)}`);
    const second = glance(['-s', serial.a, '--json', 'ui'], env);
    let secondDone = false;
    void second.then(() => (secondDone = true));
    // Device B answers while device A's call is held: the daemon does not make it wait.
    const other = await glance(['-s', serial.b, '--json', 'ui'], env);
    assert.equal(other.code, 0, other.stderr);
    await until(async () => {
      if (secondDone) return true;
      const s = await glance(['--json', 'daemon', 'status'], env);
      return (JSON.parse(s.stdout) as { result: { inFlight?: number } }).result.inFlight === 2;
    }, 'the daemon to hold both calls on device A');
    assert.ok(!secondDone, 'the second call on device A ran while the first was held');
    assert.deepEqual(
      log.filter((l) => l.startsWith('A')),
      ['A dump starts'],
      'the second call waits in the daemon, not at the device',
    );
    a.release!();
    const [r1, r2] = await Promise.all([first, second]);
    assert.equal(r1.code, 0, r1.stderr);
    assert.equal(r2.code, 0, r2.stderr);
    assert.deepEqual(log, ['A dump starts', 'B dump starts', 'B dump ends', 'A dump ends', 'A dump starts', 'A dump ends']);
    assert.equal(sourceOf(r2)?.backend, 'dump');
  });

  test('the daemon reads screens with auto (the UiAutomator2 server) unless GLANCE_BACKEND or --backend says otherwise; in-process calls keep dump; the doctor reports backend, version and last read', async (t) => {
    const apks = await findUia2Apks();
    const env = callerEnv();
    const auto = await glance(['-s', serial.b, '--json', 'ui'], env);
    assert.equal(auto.code, 0, auto.stdout + auto.stderr);
    if (apks === undefined) {
      // auto without the server package: uiautomator dump, as before.
      assert.equal(sourceOf(auto)?.backend, 'dump');
      return t.skip('appium-uiautomator2-server is not installed: auto falls back to dump');
    }
    assert.equal(sourceOf(auto)?.backend, 'uia2');
    assert.equal(b.device.uia2().running, true, 'the daemon keeps the server between calls');
    const doctor = await glance(['-s', serial.b, '--json', 'doctor'], env);
    const checks = (JSON.parse(doctor.stdout) as { result: { checks: Array<{ name: string; ok: boolean; detail: string }> } }).result
      .checks;
    assert.match(
      checks.find((c) => c.name === 'backend')?.detail ?? '',
      new RegExp(`^auto \\(UiAutomator2 server ${apks.version} available\\)$`),
    );
    const line = checks.find((c) => c.name === `backend ${serial.b}`);
    assert.ok(line?.ok, JSON.stringify(checks));
    assert.match(line.detail, new RegExp(`^uia2 ${apks.version.replace(/\./g, '\\.')}, last read \\d+ ms by uia2$`));
    // Told otherwise: the flag and the variable win, each through the same daemon, on the phone they name only:
    // device B's server keeps running, and its doctor line still says uia2.
    assert.equal(sourceOf(await glance(['-s', serial.a, '--backend', 'dump', '--json', 'ui'], env))?.backend, 'dump');
    assert.equal(b.device.uia2().running, true, "a switch on device A leaves device B's server alone");
    const after = await glance(['-s', serial.a, '--backend', 'dump', '--json', 'doctor'], env);
    const lines = (JSON.parse(after.stdout) as { result: { checks: Array<{ name: string; detail: string }> } }).result.checks;
    assert.match(lines.find((c) => c.name === `backend ${serial.b}`)?.detail ?? '', /^uia2 /, JSON.stringify(lines));
    assert.match(lines.find((c) => c.name === `backend ${serial.a}`)?.detail ?? '', /^dump\b/, JSON.stringify(lines));
    assert.equal(sourceOf(await glance(['-s', serial.a, '--json', 'ui'], { ...env, GLANCE_BACKEND: 'dump' }))?.backend, 'dump');
    // In-process: one read, so no server start.
    const once = await glance(['-s', serial.a, '--json', 'ui'], { ...env, GLANCE_NO_DAEMON: '1' });
    assert.equal(sourceOf(once)?.backend, 'dump');
    // Stopping the daemon ends the server's session, so `uiautomator dump` works again for everyone.
    assert.equal((await glance(['daemon', 'stop'], env)).code, 0);
    await until(() => !b.device.uia2().running, 'the server to stop with the daemon');
    assert.equal(sourceOf(await glance(['-s', serial.b, '--json', 'ui'], { ...env, GLANCE_NO_DAEMON: '1' }))?.backend, 'dump');
  });
});
