/**
 * A run as one self-contained HTML page (inline PNGs and styles, no script from the network): per step the
 * screenshot with the acted element boxed, the decision and its reason, the snapshot the policy read
 * (collapsible), model calls with tokens and cost, the exposure bar; then the outcome. Pure.
 */
import type { Trajectory, TrajectoryStep } from './types.js';

/**
 * The one way a value enters the page: text is escaped for element content and quoted attributes alike, and
 * anything that is not a string (a tampered file's number where text was expected) is turned to text first.
 */
const esc = (v: unknown): string =>
  String(v).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A number as text, formatted from a number only: anything else (a string in a tampered file) shows as `?`. */
const num = (v: unknown, digits?: number): string =>
  typeof v !== 'number' || !Number.isFinite(v) ? '?' : digits === undefined ? String(v) : v.toFixed(digits);

/** Base64 as written by the run; anything else is not put into an img src. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The policy: no script, no form target, no base URL, images only inline. The page itself carries no meta refresh. */
export const REPORT_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'";

export interface ReportMeta {
  /** Screen size, to place the element box over the screenshot. */
  width?: number;
  height?: number;
}

function actionText(s: TrajectoryStep): string {
  const a = s.decision.action;
  const parts: string[] = [a.kind];
  if (a.target !== undefined) parts.push(a.target);
  if (a.text !== undefined) parts.push(JSON.stringify(a.text));
  if (a.direction !== undefined) parts.push(a.direction);
  if (a.key !== undefined) parts.push(a.key);
  if (a.app !== undefined) parts.push(a.app);
  return parts.join(' ');
}

function shot(s: TrajectoryStep, meta: ReportMeta): string {
  if (typeof s.screenshot !== 'string' || !BASE64.test(s.screenshot)) return '<div class="noshot">no screenshot</div>';
  const b = s.box;
  const box =
    b !== undefined && meta.width !== undefined && meta.height !== undefined
      ? `<div class="box" style="left:${num((100 * b[0]) / meta.width)}%;top:${num((100 * b[1]) / meta.height)}%;width:${num(
          (100 * (b[2] - b[0])) / meta.width,
        )}%;height:${num((100 * (b[3] - b[1])) / meta.height)}%"></div>`
      : '';
  return `<div class="shot"><img alt="screen before step ${num(s.step + 1)}" src="data:image/png;base64,${esc(s.screenshot)}">${box}</div>`;
}

function exposureBar(s: TrajectoryStep): string {
  const e = s.decision.exposure;
  if (e === undefined || e.totalElements === 0) return '';
  const pct = Math.round((100 * e.sentElements) / e.totalElements);
  return `<div class="exposure" title="${num(e.sentElements)}/${num(e.totalElements)} elements, ${num(e.sentChars)}/${num(e.totalChars)} characters sent"><div style="width:${num(pct)}%"></div><span>${num(pct)}% of the screen sent to the model</span></div>`;
}

function llm(s: TrajectoryStep): string {
  const calls = s.decision.llm ?? [];
  if (calls.length === 0) return '';
  const rows = calls.map(
    (c) =>
      `<tr class="${c.side === 'local' ? 'local' : 'cloud'}"><td>${c.side === 'local' ? 'local' : 'cloud'}</td><td>${esc(c.role)}</td><td>${esc(c.model)}</td><td>${num(c.inputTokens)}</td><td>${num(c.outputTokens)}</td><td>${num(c.latencyMs)} ms</td><td>$${num(c.costUsd, 5)}</td></tr><tr><td colspan="7"><details><summary>${esc(c.prompt)}</summary>${
        c.request === undefined ? '' : `<pre>${esc(c.request)}</pre>`
      }${c.answer === undefined ? '' : `<pre class="answer">${esc(c.answer)}</pre>`}</details></td></tr>`,
  );
  return `<table class="llm"><tr><th>side</th><th>role</th><th>model</th><th>in</th><th>out</th><th>latency</th><th>cost</th></tr>${rows.join('')}</table>`;
}

/** Privacy mode's co-planning: the device side's sub-task per block and the cloud's pick. */
function coplan(s: TrajectoryStep): string {
  const c = s.decision.coplan;
  if (c === undefined) return '';
  const items = c.proposals.map(
    (p) => `<li${p.block === c.picked ? ' class="picked"' : ''}><code>${esc(p.block)}</code> ${esc(p.kind)}: ${esc(p.subtask)}</li>`,
  );
  const verdict = c.finished
    ? 'the cloud model judged the task complete'
    : `the cloud model chose ${esc(c.picked ?? '?')}: ${esc(c.subtask ?? '')}; upload order ${esc((c.order ?? []).join(' '))}`;
  return `<details class="coplan"><summary>co-planning (device side: ${esc(c.local)}) — ${verdict}</summary><ol>${items.join('')}</ol></details>`;
}

/** The plan as the policy holds it after this step, shown where it first appears or was revised. */
function plan(s: TrajectoryStep, previous: readonly string[] | undefined): string {
  const p = s.decision.plan;
  if (p === undefined || (previous !== undefined && p.length === previous.length && p.every((x, i) => x === previous[i]))) return '';
  const what = previous === undefined ? 'plan' : 'plan revised';
  const items = p.length === 0 ? '<li>(nothing left)</li>' : p.map((x) => `<li>${esc(x)}</li>`).join('');
  return `<details class="plan" open><summary>${what} (${num(p.length)} instruction${p.length === 1 ? '' : 's'})</summary><ol>${items}</ol></details>`;
}

