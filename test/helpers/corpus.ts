// Paths to the read-only corpus of recorded screens that CI places beside the repository; tests that read it
// declare so through requires({ shared: true }).
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
// GLANCE_SHARED_DIR: where the shared corpus is when the tests run from a copy of the repo (mutation sandboxes).
export const sharedDir = resolve(process.env['GLANCE_SHARED_DIR'] ?? join(repoRoot, '../shared'));
export const corpusDir = join(sharedDir, 'corpus');
export const droidtaskDir = join(corpusDir, 'droidtask');
/** Trailblaze's iOS Contacts trailmap: 100 Maestro captures, waypoints and shortcuts. */
export const contactsIosDir = join(corpusDir, 'trailmaps', 'contacts-ios');

export const droidtaskApps = (): string[] =>
  readdirSync(droidtaskDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

export interface CorpusScreen {
  app: string;
  xmlPath: string;
  jsonPath: string;
  activity: string;
}

/** Every DroidTask screen, in a stable order. */
export function corpusScreens(): CorpusScreen[] {
  return droidtaskApps().flatMap((app) =>
    readFileSync(join(droidtaskDir, app, 'screens.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as { xml: string; droidbot: string; activity: string })
      .map((r) => ({ app, xmlPath: join(droidtaskDir, app, r.xml), jsonPath: join(droidtaskDir, app, r.droidbot), activity: r.activity })),
  );
}

export const readText = (p: string): string => readFileSync(p, 'utf8');
