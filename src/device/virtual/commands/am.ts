/**
 * `am` / `cmd activity` (frameworks/base/services/core/java/com/android/server/am/ActivityManagerShellCommand.java)
 * and `monkey -p PKG 1`.
 */
import { shortComponent } from '../scenario.js';
import type { CmdContext, Command } from '../shell.js';
import type { DeviceContext } from './context.js';
import { describeIntent, parseIntent, resolveIntent } from './intents.js';
import { instrument } from '../uia2/instrument.js';

/** `am start`: echoes the intent, resolves it (explicit component, or MAIN/LAUNCHER by package), starts it. */
function start(dev: DeviceContext, ctx: CmdContext, args: string[]): number {
  const phone = dev.phone;
  const intent = parseIntent(args);
  const shown = intent.component === undefined ? intent : { ...intent, component: shortComponent(resolveIntent(dev, intent)[0]!) };
  ctx.out(`Starting: ${describeIntent(shown)}\n`);
  const component = resolveIntent(dev, intent)[0];
  if (component === undefined) {
    // startActivity adds FLAG_ACTIVITY_NEW_TASK (flg=0x10000000) before resolving.
    ctx.err(`Error: Activity not started, unable to resolve ${describeIntent(intent, 0x10000000)}\n`);
    return 1;
  }
  const pkg = component.slice(0, component.indexOf('/'));
  if (component.startsWith('com.android.launcher3/')) {
    phone.home();
    return 0;
  }
  const r = phone.launch(pkg, component);
  if (r === 'no-such-app' || r === 'no-such-activity') {
    ctx.err(`Error type 3\nError: Activity class {${component}} does not exist.\n`);
    return 1;
  }
  if (r === 'brought-to-front') ctx.out('Warning: Activity not started, its current task has been brought to the front\n');
  if (intent.options.has('-W'))
    ctx.out(
      `Status: ok\nLaunchState: ${r === 'started' ? 'COLD' : 'HOT'}\nActivity: ${shortComponent(phone.focusedActivity())}\nTotalTime: 120\nWaitTime: 125\nComplete\n`,
    );
  return 0;
}

export function am(dev: DeviceContext): Command {
  return (ctx) => {
    const [sub, ...args] = ctx.argv.slice(1);
    const phone = dev.phone;
    switch (sub) {
      case 'start':
      case 'start-activity':
        return start(dev, ctx, args);
      case 'force-stop':
      case 'kill': {
        const pkg = args.filter((a) => !a.startsWith('-')).pop();
        if (pkg !== undefined) {
          phone.forceStop(pkg);
          dev.onPackageStopped(pkg);
        }
        return 0;
      }
      case 'instrument':
        return instrument(dev, ctx, args);
      case 'broadcast':
        ctx.out('Broadcasting: Intent { flg=0x400000 }\nBroadcast completed: result=0\n');
        return 0;
      case undefined:
        ctx.out('Activity manager (activity) commands:\n  help\n  start [-W] [-n <COMPONENT>] ...\n  force-stop <PACKAGE>\n');
        return 255;
      default:
        // ShellCommand.handleDefaultCommands answers on stdout.
        ctx.out(`Unknown command: ${sub}\n`);
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
