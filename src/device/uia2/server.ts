/**
 * The UiAutomator2 server's life on one device, as appium-uiautomator2-driver runs it (lib/uiautomator2-server):
 * install both APKs when the installed version differs (`dumpsys package` → versionName; `pm list
 * instrumentation` for the test package), start `am instrument -w` as one held shell stream, poll `GET /status`
 * until it answers, open one session whose settings skip the idle wait (Glance settles on its own) and keep the
 * server up when unplugged. A lost session is reopened; a dead instrumentation is restarted once per call.
 */
import type { ByteStream } from '../../adb/stream.js';
import { listenerUids, packagesByUid, uidOfPackage, untrusted } from './trust.js';
import { GlanceError, isGlanceError, throwIfAborted } from '../../errors.js';
import { sleep } from '../sleep.js';
import type { CallOptions, ShellResult } from '../types.js';
import type { Method, Uia2Http } from './http.js';
import { Instrumentation } from './instrumentation.js';
import { findUia2Apks, type Uia2Apks } from './package.js';
import {
  GLANCE_OWNER_CAP,
  GLANCE_SESSION_SETTINGS,
  UIA2_INSTRUMENTATION,
  UIA2_MIN_SDK,
  UIA2_PORT,
  UIA2_SERVER_PACKAGE,
  UIA2_TEST_PACKAGE,
  type Uia2Envelope,
} from './protocol.js';

/** What the server's life needs from the device connection: shell, raw streams, file push. */
export interface Uia2Port {
  readonly serial: string;
  shell(command: string, opts?: CallOptions): Promise<ShellResult>;
  open(service: string, opts?: CallOptions): Promise<ByteStream>;
  push(path: string, data: Uint8Array, opts?: CallOptions): Promise<void>;
  features(opts?: CallOptions): Promise<string[]>;
}

export interface Uia2ServerOptions {
  /** Where the APKs come from (default: the optional npm package). */
  apks?: () => Promise<Uia2Apks | undefined>;
  /** How long the server may take to answer `/status` after `am instrument` (default 30 s, as the driver). */
  readyTimeoutMs?: number;
  /** Default timeout of one request (default 20 s). */
  requestTimeoutMs?: number;
  /** The largest reply read (default UIA2_MAX_REPLY_BYTES, 64 MB); past it the call fails with REPLY_TOO_LARGE. */
  maxReplyBytes?: number;
  /** Pause between readiness polls (default 100 ms). */
  pollMs?: number;
}

const text = (b: Uint8Array): string => new TextDecoder().decode(b);
/** What the server's session ids look like (UUIDs); kept loose on form, strict on characters. */
const SESSION_ID = /^[A-Za-z0-9-]{1,64}$/;
const TMP = '/data/local/tmp';

/** `versionName=` of `dumpsys package PKG`, or undefined when the package is not installed. */
export function installedVersion(dumpsys: string): string | undefined {
  return /^\s*versionName=(\S+)/m.exec(dumpsys)?.[1];
}

/** One HTTP client per server, loaded on first use: node:http costs a CLI that never talks to the server ~15 ms. */
class LazyHttp {
  private client: Promise<Uia2Http> | undefined;
  private loaded: Uia2Http | undefined;

  constructor(
    private readonly open: (opts: CallOptions) => Promise<ByteStream>,
    private readonly timeoutMs: number,
    private readonly maxReplyBytes: number | undefined,
  ) {}

  async call(method: Method, path: string, body: unknown, opts: CallOptions): Promise<Uia2Envelope> {
    this.client ??= import('./http.js').then((m) => (this.loaded = new m.Uia2Http(this.open, this.timeoutMs, this.maxReplyBytes)));
    return (await this.client).call(method, path, body, opts);
  }

  close(): void {
    this.loaded?.close();
  }
}

export class Uia2Server {
  private readonly http: LazyHttp;
  private instrumentation: Instrumentation | undefined;
  private session: string | undefined;
  private pending: Promise<string> | undefined;
  private apks: Uia2Apks | undefined;
  /** The server package's uid, once read (a reinstall may change it). */
  private serverUid: number | undefined;
  /** The server version that answered `/status`. */
  version: string | undefined;
  /** Servers this object started (restarts included). */
  starts = 0;

  constructor(
    private readonly port: Uia2Port,
    private readonly options: Uia2ServerOptions = {},
  ) {
    // Every connection to the port is opened only once its listener is proven to be the server (trust.ts).
    this.http = new LazyHttp(
      async (o) => {
        await this.trusted(o);
        return port.open(`tcp:${UIA2_PORT}`, o);
      },
      options.requestTimeoutMs ?? 20_000,
      options.maxReplyBytes,
    );
  }

