/**
 * The verbs of the command table (table.ts), as a list with no imports: the warm client (client.ts) reads it to
 * decide what the daemon takes before it loads anything else. The table's rows are typed by it, so a row with a
 * verb not listed here does not compile, and test/cli/daemon.test.ts checks that every verb here has a row.
 */
export const TOOL_VERBS = [
  'ui',
  'find',
  'tokens',
  'devices',
  'tap',
  'long-press',
  'double-tap',
  'type',
  'clear',
  'swipe',
  'scroll',
  'key',
  'launch',
  'stop',
  'apps',
  'activity',
  'screenshot',
  'wait',
  'assert',
  'doctor',
  'back',
  'home',
  'recents',
  'goto',
  'run',
  'waypoint',
  'replay',
  'map',
  'map path',
] as const;

export type ToolVerb = (typeof TOOL_VERBS)[number];

/**
 * File jobs: they need no device and no warm connection, and a long analysis must not hold the daemon's queue,
 * so they run in the caller's process.
 */
export const LOCAL_VERBS: readonly ToolVerb[] = ['map'];
