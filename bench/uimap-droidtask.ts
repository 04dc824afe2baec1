// Reads what real DroidBot runs of the DroidTask apps observed (../shared/corpus/droidtask) so a UI map made
// from those apps' sources can be scored with scoreMap. The sources are not shipped with the corpus.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { observedFromDroidbot } from '../src/uimap/score.js';
import type { DroidbotEvent, ObservedRun } from '../src/uimap/score.js';

export const droidtaskDir = fileURLToPath(new URL('../../shared/corpus/droidtask/', import.meta.url));

/** The app package DroidBot recorded for a DroidTask app folder (most frequent non-launcher activity). */
export function droidtaskPackage(app: string): string | undefined {
  const counts = new Map<string, number>();
  for (const line of readFileSync(path.join(droidtaskDir, app, 'screens.jsonl'), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const pkg = String((JSON.parse(line) as { activity?: string }).activity ?? '').split('/')[0] ?? '';
    if (pkg.includes(app)) counts.set(pkg, (counts.get(pkg) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

export function droidtaskObserved(app: string, pkg: string): ObservedRun {
  const dir = path.join(droidtaskDir, app);
  const states = new Map<string, string>();
  for (const line of readFileSync(path.join(dir, 'screens.jsonl'), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const s = JSON.parse(line) as { state_str: string; activity: string };
    states.set(s.state_str, s.activity);
  }
  const eventsDir = path.join(dir, 'events');
  const events = existsSync(eventsDir)
    ? readdirSync(eventsDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => JSON.parse(readFileSync(path.join(eventsDir, f), 'utf8')) as DroidbotEvent)
    : [];
  return observedFromDroidbot(events, states, pkg);
}