  /**
   * Resolves when the socket listening on the server's port belongs to the server package's uid; rejects with
   * UIA2_UNTRUSTED when another uid holds it (or the socket table cannot be read), UIA2_UNREACHABLE when
   * nobody listens. Checked per connection, so a squatter that binds after the server died is caught too.
   */
  private async trusted(opts: CallOptions): Promise<void> {
    const net = await this.run('cat /proc/net/tcp6 /proc/net/tcp', opts);
    const serial = this.port.serial;
    if (!/\blocal_address\b/.test(net)) {
      throw new GlanceError(
        'UIA2_UNTRUSTED',
        `cannot read the socket table of ${serial}, so the UiAutomator2 server's port cannot be proven`,
        {
          hint: 'this phone hides /proc/net/tcp from the shell; use the dump backend on it',
          context: { serial, output: net.slice(0, 200) },
        },
      );
    }
    const uids = listenerUids(net, UIA2_PORT);
    if (uids.length === 0) {
      throw new GlanceError('UIA2_UNREACHABLE', `nothing listens on device port ${UIA2_PORT} of ${serial}`, {
        hint: 'the UiAutomator2 server is not running on the device; Glance starts it on the next call',
        context: { serial },
      });
    }
    this.serverUid ??= uidOfPackage(await this.run(`pm list packages -U ${UIA2_SERVER_PACKAGE}`, opts), UIA2_SERVER_PACKAGE);
    const ours = this.serverUid;
    const foreign = uids.find((u) => u !== ours);
    if (ours === undefined || foreign !== undefined) {
      const owner = foreign ?? uids[0]!;
      const packages = packagesByUid(await this.run('pm list packages -U', opts)).get(owner) ?? [];
      throw untrusted(serial, UIA2_PORT, { uid: owner, packages }, ours ?? -1);
    }
  }

  /** True while a session is open on a server whose instrumentation still runs (or that another client runs). */
  get running(): boolean {
    return this.session !== undefined && (this.instrumentation === undefined || this.instrumentation.alive);
  }

