/**
 * Scenario format (docs/virtual.md): a folder with `scenario.json` and `screens/*.xml` (uiautomator XML).
 * A scenario is one app: named screens, and transitions `{from, on, to}` between them. The loader validates
 * the JSON with zod, parses every screen once (parseDump) and reports problems as SCENARIO_INVALID with the
 * offending path, so an author sees all mistakes at load time instead of at the first tap.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { GlanceError } from '../../errors.js';
import { walk, type UiDump } from '../../hierarchy/model.js';
import { parseDump } from '../../hierarchy/parse.js';
import { keyName } from './keys.js';
import type { LeavesApp } from './leaving.js';
import type { ModeFor } from './modes.js';

const Target = z
  .object({
    id: z.string().optional(),
    text: z.string().optional(),
    textContains: z.string().optional(),
    /** The node or one of its descendants has exactly this text (a list row by its title). */
    hasText: z.string().optional(),
    desc: z.string().optional(),
    cls: z.string().optional(),
    bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
  })
  .strict()
  .refine((t) => Object.keys(t).length > 0, 'a target needs at least one of id, text, textContains, hasText, desc, cls, bounds');

const Trigger = z.union([
  z.object({ tap: Target }).strict(),
  z.object({ long: Target }).strict(),
  z.object({ back: z.literal(true) }).strict(),
  z.object({ key: z.string(), in: Target.optional() }).strict(),
  z.object({ text: Target, value: z.string().optional() }).strict(),
  z.object({ swipe: z.enum(['up', 'down', 'left', 'right']), in: Target.optional() }).strict(),
]);

const Transition = z
  .object({
    from: z.string(),
    on: Trigger,
    /** A screen name, or `@back` (pop), `@home` (to the launcher), `@stay`. */
    to: z.string(),
    /** Replace the top of the back stack instead of pushing (sign-in → home). */
    replace: z.boolean().optional(),
    /** Clear the back stack, then show `to` (e.g. sign-out). */
    clear: z.boolean().optional(),
    /** Copy these fields' values (resource ids) to the same fields of the next screen (a search query). */
    carry: z.array(z.string()).optional(),
    /** Fire only when these fields (resource ids) hold text. */
    when: z
      .object({ filled: z.array(z.string()).optional(), checked: z.array(z.string()).optional() })
      .strict()
      .optional(),
  })
  .strict();

const ScenarioJson = z
  .object({
    name: z.string().optional(),
    package: z.string().regex(/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/, 'a Java package name such as com.example.app'),
    label: z.string(),
    /** Launcher activity: `.MainActivity` or fully qualified. */
    launcher: z.string(),
    start: z.string(),
    display: z
      .object({ width: z.number().int().positive(), height: z.number().int().positive(), density: z.number().int().positive() })
      .strict()
      .optional(),
    /** Add a status bar and navigation bar (com.android.systemui) around every screen, as real dumps have. */
    systemBars: z.boolean().optional(),
    /** Other installed packages (`pm list packages`); the scenario's own package is always installed. */
    packages: z.array(z.string()).optional(),
    device: z
      .object({
        model: z.string().optional(),
        product: z.string().optional(),
        sdk: z.number().int().optional(),
        release: z.string().optional(),
      })
      .strict()
      .optional(),
    screens: z.record(z.string(), z.object({ file: z.string(), activity: z.string().optional() }).strict()),
    transitions: z.array(Transition).default([]),
    /** Servers the scenario runs "on the device", reachable through `tcp:PORT` (adb forward). */
    tcp: z
      .record(z.string().regex(/^\d+$/), z.union([z.object({ echo: z.literal(true) }).strict(), z.object({ http: z.string() }).strict()]))
      .optional(),
  })
  .strict();

export type Target = z.infer<typeof Target>;
export type Trigger = z.infer<typeof Trigger>;
export type Transition = z.infer<typeof Transition>;

/** An action as the replay table sees it (coordinates in screen pixels, on the visible screen). */
export type ReplayAction =
  | { kind: 'tap' | 'long'; x: number; y: number }
  | { kind: 'text'; value: string; /** bounds of the focused field */ bounds: readonly [number, number, number, number] | undefined }
  | { kind: 'key'; key: string }
  /** A swipe; `direction` is the finger's. */
  | { kind: 'scroll'; x: number; y: number; direction: 'up' | 'down' | 'left' | 'right' };

