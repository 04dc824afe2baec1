/**
 * The device a worker holds. A virtual device hosted by the worker itself runs recorded benchmark worlds (each
 * episode's app replay is loaded into it); any device the provider reaches (a local serial, `direct:HOST:PORT`, an
 * `adb connect` endpoint from STF) runs tasks given in words. Both answer a health check before every job and
 * reset the app under test.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { benchTask } from '../agent/bench.js';
import { appSource, cachedMap } from '../agent/maps.js';
import { makePolicy, type PolicyName } from '../agent/policies/index.js';
import type { Policy } from '../agent/policy.js';
import { runFiles, runLive } from '../agent/run.js';
import { DroidTaskSuite } from '../agent/worlds/droidtask.js';
import type { DumpFault } from '../device/virtual/commands/index.js';
import { inProcessDevice } from '../device/virtual/in-process.js';
import type { DeviceProvider } from '../device/provider.js';
import { shQuote } from '../device/text.js';
import { GlanceError, asGlanceError } from '../errors.js';
import { createSession, type Session } from '../tools/session.js';
import type { EpisodeJobData, EpisodeSummary, LiveSpec, WorldSpec } from './jobs.js';

/** What an episode hands back to the worker: the summary's own fields and the files for the results folder. */
export interface EpisodeRun {
  summary: Pick<EpisodeSummary, 'policy' | 'score' | 'outcome' | 'steps' | 'episodeMs'>;
  files: Record<string, string>;
}

export interface FarmDevice {
  /** The serial or address the worker is bound to (what status and the per-device counts show). */
  readonly name: string;
  /** Device answers and its UI backend dumps; DEVICE_UNHEALTHY otherwise. */
  check(job: EpisodeJobData, signal: AbortSignal): Promise<void>;
  /** Resets the app under test and runs the episode. */
  run(job: EpisodeJobData, signal: AbortSignal): Promise<EpisodeRun>;
  close(): Promise<void>;
}

export function unhealthy(device: string, cause: unknown): GlanceError {
  const e = asGlanceError(cause);
  return new GlanceError('DEVICE_UNHEALTHY', `device ${device} failed its health check: ${e.message}`, {
    hint: 'the job goes back to the queue for another device; this worker pauses until the device answers again',
    context: { device, cause: e.code },
    cause,
  });
}

/** A worker's own virtual device: every world's app replay, loaded on first use. */
export class VirtualFarmDevice implements FarmDevice {
  private readonly suites = new Map<string, DroidTaskSuite>();
  private readonly policies = new Map<string, Promise<Policy>>();
  private readonly faults: Array<{ fault: DumpFault; times: number }> = [];

  constructor(
    readonly name: string,
    private readonly opts: { mapCache?: string; dumpDelayMs?: number } = {},
  ) {}

  /** Makes the next `times` dumps fail on this device (a device that stops answering), for fault drills. */
  failDumps(fault: DumpFault, times: number): void {
    this.faults.push({ fault, times });
    for (const suite of this.suites.values()) for (const app of appsOf(suite)) suite.device(app).failDumps(fault, times);
  }

  /** One app's worlds: loading a recording blocks for a while, so only the apps jobs ask for are loaded. */
  private suite(dir: string, app: string): DroidTaskSuite {
    const key = JSON.stringify([dir, app]);
    let s = this.suites.get(key);
    if (s === undefined) {
      this.suites.set(key, (s = new DroidTaskSuite(dir, { apps: [app], dumpDelayMs: this.opts.dumpDelayMs ?? 0 })));
      for (const f of this.faults) for (const app of appsOf(s)) s.device(app).failDumps(f.fault, f.times);
    }
    return s;
  }

  private task(spec: WorldSpec) {
    const t = this.suite(spec.worlds, spec.app).tasks.find((x) => x.id === spec.taskId);
    if (t === undefined) {
      throw new GlanceError('INPUT_UNREADABLE', `no task ${spec.taskId} in ${spec.worlds}`, {
        hint: 'workers must see the same worlds folder as the producer',
        context: { worlds: spec.worlds, task: spec.taskId },
      });
    }
    // The producer decided replayability once for the whole suite; the worker does not redo it per job.
    t.replayable = spec.replayable;
    return t;
  }

  async check(job: EpisodeJobData, signal: AbortSignal): Promise<void> {
    const spec = worldSpec(job);
    const dev = this.suite(spec.worlds, spec.app).device(spec.app);
    try {
      const echo = await dev.run('echo ok', { signal });
      if (echo.exitCode !== 0) throw new Error('the shell did not answer');
      await inProcessDevice(dev, this.name).dump({ signal });
    } catch (e) {
      throw unhealthy(this.name, e);
    }
  }

