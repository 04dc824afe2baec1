/**
 * `pm` / `cmd package` (frameworks/base/services/core/java/com/android/server/pm/PackageManagerShellCommand.java):
 * list/path/clear, install and uninstall, and the queries in package-query.ts.
 */
import { SYSTEM_PACKAGES } from '../scenario.js';
import type { Command } from '../shell.js';
import { flags, type DeviceContext } from './context.js';
import { install, uninstall } from './install.js';
import { listInstrumentation } from '../uia2/instrument.js';
import { apkPath, hasFeature, listFeatures, queryActivities, resolveActivity } from './package-query.js';

export function pm(dev: DeviceContext): Command {
  return async (ctx) => {
    const [sub, ...rest] = ctx.argv.slice(1);
    const sc = dev.phone.scenario;
    switch (sub) {
      case 'list': {
        if (rest[0] === 'features') return listFeatures(ctx);
        if (rest[0] === 'instrumentation') return listInstrumentation(dev, ctx, rest.slice(1));
        if (rest[0] !== 'packages') {
          ctx.err(`Error: unknown list type '${rest[0] ?? ''}'\n`);
          return 255;
        }
        const { set, rest: filter } = flags(rest.slice(1), 'fdes3iUu');
        let pkgs = [...sc.packages].sort();
        if (set.has('3')) pkgs = pkgs.filter((p) => !SYSTEM_PACKAGES.includes(p));
        if (set.has('s')) pkgs = pkgs.filter((p) => SYSTEM_PACKAGES.includes(p));
        if (filter[0] !== undefined) pkgs = pkgs.filter((p) => p.includes(filter[0]!));
        // runListPackages: `package:`, the APK path and `=` with -f, the name, ` uid:UID` with -U.
        for (const p of pkgs) {
          ctx.out(`package:${set.has('f') ? `${apkPath(dev, p)}=` : ''}${p}${set.has('U') ? ` uid:${dev.uids.uidOf(p)}` : ''}\n`);
        }
        return 0;
      }
      case 'path': {
        const p = rest[0] ?? '';
        if (!sc.packages.includes(p)) return 1;
        ctx.out(`package:${apkPath(dev, p)}\n`);
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
      case 'has-feature':
        return hasFeature(ctx, rest);
      case 'resolve-activity':
        return resolveActivity(dev, ctx, rest);
      case 'query-activities':
        return queryActivities(dev, ctx, rest);
      case 'install':
        return install(dev, ctx, rest);
      case 'uninstall':
        return uninstall(dev, ctx, rest);
      case 'grant':
      case 'revoke':
      case 'enable':
      case 'disable-user':
        return 0;
      // ShellCommand.handleDefaultCommands: help (its first lines here) or `Unknown command` on stdout, status -1.
      case undefined:
      case 'help':
        ctx.out('Package manager (package) commands:\n  help\n    Print this help text.\n');
        return 255;
      default:
        ctx.out(`Unknown command: ${sub}\n`);
        return 255;
    }
  };
}
