/**
 * The Android userland of the virtual device: one dispatch table from command name to implementation, each
 * family in its own file (toybox files/text/system, input, am, pm, wm, dumpsys, settings/props, uiautomator,
 * screencap). Outputs follow AOSP and toybox (each file cites its source); each command reads the shared device
 * state and MemFs.
 */
import type { Command } from '../shell.js';
import { am, monkey } from './am.js';
import { clipboard } from './clipboard.js';
import { cmd } from './cmd.js';
import type { DeviceContext } from './context.js';
import { displayCmd } from './display.js';
import { dumpsys } from './dumpsys.js';
import { cat, cpmv, ls, md5sum, mkdir, rm, stat, touch } from './files.js';
import { input } from './input.js';
import { pm } from './pm.js';
import { getprop, setprop, settings } from './props.js';
import { screencap } from './screencap.js';
import { appops, date, echo, id, logcat, nohup, pidof, pkill, ps, runAs, sh, sleepCmd, uname, which, whoami } from './system.js';
import { grep, headTail, printf, seq, wc, yes } from './text.js';
import { uiautomator } from './uiautomator.js';
import { wm } from './wm.js';

export type { DeviceContext, DumpFault } from './context.js';
export { defaultProps } from './props.js';
export { compress } from './uiautomator.js';

/** Builds the command table for one device. */
export function androidCommands(dev: DeviceContext): Map<string, Command> {
  const cmds = new Map<string, Command>();
  const services = {
    package: pm(dev),
    activity: am(dev),
    input: input(dev),
    window: wm(dev),
    settings: settings(dev),
    display: displayCmd(dev),
    clipboard,
  };
  const table: Array<[string, Command]> = [
    ['echo', echo],
    ['cat', cat(dev)],
    ['rm', rm(dev)],
    ['ls', ls(dev)],
    ['mkdir', mkdir(dev)],
    ['touch', touch(dev)],
    ['cp', cpmv(dev, false)],
    ['mv', cpmv(dev, true)],
    ['grep', grep(dev)],
    ['head', headTail(dev, false)],
    ['tail', headTail(dev, true)],
    ['wc', wc(dev)],
    ['uiautomator', uiautomator(dev)],
    ['input', services.input],
    ['wm', services.window],
    ['dumpsys', dumpsys(dev)],
    ['am', services.activity],
    ['monkey', monkey(dev)],
    ['pm', services.package],
    ['cmd', cmd(services)],
    ['getprop', getprop(dev)],
    ['setprop', setprop(dev)],
    ['settings', services.settings],
    ['screencap', screencap(dev)],
    ['sh', sh],
    ['sleep', sleepCmd],
    ['which', which((n) => cmds.has(n))],
    ['id', id],
    ['whoami', whoami],
    ['uname', uname],
    ['date', date],
    ['logcat', logcat],
    ['ps', ps(dev)],
    ['pidof', pidof(dev)],
    ['pkill', pkill(dev)],
    ['nohup', nohup],
    ['appops', appops()],
    ['run-as', runAs(dev)],
    ['printf', printf],
    ['seq', seq],
    ['yes', yes],
    ['md5sum', md5sum(dev)],
    ['stat', stat(dev)],
  ];
  for (const [name, impl] of table) cmds.set(name, impl);
  return cmds;
}
