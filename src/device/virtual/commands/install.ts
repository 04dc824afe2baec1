/**
 * `pm install` / `cmd package install` and `uninstall` (PackageManagerShellCommand.java runInstall,
 * runUninstall). `adb install` (29.x, device with the `cmd` feature) streams the APK into
 * `exec:cmd package install -S SIZE [opts]`; older flows push it and run `pm install PATH`. The package becomes
 * known with the name and version from the APK's manifest; a pushed file that is not an APK is named after the
 * file. Replies are the phone's: `Success`, or `Failure [CODE: message]` with exit 1.
 */
import { readApk, type ApkInfo } from '../apk.js';
import { FsError, tryFs } from '../fs.js';
import { readUpTo } from '../pipe.js';
import type { CmdContext } from '../shell.js';
import { abs, type DeviceContext } from './context.js';

/** Install options that take a value (`-i INSTALLER`, `--user 0`, `-S SIZE` handled apart). */
const VALUE_OPTIONS = new Set(['-i', '--user', '--install-location', '--originating-uri', '--referrer', '--abi', '-p', '--pkg']);

let session = 1_000_000;

function register(dev: DeviceContext, apk: Pick<ApkInfo, 'package' | 'versionCode' | 'versionName' | 'instrumentation'>): void {
  const sc = dev.phone.scenario;
  const pkg = apk.package;
  if (!sc.packages.includes(pkg)) sc.packages.push(pkg);
  // Replacing a package kills its running process (an instrumentation in it included).
  dev.onPackageStopped(pkg);
  dev.installed.set(pkg, {
    versionCode: apk.versionCode,
    versionName: apk.versionName ?? String(apk.versionCode),
    path: `/data/app/~~${(session++).toString(36)}==/${pkg}-1/base.apk`,
    instrumentation: apk.instrumentation,
  });
}

function fail(ctx: CmdContext, code: string, message: string): number {
  ctx.out(`Failure [${code}: ${message}]\n`);
  return 1;
}

export async function install(dev: DeviceContext, ctx: CmdContext, args: readonly string[]): Promise<number> {
  let size: number | undefined;
  let file: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-S') size = Number(args[++i]);
    else if (VALUE_OPTIONS.has(a)) i++;
    else if (!a.startsWith('-')) file = a;
  }
  const tmp = `/data/app/vmdl${session}.tmp/base.apk`;
  let bytes: Uint8Array;
  if (size !== undefined) {
    if (!Number.isSafeInteger(size) || size < 0) {
      ctx.err(`Error: Invalid size: ${String(size)}\n`);
      return 1;
    }
    // Piped in (`cat app.apk | pm install -S N`), else streamed in by the host as the session's input.
    const piped = await readUpTo(ctx.stdin, size);
    bytes = piped.length > 0 ? piped : await ctx.readInput(size);
    if (bytes.length < size) return fail(ctx, 'INSTALL_FAILED_INVALID_APK', `Failed to read ${size} bytes from the stream`);
  } else if (file !== undefined) {
    const read = tryFs(() => dev.fs.readFile(abs(ctx, file)));
    if (read instanceof FsError) {
      ctx.err(`Error: Can't open file: ${file}\n`);
      return 1;
    }
    bytes = read;
  } else {
    ctx.err('Error: must either specify a package size or an APK file\n');
    return 1;
  }
  const apk = readApk(bytes);
  if (apk !== undefined) register(dev, apk);
  else if (file !== undefined && size === undefined) {
    // Not an APK: known by its file name (`notes-2.1.apk` → package `notes`, version 2.1), as a stand-in.
    const m = /^(.*?)(?:-(\d[\w.]*))?\.apk$/i.exec(file.slice(file.lastIndexOf('/') + 1)) ?? [];
    const name = (m[1] ?? file).replace(/[^\w.]/g, '_');
    register(dev, { package: name, versionCode: 1, versionName: m[2] ?? '1.0', instrumentation: [] });
  } else return fail(ctx, 'INSTALL_PARSE_FAILED_NOT_APK', `Failed to parse ${tmp}: Failed to load asset path ${tmp}`);
  ctx.out('Success\n');
  return 0;
}

export function uninstall(dev: DeviceContext, ctx: CmdContext, args: readonly string[]): number {
  const pkg = args.filter((a) => !a.startsWith('-')).pop();
  if (pkg === undefined) {
    ctx.err('Error: package name not specified\n');
    return 1;
  }
  const sc = dev.phone.scenario;
  if (!dev.installed.has(pkg)) {
    // Only what was installed here can go: the scenario's app and the system image stay.
    ctx.out('Failure [DELETE_FAILED_INTERNAL_ERROR]\n');
    return 1;
  }
  dev.onPackageStopped(pkg);
  dev.installed.delete(pkg);
  dev.uids.forget(pkg);
  sc.packages.splice(sc.packages.indexOf(pkg), 1);
  ctx.out('Success\n');
  return 0;
}