export interface ReplayHints {
  prefer?: ((outcomes: readonly string[]) => string | undefined) | undefined;
  local?: boolean;
}

export interface ScreenDef {
  name: string;
  /** Fully qualified activity (`com.x/.Main` style resolved to `com.x/com.x.Main`). */
  activity: string;
  dump: UiDump;
  /** Preorder indices of recorded views beyond a scroll container's fold (shown once it scrolls). */
  offscreen?: readonly number[];
}

export interface DisplayInfo {
  width: number;
  height: number;
  density: number;
}

/** A loaded, validated scenario: the app the virtual device runs. */
export interface Scenario {
  name: string;
  package: string;
  label: string;
  /** Fully qualified launcher component `pkg/pkg.Activity`. */
  launcher: string;
  start: string;
  display: DisplayInfo;
  systemBars: boolean;
  packages: string[];
  device: { model: string; product: string; sdk: number; release: string };
  screens: Map<string, ScreenDef>;
  transitions: Transition[];
  tcp: Map<number, { echo: true } | { http: string }>;
  /** Folder the scenario was loaded from (http roots resolve against it), when loaded from disk. */
  dir?: string;
  /** Other names for screens (DroidBot `state_str` → screen name), accepted wherever a screen is named. */
  aliases?: Map<string, string>;
  /**
   * Recorded outcomes (DroidBot replay): consulted when no authored transition matches. Returns the screen the
   * recording reached (`@stay` for a recorded no-op) and the ids of the recorded events consistent with it, or
   * undefined when nothing was recorded for this action on this screen. `previous` holds the ids returned last
   * (empty after a reset), so a replay can keep to one recorded session when the same action had different
   * outcomes in different sessions. `hints.prefer` picks among two or more recorded outcomes (screen names) of the
   * same action; `hints.local` says the screen carries edits no event recorded (typed text, toggles), so the
   * outcomes recorded on its typed variants apply too.
   */
  replay?: (
    screen: string,
    action: ReplayAction,
    previous: readonly string[],
    hints?: ReplayHints,
  ) => { to: string; events: string[] } | undefined;
  /**
   * Where a tap with no recorded outcome leaves the app: the other app's activity when the recording tapped the
   * same view (or a row of the same list) elsewhere and it opened that app. `path`: the views under the finger,
   * outermost first.
   */
  leaves?: LeavesApp;
  /**
   * A long-press with no recorded outcome on a row of a list the recording long-pressed another row of (same
   * list, same row layout): the mode it opened there (a selection bar, a row menu), for this row.
   */
  modes?: ModeFor;
}

/** Packages every Android image has; `pm list packages` shows them next to the scenario's own. */
export const SYSTEM_PACKAGES: readonly string[] = [
  'android',
  'com.android.systemui',
  'com.android.settings',
  'com.android.launcher3',
  'com.android.shell',
  'com.android.providers.settings',
  'com.android.inputmethod.latin',
  'com.android.chrome',
];

/** Expands `.Main` / `Main` / `com.x.Main` into the component `pkg/com.x.Main`. */
export function qualifyActivity(pkg: string, activity: string): string {
  if (activity.includes('/')) {
    const [p, a = ''] = activity.split('/', 2) as [string, string?];
    return `${p}/${a.startsWith('.') ? p + a : a}`;
  }
  if (activity.startsWith('.')) return `${pkg}/${pkg}${activity}`;
  if (!activity.includes('.')) return `${pkg}/${pkg}.${activity}`;
  return `${pkg}/${activity}`;
}

/** Short form `pkg/.Main` as `dumpsys` prints components. */
export function shortComponent(component: string): string {
  const [pkg, cls = ''] = component.split('/', 2) as [string, string?];
  return cls.startsWith(`${pkg}.`) ? `${pkg}/${cls.slice(pkg.length)}` : component;
}

function invalid(dir: string, message: string, cause?: unknown): GlanceError {
  return new GlanceError('SCENARIO_INVALID', `scenario ${dir}: ${message}`, {
    hint: 'see docs/virtual.md for the scenario format (scenario.json + screens/*.xml)',
    context: { dir },
    ...(cause === undefined ? {} : { cause }),
  });
}

