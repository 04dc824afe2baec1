// Reads what real DroidBot runs of the DroidTask apps observed (the corpus's droidtask folder) so a UI map made
// from those apps' sources can be scored with scoreMap. The sources are not shipped with the corpus.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { observedFromDroidbot } from '../src/uimap/score.js';
import type { DroidbotEvent, ObservedRun } from '../src/uimap/score.js';
import { droidtaskDir } from '../test/helpers/corpus.js';

/** The app's screens.jsonl: one row per recorded state, with the activity DroidBot saw in the foreground. */
function screenRows(app: string): { state_str: string; activity?: string }[] {
  return readFileSync(path.join(droidtaskDir, app, 'screens.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { state_str: string; activity?: string });
}

/** The app package DroidBot recorded for a DroidTask app folder (most frequent non-launcher activity). */
export function droidtaskPackage(app: string): string | undefined {
  const counts = new Map<string, number>();
  for (const row of screenRows(app)) {
    const pkg = String(row.activity ?? '').split('/')[0] ?? '';
    if (pkg.includes(app)) counts.set(pkg, (counts.get(pkg) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

export function droidtaskObserved(app: string, pkg: string): ObservedRun {
  const dir = path.join(droidtaskDir, app);
  const states = new Map<string, string>();
  for (const row of screenRows(app)) if (row.activity !== undefined) states.set(row.state_str, row.activity);
  const eventsDir = path.join(dir, 'events');
  const events = existsSync(eventsDir)
    ? readdirSync(eventsDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => JSON.parse(readFileSync(path.join(eventsDir, f), 'utf8')) as DroidbotEvent)
    : [];
  return observedFromDroidbot(events, states, pkg);
}
