/**
 * Coded errors shared by every layer. A GlanceError carries a stable `code` (never reworded once shipped),
 * a human message, a `hint` that tells the user or agent what to do next, optionally the `next` step as data
 * (a tool by name, with params), and structured context. Front-ends map `code` to an exit status (CLI) or an
 * `isError` tool result (MCP), and render `next` in their own words: the CLI as the `glance …` command, MCP as
 * the tool name. Below the CLI no hint names a command line.
 */

export const ErrorCodes = {
  // input and parsing
  USAGE: 'failure',
  INPUT_EMPTY: 'failure',
  INPUT_UNREADABLE: 'failure',
  INPUT_TOO_LARGE: 'failure',
  OUTPUT_UNWRITABLE: 'failure',
  PATH_NOT_ALLOWED: 'failure',
  FILE_NOT_FOUND: 'not-found',
  DUMP_NOT_RECOGNISED: 'failure',
  DUMP_TRUNCATED: 'failure',
  DUMP_MALFORMED: 'failure',
  DUMP_DEVICE_ERROR: 'failure',
  DUMP_FAILED: 'failure',
  // refs and selectors
  REF_NOT_FOUND: 'not-found',
  SELECTOR_INVALID: 'failure',
  ELEMENT_NOT_FOUND: 'not-found',
  AMBIGUOUS_TARGET: 'ambiguous',
  ASSERTION_FAILED: 'failure',
  NO_SNAPSHOT: 'not-found',
  // adb and devices
  ADB_NOT_FOUND: 'failure',
  ADB_SERVER_UNAVAILABLE: 'failure',
  ADB_SERVER_RESTARTED: 'failure',
  ADB_PROTOCOL: 'failure',
  ADB_NO_DEVICE: 'not-found',
  ADB_DEVICE_NOT_FOUND: 'not-found',
  ADB_MULTIPLE_DEVICES: 'ambiguous',
  ADB_UNAUTHORIZED: 'failure',
  ADB_OFFLINE: 'failure',
  ADB_DEVICE_GONE: 'failure',
  ADB_COMMAND_FAILED: 'failure',
  ADB_OUTPUT_TOO_LARGE: 'failure',
  ADB_CONNECT_FAILED: 'failure',
  SYNC_FAILED: 'failure',
  APP_NOT_FOUND: 'not-found',
  TEXT_NOT_TYPABLE: 'failure',
  UNKNOWN_KEY: 'not-found',
  // generic
  TIMEOUT: 'timeout',
  REPLY_TOO_LARGE: 'failure',
  ABORTED: 'failure',
  SCENARIO_INVALID: 'failure',
  MAP_SOURCE_INVALID: 'failure',
  APK_INVALID: 'failure',
  TRAILMAP_INVALID: 'failure',
  // WebDriverAgent (iOS)
  WDA_UNREACHABLE: 'failure',
  WDA_SESSION: 'failure',
  WDA_COMMAND_FAILED: 'failure',
  NOT_SUPPORTED: 'failure',
  // the UiAutomator2 server backend (Android)
  UIA2_UNAVAILABLE: 'failure',
  UIA2_START_FAILED: 'failure',
  UIA2_UNREACHABLE: 'failure',
  UIA2_SESSION_LOST: 'failure',
  UIA2_COMMAND_FAILED: 'failure',
  UIA2_UNTRUSTED: 'failure',
  IMAGE_INVALID: 'failure',
  INTERNAL: 'failure',
  // the agent
  MODEL_NOT_CONFIGURED: 'failure',
  MODEL_FAILED: 'failure',
  MODEL_UNREACHABLE: 'failure',
  CASSETTE_MISS: 'not-found',
  NAVIGATION_FAILED: 'failure',
  APP_NOT_IN_FRONT: 'failure',
  // the farm
  FARM_UNAVAILABLE: 'failure',
  REDIS_UNAVAILABLE: 'failure',
  DEVICE_UNHEALTHY: 'failure',
  STF_FAILED: 'failure',
} as const;

export type ErrorCode = keyof typeof ErrorCodes;
export type ErrorKind = (typeof ErrorCodes)[ErrorCode];

/** A follow-up as data: the tool to call next (by registry name) and, when it helps, its params. */
export interface NextStep {
  tool: string;
  params?: Record<string, unknown>;
  /** Point at the tool's description of its options rather than at a call. */
  help?: boolean;
}

