/**
 * `glance doctor`: what stands between Glance and a usable device, each finding with how to fix it.
 * The checks themselves need node (binary lookup, sockets), so providers implement `diagnose`; this module
 * holds the shapes and the rendering.
 */
export interface DoctorCheck {
  /** Short name: `adb binary`, `adb server`, `device emulator-5554`… */
  name: string;
  ok: boolean;
  detail: string;
  /** What to do when not ok. */
  fix?: string;
}

export interface Diagnosable {
  diagnose(opts: { signal: AbortSignal }): Promise<DoctorCheck[]>;
}

export function isDiagnosable(x: unknown): x is Diagnosable {
  return typeof x === 'object' && x !== null && typeof (x as Partial<Diagnosable>).diagnose === 'function';
}

export function renderDoctor(checks: readonly DoctorCheck[]): string {
  const lines: string[] = [];
  for (const c of checks) {
    lines.push(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);
    if (!c.ok && c.fix) lines.push(`     fix: ${c.fix}`);
  }
  const bad = checks.filter((c) => !c.ok).length;
  lines.push(bad === 0 ? 'all checks passed' : `${bad} problem${bad === 1 ? '' : 's'} found`);
  return lines.join('\n');
}

/** What a device state from `adb devices` means, and the fix. */
export function stateAdvice(state: string): { ok: boolean; fix?: string } {
  if (state === 'device') return { ok: true };
  if (state === 'unauthorized' || state === 'authorizing')
    return {
      ok: false,
      fix: 'unlock the device and accept the "Allow USB debugging?" prompt (tick "Always allow"); if no prompt shows, revoke USB debugging authorisations in Developer options and reconnect',
    };
  if (state === 'offline' || state === 'connecting')
    return {
      ok: false,
      fix: 'reconnect the cable (or `adb reconnect`); restart the adb server with `adb kill-server` if it stays offline',
    };
  if (state.startsWith('no permissions'))
    return { ok: false, fix: 'add a udev rule for the device (Linux) or run the adb server as a user allowed to open it' };
  return { ok: false, fix: `the device is in state "${state}"; boot it normally with USB debugging on` };
}
