/** `input` (frameworks/base/services/core/java/com/android/server/input/InputShellCommand.java). */
import { keyName } from '../keys.js';
import type { CmdContext, Command } from '../shell.js';
import type { DeviceContext } from './context.js';

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
export function input(dev: DeviceContext): Command {
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
