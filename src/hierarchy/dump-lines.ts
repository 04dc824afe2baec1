/**
 * The lines `uiautomator dump` prints besides the XML, in one table: the parser recognises them, the adb
 * backend retries on them and the virtual device prints them. Source: AOSP
 * frameworks/testing uiautomator cmds/uiautomator/src/com/android/commands/uiautomator/DumpCommand.java —
 * the failures go to stderr and the command still exits 0; success prints "hierchary" (sic).
 */

/** How a dump fails on a phone, keyed by the fault a virtual device can be told to produce. */
export const DUMP_FAILURES = {
  idle: {
    line: 'ERROR: could not get idle state.',
    hint: 'the app never went idle (animations or a busy UI thread); wait and retry, or disable animations',
  },
  'null-root': {
    line: 'ERROR: null root node returned by UiTestAutomationBridge.',
    hint: 'no window was available (screen off, locked or switching apps); wake the device and retry',
  },
} as const;

export type DumpFault = keyof typeof DUMP_FAILURES;

/** The success line, printed after the file (or the XML on `/dev/tty`) is written. */
export function dumpedToLine(path: string): string {
  return `UI hierchary dumped to: ${path}\n`;
}

/** Matches the success line, spelt either way (a fixed build may say "hierarchy"). */
export const DUMPED_TO_RE = /UI hier[a-z]* dumped to:[^\n]*\n?/i;

/** The fault whose line `text` contains, if any. */
export function dumpFailureIn(text: string): DumpFault | undefined {
  for (const [fault, { line }] of Object.entries(DUMP_FAILURES) as Array<[DumpFault, { line: string }]>) {
    if (text.includes(line)) return fault;
  }
  return undefined;
}

/**
 * What `uiautomator dump` prints when another UiAutomation client (a UiAutomator2 server, Appium, a monkey)
 * already holds the device's one connection: UiAutomationConnection throws and the dump process dies.
 */
export const UIAUTOMATION_BUSY_LINE =
  'java.lang.IllegalStateException: UiAutomationService android.accessibilityservice.IAccessibilityServiceClient$Stub$Proxy@f18df39already registered!';

/** Matches the busy failure whatever proxy hash the phone printed. */
export const UIAUTOMATION_BUSY_RE = /UiAutomationService \S+\s*already registered/;
