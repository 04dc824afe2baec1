/**
 * The package manager's queries (PackageManagerShellCommand.java runListFeatures, runHasFeature,
 * runResolveActivity, runQueryIntentActivities and printResolveInfo). Lines tools parse are exact
 * (`feature:`, `true`/`false` with exit 0/1, `priority=… isDefault=…` then `pkg/.Activity` under --brief,
 * `packageName=` in the full form); the full ResolveInfo dump is shortened to its first lines.
 */
import { shortComponent } from '../scenario.js';
import type { CmdContext } from '../shell.js';
import type { DeviceContext } from './context.js';
import { parseIntent, resolveIntent } from './intents.js';

/** What a plain Android 14 phone (no TV, watch or car features) reports; sorted as `pm list features` prints. */
export const PHONE_FEATURES: readonly string[] = [
  'android.hardware.audio.output',
  'android.hardware.bluetooth',
  'android.hardware.camera',
  'android.hardware.camera.any',
  'android.hardware.faketouch',
  'android.hardware.location',
  'android.hardware.microphone',
  'android.hardware.screen.landscape',
  'android.hardware.screen.portrait',
  'android.hardware.sensor.accelerometer',
  'android.hardware.telephony',
  'android.hardware.touchscreen',
  'android.hardware.touchscreen.multitouch',
  'android.hardware.wifi',
  'android.software.app_widgets',
  'android.software.autofill',
  'android.software.backup',
  'android.software.home_screen',
  'android.software.input_methods',
  'android.software.webview',
];

export function listFeatures(ctx: CmdContext): number {
  // OpenGL ES 3.2 comes first, as the reqGlEsVersion pseudo-feature.
  ctx.out('feature:reqGlEsVersion=0x30002\n');
  for (const f of PHONE_FEATURES) ctx.out(`feature:${f}\n`);
  return 0;
}

export function hasFeature(ctx: CmdContext, args: readonly string[]): number {
  const name = args[0];
  if (name === undefined) {
    ctx.err('Error: expected FEATURE name\n');
    return 1;
  }
  const has = PHONE_FEATURES.includes(name);
  ctx.out(`${has}\n`);
  return has ? 0 : 1;
}

/** `priority=…` line of a launcher match (IntentFilter.MATCH_CATEGORY_EMPTY | MATCH_ADJUSTMENT_NORMAL = 0x108000). */
const MATCH_LINE = 'priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false';

function printResolveInfo(ctx: CmdContext, prefix: string, component: string, brief: boolean): void {
  if (brief) {
    ctx.out(`${prefix}${MATCH_LINE}\n${prefix}${shortComponent(component)}\n`);
    return;
  }
  const [pkg = '', cls = ''] = component.split('/', 2);
  ctx.out(
    [
      MATCH_LINE,
      'ActivityInfo:',
      `  name=${cls}`,
      `  packageName=${pkg}`,
      '  enabled=true exported=true directBootAware=false',
      `  taskAffinity=${pkg} targetActivity=null persistableMode=PERSIST_ROOT_ONLY`,
      '  ApplicationInfo:',
      `    packageName=${pkg}`,
      '    enabled=true minSdkVersion=24 targetSdkVersion=34',
    ]
      .map((l) => `${prefix}${l}\n`)
      .join(''),
  );
}

export function resolveActivity(dev: DeviceContext, ctx: CmdContext, args: readonly string[]): number {
  const intent = parseIntent(args);
  const found = resolveIntent(dev, intent)[0];
  if (found === undefined) ctx.out('No activity found\n');
  else if (intent.options.has('--components')) ctx.out(`${shortComponent(found)}\n`);
  else printResolveInfo(ctx, '', found, intent.options.has('--brief'));
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
    for (const c of found) ctx.out(`${shortComponent(c)}\n`);
    return 0;
  }
  ctx.out(`${found.length} activities found:\n`);
  found.forEach((c, i) => {
    ctx.out(`  Activity #${i}:\n`);
    printResolveInfo(ctx, '    ', c, intent.options.has('--brief'));
  });
  return 0;
}
