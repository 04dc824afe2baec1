/**
 * DroidTask task worlds: each task of a folder in the DroidTask corpus layout (`steps.jsonl` plus
 * `<app>/{screens,events,screens.jsonl}`) becomes a world on a virtual device replaying that app's DroidBot
 * recording. Success is a list of essential states derived from the ground truth (the screens after each typed
 * value, and the final screen), reached in order; a value the task names, typed where the recording typed another,
 * stands for the screen the recording reached by typing. Typing and toggling change only the screen's own state;
 * a long-press on a row opens the mode recorded for another row of its list, and a control that leaves the app
 * shows the other app: the episode goes on, and neither is ever an essential state. Another action the
 * recording has no outcome for ends the episode as off-path. Where the same action was recorded
 * with different outcomes, the one the ground truth goes to next is shown. A task whose own ground truth does not
 * replay is marked unreplayable.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GlanceError } from '../../errors.js';
import type { ToolContext } from '../../tools/registry.js';
import { deviceSession } from './context.js';
import type { Session } from '../../tools/session.js';
import { createVirtualDevice, type VirtualDevice } from '../../device/virtual/device.js';
import { inProcessDevice } from '../../device/virtual/in-process.js';
import { shQuote } from '../../device/virtual/sh.js';
import type { LogEntry } from '../../device/virtual/phone.js';
import { performAction } from '../tools.js';
import type { ActResult, AgentAction, Observation } from '../types.js';
import { observeThrough, type GtStep, type World } from '../world.js';

/** One line of `steps.jsonl`: a ground-truth step of a task, on its recorded screen (`state_str`). */
export interface StepRow {
  app: string;
  task: string;
  task_file: string;
  step: number;
  kind: 'tap' | 'input' | 'back' | 'done';
  input: string;
  state_str: string;
  target?: { bounds: [[number, number], [number, number]] } | null;
}

export interface DroidTask {
  app: string;
  /** `app/tasks/taskN.yaml`, unique. */
  id: string;
  task: string;
  steps: GtStep[];
  /** Screen the task starts on. */
  start: string;
  /** Screens that must be reached in this order (the last is the goal screen). */
  essential: string[];
  /** The ground truth itself replays to the goal on the recording. */
  replayable: boolean;
  /** Ground-truth steps whose action met two or more recorded outcomes (resolved towards the next step). */
  ambiguous: number[];
  /** Typed values the task names: the field on `screen` holding `value` stands for the recorded `after` screen. */
  typed: TypedState[];
}

export interface TypedState {
  screen: string;
  value: string;
  after: string;
}

/** Every row of `<dir>/steps.jsonl`, in file order. */
export function readStepRows(dir: string): StepRow[] {
  const file = join(dir, 'steps.jsonl');
  if (!existsSync(file)) {
    throw new GlanceError('INPUT_UNREADABLE', `no steps.jsonl in ${dir}`, {
      hint: 'pass a folder in the DroidTask corpus layout: steps.jsonl and one folder per app (screens/, events/)',
      context: { dir },
    });
  }
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as StepRow);
}

function gtStep(r: StepRow, screen: string): GtStep {
  const s: GtStep = { kind: r.kind === 'input' ? 'input' : r.kind === 'back' ? 'back' : 'tap', screen };
  if (r.target) {
    const [[l, t], [rr, b]] = r.target.bounds;
    s.bounds = [l, t, rr, b];
  }
  if (r.kind === 'input') s.input = r.input;
  return s;
}

/**
 * Screens a successful run passes through, in order: the screen after each typed value (the value is in its
 * field), the screen the last action was taken on (the committing action happened from there), and the goal.
 */
function essentialStates(rows: readonly StepRow[], name: (s: string) => string): string[] {
  const out: string[] = [];
  const add = (s: string): void => {
    if (out[out.length - 1] !== s) out.push(s);
  };
  const acts = rows.filter((r) => r.kind !== 'done');
  acts.forEach((r, i) => {
    const result = rows[rows.indexOf(r) + 1];
    if (i === acts.length - 1) add(name(r.state_str));
    else if (r.kind === 'input' && result !== undefined) add(name(result.state_str));
  });
  out.push(name(rows[rows.length - 1]!.state_str));
  return out;
}

