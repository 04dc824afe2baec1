/**
 * The Android commands tools send, answering in the formats tools parse (modelled on AOSP and toybox:
 * cmds/uiautomator DumpCommand.java, InputShellCommand.java, WindowManagerShellCommand (`wm`), `am`, `pm`,
 * `monkey`, `dumpsys window|activity`, toybox ls/cat/rm). Lines tools grep for (`mCurrentFocus=`, `package:`,
 * `Physical size:`, `UI hierchary dumped to:`) are exact; the rest is plausible filler. Each command reads the
 * shared device state and MemFs.
 */
import { toUiautomatorXml } from '../../hierarchy/xml.js';
import type { UiDump, UiNode } from '../../hierarchy/model.js';
import { SYSTEMUI } from './chrome.js';
import { S_IFMT, isDirectory } from '../../adb/sync-protocol.js';
import { FsError, S_IFCHR, tryFs, type FsStat, type MemFs } from './fs.js';
import { keyName } from './keys.js';
import type { VirtualPhone } from './phone.js';
import { qualifyActivity, shortComponent, SYSTEM_PACKAGES } from './scenario.js';
import type { CmdContext, Command } from './shell.js';

/** How a real `uiautomator dump` fails: it prints the line and still exits 0. */
export type DumpFault = 'idle' | 'null-root';

const DUMP_FAULT_LINES: Record<DumpFault, string> = {
  idle: 'ERROR: could not get idle state.',
  'null-root': 'ERROR: null root node returned by UiTestAutomationBridge.',
};

export interface DeviceContext {
  phone: VirtualPhone;
  fs: MemFs;
  props: Map<string, string>;
  /** `settings` values keyed `namespace/key`. */
  settings: Map<string, string>;
  /** Draws the current screen as PNG bytes. */
  screencap(): Promise<Uint8Array>;
  /** Optional artificial latency for `uiautomator dump` (real devices take 1.5–3 s). */
  dumpDelayMs: number;
  /** Failures the next `uiautomator dump` calls report instead of dumping (consumed one per call). */
  dumpFaults: DumpFault[];
  /** Overrides set with `wm size` / `wm density`. */
  wm: { size?: string; density?: number };
}

const enc = new TextEncoder();

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(t);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Splits leading single-letter flags (`-la`, `-f`) from operands, toybox style. */
function flags(argv: readonly string[], known: string): { set: Set<string>; rest: string[]; bad: string | undefined } {
  const set = new Set<string>();
  const rest: string[] = [];
  let bad: string | undefined;
  let done = false;
  for (const a of argv) {
    if (!done && a === '--') {
      done = true;
      continue;
    }
    if (!done && a.length > 1 && a.startsWith('-')) {
      for (const c of a.slice(1)) {
        if (known.includes(c)) set.add(c);
        else bad ??= c;
      }
      continue;
    }
    rest.push(a);
  }
  return { set, rest, bad };
}

function abs(ctx: CmdContext, p: string): string {
  return p.startsWith('/') ? p : `${ctx.cwd === '/' ? '' : ctx.cwd}/${p}`;
}

// ---- files ---------------------------------------------------------------------------------------------

function cat(dev: DeviceContext): Command {
  return (ctx) => {
    const files = ctx.argv.slice(1).filter((a) => a !== '-u');
    if (files.length === 0) {
      ctx.out(ctx.stdin);
      return 0;
    }
    let st = 0;
    for (const f of files) {
      if (f === '-') {
        ctx.out(ctx.stdin);
        continue;
      }
      const data = tryFs(() => dev.fs.readFile(abs(ctx, f)));
      if (data instanceof FsError) {
        ctx.err(`cat: ${f}: ${data.reason}\n`);
        st = 1;
      } else ctx.out(data);
    }
    return st;
  };
}

function rm(dev: DeviceContext): Command {
  return (ctx) => {
    const { set, rest } = flags(ctx.argv.slice(1), 'frRiv');
    const force = set.has('f');
    let st = 0;
    if (rest.length === 0 && !force) {
      ctx.err('rm: Needs 1 argument (see "rm --help")\n');
      return 1;
    }
    for (const f of rest) {
      const e = tryFs(() => dev.fs.remove(abs(ctx, f), { recursive: set.has('r') || set.has('R') }));
      if (e instanceof FsError && !(force && e.errno === 'ENOENT')) {
        ctx.err(`rm: ${f}: ${e.reason}\n`);
        st = 1;
      }
    }
    return st;
  };
}

