/**
 * Picking the screen backend of an Android device (GLANCE_BACKEND=auto|uia2|dump, the CLI's --backend) and what
 * `glance doctor` says about it. Without either, a process that reads the screen once uses `dump`: it would pay
 * the server's start (1–3 s on a phone) for one read. Long-lived hosts (the CLI's daemon, `glance mcp`) use
 * `auto`: the start is paid once and every later read skips `uiautomator dump`'s second or more.
 */
import { GlanceError } from '../../errors.js';
import type { AdbDevice, AdbPort } from '../adb-device.js';
import type { DoctorCheck } from '../doctor.js';
import type { Device } from '../types.js';
import { BACKENDS, Uia2Device, type BackendName } from './device.js';
import { findUia2Apks } from './package.js';
import type { Uia2Port } from './server.js';

/** The backend of a process that reads a screen once or twice (an in-process CLI call, a script). */
export const DEFAULT_BACKEND: BackendName = 'dump';
/** The backend of a process that keeps its devices across many calls (the daemon, an MCP server). */
export const LONG_LIVED_BACKEND: BackendName = 'auto';

export function parseBackend(value: string | undefined, what = 'GLANCE_BACKEND', fallback: BackendName = DEFAULT_BACKEND): BackendName {
  if (value === undefined || value === '') return fallback;
  if ((BACKENDS as readonly string[]).includes(value)) return value as BackendName;
  throw new GlanceError('USAGE', `${what} must be auto, uia2 or dump, not "${value}"`, {
    hint: 'auto uses the UiAutomator2 server when it can be installed and started, else uiautomator dump',
  });
}

/** GLANCE_BACKEND (where the CLI's --backend also lands), else `fallback`. */
export function backendFrom(env: Readonly<Record<string, string | undefined>>, fallback: BackendName = DEFAULT_BACKEND): BackendName {
  return parseBackend(env['GLANCE_BACKEND'], 'GLANCE_BACKEND', fallback);
}

/** The port's raw streams, file push and features, when it has them (an in-process port does not). */
export function uia2PortOf(port: AdbPort): Uia2Port | undefined {
  const { open, push, features } = port;
  if (open === undefined || push === undefined || features === undefined) return undefined;
  return {
    serial: port.serial,
    shell: (c, o) => port.shell(c, o),
    open: (s, o) => open.call(port, s, o),
    push: (p, d, o) => push.call(port, p, d, o),
    features: (o) => features.call(port, o),
  };
}

/** The device with its backend: a Uia2Device when the port can reach the server (added to `track`), else adb. */
export function withBackend(adb: AdbDevice, port: AdbPort, backend: BackendName, track: Set<Uia2Device>): Device {
  const up = uia2PortOf(port);
  if (up === undefined) return adb;
  const d = new Uia2Device(adb, up, backend);
  track.add(d);
  return d;
}

/** Doctor lines: the backend asked for, whether the server APKs are here, and each used device's state. */
export async function backendChecks(backend: BackendName, devices: Iterable<Uia2Device>): Promise<DoctorCheck[]> {
  const apks = await findUia2Apks();
  const checks: DoctorCheck[] = [
    {
      name: 'backend',
      ok: backend === 'dump' || apks !== undefined,
      detail: `${backend}${apks === undefined ? ' (UiAutomator2 server package not installed)' : ` (UiAutomator2 server ${apks.version} available)`}`,
      ...(apks === undefined && backend !== 'dump' ? { fix: 'npm install appium-uiautomator2-server, or set GLANCE_BACKEND=dump' } : {}),
    },
  ];
  for (const d of devices) {
    const i = d.backendInfo();
    const last = i.last === undefined ? 'no screen read yet' : `last read ${i.last.ms} ms by ${i.last.backend}`;
    checks.push({
      name: `backend ${d.serial}`,
      ok: i.fallback === undefined,
      detail: `${i.active}${i.version === undefined ? '' : ` ${i.version}`}, ${last}${i.fallback === undefined ? '' : `; fell back: ${i.fallback}`}`,
      ...(i.fallback === undefined ? {} : { fix: 'fix what the reason names and start again, or set GLANCE_BACKEND=dump' }),
    });
  }
  return checks;
}
