/**
 * The CLI's command table: each verb, the registry tool it calls, and how its positional words map onto the
 * tool's params. Tools know nothing of verbs, positionals or short flags; argv parsing, `--help`, the README's
 * tool table and the equivalent command line (`$ glance tap b12`) are all derived from this table, so the
 * CLI and the tools cannot drift.
 */
import { looksLikeTarget } from '../snapshot/target.js';
import type { ToolVerb } from './verbs.js';

/** One positional slot: fills `param` with a word (or, with `rest`, every remaining word joined by spaces). */
export interface Slot {
  param: string;
  rest?: boolean;
  /** The slot takes the word only when it passes; otherwise the word goes to the next slot. */
  accepts?: (word: string, wordsAfter: number) => boolean;
}

export interface ToolCommand {
  verb: ToolVerb;
  tool: string;
  slots?: readonly Slot[];
  /** First words with a fixed meaning: `wait idle` → `{ idle: true }`. */
  words?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Single-letter aliases for flags: `{ n: 'count' }`. */
  short?: Readonly<Record<string, string>>;
  /** Params every call of this verb carries (aliases: `back` = key BACK). */
  fixed?: Readonly<Record<string, unknown>>;
  /** Print the equivalent command line after the result (actions, so a run can be replayed from a shell). */
  echo?: boolean;
  /** Long flags spelled otherwise than their param: `{ json: 'out' }` reads `--json FILE` into `out`. */
  long?: Readonly<Record<string, string>>;
  /**
   * A file param that is standard output when not given and the result is printed as text (`glance map SRC`
   * prints the map itself); with the global --json the result's data carries what would have been written.
   */
  stdoutParam?: string;
}

const target: Slot = { param: 'target' };

export const COMMANDS: readonly ToolCommand[] = [
  { verb: 'ui', tool: 'device_snapshot' },
  { verb: 'find', tool: 'device_find', slots: [{ param: 'selector' }] },
  { verb: 'tokens', tool: 'snapshot_tokens' },
  { verb: 'devices', tool: 'device_list' },
  { verb: 'tap', tool: 'device_tap', slots: [target], echo: true },
  { verb: 'long-press', tool: 'device_long_press', slots: [target], echo: true },
  { verb: 'double-tap', tool: 'device_double_tap', slots: [target], echo: true },
  {
    verb: 'type',
    tool: 'device_type',
    // `glance type TARGET TEXT…` or `glance type TEXT…`: the first word is a target only when it looks like one
    // (a ref, X,Y, or selector syntax with # [ :) and text follows; otherwise every word is text.
    slots: [
      { param: 'target', accepts: (w, after) => after > 0 && looksLikeTarget(w) },
      { param: 'text', rest: true },
    ],
    echo: true,
  },
  { verb: 'clear', tool: 'device_clear', slots: [target], echo: true },
  { verb: 'swipe', tool: 'device_swipe', slots: [{ param: 'direction' }], echo: true },
  { verb: 'scroll', tool: 'device_scroll', slots: [{ param: 'direction' }], echo: true },
  { verb: 'key', tool: 'device_press_key', slots: [{ param: 'key' }], echo: true },
  { verb: 'launch', tool: 'device_launch_app', slots: [{ param: 'app', rest: true }], echo: true },
  { verb: 'stop', tool: 'device_stop_app', slots: [{ param: 'app' }], echo: true },
  { verb: 'apps', tool: 'device_apps' },
  { verb: 'activity', tool: 'device_activity' },
  { verb: 'screenshot', tool: 'device_screenshot', slots: [{ param: 'out' }], echo: true },
  {
    verb: 'wait',
    tool: 'device_wait_for',
    // `glance wait idle`, `glance wait '#login:enabled'` (selector syntax), `glance wait Welcome back` (text).
    words: { idle: { idle: true } },
    slots: [
      { param: 'selector', rest: true, accepts: (w) => looksLikeTarget(w) },
      { param: 'text', rest: true },
    ],
    echo: true,
  },
  { verb: 'assert', tool: 'device_assert', slots: [{ param: 'selector' }], short: { n: 'count' }, echo: true },
  { verb: 'doctor', tool: 'device_doctor' },
  { verb: 'back', tool: 'device_back', echo: true },
  { verb: 'home', tool: 'device_home', echo: true },
  { verb: 'recents', tool: 'device_press_key', fixed: { key: 'APP_SWITCH' }, echo: true },
  { verb: 'goto', tool: 'app_navigate', slots: [target] },
  { verb: 'run', tool: 'app_run_task', slots: [{ param: 'task', rest: true }] },
  { verb: 'waypoint', tool: 'trailmap_waypoint', words: { list: { list: true } } },
  { verb: 'replay', tool: 'app_replay', slots: [{ param: 'trajectory' }] },
  { verb: 'map', tool: 'uimap_build', slots: [{ param: 'source' }], long: { json: 'out' }, stdoutParam: 'out' },
  { verb: 'map path', tool: 'uimap_path' },
];

/** The row for argv's first words: a two-word verb (`map path`) before its first word's own row. */
export function commandFor(words: readonly string[]): { cmd: ToolCommand; used: number } | undefined {
  const two = words.length > 1 ? commandByVerb(`${words[0]} ${words[1]}`) : undefined;
  if (two) return { cmd: two, used: 2 };
  const one = words[0] === undefined ? undefined : commandByVerb(words[0]);
  return one && { cmd: one, used: 1 };
}

/** Whether `--json` after this verb is the command's own flag (`glance map SRC --json OUT`), not the global switch. */
export function ownsJsonFlag(verb: string | undefined): boolean {
  return COMMANDS.some((c) => c.verb.split(' ')[0] === verb && c.long !== undefined && Object.hasOwn(c.long, 'json'));
}

export function commandByVerb(verb: string): ToolCommand | undefined {
  return COMMANDS.find((c) => c.verb === verb);
}

/** The command that stands for a tool: its own verb, not an alias with fixed params. */
export function commandForTool(tool: string): ToolCommand | undefined {
  return COMMANDS.find((c) => c.tool === tool && c.fixed === undefined);
}
