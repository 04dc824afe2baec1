/**
 * The doctor's probe of an adb set-up: the adb binary, the server, each device's state, the device choice and
 * a direct device — each finding with how to fix it.
 */
import { AdbClient } from '../adb/client.js';
import type { DeviceInfo } from '../adb/transport.js';
import { createServerTransport, findAdbBinary } from '../adb/node/host.js';
import type { Env } from './direct-port.js';
import { stateAdvice, type DoctorCheck } from './doctor.js';
import type { Device } from './types.js';

const PROBE_TIMEOUT_MS = 5000;

export interface ProbeOptions {
  env: Env;
  serverPort: number;
  signal: AbortSignal;
  /** GLANCE_DIRECT's device, when set. */
  direct?: { address: string; device: Device };
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

function binaryCheck(bin: string | undefined): DoctorCheck {
  return bin
    ? { name: 'adb binary', ok: true, detail: bin }
    : {
        name: 'adb binary',
        ok: false,
        detail: 'not found (ADB_PATH, ANDROID_HOME/platform-tools, PATH)',
        fix: 'install Android platform-tools (Debian/Ubuntu: `apt-get install adb`) or set ADB_PATH; without it Glance can still reach devices directly with `-s direct:HOST:PORT`',
      };
}

function deviceChecks(devices: readonly DeviceInfo[], env: Env): DoctorCheck[] {
  const checks: DoctorCheck[] = [];
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
  return checks;
}

async function directCheck(direct: NonNullable<ProbeOptions['direct']>, signal: AbortSignal): Promise<DoctorCheck> {
  const name = `direct ${direct.address}`;
  try {
    await direct.device.shell('true', { signal, timeoutMs: PROBE_TIMEOUT_MS });
    return { name, ok: true, detail: 'connected and authorised' };
  } catch (e) {
    return {
      name,
      ok: false,
      detail: message(e),
      fix: 'check GLANCE_DIRECT=HOST:PORT and that the device listens there (`adb tcpip 5555`)',
    };
  }
}

export async function probeSetup(opts: ProbeOptions): Promise<DoctorCheck[]> {
  const { env, serverPort, signal } = opts;
  const bin = findAdbBinary(env);
  const checks = [binaryCheck(bin)];
  // Without autoStart: the doctor reports a stopped server instead of starting one.
  const probe = new AdbClient(createServerTransport({ env, port: serverPort, autoStart: false }));
  try {
    const devices = await probe.devices({ signal, timeoutMs: PROBE_TIMEOUT_MS });
    checks.push({ name: 'adb server', ok: true, detail: `reachable on 127.0.0.1:${serverPort}` });
    checks.push(...deviceChecks(devices, env));
  } catch (e) {
    checks.push({
      name: 'adb server',
      ok: false,
      detail: `not reachable on 127.0.0.1:${serverPort} (${message(e)})`,
      fix: bin
        ? `start it with \`adb -P ${serverPort} start-server\` (glance also starts it on first use)`
        : 'install adb first (see above)',
    });
  }
  if (opts.direct) checks.push(await directCheck(opts.direct, signal));
  return checks;
}