function step(s: TrajectoryStep, meta: ReportMeta, previousPlan?: readonly string[]): string {
  const r = s.result;
  const result =
    r === undefined
      ? ''
      : `<div class="result ${r.ok ? 'ok' : 'err'}">${r.ok ? (r.newScreen ? 'new screen' : r.changed ? 'changed' : 'no change') : esc(r.error?.code ?? 'failed')}${r.offPath === true ? ' · off the recording' : ''}</div>`;
  return `<section class="step" id="step-${num(s.step + 1)}">
${shot(s, meta)}
<div class="facts">
<h2>Step ${num(s.step + 1)}${s.activity === undefined ? '' : ` <small>${esc(s.activity)}</small>`}</h2>
${s.decision.instruction === undefined ? '' : `<p class="instruction">${esc(s.decision.instruction)}</p>`}
${plan(s, previousPlan)}
<p class="action"><code>${esc(actionText(s))}</code></p>
${s.decision.reason === undefined ? '' : `<p class="reason">${esc(s.decision.reason)}</p>`}
${result}
${exposureBar(s)}
${coplan(s)}
${llm(s)}
<details><summary>snapshot the policy read</summary><pre>${esc(s.snapshot)}</pre></details>
</div>
</section>`;
}

const CSS = `body{font:14px system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2330}
header{padding:16px 24px;background:#1d2330;color:#fff}header h1{margin:0 0 4px;font-size:18px}
.outcome{display:inline-block;padding:2px 8px;border-radius:4px;background:#5a6270}.outcome.done{background:#2d8a4e}.outcome.fail,.outcome.error,.outcome.guard{background:#b3392f}
main{padding:16px 24px}.step{display:flex;align-items:flex-start;gap:16px;background:#fff;border-radius:8px;padding:12px;margin-bottom:12px;box-shadow:0 1px 2px #0002}
.shot{position:relative;width:240px;flex:none}.shot img{width:100%;display:block;border:1px solid #ccd}.box{position:absolute;border:3px solid #e5322d;box-sizing:border-box}
.noshot{width:240px;flex:none;color:#889}.facts{flex:1;min-width:0}.facts h2{font-size:15px;margin:0 0 6px}.facts small{color:#667;font-weight:normal}
pre{white-space:pre-wrap;font-size:12px;background:#f4f5f7;padding:8px;max-height:320px;overflow:auto}.result.ok{color:#2d8a4e}.result.err{color:#b3392f}
.exposure{position:relative;height:16px;background:#e3e6eb;border-radius:3px;margin:6px 0}.exposure div{height:100%;background:#4a7bd0;border-radius:3px}.exposure span{position:absolute;left:6px;top:0;font-size:11px}
table.llm{border-collapse:collapse;font-size:12px}table.llm td,table.llm th{padding:2px 6px;border-bottom:1px solid #e3e6eb;text-align:left}
table.llm tr.local td:first-child{color:#2d8a4e}.coplan li.picked{font-weight:bold}pre.answer{background:#eef4ee}`;

/** The plan the policy held before a step (the last one a step recorded). */
function lastPlan(before: readonly TrajectoryStep[]): readonly string[] | undefined {
  for (let i = before.length - 1; i >= 0; i--) {
    const p = before[i]!.decision.plan;
    if (p !== undefined) return p;
  }
  return undefined;
}

export function renderReportHtml(t: Trajectory, meta: ReportMeta = {}): string {
  const all = t.steps.flatMap((s) => s.decision.llm ?? []);
  const calls = all.filter((c) => c.side !== 'local');
  const local = all.length - calls.length;
  const tokens = calls.reduce((n, c) => n + c.inputTokens + c.outputTokens, 0);
  const cost = calls.reduce((n, c) => n + c.costUsd, 0);
  const actions = t.steps.filter((s) => s.result !== undefined).length;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Glance run: ${esc(t.task)}</title>
<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">
<style>${CSS}</style></head>
<body><header><h1>${esc(t.task)}</h1>
<span class="outcome ${esc(t.outcome)}">${esc(t.outcome)}</span> policy ${esc(t.policy)} · ${num(actions)} action${actions === 1 ? '' : 's'} · ${num(t.seconds, 1)} s${
    calls.length > 0 ? ` · ${num(calls.length)} model calls, ${num(tokens)} tokens, $${num(cost, 4)}` : ''
  }${local > 0 ? ` · ${num(local)} local model call${local === 1 ? '' : 's'} (on this machine)` : ''}${
    t.privacy === undefined
      ? ''
      : ` · privacy: ${num(t.privacy.sent.elements)} of ${num(t.privacy.sent.elements + t.privacy.withheld.elements)} elements sent (${num(Math.round(100 * t.privacy.elementReduction))}% withheld)`
  }${t.reason === undefined ? '' : `<p>${esc(t.reason)}</p>`}</header>
<main>${t.steps.map((s, i) => step(s, meta, lastPlan(t.steps.slice(0, i)))).join('\n')}</main></body></html>
`;
}