function modeString(st: FsStat): string {
  const type = isDirectory(st) ? 'd' : (st.mode & S_IFMT) === S_IFCHR ? 'c' : '-';
  const rwx = 'rwxrwxrwx';
  let s = type;
  for (let i = 0; i < 9; i++) s += st.mode & (1 << (8 - i)) ? rwx[i] : '-';
  return s;
}

function lsTime(mtime: number): string {
  const d = new Date(mtime * 1000);
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

function ls(dev: DeviceContext): Command {
  return (ctx) => {
    const { set, rest, bad } = flags(ctx.argv.slice(1), 'laA1dRhs');
    if (bad !== undefined) {
      ctx.err(`ls: Unknown option '${bad}' (see "ls --help")\n`);
      return 1;
    }
    const long = set.has('l');
    const line = (name: string, st: FsStat): string =>
      long
        ? `${modeString(st)} 1 ${isDirectory(st) ? 'root root' : 'shell shell'} ${String(st.size).padStart(6)} ${lsTime(st.mtime)} ${name}\n`
        : `${name}\n`;
    const targets = rest.length === 0 ? ['.'] : rest;
    let st = 0;
    targets.forEach((t, i) => {
      const path = abs(ctx, t);
      const s = tryFs(() => dev.fs.stat(path));
      if (s instanceof FsError) {
        ctx.err(`ls: ${t}: ${s.reason}\n`);
        st = 1;
        return;
      }
      if (!isDirectory(s) || set.has('d')) {
        ctx.out(line(t, s));
        return;
      }
      if (targets.length > 1) ctx.out(`${i > 0 ? '\n' : ''}${t}:\n`);
      const entries = dev.fs.list(path).filter((e) => set.has('a') || set.has('A') || !e.name.startsWith('.'));
      if (long) ctx.out(`total ${entries.length * 8}\n`);
      if (set.has('a')) ctx.out(line('.', s) + line('..', s));
      for (const e of entries) ctx.out(line(e.name, e.stat));
    });
    return st;
  };
}

function mkdir(dev: DeviceContext): Command {
  return (ctx) => {
    const { set, rest } = flags(ctx.argv.slice(1), 'pvm');
    let st = 0;
    for (const d of rest) {
      const e = tryFs(() => (set.has('p') ? dev.fs.mkdirp(abs(ctx, d)) : dev.fs.mkdir(abs(ctx, d))));
      if (e instanceof FsError) {
        ctx.err(`mkdir: ${d}: ${e.reason}\n`);
        st = 1;
      }
    }
    return st;
  };
}

function touch(dev: DeviceContext): Command {
  return (ctx) => {
    let st = 0;
    for (const f of ctx.argv.slice(1).filter((a) => !a.startsWith('-'))) {
      const p = abs(ctx, f);
      const e = tryFs(() => dev.fs.writeFile(p, dev.fs.lookup(p)?.kind === 'file' ? dev.fs.readFile(p) : new Uint8Array(0)));
      if (e instanceof FsError) {
        ctx.err(`touch: ${f}: ${e.reason}\n`);
        st = 1;
      }
    }
    return st;
  };
}

function cpmv(dev: DeviceContext, move: boolean): Command {
  const name = move ? 'mv' : 'cp';
  return (ctx) => {
    const { rest } = flags(ctx.argv.slice(1), 'fnrRpa');
    if (rest.length < 2) {
      ctx.err(`${name}: Needs 2 arguments (see "${name} --help")\n`);
      return 1;
    }
    const dst = abs(ctx, rest[rest.length - 1]!);
    let st = 0;
    for (const s of rest.slice(0, -1)) {
      const src = abs(ctx, s);
      const e = tryFs(() => {
        const data = dev.fs.readFile(src);
        const target = dev.fs.isDir(dst) ? `${dst}/${src.slice(src.lastIndexOf('/') + 1)}` : dst;
        dev.fs.writeFile(target, data);
        if (move) dev.fs.remove(src);
      });
      if (e instanceof FsError) {
        ctx.err(`${name}: ${s}: ${e.reason}\n`);
        st = 1;
      }
    }
    return st;
  };
}

// ---- text utilities --------------------------------------------------------------------------------------

function lines(data: Uint8Array): string[] {
  const s = new TextDecoder().decode(data);
  const ls = s.split('\n');
  if (ls[ls.length - 1] === '') ls.pop();
  return ls;
}

function inputOf(dev: DeviceContext, ctx: CmdContext, files: string[], name: string): Uint8Array | undefined {
  if (files.length === 0) return ctx.stdin;
  const parts: Uint8Array[] = [];
  for (const f of files) {
    const data = tryFs(() => dev.fs.readFile(abs(ctx, f)));
    if (data instanceof FsError) {
      ctx.err(`${name}: ${f}: ${data.reason}\n`);
      return undefined;
    }
    parts.push(data);
  }
  return Buffer.concat(parts);
}

function grep(dev: DeviceContext): Command {
  return (ctx) => {
    const args = ctx.argv.slice(1);
    const opts = new Set<string>();
    const patterns: string[] = [];
    const files: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a === '-e') patterns.push(args[++i] ?? '');
      else if (a.startsWith('-') && a.length > 1) for (const c of a.slice(1)) opts.add(c);
      else if (patterns.length === 0) patterns.push(a);
      else files.push(a);
    }
    if (patterns.length === 0) {
      ctx.err('grep: Needs 1 argument (see "grep --help")\n');
      return 2;
    }
    const source = (p: string): string => {
      if (opts.has('F')) return p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      // Basic regex: `\|`, `\(`, `\)`, `\+`, `\?` are the operators; bare ones are literals.
      return opts.has('E')
        ? p
        : p.replace(/\\([|()+?{}])|([|()+?{}])/g, (_m, esc: string | undefined, lit: string | undefined) =>
            esc !== undefined ? esc : `\\${lit!}`,
          );
    };
    let re: RegExp;
    try {
      re = new RegExp(patterns.map((p) => `(?:${source(p)})`).join('|'), opts.has('i') ? 'i' : '');
    } catch {
      ctx.err(`grep: bad regex '${patterns[0]}'\n`);
      return 2;
    }
    const data = inputOf(dev, ctx, files, 'grep');
    if (data === undefined) return 2;
    const hits = lines(data).filter((l) => re.test(l) !== opts.has('v'));
    if (opts.has('q')) return hits.length > 0 ? 0 : 1;
    if (opts.has('c')) ctx.out(`${hits.length}\n`);
    else if (opts.has('o')) {
      const g = new RegExp(re.source, re.flags + 'g');
      for (const l of hits) for (const m of l.matchAll(g)) ctx.out(`${m[0]}\n`);
    } else for (const l of hits) ctx.out(`${l}\n`);
    return hits.length > 0 ? 0 : 1;
  };
}

