/** The benchmark report as a table, per app and pooled, beside the published references. Pure. */
import type { BenchReport } from './bench.js';
import { FAILURE_REASONS, type FailureCounts } from './bench-failures.js';
import type { EpisodeSummary, LlmUsage } from './metrics.js';
import type { Exposure } from './types.js';

/** Published figures, always quoted with their mode, model and judging. */
export const REFERENCES: readonly string[] = [
  'AutoDroid, GPT-4, DroidTask (teacher-forced): step accuracy 0.887, completion 0.696',
  'UICOMPASS, DroidTask (live devices, judged by hand): SR 0.6827 DeepSeek-V3, 0.7862 Qwen-Max',
  'CORE (live, privacy): 55.6% fewer UI elements uploaded at 69.23% SR',
];

const f = (x: number): string => x.toFixed(3);

function row(name: string, step: { total: number; accuracy: number } | undefined, e: EpisodeSummary | undefined): string {
  const cells = [
    name.padEnd(12),
    String(e?.total ?? '').padStart(5),
    String(e?.replayable ?? '').padStart(5),
    (step === undefined || step.total === 0 ? '-' : f(step.accuracy)).padStart(8),
  ];
  if (e !== undefined && e.total > 0) {
    cells.push(
      ...[e.sr, e.srReplayable, e.offPath, e.acp, e.ctr, e.spl, e.prematureStops].map((x) => f(x).padStart(7)),
      e.meanSteps.toFixed(2).padStart(6),
    );
  }
  return cells.join(' ');
}

/** Failed episodes per app by reason class, beside the ceiling (the tasks the ground truth itself replays). */
function failureTable(r: BenchReport): string[] {
  const cell = (c: FailureCounts): string => FAILURE_REASONS.map((k) => String(c[k]).padStart(k.length)).join(' ');
  const line = (name: string, e: EpisodeSummary, c: FailureCounts): string =>
    [name.padEnd(12), `${e.replayable}/${e.total}`.padStart(7), String(e.total - e.success).padStart(6), cell(c)].join(' ');
  const out = [
    'failures by reason (ceiling = tasks the oracle can do)',
    [''.padEnd(12), 'ceiling', 'failed', ...FAILURE_REASONS].join(' '),
  ];
  for (const app of r.apps) out.push(line(app, r.perApp[app]!.episode, r.perApp[app]!.failures));
  out.push(line('all', r.episode, r.failures));
  return out;
}

export function renderBenchText(r: BenchReport): string {
  const head = `agent benchmark — policy ${r.policy}, model ${r.model ?? 'none'}, mode ${r.mode}, ${r.episode.total || r.step.total} ${
    r.episode.total > 0 ? `tasks (${r.episode.replayable} replayable)` : 'steps'
  }, ${r.seconds.toFixed(1)} s`;
  const cols = [
    'app'.padEnd(12),
    'tasks',
    ' repl',
    'step acc',
    '     SR',
    'SR repl',
    'offpath',
    '    ACP',
    '    CTR',
    '    SPL',
    'prematu',
    ' steps',
  ];
  const episodes = r.mode !== 'step';
  const lines = [head, '', (episodes ? cols : cols.slice(0, 4)).join(' ')];
  for (const app of r.apps) {
    const a = r.perApp[app]!;
    lines.push(row(app, r.mode === 'episode' ? undefined : a.step, episodes ? a.episode : undefined));
  }
  lines.push(row('all', r.mode === 'episode' ? undefined : r.step, episodes ? r.episode : undefined));
  if (episodes) lines.push('', ...failureTable(r));
  if (r.mode !== 'episode') lines.push('', `step mode: ${r.step.correct}/${r.step.total} grounded steps right (teacher-forced)`);
  if (episodes) {
    lines.push(
      `episode mode: ${r.episode.success}/${r.episode.total} tasks done (${r.episode.replayable} replayable by the ground truth itself; ` +
        `off-path = an action the recording has no outcome for, counted as a failure)`,
    );
  }
  if (r.ambiguous.length > 0) {
    lines.push(
      `ambiguous recordings: ${r.ambiguous.length} tasks meet an action recorded with two or more outcomes (the world shows the one ` +
        `the ground truth goes to next): ${r.ambiguous.join(', ')}`,
    );
  }
  const usage = (what: string, u: LlmUsage | undefined, local: LlmUsage | undefined, e: Exposure | undefined): void => {
    if (u !== undefined && u.calls > 0)
      lines.push(`${what}: model calls ${u.calls}, tokens in ${u.inputTokens} out ${u.outputTokens}, cost $${u.costUsd.toFixed(4)}`);
    if (local !== undefined && local.calls > 0)
      lines.push(`${what}: local model calls ${local.calls} (on this machine), tokens in ${local.inputTokens} out ${local.outputTokens}`);
    if (e !== undefined && e.totalElements > 0)
      lines.push(
        `${what}: exposure ${e.sentElements}/${e.totalElements} elements, ${e.sentChars}/${e.totalChars} characters sent to the model ` +
          `(${f(1 - e.sentElements / e.totalElements)} withheld)`,
      );
  };
  if (r.mode !== 'episode') usage('step mode', r.step.llm, r.step.local, r.step.exposure);
  if (episodes) usage('episodes', r.llm, r.llm.local, r.exposure);
  lines.push('', 'published references (other modes and judging; compare with care):', ...REFERENCES.map((x) => `  ${x}`));
  return `${lines.join('\n')}\n`;
}
