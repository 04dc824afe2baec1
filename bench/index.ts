// `npm run bench`: every area's benchmark on the recorded-screen corpus and the virtual device, then one summary.
// `npm run bench -- snapshot privacy` runs only the named sections.
import { benchAdb } from './adb.js';
import { benchAgent } from './agent.js';
import { benchAgentModels } from './agent-models.js';
import { benchCorpus } from './corpus.js';
import { benchDevice } from './device.js';
import { benchFarm } from './farm.js';
import { benchHostile } from './hostile.js';
import { benchHostileReplies } from './hostile-replies.js';
import { benchImage } from './image.js';
import { benchIos } from './ios.js';
import { benchLibrary } from './library.js';
import { benchMcp } from './mcp.js';
import { benchMcpAgent } from './mcp-agent.js';
import { benchNavigate } from './navigate.js';
import { benchPrivacy } from './privacy.js';
import { benchPrivacyScale } from './privacy-scale.js';
import { benchSnapshot } from './snapshot.js';
import { benchThroughput } from './throughput.js';
import { benchUia2 } from './uia2.js';
import { benchUimap } from './uimap.js';
import { benchVirtual } from './virtual.js';
import { benchWarm } from './warm.js';

const sections: Record<string, () => Promise<Record<string, number>>> = {
  snapshot: benchSnapshot,
  corpus: benchCorpus,
  privacy: benchPrivacy,
  scale: benchPrivacyScale,
  virtual: benchVirtual,
  adb: benchAdb,
  throughput: benchThroughput,
  device: benchDevice,
  uia2: benchUia2,
  image: benchImage,
  warm: benchWarm,
  library: benchLibrary,
  mcp: benchMcp,
  uimap: benchUimap,
  agent: benchAgent,
  models: benchAgentModels,
  navigate: benchNavigate,
  ios: benchIos,
  farm: benchFarm,
  hostile: benchHostile,
  replies: benchHostileReplies,
  'mcp-agent': benchMcpAgent,
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const summary: Array<[string, string, number]> = [];
for (const [name, run] of Object.entries(sections)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  const figures = await run();
  for (const [k, v] of Object.entries(figures)) summary.push([name, k, v]);
  console.log(`(${name}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
console.log('\n=== summary ===');
for (const [section, key, value] of summary) {
  console.log(`${section.padEnd(9)} ${key.padEnd(48)} ${Number.isInteger(value) ? value : value.toFixed(3)}`);
}