/**
 * What a virtual device logs when an action had no recorded (or simulated) outcome. Typing into a field and
 * toggling a switch change only the screen's own state, as on a phone: the episode goes on, and the recording
 * answers again at the next action that needs a transition.
 */
function offPathEntry(e: LogEntry): boolean {
  const m = e.message;
  if (m.startsWith('no transition for')) return !m.endsWith('(focused)') && !m.endsWith('(toggled)');
  return m === 'back' || m === 'home' || m === 'outside the screen' || m.startsWith('no focused text field');
}

/** The screens a task's ground truth passes through, in order, the goal last. */
function gtScreens(t: Pick<DroidTask, 'steps' | 'essential'>): string[] {
  return [...t.steps.map((s) => s.screen ?? ''), t.essential[t.essential.length - 1]!];
}

/**
 * Among recorded outcomes of one action, the one the ground truth goes to next from the screen shown now (the
 * same tap was recorded on several days with different results; the task's own recording is the one it means).
 */
export function preferNext(t: Pick<DroidTask, 'steps' | 'essential'>, here: string, outcomes: readonly string[]): string | undefined {
  const seq = gtScreens(t);
  for (let i = 0; i < seq.length - 1; i++) {
    if (seq[i] !== here) continue;
    const next = seq[i + 1]!;
    if (next === here && outcomes.includes('@stay')) return '@stay';
    if (outcomes.includes(next)) return next;
  }
  return undefined;
}

/** The typed values a task names, with the screen each was typed on and the recorded screen after it. */
function typedStates(steps: readonly GtStep[], goal: string): TypedState[] {
  return steps.flatMap((s, i) =>
    s.kind === 'input' && s.screen !== undefined && s.input !== undefined && s.input !== ''
      ? [{ screen: s.screen, value: s.input, after: steps[i + 1]?.screen ?? goal }]
      : [],
  );
}

const sameValue = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A field of the screen shown holds this value. */
function holds(dev: VirtualDevice, value: string): boolean {
  return [...dev.state.current().edits.values()].some((e) => sameValue(e.value, value));
}

/** `clock/tasks/task3.yaml` → `clock/task3`: the short name a task is picked by. */
export const shortTaskId = (id: string): string => id.replace('/tasks/', '/').replace(/\.yaml$/, '');

/**
 * A matcher for task ids: each pattern a task's id, whole (`clock/tasks/task3.yaml`) or short (`clock/task3`), with
 * `*` for any run of characters (`notes/*`). `unmatched` lists the patterns no id given to `test` has matched.
 */
export function taskPatterns(patterns: readonly string[]): { test(id: string): boolean; unmatched(): string[] } {
  const used = new Set<string>();
  const res = patterns.map((p) => {
    const body = shortTaskId(p.trim())
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
    return { p, re: new RegExp(`^${body.join('.*')}$`) };
  });
  return {
    test(id) {
      const short = shortTaskId(id);
      const hits = res.filter((r) => r.re.test(short));
      for (const h of hits) used.add(h.p);
      return hits.length > 0;
    },
    unmatched: () => patterns.filter((p) => !used.has(p)),
  };
}

/** The task worlds of one corpus folder, sharing one virtual device per app. */
export class DroidTaskSuite {
  readonly dir: string;
  readonly tasks: DroidTask[] = [];
  private readonly devices = new Map<string, VirtualDevice>();

  private readonly dumpDelayMs: number;

  /** Patterns of `tasks` that picked no task of the folder (within `apps`). */
  readonly unmatched: string[] = [];

