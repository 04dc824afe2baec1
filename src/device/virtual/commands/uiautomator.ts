/**
 * `uiautomator dump` (AOSP frameworks/testing uiautomator cmds/uiautomator/.../DumpCommand.java): serialises
 * `getRootInActiveWindow()` — one root, the active window, never the system bars — as one-line XML, then prints
 * the (sic) success line on stdout; failures print a line from the shared table on stderr and still exit 0.
 * `/dev/tty` as the file prints the XML right before the success line, on `exec:` and on shell alike (what
 * `adb exec-out uiautomator dump /dev/tty` shows on phones, and what mobile-mcp and mobilecli read).
 */
import { DUMP_FAILURES, UIAUTOMATION_BUSY_LINE, dumpedToLine } from '../../../hierarchy/dump-lines.js';
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
    if (dev.uia2.server !== undefined) {
      // One UiAutomation client at a time: the running UiAutomator2 server holds it.
      ctx.err(
        `${UIAUTOMATION_BUSY_LINE}\n\tat android.app.UiAutomationConnection.registerUiTestAutomationServiceLocked(UiAutomationConnection.java:558)\n` +
          '\tat android.app.UiAutomationConnection.connect(UiAutomationConnection.java:112)\n',
      );
      return 1;
    }
    if (dev.dumpDelayMs > 0) await sleep(dev.dumpDelayMs, ctx.signal);
    const dump = dev.phone.dump({ windows: 'active' });
    const fault = dev.dumpFaults.shift() ?? (dump.roots.length === 0 ? 'null-root' : undefined);
    if (fault !== undefined) {
      ctx.err(`${DUMP_FAILURES[fault].line}\n`);
      return 0;
    }
    const xml = toUiautomatorXml(compressed ? compress(dump) : dump);
    const file = abs(ctx, path);
    if (file === '/dev/tty') ctx.out(xml);
    else {
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
