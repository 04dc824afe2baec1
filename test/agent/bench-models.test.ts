// The model policies (single, compass, with and without privacy) on the DroidTask task worlds through the same
// benchmark harness as the no-model policies, the model being a fake server on loopback that follows the ground
// truth like an obedient model: it reads the task and the steps so far from the prompt, looks up the recorded
// target's label in the corpus, and taps the element whose line shows it (need_more while privacy withholds
// it). What is under test is the harness: the figures in the JSON (step accuracy, SR, model calls and tokens,
// exposure) must add up to what the server saw.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { glance } from '../helpers/cli.js';
import { corpusDir, droidtaskDir } from '../helpers/corpus.js';
import { promptOf, startFakeLlm, type FakeLlm, type FakeReply, type RecordedRequest } from '../helpers/fake-llm.js';
import { requires } from '../helpers/requires.js';
import { tempDir } from '../helpers/temp.js';

interface Target {
  kind: string;
  input: string | null;
  labels: string[];
}

/** The ground truth's target per task and step, as labels a screen line would show (text, description, id). */
function groundTruth(app: string): Map<string, Target[]> {
  const out = new Map<string, Target[]>();
  for (const line of readFileSync(join(droidtaskDir, 'steps.jsonl'), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const r = JSON.parse(line) as {
      app: string;
      task: string;
      step: number;
      kind: string;
      input: string;
      target?: { text: string | null; content_description: string | null; resource_id: string | null } | null;
    };
    if (r.app !== app) continue;
    const t = r.target;
    const labels = [t?.text, t?.content_description, t?.resource_id?.replace(/^.*:id\//, '#')].filter(
      (x): x is string => typeof x === 'string' && x !== '',
    );
    const list = out.get(r.task) ?? [];
    list[r.step] = { kind: r.kind, input: r.input === 'null' ? null : r.input, labels };
    out.set(r.task, list);
  }
  return out;
}

const section = (p: string, name: RegExp): string => {
  const m = name.exec(p);
  if (m === null) return '';
  const rest = p.slice(m.index + m[0].length);
  const end = rest.search(/\n\n/);
  return end < 0 ? rest : rest.slice(0, end);
};

/** An obedient model: the next ground-truth step's element by its label, whatever prompt shape asks. */
function obedientModel(gt: Map<string, Target[]>) {
  return (req: RecordedRequest): FakeReply => {
    const p = promptOf(req);
    if (/\[UI Map\]/.test(p)) return { json: { path: [] } };
    const task = (/^\[Task\]\n(.*)$/m.exec(p) ?? /^Task: (.*)$/m.exec(p))?.[1]?.trim() ?? '';
    const steps = gt.get(task) ?? [];
    const done = section(p, /(\[Steps so far\]|Steps so far:)\n/)
      .split('\n')
      .filter((l) => /^\d+\. /.test(l)).length;
    const next = steps[done];
    if (/\[Sub-tasks\]/.test(p))
      return next === undefined
        ? { json: { finished: true, choice: null, subtask: null, reason: 'all steps done' } }
        : { json: { finished: false, choice: 1, subtask: null, reason: 'the best region first' } };
    const answer = (o: Record<string, unknown>): FakeReply => ({
      json: {
        state: 's',
        finished_instruction: null,
        next_instruction: 'go on',
        updated_path: null,
        ref: null,
        text: null,
        direction: null,
        reason: 'gt',
        ...o,
      },
    });
    if (next === undefined || next.kind === 'done') return answer({ action: 'done', next_instruction: 'none', text: 'done' });
    if (next.kind === 'back') return answer({ action: 'back' });
    const screen = p.slice(Math.max(p.lastIndexOf('[Screen'), p.lastIndexOf('\nScreen')));
    // Element lines start with a ref; the shortest line naming the label is the most specific.
    const named = (l: string): boolean =>
      next.labels.some((x) => new RegExp(`(^|[^\\w])${x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w])`, 'i').test(l));
    const line = screen
      .split('\n')
      .filter((l) => /^\s*[a-z]\d+ /.test(l) && named(l))
      .sort((a, b) => a.length - b.length)[0];
    const ref = line === undefined ? undefined : /^\s*([a-z]\d+) /.exec(line)?.[1];
    if (ref !== undefined)
      return answer(
        next.kind === 'input'
          ? { action: 'type', ref, text: next.input ?? '' }
          : { action: next.kind === 'long_press' ? 'long_press' : 'tap', ref },
      );
    if (/need_more/.test(screen)) return answer({ action: 'need_more' });
    return answer({ action: 'fail', text: 'not on screen' });
  };
}

interface Usage {
  calls: number;
  inputTokens: number;
  outputTokens: number;
}

interface BenchJson {
  policy: string;
  model: string | null;
  step: { total: number; correct: number; accuracy: number; llm?: Usage; local?: Usage; exposure?: Exposure };
  episode: { total: number; replayable: number; success: number; sr: number };
  llm: Usage & { local?: Usage };
  exposure: Exposure;
}

interface Exposure {
  sentElements: number;
  totalElements: number;
  sentChars: number;
  totalChars: number;
}

/** What the fake server reported as usage: its token count is characters ÷ 4 of each request and answer. */
const approx = (s: string): number => Math.max(1, Math.ceil(s.length / 4));

describe('model policies on DroidTask worlds (bench agent) with a fake obedient model', { skip: requires({ shared: true }) }, () => {
  let fake: FakeLlm;
  let dir: string;
  const gt = groundTruth('clock');
  before(async () => {
    fake = await startFakeLlm(obedientModel(gt));
    dir = tempDir('glance-bench-models-');
  });
  after(async () => {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const bench = async (name: string, extra: string[]): Promise<{ r: BenchJson; sent: RecordedRequest[] }> => {
    const before = fake.requests.length;
    const out = join(dir, `${name}.json`);
    const run = await glance(
      ['bench', 'agent', '--worlds', droidtaskDir, '--apps', 'clock', '--model', `${fake.url}#obedient`, '--json', out, ...extra],
      { env: { GLANCE_STATE_DIR: join(dir, 'state'), GLANCE_MODEL: '' } },
    );
    assert.equal(run.code, 0, run.stdout + run.stderr);
    return { r: JSON.parse(readFileSync(out, 'utf8')) as BenchJson, sent: fake.requests.slice(before) };
  };

  test('single: step mode and episodes run; calls and tokens in the JSON are exactly what the server saw', async (t) => {
    const { r, sent } = await bench('single', ['--policy', 'single']);
    t.diagnostic(
      `single: step ${r.step.correct}/${r.step.total}, SR ${r.episode.success}/${r.episode.total}, calls ${r.step.llm?.calls}+${r.llm.calls}, ` +
        `tokens in ${r.step.llm?.inputTokens}+${r.llm.inputTokens}`,
    );
    assert.equal(r.policy, 'single');
    assert.equal(r.model, `${fake.url}#obedient`);
    assert.equal(r.episode.total, 12);
    assert.equal(r.step.llm!.calls + r.llm.calls, sent.length);
    assert.equal(
      r.step.llm!.inputTokens + r.llm.inputTokens,
      sent.map((q) => approx(q.raw)).reduce((a, b) => a + b, 0),
    );
    // The whole screen goes up without privacy.
    assert.equal(r.exposure.sentElements, r.exposure.totalElements);
    assert.ok(r.exposure.totalElements > 0 && r.exposure.sentChars === r.exposure.totalChars);
    // An obedient model does what the oracle does: every teacher-forced step, every task the replay allows.
    assert.equal(r.step.correct, r.step.total);
    assert.equal(r.episode.success, r.episode.replayable);
  });

  test('compass --privacy with the UI Map: exposure below the whole screen, co-planning in the counts, no local calls', async (t) => {
    const { r, sent } = await bench('compass-privacy', ['--policy', 'compass', '--privacy', '--sources', join(corpusDir, 'apps')]);
    const e = r.exposure;
    t.diagnostic(
      `compass+privacy: step ${r.step.correct}/${r.step.total}, SR ${r.episode.success}/${r.episode.total}, ` +
        `calls ${r.step.llm?.calls}+${r.llm.calls}, tokens in ${r.step.llm?.inputTokens}+${r.llm.inputTokens}, ` +
        `episodes sent ${e.sentElements}/${e.totalElements} elements ${e.sentChars}/${e.totalChars} chars, ` +
        `step mode sent ${r.step.exposure?.sentElements}/${r.step.exposure?.totalElements} elements`,
    );
    assert.equal(r.policy, 'compass+privacy');
    assert.equal(r.step.llm!.calls + r.llm.calls, sent.length);
    assert.equal(r.llm.local, undefined);
    assert.ok(e.totalElements > 0 && e.sentElements < e.totalElements, JSON.stringify(e));
    assert.ok(e.sentChars < e.totalChars);
    assert.ok(r.step.exposure!.sentElements < r.step.exposure!.totalElements);
    assert.ok(
      sent.some((q) => /\[Sub-tasks\]/.test(promptOf(q))),
      'co-planning asked the cloud',
    );
    assert.ok(
      sent.some((q) => /\[UI Map\]/.test(promptOf(q))),
      'compass planned on the map',
    );
    // Blocks withheld at first are asked for (need_more): the obedient model still does what the oracle does.
    assert.equal(r.step.correct, r.step.total);
    assert.equal(r.episode.success, r.episode.replayable);
  });

  test("single --privacy --local-model: the local model's calls are counted apart, the cloud's exactly", async (t) => {
    const local = await startFakeLlm((req) => {
      const p = promptOf(req);
      if (p.includes('Regions:')) return { json: { order: [...p.matchAll(/\[(B\d+) /g)].map((m) => m[1]!) } };
      return { json: { subtask: 'act in this region' } };
    });
    try {
      const { r, sent } = await bench('single-local', [
        '--policy',
        'single',
        '--privacy',
        '--mode',
        'step',
        '--local-model',
        `${local.url}#local`,
      ]);
      assert.equal(r.step.llm!.calls, sent.length);
      assert.equal(r.step.local!.calls, local.requests.length);
      assert.ok(local.requests.length > sent.length, `${local.requests.length} local, ${sent.length} cloud`);
      // The cloud chose among the local model's proposals.
      const coplans = sent.filter((q) => /\[Sub-tasks\]/.test(promptOf(q)));
      assert.ok(coplans.length > 0 && coplans.every((q) => /\n1\. \(\w+\) act in this region/.test(promptOf(q))));
      assert.ok(r.step.exposure!.sentElements < r.step.exposure!.totalElements);
      t.diagnostic(
        `single+privacy+local (step mode): ${r.step.correct}/${r.step.total}, cloud calls ${r.step.llm!.calls} tokens ${r.step.llm!.inputTokens}, ` +
          `local calls ${r.step.local!.calls} tokens ${r.step.local!.inputTokens}, sent ${r.step.exposure!.sentElements}/${r.step.exposure!.totalElements} elements`,
      );
    } finally {
      await local.close();
    }
  });

  test('flags: a model flag on a no-model policy and --local-model without --privacy are usage errors', async () => {
    const a = await glance([
      'bench',
      'agent',
      '--worlds',
      droidtaskDir,
      '--apps',
      'clock',
      '--policy',
      'heuristic',
      '--model',
      `${fake.url}#m`,
    ]);
    assert.equal(a.code, 1);
    assert.match(a.stderr + a.stdout, /USAGE[\s\S]*apply to the model policies/);
    const b = await glance([
      'bench',
      'agent',
      '--worlds',
      droidtaskDir,
      '--apps',
      'clock',
      '--policy',
      'single',
      '--model',
      `${fake.url}#m`,
      '--local-model',
      `${fake.url}#l`,
    ]);
    assert.equal(b.code, 1);
    assert.match(b.stderr + b.stdout, /USAGE[\s\S]*--privacy/);
  });
});