/** Validates a parsed scenario.json and loads its screens with `readScreen(file)` (relative to the folder). */
export function buildScenario(json: unknown, readScreen: (file: string) => string, where: string): Scenario {
  const parsed = ScenarioJson.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw invalid(where, issues);
  }
  const s = parsed.data;
  const screens = new Map<string, ScreenDef>();
  const launcher = qualifyActivity(s.package, s.launcher);
  for (const [name, def] of Object.entries(s.screens)) {
    let dump: UiDump;
    try {
      dump = parseDump(readScreen(def.file));
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      throw invalid(where, `screen "${name}" (${def.file}): ${why}`, e);
    }
    // Authored screens may omit `index` and `package`: number siblings and default to the app's package.
    for (const { node } of walk(dump.roots)) {
      if (node.pkg === '') node.pkg = s.package;
      node.children.forEach((c, i) => (c.index = i));
    }
    screens.set(name, { name, activity: qualifyActivity(s.package, def.activity ?? launcher), dump });
  }
  const problems: string[] = [];
  if (!screens.has(s.start)) problems.push(`start: no screen named "${s.start}"`);
  s.transitions.forEach((t, i) => {
    if (t.from !== '*' && !screens.has(t.from)) problems.push(`transitions.${i}.from: no screen named "${t.from}"`);
    if (!t.to.startsWith('@') && !screens.has(t.to)) problems.push(`transitions.${i}.to: no screen named "${t.to}"`);
    if (t.to.startsWith('@') && !['@back', '@home', '@stay'].includes(t.to))
      problems.push(`transitions.${i}.to: unknown "${t.to}" (use @back, @home or @stay)`);
    if ('key' in t.on) {
      // Stored by canonical name (`ENTER` for `KEYCODE_ENTER`, `enter` or `66`), as `input keyevent` reports it.
      const key = keyName(t.on.key);
      if (key === undefined) problems.push(`transitions.${i}.on.key: unknown key "${t.on.key}"`);
      else t.on.key = key;
    }
  });
  if (problems.length > 0) throw invalid(where, problems.join('; '));
  const first = screens.get(s.start)!.dump;
  const display = s.display ?? { width: first.width || 1080, height: first.height || 2400, density: 420 };
  const tcp = new Map<number, { echo: true } | { http: string }>();
  for (const [port, server] of Object.entries(s.tcp ?? {})) tcp.set(Number(port), server);
  return {
    name: s.name ?? s.package,
    package: s.package,
    label: s.label,
    launcher,
    start: s.start,
    display,
    systemBars: s.systemBars ?? false,
    packages: [...new Set([...SYSTEM_PACKAGES, ...(s.packages ?? []), s.package])],
    device: {
      model: s.device?.model ?? 'Glance Virtual Device',
      product: s.device?.product ?? 'glance_virtual',
      sdk: s.device?.sdk ?? 34,
      release: s.device?.release ?? '14',
    },
    screens,
    transitions: s.transitions,
    tcp,
  };
}

/** Loads a scenario folder (`scenario.json` + the screen files it names). */
export function loadScenario(dir: string): Scenario {
  const root = resolve(dir);
  const file = join(root, 'scenario.json');
  if (!existsSync(file)) throw invalid(root, 'no scenario.json in the folder');
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw invalid(root, `scenario.json does not parse: ${e instanceof Error ? e.message : String(e)}`, e);
  }
  const scenario = buildScenario(
    json,
    (f) => {
      const p = resolve(root, f);
      // With the separator: `/x/demo2/a.xml` starts with `/x/demo` but is not inside it.
      if (!p.startsWith(root + sep)) throw new Error('screen files must stay inside the scenario folder');
      return readFileSync(p, 'utf8');
    },
    root,
  );
  scenario.dir = root;
  return scenario;
}

/** Folder of a scenario shipped in the package (`assets/scenarios/NAME`), resolved from the package root. */
export function builtinScenarioDir(name: string): string {
  // This file sits at src/device/virtual/ (or dist/src/device/virtual/ once built): walk up to package.json.
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6 && !existsSync(join(dir, 'package.json')); i++) dir = dirname(dir);
  const p = join(dir, 'assets', 'scenarios', name);
  if (!/^[a-z0-9-]+$/.test(name) || !existsSync(join(p, 'scenario.json'))) {
    throw new GlanceError('SCENARIO_INVALID', `no built-in scenario named "${name}"`, {
      hint: 'built-in scenarios: demo; or give the path of a scenario folder',
    });
  }
  return p;
}