  /**
   * `apps`: only these apps' tasks; `tasks`: only the tasks these patterns pick (`taskPatterns`); `dumpDelayMs`:
   * delay each dump as a real device does (default none), to time work that waits on devices.
   */
  constructor(dir: string, opts: { apps?: readonly string[]; tasks?: readonly string[]; dumpDelayMs?: number } = {}) {
    this.dir = resolve(dir);
    this.dumpDelayMs = opts.dumpDelayMs ?? 0;
    const byTask = new Map<string, StepRow[]>();
    const picked = opts.tasks === undefined ? undefined : taskPatterns(opts.tasks);
    const seen = new Map<string, boolean>();
    for (const r of readStepRows(this.dir)) {
      if (opts.apps !== undefined && !opts.apps.includes(r.app)) continue;
      if (picked !== undefined) {
        let keep = seen.get(r.task_file);
        if (keep === undefined) seen.set(r.task_file, (keep = picked.test(r.task_file)));
        if (!keep) continue;
      }
      let list = byTask.get(r.task_file);
      if (list === undefined) byTask.set(r.task_file, (list = []));
      list.push(r);
    }
    for (const [id, rows] of byTask) {
      rows.sort((a, b) => a.step - b.step);
      const dev = this.device(rows[0]!.app);
      const name = (stateStr: string): string => dev.scenario.aliases?.get(stateStr) ?? stateStr;
      const acts = rows.filter((r) => r.kind !== 'done');
      const steps = acts.map((r) => gtStep(r, name(r.state_str)));
      const start = name(rows[0]!.state_str);
      const essential = essentialStates(rows, name);
      const typed = typedStates(steps, essential[essential.length - 1]!);
      const task: DroidTask = {
        app: rows[0]!.app,
        id,
        task: rows[0]!.task,
        steps,
        start,
        essential,
        replayable: false,
        ambiguous: [],
        typed,
      };
      this.tasks.push(task);
    }
    if (picked !== undefined) this.unmatched.push(...picked.unmatched());
  }

  /** The app's virtual device (loaded once). */
  device(app: string): VirtualDevice {
    let dev = this.devices.get(app);
    if (dev === undefined)
      this.devices.set(app, (dev = createVirtualDevice({ droidbotDir: join(this.dir, app), dumpDelayMs: this.dumpDelayMs })));
    return dev;
  }

  /**
   * Marks each task replayable when its ground truth, performed with plain shell input, lands every step on the
   * recorded next screen (the recording's ceiling, independent of the tools the agent acts through).
   */
  async markReplayable(): Promise<void> {
    for (const t of this.tasks) {
      const r = await replayGroundTruth(this.device(t.app), t);
      t.replayable = r.failed === undefined;
      t.ambiguous = r.ambiguous;
    }
  }

  world(task: DroidTask): DroidTaskWorld {
    return new DroidTaskWorld(task, this.device(task.app));
  }
}

/** One ground-truth step as plain shell input (tap the target centre, type, back), for the replay ceiling. */
export async function performGroundTruth(dev: VirtualDevice, s: GtStep): Promise<boolean> {
  if (s.kind === 'back') return (await dev.run('input keyevent KEYCODE_BACK')).exitCode === 0;
  // Ungrounded in the recording: nothing to aim at.
  if (s.bounds === undefined) return false;
  const [l, t, r, b] = s.bounds;
  if ((await dev.run(`input tap ${Math.floor((l + r) / 2)} ${Math.floor((t + b) / 2)}`)).exitCode !== 0) return false;
  // The recorded set_text replaced the field's value: clear what it held first.
  if (s.kind === 'input') return (await dev.run(`input keyevent KEYCODE_CLEAR && input text ${shQuote(s.input ?? '')}`)).exitCode === 0;
  return true;
}

export interface GroundTruthReplay {
  /** Steps that landed on the recorded next screen, before the first that did not. */
  stepsOk: number;
  /** The first step that landed elsewhere: its index, the screen reached and the screen recorded. */
  failed?: { step: number; on: string; wanted: string };
  /** Steps whose action met two or more recorded outcomes. */
  ambiguous: number[];
}

