/**
 * Intents as `am start`, `cmd package resolve-activity` and `query-activities` take them (AOSP
 * frameworks/base/core/java/android/content/Intent.java parseCommandArgs), and their resolution on this device:
 * the scenario app is the one launchable app (MAIN/LAUNCHER), the launcher answers HOME.
 */
import { LAUNCHER_ACTIVITY } from '../chrome.js';
import { qualifyActivity } from '../scenario.js';
import type { DeviceContext } from './context.js';

export const ACTION_MAIN = 'android.intent.action.MAIN';
const ACTION_VIEW = 'android.intent.action.VIEW';
export const CATEGORY_LAUNCHER = 'android.intent.category.LAUNCHER';
const CATEGORY_DEFAULT = 'android.intent.category.DEFAULT';
const CATEGORY_HOME = 'android.intent.category.HOME';

export interface IntentArgs {
  action?: string;
  categories: string[];
  data?: string;
  package?: string;
  component?: string;
  /** Options that are not part of the intent (`-W`, `--brief`, `--components`…). */
  options: Set<string>;
}

/** Options that take a value and are not intent fields. */
const VALUE_OPTIONS = new Set([
  '--user',
  '--display',
  '-t',
  '-f',
  '--windowingMode',
  '--activityType',
  '-P',
  '--start-profiler',
  '-R',
  '--query-flags',
]);

/**
 * Parses intent arguments. The bare last argument builds a base intent that fills what the options left unset
 * (Intent.parseCommandArgs): a URI → ACTION_VIEW on that data; `pkg/cls` → MAIN + LAUNCHER on that component;
 * anything else → MAIN + LAUNCHER on that package. The base's categories are dropped when `-a` gave an action.
 */
export function parseIntent(args: readonly string[]): IntentArgs {
  const r: IntentArgs = { categories: [], options: new Set() };
  let bare: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-n') r.component = args[++i] ?? '';
    else if (a === '-a') r.action = args[++i] ?? '';
    else if (a === '-c') r.categories.push(args[++i] ?? '');
    else if (a === '-d') r.data = args[++i] ?? '';
    else if (a === '-p') r.package = args[++i] ?? '';
    else if (VALUE_OPTIONS.has(a)) i++;
    // Extras: `--es KEY VALUE`, `--ei`, `--ez`, `--el`, `--ef`, `--eu`, `--esa` … take two arguments.
    else if (/^--e[sizlfu]?a?$/.test(a) || a === '-e') i += 2;
    else if (a.startsWith('-')) r.options.add(a);
    else bare = a;
  }
  if (bare === undefined) return r;
  const base: Omit<IntentArgs, 'options'> & { action: string } = bare.includes(':')
    ? { action: ACTION_VIEW, categories: [], data: bare }
    : bare.includes('/')
      ? { action: ACTION_MAIN, categories: [CATEGORY_LAUNCHER], component: bare }
      : { action: ACTION_MAIN, categories: [CATEGORY_LAUNCHER], package: bare };
  if (r.action === undefined) r.action = base.action;
  else base.categories = [];
  if (r.categories.length === 0) r.categories = base.categories;
  if (r.data === undefined && base.data !== undefined) r.data = base.data;
  if (r.package === undefined && base.package !== undefined) r.package = base.package;
  if (base.component !== undefined) r.component = base.component;
  return r;
}

/** `Intent.toShortString`, as `am start` echoes it: `act=… cat=[…] dat=… flg=0x… pkg=… cmp=…`. */
export function describeIntent(i: IntentArgs, flags?: number): string {
  const parts: string[] = [];
  if (i.action !== undefined) parts.push(`act=${i.action}`);
  if (i.categories.length > 0) parts.push(`cat=[${i.categories.join(',')}]`);
  if (i.data !== undefined) parts.push(`dat=${i.data}`);
  if (flags !== undefined) parts.push(`flg=0x${flags.toString(16)}`);
  if (i.package !== undefined) parts.push(`pkg=${i.package}`);
  if (i.component !== undefined) parts.push(`cmp=${i.component}`);
  return `Intent { ${parts.join(' ')} }`;
}

/** The launcher component of each app this device can start. */
export function launchableApps(dev: DeviceContext): Map<string, string> {
  const sc = dev.phone.scenario;
  return new Map([[sc.package, sc.launcher]]);
}

/** Components the intent resolves to, best first (the explicit component is taken as is). */
export function resolveIntent(dev: DeviceContext, i: IntentArgs): string[] {
  if (i.component !== undefined) {
    const [pkg = '', cls = ''] = i.component.split('/', 2);
    return [qualifyActivity(pkg, cls)];
  }
  if (i.categories.includes(CATEGORY_HOME)) return [LAUNCHER_ACTIVITY];
  const plain = i.categories.every((c) => c === CATEGORY_LAUNCHER || c === CATEGORY_DEFAULT);
  if (i.action !== ACTION_MAIN || !plain) return [];
  // MAIN alone (or with DEFAULT) matches launcher activities too: their filters carry DEFAULT implicitly for
  // startActivity, and query-activities lists them the same way.
  return [...launchableApps(dev)].filter(([pkg]) => i.package === undefined || i.package === pkg).map(([, c]) => c);
}
