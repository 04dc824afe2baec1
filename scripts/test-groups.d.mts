/** A file shorter than this (milliseconds, as last recorded) runs in a group. */
export const SHORT_MS: number;
/** A group holds files of at most this much recorded time together. */
export const GROUP_MS: number;
/** The units to hand node's runner (longest first), and each group module's files. */
export function planUnits(
  files: readonly string[],
  known: Readonly<Record<string, number>>,
  dir: string,
): { units: string[]; groups: Map<string, string[]> };