function headTail(dev: DeviceContext, tail: boolean): Command {
  return (ctx) => {
    const args = ctx.argv.slice(1);
    let n = 10;
    let bytes: number | undefined;
    const files: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a === '-c') bytes = Number(args[++i] ?? 0);
      else if (a === '-n') n = Number(args[++i] ?? 10);
      else if (/^-n?\d+$/.test(a)) n = Number(a.replace(/^-n?/, ''));
      else files.push(a);
    }
    const data = inputOf(dev, ctx, files, tail ? 'tail' : 'head');
    if (data === undefined) return 1;
    if (bytes !== undefined) {
      ctx.out(tail ? data.subarray(Math.max(0, data.length - bytes)) : data.subarray(0, bytes));
      return 0;
    }
    const ls = lines(data);
    for (const l of tail ? ls.slice(Math.max(0, ls.length - n)) : ls.slice(0, n)) ctx.out(`${l}\n`);
    return 0;
  };
}

function wc(dev: DeviceContext): Command {
  return (ctx) => {
    const { set, rest } = flags(ctx.argv.slice(1), 'lwc');
    const data = inputOf(dev, ctx, rest, 'wc');
    if (data === undefined) return 1;
    const s = new TextDecoder().decode(data);
    const counts = { l: (s.match(/\n/g) ?? []).length, w: s.split(/\s+/).filter(Boolean).length, c: data.length };
    const pick = set.size === 0 ? (['l', 'w', 'c'] as const) : (['l', 'w', 'c'] as const).filter((k) => set.has(k));
    ctx.out(pick.map((k) => String(counts[k])).join(' ') + (rest.length === 1 ? ` ${rest[0]}` : '') + '\n');
    return 0;
  };
}

// ---- Android commands -----------------------------------------------------------------------------------

