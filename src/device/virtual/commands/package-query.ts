/**
 * The package manager's queries, as Android 14 prints them (frameworks/base/services/core/java/com/android/server/
 * pm/PackageManagerShellCommand.java runListFeatures, runHasFeature, runResolveActivity, runQueryIntentActivities,
 * printResolveInfo):
 * - `pm list features`: `feature:NAME`, `=VERSION` when the version is > 0, the unnamed GL ES entry first as
 *   `feature:reqGlEsVersion=0x…`; sorted by name.
 * - `has-feature NAME [VERSION]`: `true`/`false` with exit 0/1; a bad version → `Error: illegal version number V`.
 * - `resolve-activity` / `query-activities`: `No activity found` / `No activities found`, else `N activities found:`
 *   and `  Activity #i:` blocks; `--brief` prints the match line and `pkg/.Cls`, `--components` only `pkg/.Cls`,
 *   neither the whole ResolveInfo.dump (core/java/android/content/pm/ResolveInfo.java, ActivityInfo.java,
 *   ComponentInfo.java, PackageItemInfo.java and ApplicationInfo.java dump with DUMP_FLAG_ALL).
 */
import { SYSTEM_PACKAGES, shortComponent } from '../scenario.js';
import type { CmdContext } from '../shell.js';
import type { DeviceContext } from './context.js';
import { parseIntent, resolveIntent } from './intents.js';

/**
 * What a plain Android 14 phone (no TV, watch or car features) reports, with the versioned entries phones carry
 * (Vulkan 1.3 = 0x403000; dEQP levels are dates packed as year<<16 | month<<8 | day, 2023-03-01 for Android 14).
 */
export const PHONE_FEATURES: ReadonlyMap<string, number> = new Map([
  ['android.hardware.audio.output', 0],
  ['android.hardware.bluetooth', 0],
  ['android.hardware.camera', 0],
  ['android.hardware.camera.any', 0],
  ['android.hardware.faketouch', 0],
  ['android.hardware.location', 0],
  ['android.hardware.microphone', 0],
  ['android.hardware.screen.landscape', 0],
  ['android.hardware.screen.portrait', 0],
  ['android.hardware.sensor.accelerometer', 0],
  ['android.hardware.telephony', 0],
  ['android.hardware.touchscreen', 0],
  ['android.hardware.touchscreen.multitouch', 0],
  ['android.hardware.vulkan.level', 1],
  ['android.hardware.vulkan.version', 0x403000],
  ['android.hardware.wifi', 0],
  ['android.software.app_widgets', 0],
  ['android.software.autofill', 0],
  ['android.software.backup', 0],
  ['android.software.home_screen', 0],
  ['android.software.input_methods', 0],
  ['android.software.opengles.deqp.level', (2023 << 16) | (3 << 8) | 1],
  ['android.software.vulkan.deqp.level', (2023 << 16) | (3 << 8) | 1],
  ['android.software.webview', 0],
]);

export function listFeatures(ctx: CmdContext): number {
  // OpenGL ES 3.2: the FeatureInfo without a name sorts first.
  ctx.out('feature:reqGlEsVersion=0x30002\n');
  for (const [name, version] of [...PHONE_FEATURES].sort(([a], [b]) => (a < b ? -1 : 1))) {
    ctx.out(`feature:${name}${version > 0 ? `=${version}` : ''}\n`);
  }
  return 0;
}

export function hasFeature(ctx: CmdContext, args: readonly string[]): number {
  const [name, versionArg] = args;
  if (name === undefined) {
    ctx.err('Error: expected FEATURE name\n');
    return 1;
  }
  // Integer.parseInt: an optional sign and decimal digits, within 32 bits.
  const version = versionArg === undefined ? 0 : /^[+-]?\d+$/.test(versionArg) ? Number(versionArg) : NaN;
  if (!Number.isInteger(version) || Math.abs(version) > 2 ** 31 - 1) {
    ctx.err(`Error: illegal version number ${versionArg}\n`);
    return 1;
  }
  const have = PHONE_FEATURES.get(name);
  const has = have !== undefined && have >= version;
  ctx.out(`${has}\n`);
  return has ? 0 : 1;
}

/** Where a package's APK lives (`pm path`, ApplicationInfo.sourceDir). */
export function apkPath(dev: DeviceContext, p: string): string {
  const last = p.split('.').pop() ?? p;
  return (
    dev.installed.get(p)?.path ?? (SYSTEM_PACKAGES.includes(p) ? `/system/app/${last}/${last}.apk` : `/data/app/~~glance==/${p}-1/base.apk`)
  );
}

