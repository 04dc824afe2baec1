/**
 * `cmd clipboard` (frameworks/base/services/core/java/com/android/server/clipboard/ClipboardShellCommand.java):
 * `get-primary-clip` prints the primary clip's text, or `null` when the clipboard is empty; `set-primary-clip TEXT`
 * sets a plain-text clip (the two verbs tools use).
 */
import type { Command } from '../shell.js';
import type { DeviceContext } from './context.js';

export function clipboard(dev: DeviceContext): Command {
  return (ctx) => {
    const [sub, ...rest] = ctx.argv.slice(1);
    switch (sub) {
      case 'get-primary-clip':
        ctx.out(`${dev.clipboard ?? 'null'}\n`);
        return 0;
      case 'set-primary-clip':
        if (rest.length === 0) {
          ctx.err('Error: expected TEXT\n');
          return 255;
        }
        dev.clipboard = rest.join(' ');
        return 0;
      case undefined:
      case 'help':
        ctx.out(
          'Clipboard service commands:\n  help\n    Print this help text.\n  get-primary-clip\n    Prints the text of the primary clip, or null.\n  set-primary-clip TEXT\n    Sets the primary clip to a plain-text clip.\n',
        );
        return 0;
      default:
        ctx.err(`Unknown command: ${sub}\n`);
        return 255;
    }
  };
}