/** `uiautomator dump`: writes the current hierarchy as one-line XML and prints the (sic) message. */
function uiautomator(dev: DeviceContext): Command {
  return async (ctx) => {
    const args = ctx.argv.slice(1);
    if (args[0] !== 'dump') {
      ctx.out(
        'Usage: uiautomator <subcommand> [options]\n\nAvailable subcommands:\n\nhelp: displays help message\n\n' +
          'runtest: executes UI automation tests\n    runtest <class spec> [options]\n\n' +
          'dump: creates an XML dump of current UI hierarchy\n    dump [--verbose][file]\n      [--compressed]: dumps compressed layout information.\n' +
          '      [file]: the location where the dumped XML should be stored, default is\n      /sdcard/window_dump.xml\n\n' +
          'events: prints out accessibility events until terminated\n\n',
      );
      return args.length === 0 || args[0] === 'help' ? 0 : 1;
    }
    const compressed = args.includes('--compressed');
    const path = args.slice(1).find((a) => !a.startsWith('--')) ?? '/sdcard/window_dump.xml';
    if (dev.dumpDelayMs > 0) await sleep(dev.dumpDelayMs, ctx.signal);
    const fault = dev.dumpFaults.shift();
    if (fault !== undefined) {
      ctx.out(`${DUMP_FAULT_LINES[fault]}\n`);
      return 0;
    }
    const dump = dev.phone.dump();
    const xml = toUiautomatorXml(compressed ? compress(dump) : dump);
    const file = abs(ctx, path);
    if (file === '/dev/tty') {
      // Only a PTY session has a controlling terminal (`adb shell -t`): without one the XML goes nowhere.
      if (ctx.tty) ctx.out(xml);
    } else {
      // A failed write: DumpCommand logs the IOException to logcat and still prints the success line (exit 0).
      tryFs(() => dev.fs.writeFile(file, enc.encode(xml)));
    }
    ctx.out(`UI hierchary dumped to: ${file}\n`);
    return 0;
  };
}

/**
 * `--compressed` (setCompressedLayoutHierarchy): layout-only nodes disappear and their children move up.
 * A node stays when it says something or does something.
 */
export function compress(dump: UiDump): UiDump {
  // View.isImportantForAccessibility (auto): text, a description, or something the user can act on. An id alone
  // does not make a layout important.
  const keep = (n: UiNode): boolean =>
    n.text !== '' || n.desc !== '' || n.clickable || n.longClickable || n.checkable || n.scrollable || n.focusable || n.editable;
  const flat = (n: UiNode): UiNode[] => {
    const kids = n.children.flatMap(flat);
    if (keep(n)) return [{ ...n, children: kids.map((k, i) => ({ ...k, index: i })) }];
    return kids;
  };
  return {
    ...dump,
    roots: dump.roots.map((r) => {
      const kids = r.children.flatMap(flat);
      return { ...r, children: kids.map((k, i) => ({ ...k, index: i })) };
    }),
  };
}

const INPUT_SOURCES = new Set([
  'keyboard',
  'mouse',
  'joystick',
  'touchnavigation',
  'touchpad',
  'trackball',
  'stylus',
  'dpad',
  'gamepad',
  'touchscreen',
  'rotaryencoder',
]);

function inputUsage(ctx: CmdContext): number {
  ctx.err(
    'Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]\n\nThe commands and default sources are:\n' +
      '      text <string> (Default: keyboard)\n      keyevent [--longpress|--doubletap] <key code number or name> ... (Default: keyboard)\n' +
      '      tap <x> <y> (Default: touchscreen)\n      swipe <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n' +
      '      draganddrop <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n      press (Default: trackball)\n      roll <dx> <dy> (Default: trackball)\n' +
      '      motionevent <DOWN|UP|MOVE|CANCEL> <x> <y> (Default: touchscreen)\n',
  );
  return 1;
}

