/**
 * Adapts Glance's ADB client (src/adb) to the AdbPort AdbDevice needs. Devices without `shell_v2` get the
 * legacy `shell:` service, which reports no exit status (adb/SERVICES.TXT): the command is followed by an
 * `echo` of `$?` behind a marker, on a line of its own, and the marker line is cut from stdout again.
 */
import type { AdbDeviceClient } from '../adb/client.js';
import type { AdbPort } from './adb-device.js';
import type { CallOptions, ShellResult } from './types.js';

const EXIT_MARK = '__glance_exit=';

/** Exit status reported when a command ended the legacy shell itself (`exit N`) before the marker. */
export const LEGACY_UNKNOWN_EXIT = 255;

/**
 * Splits legacy shell output into the command's stdout and the exit status the marker carries. A dropped
 * connection already fails in the client (ADB_DEVICE_GONE); output that ends cleanly without the marker means
 * the command left the shell itself, whose status the legacy service does not report.
 */
export function splitLegacyExit(out: Buffer): ShellResult {
  const s = out.toString('latin1');
  const at = s.lastIndexOf(EXIT_MARK);
  if (at < 0) return { stdout: out, stderr: new Uint8Array(0), exitCode: LEGACY_UNKNOWN_EXIT };
  const code = Number(/^\d+/.exec(s.slice(at + EXIT_MARK.length))?.[0] ?? String(LEGACY_UNKNOWN_EXIT));
  // We printed one newline before the marker (a PTY may have made it \r\n); everything before is the output.
  let end = at;
  if (s[end - 1] === '\n') end--;
  if (s[end - 1] === '\r') end--;
  return { stdout: out.subarray(0, end), stderr: new Uint8Array(0), exitCode: code };
}

export function adbPort(client: AdbDeviceClient): AdbPort {
  return {
    serial: client.serial,
    async shell(command: string, opts: CallOptions = {}): Promise<ShellResult> {
      const features = await client.features(opts);
      if (features.includes('shell_v2')) {
        const r = await client.shell(command, opts);
        return { stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode ?? 0 };
      }
      // `echo` (not printf: the most basic shells lack it) puts the marker on a line of its own.
      const r = await client.shell(`${command}\n__glance_rc=$?; echo; echo "${EXIT_MARK}$__glance_rc"`, opts);
      return splitLegacyExit(r.stdout);
    },
    exec: (command: string, opts: CallOptions = {}) => client.exec(command, opts),
    open: (service: string, opts: CallOptions = {}) => client.transport.openService(client.serial, service, opts),
    push: (path: string, data: Uint8Array, opts: CallOptions = {}) => client.push(path, data, opts),
    features: (opts: CallOptions = {}) => client.features(opts),
  };
}