/** Replays a task's ground truth from its start screen; stops at the first step that lands off the recording. */
export async function replayGroundTruth(
  dev: VirtualDevice,
  t: Pick<DroidTask, 'start' | 'steps' | 'essential'>,
): Promise<GroundTruthReplay> {
  dev.state.reset(t.start);
  const ambiguous: number[] = [];
  let step = 0;
  dev.state.preferOutcome = (outcomes) => {
    if (ambiguous[ambiguous.length - 1] !== step) ambiguous.push(step);
    return preferNext(t, dev.state.screenName(), outcomes);
  };
  try {
    for (; step < t.steps.length; step++) {
      const s = t.steps[step]!;
      const wanted = t.steps[step + 1]?.screen ?? t.essential[t.essential.length - 1]!;
      const done = await performGroundTruth(dev, s);
      // A typed value with no recorded outcome stays on its screen, holding the value: as a phone would.
      const typedHere = s.kind === 'input' && dev.state.screenName() === s.screen && dev.state.current().local && holds(dev, s.input ?? '');
      if (!done || (dev.state.screenName() !== wanted && !typedHere)) {
        return { stepsOk: step, failed: { step, on: dev.state.screenName(), wanted }, ambiguous };
      }
    }
  } finally {
    dev.state.preferOutcome = undefined;
  }
  return { stepsOk: t.steps.length, ambiguous };
}

/** True when `want` occurs in `seen` as an ordered subsequence. */
export function inOrder(seen: readonly string[], want: readonly string[]): boolean {
  let i = 0;
  for (const s of seen) if (i < want.length && s === want[i]) i++;
  return i === want.length;
}

/** One task on its app's virtual device, acted on through the tools. */
export class DroidTaskWorld implements World {
  readonly task: string;
  readonly app: string;
  readonly budget: number;
  readonly groundTruth: readonly GtStep[];
  /** Screens shown so far in this episode, the start first. */
  readonly visited: string[] = [];
  private readonly session: Session;
  private ctx: ToolContext;

  constructor(
    readonly spec: DroidTask,
    private readonly dev: VirtualDevice,
    signal: AbortSignal = new AbortController().signal,
  ) {
    this.task = spec.task;
    this.app = dev.scenario.package;
    this.budget = 2 * spec.steps.length + 3;
    this.groundTruth = spec.steps;
    this.session = deviceSession(inProcessDevice(dev, `droidtask-${spec.app}`));
    this.ctx = this.session.context({ signal });
  }

  /** The current screen's name on the recording. */
  screenName(): string {
    return this.dev.state.screenName();
  }

  reset(): Promise<Observation> {
    return this.resetAt(this.spec.start);
  }

  /** Shows a recorded screen as the episode's start (teacher-forced evaluation starts every step on its own screen). */
  async resetAt(screen: string): Promise<Observation> {
    this.dev.state.reset(screen);
    // Refs from an earlier episode mean nothing on this one.
    this.session.forgetScreens();
    this.ctx = this.session.context({ signal: this.ctx.signal });
    this.visited.length = 0;
    this.visited.push(this.screenName());
    return this.observe();
  }

  observe(): Promise<Observation> {
    return observeThrough(this.ctx);
  }

  async act(a: AgentAction): Promise<ActResult> {
    const added: LogEntry[] = [];
    const phone = this.dev.state;
    phone.onLog = (e) => void added.push(e);
    phone.preferOutcome = (outcomes) => preferNext(this.spec, phone.screenName(), outcomes);
    let r: ActResult;
    try {
      r = await performAction(a, this.ctx);
    } finally {
      phone.onLog = undefined;
      phone.preferOutcome = undefined;
    }
    if (added.some(offPathEntry)) r.offPath = true;
    const end = added.find((e) => e.message.startsWith('end of the recorded content'));
    // A phone would scroll on (or load more rows); the recording cannot, and the agent should know it is not the app.
    if (end !== undefined) r.diff = `${r.diff}${r.diff === '' ? '' : '\n'}${end.message}: the recording holds nothing further here`;
    this.visited.push(this.screenName());
    // A named value typed with no recorded outcome stands for the screen the recording reached by typing it.
    for (const s of this.spec.typed) {
      if (s.screen === this.screenName() && holds(this.dev, s.value) && this.visited.at(-1) !== s.after) this.visited.push(s.after);
    }
    return r;
  }

  screenshot(): Promise<Uint8Array> {
    return this.dev.screencap();
  }

  /** Essential states reached in order. */
  goalReached(): boolean {
    return inOrder(this.visited, this.spec.essential);
  }

  /** The goal screen is on screen now (with every earlier essential state reached before). */
  atGoal(): boolean {
    return this.goalReached() && this.screenName() === this.spec.essential[this.spec.essential.length - 1];
  }
}
