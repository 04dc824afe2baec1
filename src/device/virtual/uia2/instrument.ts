/**
 * `am instrument` and `pm list instrumentation` for the virtual device (frameworks/base/cmds/am/…/Instrument.java,
 * PackageManagerShellCommand.runListInstrumentation). Instrumentation comes from installed APKs' manifests;
 * the one the virtual device can run is the UiAutomator2 server's test package, which serves the emulated server
 * until its session is deleted, its package stops, the stream closes or a fault crashes it. Other runners run no
 * tests.
 */
import { UIA2_INSTRUMENTATION, UIA2_PORT, UIA2_SERVER_PACKAGE, UIA2_TEST_CLASS } from '../../uia2/protocol.js';
import { sleep, type DeviceContext } from '../commands/context.js';
import type { CmdContext } from '../shell.js';
import { VirtualUia2Server } from './server.js';
import type { StopReason } from './state.js';

/** Options of `am instrument` that take a value (`-e KEY VALUE` takes two). */
const VALUE_OPTIONS = new Set(['-p', '--user', '--abi', '--instrument-display']);

function installedInstrumentation(dev: DeviceContext): Array<{ component: string; target: string }> {
  return [...dev.installed.values()].flatMap((p) => p.instrumentation);
}

/** `pm list instrumentation [TARGET]`: `instrumentation:COMPONENT (target=PKG)` lines. */
export function listInstrumentation(dev: DeviceContext, ctx: CmdContext, args: readonly string[]): number {
  const target = args.find((a) => !a.startsWith('-'));
  for (const i of installedInstrumentation(dev)) {
    if (target === undefined || i.target === target) ctx.out(`instrumentation:${i.component} (target=${i.target})\n`);
  }
  return 0;
}

function failed(ctx: CmdContext, component: string, why: string): number {
  ctx.err(
    `android.util.AndroidException: INSTRUMENTATION_FAILED: ${component}\n` +
      '\tat com.android.commands.am.Instrument.run(Instrument.java:519)\n' +
      '\tat com.android.server.am.ActivityManagerShellCommand.runInstrument(ActivityManagerShellCommand.java:1340)\n',
  );
  ctx.out(`INSTRUMENTATION_STATUS: Error=${why}\nINSTRUMENTATION_STATUS_CODE: -1\n`);
  return 1;
}

const crashed = (ctx: CmdContext): void => ctx.out('\nINSTRUMENTATION_RESULT: shortMsg=Process crashed.\nINSTRUMENTATION_CODE: 0\n');

/** Waits for the server to stop, or for the shell stream to close (the instrumentation dies with its `am`). */
function untilStopped(server: VirtualUia2Server, signal: AbortSignal): Promise<StopReason> {
  return new Promise((resolve) => {
    const closed = (): void => resolve('closed');
    signal.addEventListener('abort', closed, { once: true });
    void server.stopped.then((r) => {
      signal.removeEventListener('abort', closed);
      resolve(r);
    });
  });
}

/** Runs the UiAutomator2 server: serves `tcp:6790` and holds UiAutomation until it stops. */
async function runServer(dev: DeviceContext, ctx: CmdContext): Promise<number> {
  const started = Date.now();
  // Starting an instrumentation kills the target's running process first.
  dev.onPackageStopped(UIA2_SERVER_PACKAGE);
  ctx.out(`${UIA2_TEST_CLASS}:`);
  if (dev.uia2.faults[0] === 'no-start') {
    dev.uia2.faults.shift();
    crashed(ctx);
    return 0;
  }
  const pkg = dev.installed.get(UIA2_SERVER_PACKAGE)!;
  const holder = dev.sockets.owner(UIA2_PORT);
  if (holder !== undefined && holder.uid !== dev.uids.uidOf(UIA2_SERVER_PACKAGE)) {
    // The server's ServerSocket cannot bind a port another process holds: it dies at start, as on a phone.
    ctx.out(`\nINSTRUMENTATION_RESULT: shortMsg=java.net.BindException: Address already in use\nINSTRUMENTATION_CODE: 0\n`);
    return 0;
  }
  const server = new VirtualUia2Server(dev, { name: pkg.versionName, code: pkg.versionCode });
  dev.uia2.server = server;
  dev.uia2.starts++;
  try {
    if (dev.uia2.startMs > 0) await sleep(dev.uia2.startMs, ctx.signal).catch(() => undefined);
    if (ctx.signal.aborted || !server.running) return 0;
    dev.serve(UIA2_PORT, server.http.tcp, UIA2_SERVER_PACKAGE);
    const reason = await untilStopped(server, ctx.signal);
    if (reason === 'crashed' || reason === 'killed') crashed(ctx);
    else ctx.out(`.\n\nTime: ${((Date.now() - started) / 1000).toFixed(3)}\n\nOK (1 test)\n\n`);
    return 0;
  } finally {
    server.stop('closed');
    if (dev.uia2.server === server) {
      dev.uia2.server = undefined;
      dev.serve(UIA2_PORT, undefined);
    }
  }
}

/** `am instrument [-w] [-r] [-e KEY VALUE]… COMPONENT`. */
export async function instrument(dev: DeviceContext, ctx: CmdContext, args: readonly string[]): Promise<number> {
  let component: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-e') i += 2;
    else if (VALUE_OPTIONS.has(a)) i++;
    else if (!a.startsWith('-')) component = a;
  }
  if (component === undefined) {
    ctx.err('Error: No instrumentation component specified\n');
    return 1;
  }
  const known = installedInstrumentation(dev).find((i) => i.component === component);
  if (known === undefined) return failed(ctx, component, `Unable to find instrumentation info for: ComponentInfo{${component}}`);
  if (!dev.installed.has(known.target)) return failed(ctx, component, `Unable to find instrumentation target package: ${known.target}`);
  if (component === UIA2_INSTRUMENTATION) return runServer(dev, ctx);
  ctx.out('\nTime: 0.001\n\nOK (0 tests)\n\n');
  return 0;
}