/** `input`: InputShellCommand (API 29+), one argument for `text`, `%s` → space, ASCII only. */
function input(dev: DeviceContext): Command {
  let down: { x: number; y: number; t: number } | undefined;
  return (ctx) => {
    const args = ctx.argv.slice(1);
    while (args.length > 0 && INPUT_SOURCES.has(args[0]!)) args.shift();
    if (args[0] === '-d') args.splice(0, 2);
    const cmd = args.shift();
    const num = (s: string | undefined): number | undefined =>
      s !== undefined && /^-?\d+(\.\d+)?$/.test(s) ? Math.round(Number(s)) : undefined;
    const bad = (): number => {
      ctx.err(`Error: Invalid arguments for command: ${cmd ?? ''}\n`);
      return inputUsage(ctx);
    };
    const phone = dev.phone;
    switch (cmd) {
      case 'tap': {
        const [x, y] = [num(args[0]), num(args[1])];
        if (x === undefined || y === undefined) return bad();
        phone.tap(x, y);
        return 0;
      }
      case 'swipe':
      case 'draganddrop': {
        const c = args.slice(0, 4).map(num);
        if (c.length < 4 || c.some((v) => v === undefined)) return bad();
        const [x1, y1, x2, y2] = c as number[];
        const dur = num(args[4]) ?? 300;
        phone.swipe({ x: x1!, y: y1! }, { x: x2!, y: y2! }, dur);
        return 0;
      }
      case 'text': {
        const raw = args[0];
        if (raw === undefined) return bad();
        const text = raw.replaceAll('%s', ' ');
        // KeyCharacterMap.getEvents returns null for characters the virtual keyboard map lacks, and
        // InputShellCommand.sendText dereferences it (frameworks/base/.../input/InputShellCommand.java).
        if (!/^[\x20-\x7e\n\t]*$/.test(text)) {
          ctx.err(
            "Exception occurred while executing 'text':\njava.lang.NullPointerException: Attempt to get length of null array\n" +
              '\tat com.android.server.input.InputShellCommand.sendText(InputShellCommand.java:238)\n' +
              '\tat com.android.server.input.InputShellCommand.runText(InputShellCommand.java:223)\n' +
              '\tat com.android.server.input.InputShellCommand.onCommand(InputShellCommand.java:145)\n',
          );
          return 255;
        }
        phone.text(text);
        return 0;
      }
      case 'keyevent': {
        const keys = args.filter((a) => a !== '--longpress' && a !== '--doubletap' && a !== '--delay');
        if (keys.length === 0) return bad();
        for (const k of keys) {
          const name = keyName(k);
          if (name === undefined) {
            ctx.err(`Error: Unknown keycode: ${k}\n`);
            return 1;
          }
          phone.key(name);
        }
        return 0;
      }
      case 'press':
        phone.key('DPAD_CENTER');
        return 0;
      case 'roll':
        return 0;
      case 'motionevent': {
        const [action, xs, ys] = args;
        const x = num(xs);
        const y = num(ys);
        if (action === undefined || x === undefined || y === undefined) return bad();
        const a = action.toUpperCase();
        if (a === 'DOWN') down = { x, y, t: Date.now() };
        else if (a === 'UP' && down !== undefined) {
          phone.swipe(down, { x, y }, Date.now() - down.t);
          down = undefined;
        } else if (a === 'CANCEL') down = undefined;
        return 0;
      }
      default:
        if (cmd !== undefined) ctx.err(`Error: Unknown command: ${cmd}\n`);
        return inputUsage(ctx);
    }
  };
}

function displaySize(dev: DeviceContext): string {
  const d = dev.phone.scenario.display;
  return `${d.width}x${d.height}`;
}

function wm(dev: DeviceContext): Command {
  return (ctx) => {
    const [sub, arg] = ctx.argv.slice(1);
    const d = dev.phone.scenario.display;
    if (sub === 'size') {
      if (arg === 'reset') delete dev.wm.size;
      else if (arg !== undefined && /^\d+x\d+$/.test(arg)) dev.wm.size = arg;
      else if (arg !== undefined) {
        ctx.err(`Error: bad size ${arg}\n`);
        return 255;
      } else ctx.out(`Physical size: ${displaySize(dev)}\n${dev.wm.size !== undefined ? `Override size: ${dev.wm.size}\n` : ''}`);
      return 0;
    }
    if (sub === 'density') {
      if (arg === 'reset') delete dev.wm.density;
      else if (arg !== undefined && /^\d+$/.test(arg)) dev.wm.density = Number(arg);
      else if (arg !== undefined) {
        ctx.err(`Error: bad density ${arg}\n`);
        return 255;
      } else ctx.out(`Physical density: ${d.density}\n${dev.wm.density !== undefined ? `Override density: ${dev.wm.density}\n` : ''}`);
      return 0;
    }
    ctx.out(
      'Window manager (window) commands:\n  help\n      Print this help text.\n  size [reset|WxH|WdpxHdp]\n  density [reset|DENSITY]\n',
    );
    return sub === undefined ? 0 : 255;
  };
}

function record(component: string, task: number): string {
  return `ActivityRecord{7f3a2b1 u0 ${shortComponent(component)} t${task}}`;
}

