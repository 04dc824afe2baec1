// Replaying the DroidTask ground truth on virtual devices built from the shared corpus (read-only), for the
// replay test and bench/virtual.ts. Nothing from the corpus is copied.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { droidtaskDir } from '../helpers/corpus.js';
import { createVirtualDevice, shQuote, type VirtualDevice } from '../../src/device/virtual/index.js';

export const CORPUS = droidtaskDir;

export interface Step {
  app: string;
  task: string;
  task_file: string;
  step: number;
  kind: 'tap' | 'input' | 'back' | 'done';
  input: string;
  state_str: string;
  target?: { bounds: [[number, number], [number, number]] } | null;
}

/** steps.jsonl grouped by task (`app/task_file`), each task's steps in order. */
export function loadSteps(): Map<string, Step[]> {
  const tasks = new Map<string, Step[]>();
  for (const line of readFileSync(join(CORPUS, 'steps.jsonl'), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const s = JSON.parse(line) as Step;
    const key = `${s.app}/${s.task_file}`;
    let list = tasks.get(key);
    if (list === undefined) tasks.set(key, (list = []));
    list.push(s);
  }
  for (const list of tasks.values()) list.sort((a, b) => a.step - b.step);
  return tasks;
}

/** Performs one ground-truth step the way a tool would (tap the target centre, type the input, press back). */
export async function perform(dev: VirtualDevice, s: Step): Promise<boolean> {
  if (s.kind === 'back') return (await dev.run('input keyevent KEYCODE_BACK')).exitCode === 0;
  if (s.target === undefined || s.target === null) return false; // ungrounded in the corpus: nothing to aim at
  const [[l, t], [r, b]] = s.target.bounds;
  const [x, y] = [Math.floor((l + r) / 2), Math.floor((t + b) / 2)];
  if ((await dev.run(`input tap ${x} ${y}`)).exitCode !== 0) return false;
  if (s.kind === 'input') return (await dev.run(`input text ${shQuote(s.input)}`)).exitCode === 0;
  return true;
}

export interface ReplayScore {
  tasks: number;
  /** Tasks whose every step landed on the recorded next screen. */
  full: number;
  stepsOk: number;
  stepsTotal: number;
  /** The first failing step of each task that failed. */
  failures: string[];
  /** Mean time to load one app's recording (ms). */
  loadMsPerApp: number;
}

/** Replays every task from its first recorded screen; a task stops at its first step that lands elsewhere. */
export async function replayDroidTask(): Promise<ReplayScore> {
  const tasks = loadSteps();
  const devices = new Map<string, VirtualDevice>();
  const score: ReplayScore = { tasks: tasks.size, full: 0, stepsOk: 0, stepsTotal: 0, failures: [], loadMsPerApp: 0 };
  let loadMs = 0;
  for (const [key, steps] of tasks) {
    const app = steps[0]!.app;
    let dev = devices.get(app);
    if (dev === undefined) {
      const t = performance.now();
      devices.set(app, (dev = createVirtualDevice({ droidbotDir: join(CORPUS, app) })));
      loadMs += performance.now() - t;
    }
    dev.state.reset(steps[0]!.state_str);
    let ok = true;
    for (let i = 0; i + 1 < steps.length; i++) {
      const s = steps[i]!;
      score.stepsTotal++;
      const want = dev.scenario.aliases!.get(steps[i + 1]!.state_str);
      if ((await perform(dev, s)) && want !== undefined && dev.state.screenName() === want) {
        score.stepsOk++;
        continue;
      }
      ok = false;
      score.failures.push(`${key} step ${s.step} (${s.kind}): on ${dev.state.screenName()}, wanted ${want ?? 'an unrecorded state'}`);
      break;
    }
    if (ok) score.full++;
  }
  score.loadMsPerApp = loadMs / devices.size;
  return score;
}
