// The agent on DroidTask task worlds (../shared, read-only): oracle (the harness check), random and the
// no-model heuristic policy with UI Maps built from the shared app sources (cached under .glance/maps).
// Run: node --import tsx bench/agent.ts
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runBench, type BenchReport } from '../src/agent/bench.js';
import { appSource, cachedMap } from '../src/agent/maps.js';
import { makePolicy, type PolicyName } from '../src/agent/policies/index.js';
import { DroidTaskSuite } from '../src/agent/worlds/droidtask.js';
import { corpusDir, droidtaskDir, repoRoot } from '../test/helpers/corpus.js';

async function run(suite: DroidTaskSuite, name: PolicyName): Promise<BenchReport> {
  const sources = join(corpusDir, 'apps');
  return runBench(suite, {
    mode: 'both',
    policyFor: async (app) => {
      const src = appSource(sources, app);
      const map = name === 'heuristic' && src !== undefined ? await cachedMap(src, join(repoRoot, '.glance', 'maps')) : undefined;
      return makePolicy(name, map === undefined ? {} : { map });
    },
  });
}

export async function benchAgent(): Promise<Record<string, number>> {
  if (!existsSync(droidtaskDir)) {
    console.log('agent: skipped (no ../shared/corpus/droidtask)');
    return {};
  }
  const suite = new DroidTaskSuite(droidtaskDir);
  await suite.markReplayable();
  const out: Record<string, number> = {};
  for (const name of ['oracle', 'random', 'heuristic'] as const) {
    const r = await run(suite, name);
    console.log(
      `${name.padEnd(9)} step accuracy ${r.step.accuracy.toFixed(3)} (${r.step.correct}/${r.step.total})  SR ${r.episode.sr.toFixed(3)} ` +
        `(${r.episode.success}/${r.episode.total}, replayable ${r.episode.srReplayable.toFixed(3)})  off-path ${r.episode.offPath.toFixed(3)}  ` +
        `ACP ${r.episode.acp.toFixed(3)}  CTR ${r.episode.ctr.toFixed(3)}  SPL ${r.episode.spl.toFixed(3)}  ${r.seconds.toFixed(1)} s`,
    );
    const f = r.failures;
    console.log(
      `${''.padEnd(9)} failures: off the recording ${f['off-recording']}, wrong action ${f['wrong-action']}, stopped early ${f['stopped-early']}, ` +
        `stopped late ${f['stopped-late']}, step budget ${f.budget}`,
    );
    if (name === 'oracle') {
      const per = r.apps.map((app) => `${app} ${r.perApp[app]!.episode.replayable}/${r.perApp[app]!.episode.total}`).join(', ');
      console.log(`${''.padEnd(9)} ceiling per app: ${per}; ambiguous recordings met by ${r.ambiguous.length} tasks`);
    }
    out[`${name} step accuracy`] = r.step.accuracy;
    out[`${name} episode SR`] = r.episode.sr;
    out[`${name} seconds (both modes, 87 tasks)`] = r.seconds;
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchAgent();