/** A launcher match: IntentFilter.MATCH_CATEGORY_EMPTY | MATCH_ADJUSTMENT_NORMAL = 0x108000; no DEFAULT category. */
const MATCH_LINE = 'priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false';

/** ApplicationInfo.flags of a debuggable app: HAS_CODE, DEBUGGABLE, ALLOW_CLEAR_USER_DATA, screen sizes, RTL… */
const APP_FLAGS = 0x2 | 0x4 | 0x40 | 0x200 | 0x400 | 0x800 | 0x1000 | 0x2000 | 0x8000 | 0x80000 | 0x400000 | 0x800000 | 0x10000000;

/** ResolveInfo.dump(pr, prefix) of an app's launcher activity (what the shell sees without --brief). */
function resolveInfoDump(dev: DeviceContext, component: string): string[] {
  const [pkg = '', cls = ''] = component.split('/', 2);
  const installed = dev.installed.get(pkg);
  const system = SYSTEM_PACKAGES.includes(pkg);
  const uid = system ? 1000 : 10123;
  const flags = system ? APP_FLAGS & ~0x2 : APP_FLAGS;
  return [
    MATCH_LINE,
    'ActivityInfo:',
    `  name=${cls}`,
    `  packageName=${pkg}`,
    '  enabled=true exported=true directBootAware=false',
    `  taskAffinity=${pkg} targetActivity=null persistableMode=PERSIST_ROOT_ONLY`,
    '  launchMode=0 flags=0x200 privateFlags=0x0 theme=0x0',
    '  lockTaskLaunchMode=LOCK_TASK_LAUNCH_MODE_DEFAULT',
    '  resizeMode=RESIZE_MODE_RESIZEABLE',
    '  ApplicationInfo:',
    `    packageName=${pkg}`,
    '    labelRes=0x7f120027 nonLocalizedLabel=null icon=0x7f0f0000 banner=0x0',
    `    processName=${pkg}`,
    `    taskAffinity=${pkg}`,
    `    uid=${uid} flags=0x${flags.toString(16)} privateFlags=0x88000400 theme=0x7f130249`,
    '    requiresSmallestWidthDp=0 compatibleWidthLimitDp=0 largestWidthLimitDp=0',
    `    sourceDir=${apkPath(dev, pkg)}`,
    '    seinfo=default:targetSdkVersion=34',
    '    seinfoUser=:complete',
    `    dataDir=/data/user/0/${pkg}`,
    `    deviceProtectedDataDir=/data/user_de/0/${pkg}`,
    `    credentialProtectedDataDir=/data/user/0/${pkg}`,
    `    enabled=true minSdkVersion=24 targetSdkVersion=34 versionCode=${installed?.versionCode ?? 1} targetSandboxVersion=1`,
    '    supportsRtl=true',
    '    fullBackupContent=true',
    '    crossProfile=false',
    '    HiddenApiEnforcementPolicy=2',
    '    usesNonSdkApi=false',
    '    allowsPlaybackCapture=true',
    '    enableOnBackInvokedCallback=false',
    '    createTimestamp=23874',
  ];
}

function printResolveInfo(
  dev: DeviceContext,
  ctx: CmdContext,
  at: { prefix: string; options: ReadonlySet<string> },
  component: string,
): void {
  const { prefix, options } = at;
  const brief = options.has('--brief');
  const components = options.has('--components');
  const lines = brief || components ? [...(components ? [] : [MATCH_LINE]), shortComponent(component)] : resolveInfoDump(dev, component);
  ctx.out(lines.map((l) => `${prefix}${l}\n`).join(''));
}

export function resolveActivity(dev: DeviceContext, ctx: CmdContext, args: readonly string[]): number {
  const intent = parseIntent(args);
  const found = resolveIntent(dev, intent)[0];
  if (found === undefined) ctx.out('No activity found\n');
  else printResolveInfo(dev, ctx, { prefix: '', options: intent.options }, found);
  return 0;
}

export function queryActivities(dev: DeviceContext, ctx: CmdContext, args: readonly string[]): number {
  const intent = parseIntent(args);
  const found = resolveIntent(dev, intent);
  if (found.length === 0) {
    ctx.out('No activities found\n');
    return 0;
  }
  if (intent.options.has('--components')) {
    for (const c of found) printResolveInfo(dev, ctx, { prefix: '', options: intent.options }, c);
    return 0;
  }
  ctx.out(`${found.length} activities found:\n`);
  found.forEach((c, i) => {
    ctx.out(`  Activity #${i}:\n`);
    printResolveInfo(dev, ctx, { prefix: '    ', options: intent.options }, c);
  });
  return 0;
}