  private policyFor(name: PolicyName, spec: WorldSpec): Promise<Policy> {
    const key = JSON.stringify([name, spec.sources, spec.app]);
    let p = this.policies.get(key);
    if (p === undefined) {
      p = (async () => {
        const source = spec.sources === undefined ? undefined : appSource(spec.sources, spec.app);
        const map = source === undefined ? undefined : await cachedMap(source, this.opts.mapCache);
        return makePolicy(name, map === undefined ? {} : { map });
      })();
      this.policies.set(key, p);
      p.catch(() => this.policies.delete(key));
    }
    return p;
  }

  async run(job: EpisodeJobData, signal: AbortSignal): Promise<EpisodeRun> {
    const spec = worldSpec(job);
    const t = this.task(spec);
    const policy = await this.policyFor(job.policy, spec);
    const started = performance.now();
    // The world resets the replay to the task's start screen itself (the virtual device's reset).
    const r = await benchTask(this.suite(spec.worlds, spec.app), t, { policy, mode: spec.mode, signal });
    const episodeMs = Math.round(performance.now() - started);
    const files: Record<string, string> = { 'score.json': `${JSON.stringify(r.score, null, 2)}\n` };
    if (r.trajectory !== null) Object.assign(files, renamed(runFiles({ trajectory: r.trajectory })));
    return {
      summary: {
        policy: policy.name,
        score: r.score,
        episodeMs,
        ...(r.trajectory === null ? {} : { outcome: r.trajectory.outcome, steps: r.score.episode?.steps ?? 0 }),
      },
      files,
    };
  }

  async close(): Promise<void> {}
}

const renamed = (f: { jsonl: string; html: string }): Record<string, string> => ({ 'trajectory.jsonl': f.jsonl, 'report.html': f.html });

const appsOf = (s: DroidTaskSuite): string[] => [...new Set(s.tasks.map((t) => t.app))];

function worldSpec(job: EpisodeJobData): WorldSpec {
  if (job.spec.kind !== 'world') {
    throw new GlanceError('USAGE', 'a virtual worker runs benchmark worlds only', {
      hint: 'run tasks given in words on a worker bound to a device (a serial or direct:HOST:PORT)',
    });
  }
  return job.spec;
}

function liveSpec(job: EpisodeJobData, device: string): LiveSpec {
  if (job.spec.kind !== 'live') {
    throw new GlanceError('USAGE', `device ${device} runs tasks given in words; recorded worlds run on virtual workers`, {
      hint: 'start a worker with a virtual device for benchmark worlds',
    });
  }
  return job.spec;
}

/** A device the provider reaches by serial: tasks in words, the app force-stopped and cleared first. */
export class AdbFarmDevice implements FarmDevice {
  readonly name: string;

  /** `serial`: what the provider is asked for; `o.name`: what the farm calls it; `o.release`: run on close. */
  constructor(
    private readonly serial: string,
    private readonly provider: DeviceProvider,
    private readonly o: { name?: string; release?: () => Promise<void> } = {},
  ) {
    this.name = o.name ?? serial;
    this.session = createSession({ devices: provider, serial, name: 'farm episodes' });
  }

  /** The device's one session: every episode acts through it, its screens forgotten between episodes. */
  private readonly session: Session;

  async check(_job: EpisodeJobData, signal: AbortSignal): Promise<void> {
    try {
      const d = await this.provider.get(this.serial, { signal });
      const echo = await d.shell('echo ok', { signal, timeoutMs: 10_000 });
      if (echo.exitCode !== 0 || !Buffer.from(echo.stdout).toString().includes('ok')) throw new Error('the shell did not answer');
      await d.dump({ signal, timeoutMs: 30_000 });
    } catch (e) {
      throw unhealthy(this.name, e);
    }
  }

  async run(job: EpisodeJobData, signal: AbortSignal): Promise<EpisodeRun> {
    const spec = liveSpec(job, this.name);
    this.session.forgetScreens();
    const ctx = this.session.context({ signal });
    if (spec.app !== undefined) {
      const d = await this.provider.get(this.serial, { signal });
      await d.stop(spec.app, { signal, timeoutMs: 10_000 });
      await d.shell(`pm clear ${shQuote(spec.app)}`, { signal, timeoutMs: 20_000 });
      await d.launch(spec.app, { signal, timeoutMs: 20_000 });
    }
    const policy = makePolicy(job.policy);
    const started = performance.now();
    const r = await runLive(ctx, {
      task: spec.task,
      policy,
      ...(spec.app === undefined ? {} : { app: spec.app }),
      ...(spec.maxSteps === undefined ? {} : { maxSteps: spec.maxSteps }),
    });
    const t = r.trajectory;
    return {
      summary: {
        policy: policy.name,
        outcome: t.outcome,
        steps: t.steps.filter((s) => s.result !== undefined).length,
        episodeMs: Math.round(performance.now() - started),
      },
      files: renamed(runFiles(r)),
    };
  }

  async close(): Promise<void> {
    await this.session.close();
    await this.provider.close?.();
    await this.o.release?.();
  }
}

/** Writes an episode's files under `<results>/<suite>/<job>/`. */
export async function writeResults(dir: string, files: Record<string, string>): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
}
