// compass's map shortcut (a tap with no model asked) on demo screens with a scripted model: marked `(map)` in the
// history the model reads, each outcome said in words, and never taken once the model's plan has no instruction
// past the current one, nor back into a screen the run has left.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { CompassPolicy } from '../../src/agent/policies/compass.js';
import type { HistoryEntry, PolicyContext } from '../../src/agent/policy.js';
import type { ModelReply, ModelRequest, Provider } from '../../src/agent/providers/provider.js';
import type { Decision, Observation } from '../../src/agent/types.js';
import type { UiMap } from '../../src/uimap/index.js';
import { snapshotFromDump } from '../../src/snapshot/snapshot.js';
import { repoRoot } from '../helpers/corpus.js';

const map = JSON.parse(readFileSync(join(repoRoot, 'assets/scenarios/demo/uimap.json'), 'utf8')) as UiMap;

function screen(name: string, activity: string): Observation {
  const dump = readFileSync(join(repoRoot, 'assets/scenarios/demo/screens', `${name}.xml`), 'utf8');
  const s = snapshotFromDump(dump);
  return { screen: { ...s.screen, package: 'dev.glance.demo', activity: `.${activity}` }, elements: [...s.elements], text: s.text, dump };
}

/** Answers the plan with `plan`, then each step with the next of `steps`; keeps every prompt. */
class Scripted implements Provider {
  readonly name = 'scripted';
  readonly prompts: string[] = [];
  constructor(
    private readonly plan: unknown,
    private readonly steps: unknown[],
  ) {}
  async ask<T>(req: ModelRequest<T>): Promise<ModelReply<T>> {
    this.prompts.push(req.prompt);
    const value = req.schema.parse(req.role === 'plan' ? this.plan : this.steps.shift());
    return { value, calls: [] };
  }
}

/** Step `i` of the task "sort notes by title", with the run's history so far. */
const contexts =
  (history: HistoryEntry[]) =>
  (i: number): PolicyContext => ({
    task: 'sort notes by title',
    step: i,
    budget: 10,
    history,
    signal: new AbortController().signal,
  });

const step = (o: { action: string; ref?: string; next: string; path: string[] | null }): unknown => ({
  state: 'x',
  finished_instruction: null,
  next_instruction: o.next,
  updated_path: o.path,
  action: o.action,
  ref: o.ref ?? null,
  text: null,
  direction: null,
  reason: 'scripted',
});

test('the map hop is marked (map); after the model says only one instruction is left, no hop back into Settings', async () => {
  const home = screen('home', 'MainActivity');
  const settings = screen('settings', 'SettingsActivity');
  const title = settings.elements.find((e) => e.text === 'Title')!;
  const provider = new Scripted(
    {
      path: [
        { activity: 'MainActivity', steps: ['1. open the settings'] },
        { activity: 'SettingsActivity', steps: ['2. sort by title'] },
      ],
    },
    [
      step({ action: 'tap', ref: title.ref, next: 'sort by title', path: ['[SettingsActivity] sort by title'] }),
      step({ action: 'fail', next: 'fail', path: null }),
    ],
  );
  const policy = new CompassPolicy({ provider, map });
  const history: HistoryEntry[] = [];
  const ctx = contexts(history);
  const record = (obs: Observation, d: Decision, newScreen: boolean): void => {
    history.push({ observation: obs, decision: d, result: { ok: true, changed: true, newScreen, diff: '' } });
  };
  await policy.start(ctx(0), home);

  const hop = await policy.decide(home, ctx(0));
  assert.equal(hop.source, 'map');
  assert.equal(hop.action.target, home.elements.find((e) => e.desc === 'Settings')!.ref);
  record(home, hop, true);

  const tap = await policy.decide(settings, ctx(1));
  assert.equal(tap.action.target, title.ref);
  assert.equal(tap.source, undefined);
  const stepPrompt = provider.prompts.at(-1)!;
  const history1 = stepPrompt.split('[Steps so far]\n')[1]!.split('\n\n')[0]!;
  assert.equal(history1, '1. (map) tap "Settings" → new screen SettingsActivity "Settings"');
  record(settings, tap, false);

  // Back on the main screen (say the tap went back): the plan's last instruction is current and Settings was
  // left, so the map does not tap Settings again: the model decides.
  const asked = provider.prompts.length;
  const after = await policy.decide(home, ctx(2));
  assert.equal(provider.prompts.length, asked + 1);
  assert.equal(after.source, undefined);
  assert.equal(after.action.kind, 'fail');
});

test('a plan the model emptied reads as done, not as absent', async () => {
  const home = screen('home', 'MainActivity');
  const settings = screen('settings', 'SettingsActivity');
  const title = settings.elements.find((e) => e.text === 'Title')!;
  // No map: the model plans nothing at start, then empties its plan with the last instruction.
  const provider = new Scripted({ path: [] }, [
    step({ action: 'tap', ref: title.ref, next: 'sort by title', path: [] }),
    step({ action: 'done', next: 'none', path: [] }),
  ]);
  const policy = new CompassPolicy({ provider });
  const history: HistoryEntry[] = [];
  const ctx = contexts(history);
  await policy.start(ctx(0), home);
  const first = await policy.decide(settings, ctx(0));
  history.push({ observation: settings, decision: first, result: { ok: true, changed: true, newScreen: false, diff: '' } });
  await policy.decide(settings, ctx(1));
  const plans = provider.prompts.map((p) => p.split('[Plan]\n')[1]!.split('\n\n')[0]!);
  assert.deepEqual(plans, [
    '(no plan: decide from the screen)',
    '(every instruction is done: check the screen, then answer done or act on what is missing)',
  ]);
});
