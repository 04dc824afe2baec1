/**
 * toybox and mksh process/system commands: echo, sh -c, sleep, which, id, whoami, uname, date, logcat, ps, pidof,
 * nohup, pkill, appops, run-as.
 * Output as Android's toybox prints it for the shell user (uid 2000).
 */
import { SYSTEMUI } from '../chrome.js';
import { shQuote } from '../sh.js';
import type { Command } from '../shell.js';
import { sleep, type DeviceContext } from './context.js';

export const echo: Command = (ctx) => {
  let args = ctx.argv.slice(1);
  let newline = true;
  let escapes = false;
  while (args[0] !== undefined && /^-[neE]+$/.test(args[0])) {
    if (args[0].includes('n')) newline = false;
    if (args[0].includes('e')) escapes = true;
    args = args.slice(1);
  }
  let s = args.join(' ');
  if (escapes) s = s.replace(/\\([ntr\\])/g, (_m, c: string) => ({ n: '\n', t: '\t', r: '\r', '\\': '\\' })[c] ?? c);
  ctx.out(newline ? `${s}\n` : s);
  return 0;
};

export const sh: Command = async (ctx) => {
  const i = ctx.argv.indexOf('-c');
  if (i < 0) return 0; // `sh` reading a script from stdin: nothing sends one; an empty script exits 0.
  const script = ctx.argv[i + 1];
  if (script === undefined) {
    ctx.err('/system/bin/sh: -c: option requires an argument\n');
    return 1;
  }
  return ctx.run(script, ctx.argv.slice(i + 3));
};

export const sleepCmd: Command = async (ctx) => {
  const s = Number(ctx.argv[1] ?? 'x');
  if (!Number.isFinite(s) || s < 0) {
    ctx.err(`sleep: invalid number '${ctx.argv[1] ?? ''}'\n`);
    return 1;
  }
  await sleep(Math.min(s, 600) * 1000, ctx.signal);
  return 0;
};

/** `which NAME…`: every command the table knows lives in /system/bin. */
export function which(known: (name: string) => boolean): Command {
  return (ctx) => {
    let st = 0;
    for (const n of ctx.argv.slice(1)) {
      if (known(n)) ctx.out(`/system/bin/${n}\n`);
      else st = 1;
    }
    return st;
  };
}

export const id: Command = (ctx) => {
  ctx.out(
    'uid=2000(shell) gid=2000(shell) groups=2000(shell),1004(input),1007(log),1011(adb),1015(sdcard_rw),1028(sdcard_r),3001(net_bt_admin),3002(net_bt),3003(inet),3006(net_bw_stats),3009(readproc),3011(uhid) context=u:r:shell:s0\n',
  );
  return 0;
};

export const whoami: Command = (ctx) => {
  ctx.out('shell\n');
  return 0;
};

export const uname: Command = (ctx) => {
  ctx.out(
    ctx.argv.includes('-a')
      ? 'Linux localhost 5.15.0-glance #1 SMP PREEMPT x86_64 Toybox\n'
      : ctx.argv.includes('-m')
        ? 'x86_64\n'
        : 'Linux\n',
  );
  return 0;
};

export const date: Command = (ctx) => {
  const now = new Date();
  ctx.out(ctx.argv[1] === '+%s' ? `${Math.floor(now.getTime() / 1000)}\n` : `${now.toUTCString().replace('GMT', 'UTC')}\n`);
  return 0;
};

export const logcat: Command = () => 0;

/** Processes `ps` shows: system ones, plus the apps that have a live task. */
export function processes(dev: DeviceContext): string[] {
  return ['system_server', SYSTEMUI, 'com.android.launcher3', ...dev.phone.runningPackages()];
}

export function pid(index: number): number {
  return 1000 + index * 37;
}

export function ps(dev: DeviceContext): Command {
  return (ctx) => {
    ctx.out('USER           PID  PPID     VSZ    RSS WCHAN            ADDR S NAME\n');
    processes(dev).forEach((n, i) =>
      ctx.out(`${i === 0 ? 'system' : 'u0_a123'}        ${pid(i)}   700 1234567  98765 0                   0 S ${n}\n`),
    );
    return 0;
  };
}

export function pidof(dev: DeviceContext): Command {
  return (ctx) => {
    const i = processes(dev).indexOf(ctx.argv[1] ?? '');
    if (i < 0) return 1;
    ctx.out(`${pid(i)}\n`);
    return 0;
  };
}

