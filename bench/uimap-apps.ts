// Benchmark: maps the app sources of the test corpus (corpus/apps/<app>/{src,commons}, located by
// test/helpers/corpus.ts) and scores each map against what DroidBot recorded on that app: activities, tap
// transitions, acted-on element placement, plus warnings and seconds per app.
import path from 'node:path';
import { existsSync, readdirSync } from 'node:fs';
import { hiddenTransitions, layoutMap, mapDirectory, renderMapHtml } from '../src/uimap/index.js';
import type { HiddenGroup } from '../src/uimap/index.js';
import { scoreMap } from '../src/uimap/score.js';
import type { MapScore } from '../src/uimap/score.js';
import type { MapWarning } from '../src/uimap/model.js';
import { droidtaskObserved, droidtaskPackage } from './uimap-droidtask.js';
import { corpusDir } from '../test/helpers/corpus.js';

export const appsDir = path.join(corpusDir, 'apps');

export interface AppResult {
  app: string;
  ms: number;
  /** CPU time of this thread's process (user + system): what the map costs when the machine is busy. */
  cpuMs: number;
  /** The HTML view: ELK layout and render, wall and CPU. */
  htmlMs: number;
  htmlCpuMs: number;
  score: MapScore;
  warnings: MapWarning[];
  transitions: number;
  /** What the analysis could not tie to a control or follow, by kind. */
  hidden: HiddenGroup[];
}

/** Maps and scores every shared app (empty when the corpus is absent). */
export async function mapSharedApps(only?: string): Promise<AppResult[]> {
  if (!existsSync(appsDir)) return [];
  const out: AppResult[] = [];
  for (const app of readdirSync(appsDir).filter((d) => existsSync(path.join(appsDir, d, 'src')))) {
    if (only !== undefined && app !== only) continue;
    const pkg = droidtaskPackage(app);
    if (pkg === undefined) continue;
    const t = performance.now();
    const cpu = process.cpuUsage();
    const map = await mapDirectory(path.join(appsDir, app, 'src'), { libs: [path.join(appsDir, app, 'commons')] });
    const ms = performance.now() - t;
    const used = process.cpuUsage(cpu);
    const th = performance.now();
    const hcpu = process.cpuUsage();
    renderMapHtml(map, await layoutMap(map));
    const htmlMs = performance.now() - th;
    const hused = process.cpuUsage(hcpu);
    out.push({
      app,
      ms,
      cpuMs: (used.user + used.system) / 1000,
      htmlMs,
      htmlCpuMs: (hused.user + hused.system) / 1000,
      score: scoreMap(map, droidtaskObserved(app, pkg)),
      warnings: map.warnings,
      transitions: map.stats.transitions,
      hidden: hiddenTransitions(map),
    });
  }
  return out;
}

export async function benchUimapApps(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const r of await mapSharedApps()) {
    out[`uimap.apps.${r.app}.ms`] = Math.round(r.ms);
    out[`uimap.apps.${r.app}.cpu_ms`] = Math.round(r.cpuMs);
    out[`uimap.apps.${r.app}.html_ms`] = Math.round(r.htmlMs);
    out[`uimap.apps.${r.app}.html_cpu_ms`] = Math.round(r.htmlCpuMs);
    for (const k of ['activities', 'transitions', 'placements'] as const) {
      out[`uimap.apps.${r.app}.${k}_found`] = r.score[k].found;
      out[`uimap.apps.${r.app}.${k}_total`] = r.score[k].total;
    }
    out[`uimap.apps.${r.app}.warnings`] = r.warnings.reduce((n, w) => n + w.count, 0);
    for (const g of r.hidden) out[`uimap.apps.${r.app}.hidden.${g.kind}`] = g.count;
    out[`uimap.apps.${r.app}.syntax_errors`] = r.warnings.find((w) => w.code === 'SYNTAX_ERROR')?.count ?? 0;
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await mapSharedApps(process.argv[2]);
  const f = (c: { found: number; total: number }): string => `${c.found}/${c.total}`;
  for (const r of rows) {
    const w = r.warnings.map((x) => `${x.code}×${x.count}`).join(' ');
    const h = r.hidden.map((g) => `${g.kind}×${g.count}`).join(' ');
    process.stdout.write(
      `${r.app.padEnd(12)} act ${f(r.score.activities)} tr ${f(r.score.transitions)} pl ${f(r.score.placements)} edges ${r.transitions} ${(r.ms / 1000).toFixed(2)}s (cpu ${(r.cpuMs / 1000).toFixed(2)}s) html ${(r.htmlMs / 1000).toFixed(2)}s (cpu ${(r.htmlCpuMs / 1000).toFixed(2)}s)  ${w}  hidden: ${h}\n`,
    );
    if (process.env.VERBOSE !== undefined) {
      for (const k of ['activities', 'transitions', 'placements'] as const)
        for (const m of r.score[k].missing) process.stdout.write(`   - ${k}: ${m}\n`);
    }
  }
}
