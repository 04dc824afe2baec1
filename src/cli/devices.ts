/**
 * The CLI's DeviceProvider: devices behind the adb server (ANDROID_ADB_SERVER_PORT, else 5037; started with
 * the adb binary when it is not running), or reached directly over TCP without a server when the serial is
 * `direct:HOST:PORT` (or GLANCE_DIRECT=HOST:PORT is set). Each device is an AdbDevice over Glance's own
 * ADB client (src/adb); nothing here runs the adb binary except to start the server.
 */
import { AdbClient } from '../adb/client.js';
import type { DirectTransport } from '../adb/direct-transport.js';
import { adbServerPort, connectDirect, createServerTransport, findAdbBinary } from '../adb/node/host.js';
import { GlanceError, isGlanceError } from '../errors.js';
import { AdbDevice, type AdbPort } from '../device/adb-device.js';
import { adbPort } from '../device/adb-port.js';
import { sleep } from '../device/sleep.js';
import { stateAdvice, type Diagnosable, type DoctorCheck } from '../device/doctor.js';
import type { CallOptions, Device, ShellResult } from '../device/types.js';
import type { DeviceProvider } from '../tools/registry.js';

type Env = Record<string, string | undefined>;

const DIRECT_PREFIX = 'direct:';

/** `direct:HOST:PORT` / `HOST:PORT` → host and port. */
function parseHostPort(s: string): { host: string; port: number } {
  const m = /^(.*):(\d+)$/.exec(s.startsWith(DIRECT_PREFIX) ? s.slice(DIRECT_PREFIX.length) : s);
  const port = m ? Number(m[2]) : NaN;
  if (!m || !(port > 0 && port < 65536)) {
    throw new GlanceError('USAGE', `"${s}" is not HOST:PORT`, {
      hint: 'a direct device is named direct:HOST:PORT, e.g. direct:127.0.0.1:5555',
    });
  }
  return { host: m[1] || '127.0.0.1', port };
}

/**
 * A port over a direct connection that opens on demand and closes when idle: a CLI process must be able to
 * exit when its command is done, and a long-lived server reconnects after the device went away.
 */
class DirectPort implements AdbPort {
  readonly serial: string;
  private transport: Promise<DirectTransport> | undefined;
  private busy = 0;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly env: Env,
  ) {
    this.serial = `${DIRECT_PREFIX}${host}:${port}`;
  }

  private async with<T>(opts: CallOptions, body: (p: AdbPort) => Promise<T>): Promise<T> {
    this.busy++;
    clearTimeout(this.idleTimer);
    try {
      this.transport ??= connectDirect({
        host: this.host,
        port: this.port,
        env: this.env,
        ...(opts.signal ? { signal: opts.signal } : {}),
      });
      const t = await this.transport.catch((e: unknown) => {
        this.transport = undefined;
        throw e;
      });
      return await body(adbPort(new AdbClient(t).deviceBySerial(t.serial)));
    } catch (e) {
      // A broken connection is not reused.
      if (e instanceof GlanceError && (e.code === 'ADB_DEVICE_GONE' || e.code === 'ADB_CONNECT_FAILED')) this.close();
      throw e;
    } finally {
      if (--this.busy === 0) this.idleTimer = setTimeout(() => this.close(), 100);
    }
  }

  shell(command: string, opts: CallOptions = {}): Promise<ShellResult> {
    return this.with(opts, (p) => p.shell(command, opts));
  }

  exec(command: string, opts: CallOptions = {}): Promise<Uint8Array> {
    return this.with(opts, (p) => p.exec(command, opts));
  }

  close(): void {
    clearTimeout(this.idleTimer);
    const t = this.transport;
    this.transport = undefined;
    t?.then(
      (x) => x.close(),
      () => undefined,
    );
  }
}

export interface CliDeviceProvider extends DeviceProvider, Diagnosable {
  /** Closes direct connections (server connections close after every request anyway). */
  close(): void;
}