function dumpsys(dev: DeviceContext): Command {
  return (ctx) => {
    const [service, sub] = ctx.argv.slice(1);
    const phone = dev.phone;
    const act = phone.focusedActivity();
    const pkg = phone.foregroundPackage();
    const d = phone.scenario.display;
    const task = pkg === phone.scenario.package ? 12 : 1;
    switch (service) {
      case 'window': {
        const focus = `Window{5c2e9d1 u0 ${act}}`;
        const out: string[] = [];
        if (sub === undefined || sub === 'displays' || sub === 'd') {
          out.push(
            'WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)',
            '  Display: mDisplayId=0',
            `    init=${displaySize(dev)} ${d.density}dpi cur=${displaySize(dev)} app=${d.width}x${d.height} rng=${d.width}x${d.width}-${d.height}x${d.height}`,
          );
        }
        if (sub === undefined || sub === 'windows' || sub === 'w') {
          out.push(
            'WINDOW MANAGER WINDOWS (dumpsys window windows)',
            `  Window #0 ${focus}:`,
            `    mDisplayId=0 rootTaskId=${task} mSession=Session{1a2b3c4 4242:u0a10123} mClient=android.os.BinderProxy@1f2e3d4`,
            `    mOwnerUid=10123 showForAllUsers=false package=${pkg} appop=NONE`,
          );
        }
        out.push(`  mCurrentFocus=${focus}`, `  mFocusedApp=${record(act, task)}`);
        const f = phone.current().focus;
        out.push(`  mInputMethodTarget=${f !== undefined ? focus : 'null'}`);
        ctx.out(out.join('\n') + '\n');
        return 0;
      }
      case 'activity': {
        const stack = phone.backStackActivities();
        const out = [
          'ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)',
          'Display #0 (activities from top to bottom):',
          `  * Task{8e7d6c5 #${task} type=standard A=10123:${pkg} U=0 visible=true mode=fullscreen translucent=false sz=${stack.length}}`,
        ];
        for (let i = stack.length - 1; i >= 0; i--) out.push(`    * Hist #${i}: ${record(stack[i]!, task)}`);
        out.push(
          `  mResumedActivity: ${record(act, task)}`,
          `  ResumedActivity: ${record(act, task)}`,
          `  topResumedActivity=${record(act, task)}`,
          `  mFocusedApp=${record(act, task)}`,
        );
        ctx.out(out.join('\n') + '\n');
        return 0;
      }
      case 'input_method': {
        const shown = phone.current().focus !== undefined;
        ctx.out(
          `  mInputShown=${shown}\n  mServedView=${shown ? 'EditText' : 'null'}\n  mCurMethodId=com.android.inputmethod.latin/.LatinIME\n`,
        );
        return 0;
      }
      case 'power':
        ctx.out('Power Manager State:\n  mWakefulness=Awake\n  mHoldingDisplaySuspendBlocker=true\n  Display Power: state=ON\n');
        return 0;
      case 'display':
        ctx.out(
          `Display Devices: size=1\n  DisplayDeviceInfo{"Built-in Screen": uniqueId="local:0", ${d.width} x ${d.height}, density ${d.density}}\n  mScreenState=ON\n`,
        );
        return 0;
      case 'package': {
        if (sub !== undefined && !phone.scenario.packages.includes(sub)) {
          ctx.out(`Unable to find package: ${sub}\n`);
          return 0;
        }
        ctx.out(
          `Packages:\n  Package [${sub ?? phone.scenario.package}] (1a2b3c4):\n    versionCode=1 minSdk=24 targetSdk=34\n    versionName=1.0\n`,
        );
        return 0;
      }
      case undefined:
        ctx.out('Currently running services:\n  activity\n  display\n  input_method\n  package\n  power\n  window\n');
        return 0;
      default:
        ctx.out(`Can't find service: ${service}\n`);
        return 0;
    }
  };
}

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

