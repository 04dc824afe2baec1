/** `pm` / `cmd package` (PackageManagerShellCommand.java). */
import { SYSTEM_PACKAGES } from '../scenario.js';
import type { Command } from '../shell.js';
import { flags, type DeviceContext } from './context.js';

export function pm(dev: DeviceContext): Command {
  return (ctx) => {
    const [sub, ...rest] = ctx.argv.slice(1);
    const sc = dev.phone.scenario;
    const apkPath = (p: string): string =>
      SYSTEM_PACKAGES.includes(p) ? `/system/app/${p.split('.').pop()}/${p.split('.').pop()}.apk` : `/data/app/~~glance==/${p}-1/base.apk`;
    switch (sub) {
      case 'list': {
        if (rest[0] !== 'packages') {
          ctx.err(`Error: unknown list type '${rest[0] ?? ''}'\n`);
          return 255;
        }
        const { set, rest: filter } = flags(rest.slice(1), 'fdes3iUu');
        let pkgs = [...sc.packages].sort();
        if (set.has('3')) pkgs = pkgs.filter((p) => !SYSTEM_PACKAGES.includes(p));
        if (set.has('s')) pkgs = pkgs.filter((p) => SYSTEM_PACKAGES.includes(p));
        if (filter[0] !== undefined) pkgs = pkgs.filter((p) => p.includes(filter[0]!));
        for (const p of pkgs) ctx.out(`package:${set.has('f') ? `${apkPath(p)}=` : ''}${p}\n`);
        return 0;
      }
      case 'path': {
        const p = rest[0] ?? '';
        if (!sc.packages.includes(p)) return 1;
        ctx.out(`package:${apkPath(p)}\n`);
        return 0;
      }
      case 'clear': {
        const p = rest[0] ?? '';
        if (!sc.packages.includes(p)) {
          ctx.out('Failed\n');
          return 1;
        }
        dev.phone.forceStop(p);
        ctx.out('Success\n');
        return 0;
      }
      case 'grant':
      case 'revoke':
      case 'enable':
      case 'disable-user':
        return 0;
      default:
        ctx.err(`Unknown command: ${sub ?? ''}\n`);
        return 255;
    }
  };
}
