// Model policies' cost per task: model calls and tokens for single and compass, with and without privacy, on the
// virtual demo app with a fake model server on loopback that answers like an obedient model (the task succeeds
// whenever the policy lets it). What it measures is the protocol: how many calls and how much prompt each policy
// spends, and what privacy keeps back — not a model's accuracy. Tokens are the fake server's count (characters
// of the request / 4), the same yardstick for every policy.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { readFile, writeFile } from 'node:fs/promises';
import { runTaskTool } from '../src/agent/tooldefs.js';
import { createDeviceProvider } from '../src/device/provider.js';
import { startVirtualDevice } from '../src/device/virtual/index.js';
import { callToolDef } from '../src/tools/call.js';
import type { ToolDef } from '../src/tools/registry.js';
import { memorySnapshotStore } from '../src/tools/store.js';
import { repoRoot } from '../test/helpers/corpus.js';
import { hopModel, startFakeLlm, type Hop } from '../test/helpers/fake-llm.js';

const MAP = join(repoRoot, 'assets/scenarios/demo/uimap.json');

interface Task {
  task: string;
  hops: Hop[];
  goal: RegExp;
  plan: Array<{ activity: string; steps: string[] }>;
}

const TASKS: Task[] = [
  {
    task: 'open the settings',
    hops: [{ on: /MainActivity/, tap: 'Settings' }],
    goal: /SettingsActivity/,
    plan: [
      { activity: 'MainActivity', steps: ['1. tap Settings'] },
      { activity: 'SettingsActivity', steps: ['2. done'] },
    ],
  },
  {
    task: 'show the about page of the app',
    hops: [
      { on: /MainActivity/, tap: 'Settings' },
      { on: /SettingsActivity/, tap: 'About' },
    ],
    goal: /AboutActivity/,
    plan: [
      { activity: 'MainActivity', steps: ['1. open Settings'] },
      { activity: 'SettingsActivity', steps: ['2. open About'] },
      { activity: 'AboutActivity', steps: ['3. done'] },
    ],
  },
  {
    task: 'browse the recipes',
    hops: [{ on: /MainActivity/, tap: 'Browse recipes' }],
    goal: /RecipesActivity/,
    plan: [
      { activity: 'MainActivity', steps: ['1. tap Browse recipes'] },
      { activity: 'RecipesActivity', steps: ['2. done'] },
    ],
  },
];

const CONFIGS = [
  { name: 'single', policy: 'single', privacy: false, map: false },
  { name: 'single+privacy', policy: 'single', privacy: true, map: false },
  { name: 'compass+map', policy: 'compass', privacy: false, map: true },
  { name: 'compass+map+privacy', policy: 'compass', privacy: true, map: true },
] as const;

export async function benchAgentModels(): Promise<Record<string, number>> {
  const fake = await startFakeLlm();
  const devices = createDeviceProvider({});
  const out: Record<string, number> = {};
  try {
    for (const c of CONFIGS) {
      let calls = 0;
      let tokensIn = 0;
      let tokensOut = 0;
      let done = 0;
      let sent = 0;
      let total = 0;
      for (const t of TASKS) {
        const dev = await startVirtualDevice({});
        fake.script(hopModel(t.hops, t.goal, t.plan));
        try {
          const r = await callToolDef(
            runTaskTool as unknown as ToolDef,
            {
              task: t.task,
              policy: c.policy,
              model: `${fake.url}#fake-obedient`,
              ...(c.privacy ? { privacy: true } : {}),
              ...(c.map ? { map: MAP } : {}),
              maxSteps: 6,
            },
            {
              signal: new AbortController().signal,
              serial: `direct:127.0.0.1:${dev.port}`,
              devices,
              snapshots: memorySnapshotStore(),
              readFile: (p) => readFile(p, 'utf8'),
              writeFile: (p, d) => writeFile(p, d),
            },
          );
          const d = r.data as {
            outcome: string;
            usage?: { calls: number; inputTokens: number; outputTokens: number };
            privacy?: { sent: { elements: number }; withheld: { elements: number } };
          };
          if (d.outcome === 'done') done++;
          calls += d.usage?.calls ?? 0;
          tokensIn += d.usage?.inputTokens ?? 0;
          tokensOut += d.usage?.outputTokens ?? 0;
          if (d.privacy !== undefined) {
            sent += d.privacy.sent.elements;
            total += d.privacy.sent.elements + d.privacy.withheld.elements;
          }
        } finally {
          await dev.close();
        }
      }
      const n = TASKS.length;
      const withheld = total === 0 ? 0 : 1 - sent / total;
      console.log(
        `${c.name.padEnd(20)} done ${done}/${n}  calls/task ${(calls / n).toFixed(2)}  tokens in/task ${(tokensIn / n).toFixed(0)}  out/task ${(tokensOut / n).toFixed(0)}${
          total === 0 ? '' : `  elements withheld ${(100 * withheld).toFixed(1)}%`
        }`,
      );
      out[`${c.name} calls per task`] = calls / n;
      out[`${c.name} input tokens per task`] = tokensIn / n;
      if (total > 0) out[`${c.name} elements withheld`] = withheld;
    }
  } finally {
    await devices.close();
    await fake.close();
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchAgentModels();
