/**
 * Who holds the UiAutomator2 server's port. Any app with the network permission can listen on device port 6790
 * before the server does; whatever answers there would receive everything Glance types and could feed the agent
 * a screen of its choosing. So before a connection to the port is used, Glance reads the listening sockets'
 * owner uids from `/proc/net/tcp6` and `/proc/net/tcp` (the kernel's own record, which an app cannot forge) and
 * compares them with the uid of the server package (`pm list packages -U`): the instrumentation runs in that
 * package's process, so a server Glance (or another Glance, or Appium) started holds the socket under that uid.
 * Parsing is pure; the shell calls are the caller's.
 */
import { GlanceError } from '../../errors.js';

/** State 0A in the kernel's tcp_states.h: TCP_LISTEN. */
const LISTEN = '0A';

/**
 * The uids of the sockets listening on `port` in `/proc/net/tcp{,6}` text (both files may be concatenated).
 * Rows are `sl: LOCAL:PORT REMOTE:PORT ST … UID …`; anything else (headers, `cat` errors) is skipped.
 */
export function listenerUids(procNet: string, port: number): number[] {
  const uids: number[] = [];
  for (const line of procNet.split('\n')) {
    const f = line.trim().split(/\s+/);
    // sl, local, remote, st, tx:rx, tr:when, retrnsmt, uid
    if (f.length < 8 || !/^\d+:$/.test(f[0]!)) continue;
    const local = /^[0-9A-Fa-f]+:([0-9A-Fa-f]{4})$/.exec(f[1]!);
    if (local === null || parseInt(local[1]!, 16) !== port || f[3]!.toUpperCase() !== LISTEN) continue;
    if (!/^\d+$/.test(f[7]!)) continue;
    uids.push(Number(f[7]));
  }
  return [...new Set(uids)];
}

/** `pm list packages -U` lines (`package:NAME uid:UID[,UID…]`) as uid → package names. */
export function packagesByUid(pmList: string): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const line of pmList.split('\n')) {
    const m = /^package:(?:\S*=)?([\w.]+) .*\buid:([\d,]+)\s*$/.exec(line.trim());
    if (m === null) continue;
    for (const u of m[2]!.split(',')) {
      if (u === '') continue;
      const list = out.get(Number(u)) ?? [];
      list.push(m[1]!);
      out.set(Number(u), list);
    }
  }
  return out;
}

/** The uid of `pkg` in `pm list packages -U` text, when it is listed (the name matched whole). */
export function uidOfPackage(pmList: string, pkg: string): number | undefined {
  for (const [uid, names] of packagesByUid(pmList)) if (names.includes(pkg)) return uid;
  return undefined;
}

/** A listener Glance will not talk to: who holds the port, by package when the phone says. */
export function untrusted(
  serial: string,
  port: number,
  owner: { uid: number; packages: readonly string[] },
  serverUid: number,
): GlanceError {
  const who = owner.packages.length > 0 ? `${owner.packages.join(', ')} (uid ${owner.uid})` : `uid ${owner.uid}`;
  return new GlanceError(
    'UIA2_UNTRUSTED',
    `device port ${port} on ${serial} is held by ${who}, not by the UiAutomator2 server (uid ${serverUid}): Glance sends it nothing`,
    {
      hint: 'an app on the phone listens where the UiAutomator2 server should; uninstall or stop that app, or use the dump backend',
      context: { serial, port, ownerUid: owner.uid, ownerPackages: [...owner.packages], serverUid },
    },
  );
}
