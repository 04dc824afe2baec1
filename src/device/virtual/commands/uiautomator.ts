/**
 * `uiautomator dump` (AOSP cmds/uiautomator DumpCommand.java): writes the current hierarchy as one-line XML and
 * prints the (sic) success line, or a failure line from the shared table.
 */
import { DUMP_FAILURES, dumpedToLine } from '../../../hierarchy/dump-lines.js';
import type { UiDump, UiNode } from '../../../hierarchy/model.js';
import { toUiautomatorXml } from '../../../hierarchy/xml.js';
import { tryFs } from '../fs.js';
import type { Command } from '../shell.js';
import { abs, enc, sleep, type DeviceContext } from './context.js';

export function uiautomator(dev: DeviceContext): Command {
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
      ctx.out(`${DUMP_FAILURES[fault].line}\n`);
      return 0;
    }
    const dump = dev.phone.dump();
    const xml = toUiautomatorXml(compressed ? compress(dump) : dump);
    const file = abs(ctx, path);
    if (file === '/dev/tty') {
      // Only a PTY session has a controlling terminal : without one the XML goes nowhere.
      if (ctx.tty) ctx.out(xml);
    } else {
      // A failed write: DumpCommand logs the IOException to logcat and still prints the success line (exit 0).
      tryFs(() => dev.fs.writeFile(file, enc.encode(xml)));
    }
    ctx.out(dumpedToLine(file));
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