export interface GlanceErrorOptions {
  hint?: string;
  next?: NextStep;
  context?: Record<string, unknown>;
  cause?: unknown;
}

export class GlanceError extends Error {
  readonly code: ErrorCode;
  readonly hint: string | undefined;
  readonly next: NextStep | undefined;
  readonly context: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, options: GlanceErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'GlanceError';
    this.code = code;
    this.hint = options.hint;
    this.next = options.next;
    this.context = options.context;
  }

  get kind(): ErrorKind {
    return ErrorCodes[this.code];
  }

  toJSON(): { code: ErrorCode; message: string; hint?: string; next?: NextStep; context?: Record<string, unknown> } {
    return {
      code: this.code,
      message: this.message,
      ...(this.hint === undefined ? {} : { hint: this.hint }),
      ...(this.next === undefined ? {} : { next: this.next }),
      ...(this.context === undefined ? {} : { context: this.context }),
    };
  }
}

/** Any thrown value as a GlanceError: unknown failures become INTERNAL, with the hint to report them. */
export function asGlanceError(e: unknown): GlanceError {
  if (e instanceof GlanceError) return e;
  return new GlanceError('INTERNAL', e instanceof Error ? e.message : String(e), {
    hint: 'this is a bug in glance; please report it with what you ran',
    cause: e,
  });
}

/** A next step as a tool call: `device_snapshot`, `device_scroll {"direction":"down"}`; the CLI passes its own. */
export function toolCallText(next: NextStep): string {
  if (next.help) return `see the input schema of ${next.tool}`;
  return next.params === undefined || Object.keys(next.params).length === 0 ? next.tool : `${next.tool} ${JSON.stringify(next.params)}`;
}

/**
 * The one text form of an error, for people and models alike: `error CODE: message`, a `hint:` line and a
 * `next:` line with the follow-up rendered by the front-end (a tool call by default).
 */
export function errorText(e: unknown, renderNext: (next: NextStep) => string = toolCallText): string {
  const err = asGlanceError(e);
  const next = err.next === undefined ? '' : `\nnext: ${renderNext(err.next)}`;
  return `error ${err.code}: ${err.message}${err.hint ? `\nhint: ${err.hint}` : ''}${next}`;
}

export function isGlanceError(e: unknown, code?: ErrorCode): e is GlanceError {
  return e instanceof GlanceError && (code === undefined || e.code === code);
}

/** CLI exit status for an error kind: 1 failure, 2 not found, 3 timeout, 4 ambiguous. */
export function exitCodeFor(e: unknown): number {
  if (!(e instanceof GlanceError)) return 1;
  switch (e.kind) {
    case 'not-found':
      return 2;
    case 'timeout':
      return 3;
    case 'ambiguous':
      return 4;
    default:
      return 1;
  }
}

/** Throws ABORTED when the signal has fired; call at every await boundary of a device operation. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw new GlanceError('ABORTED', 'operation aborted', { cause: signal.reason });
  }
}

/**
 * The GlanceError for a failed read of `path` (a file the user named): the one place where the file system's errno
 * becomes a coded error. Anything that is not a file-system error passes through.
 */
export function fileError(e: unknown, path: string): unknown {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const context = { path };
  switch (code) {
    case 'ENOENT':
      return new GlanceError('FILE_NOT_FOUND', `no such file: ${path}`, {
        hint: 'check the path (relative paths start at the current directory)',
        context,
        cause: e,
      });
    case 'ENOTDIR':
      return new GlanceError('FILE_NOT_FOUND', `no such file: ${path} (a part of the path is not a directory)`, {
        hint: 'check the path',
        context,
        cause: e,
      });
    case 'EISDIR':
      return new GlanceError('USAGE', `${path} is a directory, not a file`, { hint: 'name a file, not a folder', context, cause: e });
    case 'EACCES':
    case 'EPERM':
      return new GlanceError('INPUT_UNREADABLE', `cannot read ${path}: permission denied`, {
        hint: 'check the file permissions, or copy it somewhere readable',
        context,
        cause: e,
      });
    case 'ELOOP':
    case 'ENAMETOOLONG':
      return new GlanceError('USAGE', `cannot open ${path} (${code})`, { hint: 'check the path', context, cause: e });
    default:
      return e;
  }
}
