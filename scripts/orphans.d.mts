/** The folder of records: GLANCE_ORPHAN_DIR, or one under the system temp directory shared by every run. */
export function orphanDir(env?: Readonly<Record<string, string | undefined>>): string;
/** When `pid` started (clock ticks since boot, from /proc), or undefined (gone, or no /proc). */
export function startedAt(pid: number): string | undefined;
/** Whether the process `pid` that started at `start` still runs (a zombie counts as gone). */
export function alive(pid: number, start: string | undefined): boolean;
/** Records `pid` as a server this process owns; the returned function releases it once the caller stopped it. */
export function track(pid: number, o: { what: string; remove?: readonly string[] }): () => void;
/** Kills every recorded server whose owner is gone; returns the `what` of those still running. */
export function reapOrphans(dir?: string): string[];
