/**
 * toybox and mksh process/system commands: echo, sh -c, sleep, which, id, whoami, uname, date, logcat, ps, pidof.
 * Output as Android's toybox prints it for the shell user (uid 2000).
 */
import { SYSTEMUI } from '../chrome.js';
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