/** toybox `nohup CMD [ARG…]`: runs the command immune to hangups; without a terminal it just runs it. */
export const nohup: Command = (ctx) => {
  const argv = ctx.argv.slice(1);
  if (argv.length === 0) {
    ctx.err('nohup: Needs 1 argument (see "nohup --help")\n');
    return 1;
  }
  return ctx.run(argv.map(shQuote).join(' '), []);
};

/**
 * toybox `pkill [-SIGNAL] [-f] [-x] PATTERN`: signals the processes whose name matches; exit 1 when none did.
 * An app process killed this way is gone as after `am force-stop`.
 */
export function pkill(dev: DeviceContext): Command {
  return (ctx) => {
    const args = ctx.argv.slice(1);
    const exact = args.includes('-x');
    const pattern = args.filter((a) => !a.startsWith('-')).pop();
    if (pattern === undefined) {
      ctx.err('pkill: Needs 1 argument (see "pkill --help")\n');
      return 1;
    }
    let re: RegExp;
    try {
      re = new RegExp(exact ? `^(?:${pattern})$` : pattern);
    } catch {
      ctx.err(`pkill: bad regex '${pattern}'\n`);
      return 1;
    }
    const hit = dev.phone.runningPackages().filter((p) => re.test(p));
    for (const p of hit) dev.phone.forceStop(p);
    // system_server and friends belong to other users: the shell user may not signal them.
    return hit.length > 0 ? 0 : 1;
  };
}

/** `appops set PKG OP MODE` / `get PKG [OP]` / `reset [PKG]` (AppOpsService's shell command). */
export function appops(): Command {
  const modes = new Map<string, string>();
  return (ctx) => {
    const [sub, pkg, op, mode] = ctx.argv.slice(1).filter((a, i, all) => a !== '--user' && all[i - 1] !== '--user');
    switch (sub) {
      case 'set':
        if (pkg === undefined || op === undefined || mode === undefined) {
          ctx.err('Error: Mode not specified.\n');
          return 255;
        }
        modes.set(`${pkg} ${op}`, mode);
        return 0;
      case 'get': {
        const set = [...modes].filter(([k]) => k.startsWith(`${pkg ?? ''} `) && (op === undefined || k.endsWith(` ${op}`)));
        if (set.length === 0) ctx.out('No operations.\n');
        for (const [k, m] of set) ctx.out(`${k.slice(k.indexOf(' ') + 1)}: ${m}\n`);
        return 0;
      }
      case 'reset':
        for (const k of [...modes.keys()]) if (pkg === undefined || k.startsWith(`${pkg} `)) modes.delete(k);
        return 0;
      default:
        ctx.out(
          'AppOps service (appops) commands:\n  help\n  set [--user <USER_ID>] <PACKAGE | UID> <OP> <MODE>\n  get [--user <USER_ID>] <PACKAGE | UID> [<OP>]\n  reset [--user <USER_ID>] [<PACKAGE>]\n',
        );
        return sub === undefined || sub === 'help' ? 0 : 255;
    }
  };
}

/**
 * `run-as PKG [CMD…]` (system/core/run-as/run-as.cpp): runs in the app's data directory as the app. Only
 * debuggable apps allow it; the scenario's app and apps installed here are, the system image's are not.
 */
export function runAs(dev: DeviceContext): Command {
  return (ctx) => {
    const args = ctx.argv.slice(1).filter((a, i, all) => a !== '--user' && all[i - 1] !== '--user');
    const pkg = args[0];
    if (pkg === undefined) {
      ctx.err('usage: run-as <package-name> [--user <uid>] <command> [<args>]\n');
      return 1;
    }
    const sc = dev.phone.scenario;
    if (!sc.packages.includes(pkg)) {
      ctx.err(`run-as: unknown package: ${pkg}\n`);
      return 1;
    }
    if (pkg !== sc.package && !dev.installed.has(pkg)) {
      ctx.err(`run-as: package not debuggable: ${pkg}\n`);
      return 1;
    }
    const home = `/data/user/0/${pkg}`;
    dev.fs.mkdirp(home);
    const cmd = args.length > 1 ? args.slice(1).map(shQuote).join(' ') : '';
    return ctx.run(`( cd ${shQuote(home)} && ${cmd || ':'} )`, []);
  };
}