function am(dev: DeviceContext): Command {
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

function monkey(dev: DeviceContext): Command {
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

function pm(dev: DeviceContext): Command {
  return (ctx) => {
    const [sub, ...rest] = ctx.argv[0] === 'cmd' ? ctx.argv.slice(2) : ctx.argv.slice(1);
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

function getprop(dev: DeviceContext): Command {
  return (ctx) => {
    const key = ctx.argv[1];
    if (key === undefined) {
      for (const [k, v] of [...dev.props].sort(([a], [b]) => (a < b ? -1 : 1))) ctx.out(`[${k}]: [${v}]\n`);
      return 0;
    }
    ctx.out(`${dev.props.get(key) ?? ctx.argv[2] ?? ''}\n`);
    return 0;
  };
}

function setprop(dev: DeviceContext): Command {
  return (ctx) => {
    const [k, v] = ctx.argv.slice(1);
    if (k === undefined || v === undefined) {
      ctx.err('setprop: need 2 arguments\n');
      return 1;
    }
    dev.props.set(k, v);
    return 0;
  };
}

function settings(dev: DeviceContext): Command {
  return (ctx) => {
    const args = ctx.argv.slice(1).filter((a, i, all) => a !== '--user' && all[i - 1] !== '--user');
    const [sub, ns, key, value] = args;
    if (ns !== undefined && !['system', 'secure', 'global'].includes(ns)) {
      ctx.err(`Invalid namespace '${ns}'\n`);
      return 255;
    }
    switch (sub) {
      case 'get':
        ctx.out(`${dev.settings.get(`${ns}/${key}`) ?? 'null'}\n`);
        return 0;
      case 'put':
        if (key === undefined || value === undefined) break;
        dev.settings.set(`${ns}/${key}`, value);
        return 0;
      case 'delete':
        ctx.out(`Deleted ${dev.settings.delete(`${ns}/${key}`) ? 1 : 0} rows\n`);
        return 0;
      case 'list':
        for (const [k, v] of dev.settings) if (k.startsWith(`${ns}/`)) ctx.out(`${k.slice(ns!.length + 1)}=${v}\n`);
        return 0;
    }
    ctx.err(
      'usage:  settings [--user <USER_ID> | current] get namespace key\n        settings [--user <USER_ID> | current] put namespace key value\n',
    );
    return 255;
  };
}

function screencap(dev: DeviceContext): Command {
  return async (ctx) => {
    const { set, rest } = flags(
      ctx.argv.slice(1).filter((a, i, all) => a !== '-d' && all[i - 1] !== '-d'),
      'hpj',
    );
    if (set.has('h')) {
      ctx.out('usage: screencap [-hp] [-d display-id] [FILENAME]\n   -h: this message\n   -p: save the file as a png.\n');
      return 0;
    }
    const file = rest[0];
    const png = set.has('p') || (file?.endsWith('.png') ?? false);
    let bytes: Uint8Array;
    if (png) bytes = await dev.screencap();
    else {
      // Raw RGBA_8888: width, height, format (1) and dataspace as little-endian u32s, then pixels (API 28+).
      const { PNG } = await import('pngjs');
      const decoded = PNG.sync.read(Buffer.from(await dev.screencap()));
      const head = Buffer.alloc(16);
      head.writeUInt32LE(decoded.width, 0);
      head.writeUInt32LE(decoded.height, 4);
      head.writeUInt32LE(1, 8);
      head.writeUInt32LE(0, 12);
      bytes = Buffer.concat([head, decoded.data]);
    }
    if (file === undefined) {
      ctx.out(bytes);
      return 0;
    }
    const e = tryFs(() => dev.fs.writeFile(abs(ctx, file), bytes));
    if (e instanceof FsError) {
      ctx.err(`Error opening file: ${file} (${e.reason})\n`);
      return 1;
    }
    return 0;
  };
}

/** Processes `ps` shows: system ones, plus the apps that have a live task. */
function processes(dev: DeviceContext): string[] {
  return ['system_server', SYSTEMUI, 'com.android.launcher3', ...dev.phone.runningPackages()];
}

/** Builds the command table for one device. */
export function androidCommands(dev: DeviceContext): Map<string, Command> {
  const cmds = new Map<string, Command>();
  cmds.set('echo', (ctx) => {
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
  });
  cmds.set('cat', cat(dev));
  cmds.set('rm', rm(dev));
  cmds.set('ls', ls(dev));
  cmds.set('mkdir', mkdir(dev));
  cmds.set('touch', touch(dev));
  cmds.set('cp', cpmv(dev, false));
  cmds.set('mv', cpmv(dev, true));
  cmds.set('grep', grep(dev));
  cmds.set('head', headTail(dev, false));
  cmds.set('tail', headTail(dev, true));
  cmds.set('wc', wc(dev));
  cmds.set('uiautomator', uiautomator(dev));
  cmds.set('input', input(dev));
  cmds.set('wm', wm(dev));
  cmds.set('dumpsys', dumpsys(dev));
  cmds.set('am', am(dev));
  cmds.set('monkey', monkey(dev));
  cmds.set('pm', pm(dev));
  cmds.set('cmd', (ctx) => {
    const svc = ctx.argv[1];
    if (svc === 'package') return pm(dev)(ctx);
    if (svc === 'activity') return am(dev)({ ...ctx, argv: ['am', ...ctx.argv.slice(2)] });
    if (svc === 'input') return input(dev)({ ...ctx, argv: ['input', ...ctx.argv.slice(2)] });
    if (svc === 'window') return wm(dev)({ ...ctx, argv: ['wm', ...ctx.argv.slice(2)] });
    if (svc === 'settings') return settings(dev)({ ...ctx, argv: ['settings', ...ctx.argv.slice(2)] });
    ctx.err(`cmd: Can't find service: ${svc ?? ''}\n`);
    return 20;
  });
  cmds.set('getprop', getprop(dev));
  cmds.set('setprop', setprop(dev));
  cmds.set('settings', settings(dev));
  cmds.set('screencap', screencap(dev));
  cmds.set('sh', async (ctx) => {
    const i = ctx.argv.indexOf('-c');
    if (i < 0) return 0; // `sh` reading a script from stdin: nothing sends one; an empty script exits 0.
    const script = ctx.argv[i + 1];
    if (script === undefined) {
      ctx.err('/system/bin/sh: -c: option requires an argument\n');
      return 1;
    }
    return ctx.run(script, ctx.argv.slice(i + 3));
  });
  cmds.set('sleep', async (ctx) => {
    const s = Number(ctx.argv[1] ?? 'x');
    if (!Number.isFinite(s) || s < 0) {
      ctx.err(`sleep: invalid number '${ctx.argv[1] ?? ''}'\n`);
      return 1;
    }
    await sleep(Math.min(s, 600) * 1000, ctx.signal);
    return 0;
  });
  cmds.set('which', (ctx) => {
    let st = 0;
    for (const n of ctx.argv.slice(1)) {
      if (cmds.has(n)) ctx.out(`/system/bin/${n}\n`);
      else st = 1;
    }
    return st;
  });
  cmds.set('id', (ctx) => {
    ctx.out(
      'uid=2000(shell) gid=2000(shell) groups=2000(shell),1004(input),1007(log),1011(adb),1015(sdcard_rw),1028(sdcard_r),3001(net_bt_admin),3002(net_bt),3003(inet),3006(net_bw_stats),3009(readproc),3011(uhid) context=u:r:shell:s0\n',
    );
    return 0;
  });
  cmds.set('whoami', (ctx) => {
    ctx.out('shell\n');
    return 0;
  });
  cmds.set('uname', (ctx) => {
    ctx.out(
      ctx.argv.includes('-a')
        ? 'Linux localhost 5.15.0-glance #1 SMP PREEMPT x86_64 Toybox\n'
        : ctx.argv.includes('-m')
          ? 'x86_64\n'
          : 'Linux\n',
    );
    return 0;
  });
  cmds.set('date', (ctx) => {
    const now = new Date();
    ctx.out(ctx.argv[1] === '+%s' ? `${Math.floor(now.getTime() / 1000)}\n` : `${now.toUTCString().replace('GMT', 'UTC')}\n`);
    return 0;
  });
  cmds.set('logcat', () => 0);
  cmds.set('ps', (ctx) => {
    ctx.out('USER           PID  PPID     VSZ    RSS WCHAN            ADDR S NAME\n');
    processes(dev).forEach((n, i) =>
      ctx.out(`${i === 0 ? 'system' : 'u0_a123'}        ${1000 + i * 37}   700 1234567  98765 0                   0 S ${n}\n`),
    );
    return 0;
  });
  cmds.set('pidof', (ctx) => {
    const i = processes(dev).indexOf(ctx.argv[1] ?? '');
    if (i < 0) return 1;
    ctx.out(`${1000 + i * 37}\n`);
    return 0;
  });
  return cmds;
}

/** Default system properties of the virtual device. */
export function defaultProps(opts: {
  serial: string;
  model: string;
  product: string;
  sdk: number;
  release: string;
  density: number;
}): Map<string, string> {
  return new Map([
    ['ro.build.version.sdk', String(opts.sdk)],
    ['ro.build.version.release', opts.release],
    ['ro.build.type', 'userdebug'],
    ['ro.build.characteristics', 'default'],
    ['ro.product.model', opts.model],
    ['ro.product.manufacturer', 'Glance'],
    ['ro.product.brand', 'glance'],
    ['ro.product.name', opts.product],
    ['ro.product.device', 'glance_virtual'],
    ['ro.product.cpu.abi', 'x86_64'],
    ['ro.serialno', opts.serial],
    ['ro.sf.lcd_density', String(opts.density)],
    ['ro.kernel.qemu', '0'],
    ['sys.boot_completed', '1'],
    ['dev.bootcomplete', '1'],
    ['init.svc.bootanim', 'stopped'],
    ['persist.sys.locale', 'en-US'],
    ['ro.product.locale', 'en-US'],
  ]);
}