  /** The session id, installing and starting the server first when needed (one start at a time). */
  ensure(opts: CallOptions = {}): Promise<string> {
    if (this.session !== undefined && this.instrumentation?.alive !== false) return Promise.resolve(this.session);
    this.pending ??= this.bringUp(opts).finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async bringUp(opts: CallOptions): Promise<string> {
    this.session = undefined;
    if (this.instrumentation !== undefined && !this.instrumentation.alive) this.instrumentation = undefined;
    if (this.instrumentation === undefined) {
      await this.install(opts);
      // A server someone else runs (another Glance process, Appium) is used as it is: sessions replace each other.
      if (!(await this.answers(opts))) await this.start(opts);
    }
    return this.openSession(opts);
  }

  private async run(cmd: string, opts: CallOptions): Promise<string> {
    const r = await this.port.shell(cmd, { timeoutMs: 30_000, ...opts });
    return text(r.stdout) + text(r.stderr);
  }

  private unavailable(message: string, hint: string, context: Record<string, unknown> = {}): GlanceError {
    return new GlanceError('UIA2_UNAVAILABLE', message, {
      hint,
      next: { tool: 'device_doctor' },
      context: { serial: this.port.serial, ...context },
    });
  }

  /** Installs both APKs when the server's version differs from the package's or the test package is missing. */
  private async install(opts: CallOptions): Promise<void> {
    const sdk = Number((await this.run('getprop ro.build.version.sdk', opts)).trim());
    if (Number.isFinite(sdk) && sdk > 0 && sdk < UIA2_MIN_SDK) {
      throw this.unavailable(
        `the UiAutomator2 server needs Android 8.0 (API ${UIA2_MIN_SDK}); ${this.port.serial} runs API ${sdk}`,
        'use the dump backend on this device',
      );
    }
    this.apks ??= await (this.options.apks ?? findUia2Apks)();
    const apks = this.apks;
    if (apks === undefined) {
      throw this.unavailable(
        'the UiAutomator2 server APKs are not installed on this computer',
        'install the optional package: npm install appium-uiautomator2-server (or use the dump backend)',
      );
    }
    const have = installedVersion(await this.run(`dumpsys package ${UIA2_SERVER_PACKAGE}`, opts));
    const listed = (await this.run('pm list instrumentation', opts)).includes(UIA2_INSTRUMENTATION);
    if (have === apks.version && listed) return;
    // Another version (older or newer) is replaced as a pair: a newer server refuses `install -r` of an older one.
    if (have !== undefined && have !== apks.version) {
      for (const pkg of [UIA2_TEST_PACKAGE, UIA2_SERVER_PACKAGE]) await this.run(`pm uninstall ${pkg}`, opts);
    }
    if (have !== apks.version) await this.installApk(apks, apks.serverApk, 'server', opts);
    await this.installApk(apks, apks.testApk, 'test', opts);
    const now = installedVersion(await this.run(`dumpsys package ${UIA2_SERVER_PACKAGE}`, opts));
    if (now !== apks.version || !(await this.run('pm list instrumentation', opts)).includes(UIA2_INSTRUMENTATION)) {
      throw this.unavailable(
        `the UiAutomator2 server did not install on ${this.port.serial} (version ${now ?? 'none'} after installing ${apks.version})`,
        'check the device allows installs over adb (some phones ask on screen)',
        { version: now },
      );
    }
  }

  private async installApk(apks: Uia2Apks, path: string, which: string, opts: CallOptions): Promise<void> {
    const remote = `${TMP}/glance-uia2-${which}.apk`;
    this.serverUid = undefined;
    await this.port.push(remote, await apks.read(path), { timeoutMs: 120_000, ...opts });
    const out = await this.run(`pm install -r ${remote}; rm -f ${remote}`, { timeoutMs: 120_000, ...opts });
    if (!/^Success/m.test(out)) {
      throw this.unavailable(
        `installing the UiAutomator2 ${which} APK failed on ${this.port.serial}: ${out.trim().split('\n')[0] ?? ''}`,
        'check the device allows installs over adb; the output is in the context',
        { output: out },
      );
    }
  }

  /** True when a server answers `/status` now. */
  private async answers(opts: CallOptions, timeoutMs = 1500): Promise<boolean> {
    try {
      const r = await this.http.call('GET', '/status', undefined, { ...opts, timeoutMs });
      const build = (r.value as { build?: { version?: unknown } } | null)?.build;
      if (typeof build?.version === 'string') this.version = build.version;
      return true;
    } catch (e) {
      if (isGlanceError(e, 'ABORTED') || isGlanceError(e, 'UIA2_UNTRUSTED')) throw e;
      return false;
    }
  }

  private async start(opts: CallOptions): Promise<void> {
    const inst = await Instrumentation.start(this.port, opts);
    this.instrumentation = inst;
    this.starts++;
    const timeoutMs = this.options.readyTimeoutMs ?? 30_000;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      throwIfAborted(opts.signal);
      if (!inst.alive) {
        const { output } = await inst.ended;
        throw new GlanceError(
          'UIA2_START_FAILED',
          `the UiAutomator2 server on ${this.port.serial} exited while starting: ${lastLine(output)}`,
          {
            hint: 'see the instrumentation output in the context; `adb logcat` shows why it crashed',
            next: { tool: 'device_doctor' },
            context: { serial: this.port.serial, output },
          },
        );
      }
      if (await this.answers(opts, Math.min(2000, Math.max(1, deadline - Date.now())))) return;
      if (Date.now() >= deadline) {
        inst.close();
        throw new GlanceError('UIA2_START_FAILED', `the UiAutomator2 server on ${this.port.serial} did not answer within ${timeoutMs} ms`, {
          hint: 'the device may be slow or the server stuck; retry, or use the dump backend',
          next: { tool: 'device_doctor' },
          context: { serial: this.port.serial, timeoutMs, output: inst.printed },
        });
      }
      await Promise.race([sleep(this.options.pollMs ?? 100, opts.signal), inst.ended]);
    }
  }

  private async openSession(opts: CallOptions): Promise<string> {
    const alwaysMatch: Record<string, unknown> = { platformName: 'Android', 'appium:automationName': 'UiAutomator2' };
    for (const [k, v] of Object.entries(GLANCE_SESSION_SETTINGS)) alwaysMatch[`appium:${k}`] = v;
    alwaysMatch[GLANCE_OWNER_CAP] = 'glance';
    const r = await this.http.call('POST', '/session', { capabilities: { firstMatch: [{}], alwaysMatch } }, opts);
    const v = r.value as { sessionId?: unknown } | null;
    const id = typeof v?.sessionId === 'string' ? v.sessionId : r.sessionId;
    if (typeof id !== 'string' || id === '' || id === 'None') {
      throw new GlanceError('UIA2_START_FAILED', 'the UiAutomator2 server opened no session', { context: { reply: r } });
    }
    // The id goes into every later path: the server makes UUIDs, anything else (`../`, spaces, CR) is refused.
    if (!SESSION_ID.test(id)) {
      throw new GlanceError('UIA2_START_FAILED', 'the UiAutomator2 server answered a session id that is not one', {
        hint: 'something other than the UiAutomator2 server answers on device port 6790; retry, or use the dump backend',
        context: { sessionId: id.slice(0, 80) },
      });
    }
    this.session = id;
    return id;
  }

