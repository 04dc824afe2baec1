/** `am` / `cmd activity` (ActivityManagerShellCommand.java) and `monkey -p PKG 1`. */
import { qualifyActivity, shortComponent } from '../scenario.js';
import type { Command } from '../shell.js';
import type { DeviceContext } from './context.js';

/** Parses `am start` intent arguments; returns the component or action to start. */
function intentArgs(args: string[]): { component?: string; action?: string; categories: string[]; wait: boolean } {
  const r: { component?: string; action?: string; categories: string[]; wait: boolean } = { categories: [], wait: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-n') r.component = args[++i] ?? '';
    else if (a === '-a') r.action = args[++i] ?? '';
    else if (a === '-c') r.categories.push(args[++i] ?? '');
    else if (a === '-W') r.wait = true;
    else if (['-d', '-t', '-f', '--user', '-p', '--display'].includes(a)) i++;
    // Intent extras: `--es KEY VALUE`, `--ei`, `--ez`, `--el`, `--ef`, `--eu`, `--esa` … take two arguments.
    else if (/^--e[sizlfu]?a?$/.test(a)) i += 2;
    else if (a.startsWith('-')) continue;
    else if (r.component === undefined && a.includes('/')) r.component = a;
  }
  return r;
}

export function am(dev: DeviceContext): Command {
  return (ctx) => {
    const [sub, ...args] = ctx.argv.slice(1);
    const phone = dev.phone;
    switch (sub) {
      case 'start':
      case 'start-activity': {
        const intent = intentArgs(args);
        if (intent.component === undefined) {
          if (intent.categories.includes('android.intent.category.HOME')) {
            ctx.out('Starting: Intent { act=android.intent.action.MAIN cat=[android.intent.category.HOME] }\n');
            phone.home();
            return 0;
          }
          ctx.out(`Starting: Intent { ${intent.action !== undefined ? `act=${intent.action} ` : ''}}\n`);
          ctx.err('Error: Activity not started, unable to resolve Intent { }\n');
          return 1;
        }
        const [pkg, cls] = intent.component.split('/', 2) as [string, string?];
        const component = qualifyActivity(pkg, cls ?? '');
        ctx.out(`Starting: Intent { cmp=${shortComponent(component)} }\n`);
        const r = phone.launch(pkg, component);
        if (r === 'no-such-app' || r === 'no-such-activity') {
          ctx.err(`Error type 3\nError: Activity class {${component}} does not exist.\n`);
          return 1;
        }
        if (r === 'brought-to-front') ctx.out('Warning: Activity not started, its current task has been brought to the front\n');
        if (intent.wait)
          ctx.out(
            `Status: ok\nLaunchState: ${r === 'started' ? 'COLD' : 'HOT'}\nActivity: ${shortComponent(phone.focusedActivity())}\nTotalTime: 120\nWaitTime: 125\nComplete\n`,
          );
        return 0;
      }
      case 'force-stop':
      case 'kill':
        if (args[0] !== undefined) phone.forceStop(args[0]);
        return 0;
      case 'broadcast':
        ctx.out('Broadcasting: Intent { flg=0x400000 }\nBroadcast completed: result=0\n');
        return 0;
      case undefined:
        ctx.out('Activity manager (activity) commands:\n  help\n  start [-W] [-n <COMPONENT>] ...\n  force-stop <PACKAGE>\n');
        return 0;
      default:
        ctx.err(`Unknown command: ${sub}\n`);
        return 255;
    }
  };
}

export function monkey(dev: DeviceContext): Command {
  return (ctx) => {
    const args = ctx.argv.slice(1);
    const pkgs: string[] = [];
    for (let i = 0; i < args.length; i++) if (args[i] === '-p') pkgs.push(args[++i] ?? '');
    const phone = dev.phone;
    const pkg = pkgs[0];
    ctx.out(`  bash arg: ${args.join('\n  bash arg: ')}\n`);
    if (pkg === undefined || pkg !== phone.scenario.package) {
      ctx.out('** No activities found to run, monkey aborted.\n');
      return 251;
    }
    phone.launch(pkg);
    ctx.out('Events injected: 1\n## Network stats: elapsed time=18ms (0ms mobile, 0ms wifi, 18ms not connected)\n');
    return 0;
  };
}