export function createDeviceProvider(env: Env): CliDeviceProvider {
  const serverPort = adbServerPort(env);
  const server = createServerTransport({ env, port: serverPort });
  const client = new AdbClient(server);
  const cache = new Map<string, Device>();
  const directs = new Map<string, DirectPort>();
  const defaultDirect = env['GLANCE_DIRECT'];

  const direct = (address: string): Device => {
    const { host, port } = parseHostPort(address);
    const key = `${DIRECT_PREFIX}${host}:${port}`;
    let p = directs.get(key);
    if (!p) directs.set(key, (p = new DirectPort(host, port, env)));
    let d = cache.get(key);
    if (!d) cache.set(key, (d = new AdbDevice(p)));
    return d;
  };

  return {
    async get(serial, { signal }) {
      if (serial?.startsWith(DIRECT_PREFIX)) return direct(serial);
      if (serial === undefined && defaultDirect) return direct(defaultDirect);
      let handle;
      try {
        handle = await client.device({ ...(serial === undefined ? {} : { serial }), signal });
      } catch (e) {
        // `-s HOST:PORT` of a network device the server does not know yet: connect it, as `adb connect` would.
        if (!(isGlanceError(e, 'ADB_DEVICE_NOT_FOUND') && serial !== undefined && /^[\w.-]+:\d+$/.test(serial))) throw e;
        await server.connect(serial, { signal });
        // A fresh TCP device is `connecting`/`offline` until its CNXN handshake is done: give it 3 s.
        for (let i = 0; ; i++) {
          try {
            handle = await client.device({ serial, signal });
            break;
          } catch (e2) {
            if (i >= 30 || !isGlanceError(e2, 'ADB_OFFLINE')) throw e2;
            await sleep(100, signal);
          }
        }
      }
      let d = cache.get(handle.serial);
      if (!d) cache.set(handle.serial, (d = new AdbDevice(adbPort(handle))));
      return d;
    },
    async list({ signal }) {
      if (defaultDirect) {
        const d = direct(defaultDirect);
        await d.shell('true', { signal });
        return [{ serial: d.serial, state: 'device' }];
      }
      const all = await client.devices({ signal });
      return all.map((d) => ({
        serial: d.serial,
        state: d.state,
        ...(d.model === undefined ? {} : { model: d.model }),
        ...(d.product === undefined ? {} : { product: d.product }),
      }));
    },
    async diagnose({ signal }) {
      const checks: DoctorCheck[] = [];
      const bin = findAdbBinary(env);
      checks.push(
        bin
          ? { name: 'adb binary', ok: true, detail: bin }
          : {
              name: 'adb binary',
              ok: false,
              detail: 'not found (ADB_PATH, ANDROID_HOME/platform-tools, PATH)',
              fix: 'install Android platform-tools (Debian/Ubuntu: `apt-get install adb`) or set ADB_PATH; without it Glance can still reach devices directly with `-s direct:HOST:PORT`',
            },
      );
      const probe = new AdbClient(createServerTransport({ env, port: serverPort, autoStart: false }));
      let devices;
      try {
        devices = await probe.devices({ signal, timeoutMs: 5000 });
        checks.push({ name: 'adb server', ok: true, detail: `reachable on 127.0.0.1:${serverPort}` });
      } catch (e) {
        const msg = e instanceof Error ? e.message : String(e);
        checks.push({
          name: 'adb server',
          ok: false,
          detail: `not reachable on 127.0.0.1:${serverPort} (${msg})`,
          fix: bin
            ? `start it with \`adb -P ${serverPort} start-server\` (glance also starts it on first use)`
            : 'install adb first (see above)',
        });
      }
      if (devices) {
        if (devices.length === 0) {
          checks.push({
            name: 'devices',
            ok: false,
            detail: 'none connected',
            fix: 'plug in a phone with USB debugging on (Settings › Developer options), start an emulator, or `adb connect HOST:PORT`',
          });
        }
        for (const d of devices) {
          const a = stateAdvice(d.state);
          checks.push({
            name: `device ${d.serial}`,
            ok: a.ok,
            detail: `${d.state}${d.model ? ` (${d.model})` : ''}`,
            ...(a.fix ? { fix: a.fix } : {}),
          });
        }
        const online = devices.filter((d) => d.state === 'device');
        if (online.length > 1 && !env['ANDROID_SERIAL']) {
          checks.push({
            name: 'device choice',
            ok: true,
            detail: `${online.length} devices online: pass -s SERIAL (or set ANDROID_SERIAL) to every command`,
          });
        }
      }
      if (defaultDirect) {
        try {
          const d = direct(defaultDirect);
          await d.shell('true', { signal, timeoutMs: 5000 });
          checks.push({ name: `direct ${defaultDirect}`, ok: true, detail: 'connected and authorised' });
        } catch (e) {
          checks.push({
            name: `direct ${defaultDirect}`,
            ok: false,
            detail: e instanceof Error ? e.message : String(e),
            fix: 'check GLANCE_DIRECT=HOST:PORT and that the device listens there (`adb tcpip 5555`)',
          });
        }
      }
      return checks;
    },
    close() {
      for (const p of directs.values()) p.close();
    },
  };
}