  /**
   * A request under the session. A lost session is reopened and the request repeated; so is a request to a
   * server whose instrumentation died, when `idempotent` (a second tap must not happen because the first one's
   * reply was lost).
   */
  async request(method: Method, path: string, body: unknown, opts: CallOptions & { idempotent?: boolean } = {}): Promise<Uia2Envelope> {
    for (let attempt = 0; ; attempt++) {
      const id = await this.ensure(opts);
      try {
        return await this.http.call(method, `/session/${id}${path}`, body, opts);
      } catch (e) {
        if (attempt > 0 || !isGlanceError(e)) throw e;
        if (e.code === 'UIA2_SESSION_LOST') this.session = undefined;
        else if (e.code === 'UIA2_UNREACHABLE' && opts.idempotent === true) await this.forget();
        else throw e;
      }
    }
  }

  /** Drops what is known about a server that stopped answering, so the next call starts a new one. */
  private async forget(): Promise<void> {
    this.session = undefined;
    const inst = this.instrumentation;
    this.instrumentation = undefined;
    if (inst !== undefined) {
      inst.close();
      await inst.ended;
    }
  }

  /**
   * Who holds the device's UiAutomation through a UiAutomator2 server, for a process that wants to run
   * `uiautomator dump`: `glance` when the server's session is one a Glance process opened (that session is then
   * deleted, which stops the server and frees UiAutomation), `other` when a server answers with a session of
   * someone else's (Appium, a test run: left alone), `none` when no server answers.
   */
  async releaseIfGlance(opts: CallOptions = {}): Promise<'glance' | 'other' | 'none'> {
    let sessions: unknown;
    try {
      sessions = (await this.http.call('GET', '/sessions', undefined, { ...opts, timeoutMs: 1500 })).value;
    } catch (e) {
      if (isGlanceError(e, 'ABORTED')) throw e;
      return 'none';
    }
    const list = Array.isArray(sessions) ? (sessions as Array<{ id?: unknown; capabilities?: Record<string, unknown> }>) : [];
    const ours = list.filter((x) => typeof x.id === 'string' && x.capabilities?.[GLANCE_OWNER_CAP] === 'glance');
    if (ours.length === 0) return list.length === 0 ? 'none' : 'other';
    for (const x of ours) {
      await this.http
        .call('DELETE', `/session/${encodeURIComponent(x.id as string)}`, undefined, { ...opts, timeoutMs: 2000 })
        .catch(() => undefined);
    }
    if (this.session !== undefined && ours.some((x) => x.id === this.session)) this.session = undefined;
    return 'glance';
  }

  /**
   * Stops the server and frees the device's UiAutomation: deletes the session (the server then exits), closes the
   * instrumentation stream; with `force`, also force-stops both packages (a server another client started).
   */
  async stop(opts: CallOptions & { force?: boolean } = {}): Promise<void> {
    const id = this.session;
    this.session = undefined;
    const inst = this.instrumentation;
    this.instrumentation = undefined;
    let deleted = false;
    if (id !== undefined && (inst !== undefined || opts.force === true)) {
      deleted = await this.http.call('DELETE', `/session/${id}`, undefined, { ...opts, timeoutMs: opts.timeoutMs ?? 2000 }).then(
        () => true,
        () => false,
      );
    }
    this.http.close();
    if (inst !== undefined) {
      // After DELETE the server exits on its own (15 ms later); its stream then ends. Give it a moment, as the driver does.
      if (deleted) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([inst.ended, new Promise((r) => (timer = setTimeout(r, 2000)))]);
        clearTimeout(timer);
      }
      inst.close();
      await inst.ended;
    }
    if (opts.force === true) {
      await this.run(`am force-stop ${UIA2_SERVER_PACKAGE}; am force-stop ${UIA2_TEST_PACKAGE}`, opts).catch(() => undefined);
    }
  }
}

function lastLine(output: string): string {
  const lines = output
    .trim()
    .split('\n')
    .filter((l) => l.trim() !== '');
  return lines[lines.length - 1]?.trim() ?? '(no output)';
}
