// What the run report shows for each step and for the run, read back out of its markup: the action as typed, the
// element boxed on the screenshot where it sits, the share of the screen sent, the result, and the totals that
// count only what left the machine. A tampered trajectory's values show as text or "?", never as markup.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderReportHtml } from '../../src/agent/report.js';
import type { Decision, LlmCall, Trajectory, TrajectoryStep } from '../../src/agent/types.js';

const PNG = Buffer.from('not really a png').toString('base64');

const step = (i: number, decision: Decision, more: Partial<TrajectoryStep> = {}): TrajectoryStep => ({
  step: i,
  snapshot: 'b1 Button OK',
  decision,
  ...more,
});
const run = (steps: TrajectoryStep[], more: Partial<Trajectory> = {}): Trajectory => ({
  task: 'open the note',
  policy: 'heuristic',
  steps,
  outcome: 'done',
  seconds: 2.345,
  ...more,
});
const call = (side?: 'local', costUsd = 0.001): LlmCall => ({
  role: 'step',
  model: 'm',
  prompt: 'core.step@1',
  inputTokens: 100,
  outputTokens: 20,
  latencyMs: 7,
  costUsd,
  ...(side === undefined ? {} : { side }),
});

/** The text of every element with this class, in order. */
const byClass = (html: string, tag: string, cls: string): string[] =>
  [...html.matchAll(new RegExp(`<${tag} class="${cls}"[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!);
const header = (html: string): string => /<header>([\s\S]*?)<\/header>/.exec(html)![1]!.replace(/<[^>]+>/g, '|');

test('the action as the policy took it: kind, target, text as JSON, direction, key, app — each only when given', () => {
  const html = renderReportHtml(
    run([
      step(0, { action: { kind: 'tap', target: 'b12' } }),
      step(1, { action: { kind: 'type', target: '#title', text: 'Milk "2%"' } }),
      step(2, { action: { kind: 'scroll', direction: 'down' } }),
      step(3, { action: { kind: 'key', key: 'ENTER' } }),
      step(4, { action: { kind: 'launch', app: 'dev.notes' } }),
      step(5, { action: { kind: 'done' } }),
    ]),
  );
  assert.deepEqual(
    [...html.matchAll(/<p class="action"><code>(.*?)<\/code><\/p>/g)].map((m) => m[1]),
    ['tap b12', 'type #title &quot;Milk \\&quot;2%\\&quot;&quot;', 'scroll down', 'key ENTER', 'launch dev.notes', 'done'],
  );
  // Steps are numbered from 1; an activity, an instruction and a reason show when the step has them.
  assert.deepEqual(
    [...html.matchAll(/<section class="step" id="step-(\d+)">/g)].map((m) => m[1]),
    ['1', '2', '3', '4', '5', '6'],
  );
  const rich = renderReportHtml(
    run([step(0, { action: { kind: 'back' }, reason: 'a <dialog> was open', instruction: 'close it' }, { activity: '.Main' })]),
  );
  assert.match(rich, /<h2>Step 1 <small>\.Main<\/small><\/h2>/);
  assert.match(rich, /<p class="instruction">close it<\/p>/);
  assert.match(rich, /<p class="reason">a &lt;dialog&gt; was open<\/p>/);
  assert.ok(!html.includes('class="reason"') && !html.includes('class="instruction"') && !html.includes('<small>'));
});

test('the screenshot with the acted element boxed in percent of the screen; no image for anything but base64', () => {
  const s = step(0, { action: { kind: 'tap', target: 'b1' } }, { screenshot: PNG, box: [108, 192, 540, 384] });
  const html = renderReportHtml(run([s]), { width: 1080, height: 1920 });
  assert.match(html, new RegExp(`<img alt="screen before step 1" src="data:image/png;base64,${PNG}">`));
  assert.match(html, /<div class="box" style="left:10%;top:10%;width:40%;height:10%"><\/div>/);
  // Without the screen's size, or without a box: the image alone.
  assert.ok(!renderReportHtml(run([s])).includes('class="box"'));
  assert.ok(!renderReportHtml(run([s]), { width: 1080 }).includes('class="box"'));
  assert.ok(!renderReportHtml(run([s]), { height: 1920 }).includes('class="box"'));
  const noBox = step(0, { action: { kind: 'back' } }, { screenshot: PNG });
  assert.ok(!renderReportHtml(run([noBox]), { width: 1080, height: 1920 }).includes('class="box"'));
  // Not base64 (a tampered file), not a string, or none: no image at all.
  for (const screenshot of ['"><script>x</script>', 42, undefined]) {
    const html2 = renderReportHtml(run([{ ...s, screenshot: screenshot as string }]), { width: 1080, height: 1920 });
    assert.ok(!html2.includes('<img'), String(screenshot));
    assert.match(html2, /<div class="noshot">no screenshot<\/div>/);
  }
});

test("each step's result, and the share of the screen its decision sent", () => {
  const html = renderReportHtml(
    run([
      step(0, { action: { kind: 'tap', target: 'b1' } }, { result: { ok: true, changed: true, newScreen: true, diff: '' } }),
      step(1, { action: { kind: 'tap', target: 'b1' } }, { result: { ok: true, changed: true, newScreen: false, diff: '' } }),
      step(2, { action: { kind: 'tap', target: 'b1' } }, { result: { ok: true, changed: false, newScreen: false, diff: '' } }),
      step(
        3,
        { action: { kind: 'tap', target: 'b9' } },
        { result: { ok: false, changed: false, newScreen: false, diff: '', error: { code: 'REF_NOT_FOUND', message: 'm' } } },
      ),
      step(4, { action: { kind: 'back' } }, { result: { ok: false, changed: false, newScreen: false, diff: '' } }),
      step(5, { action: { kind: 'back' } }, { result: { ok: true, changed: true, newScreen: true, diff: '', offPath: true } }),
    ]),
  );
  assert.deepEqual(
    [...html.matchAll(/<div class="result (ok|err)">(.*?)<\/div>/g)].map((m) => `${m[1]} ${m[2]}`),
    ['ok new screen', 'ok changed', 'ok no change', 'err REF_NOT_FOUND', 'err failed', 'ok new screen · off the recording'],
  );
  const exposure = (e: object | undefined): string[] =>
    byClass(
      renderReportHtml(run([step(0, { action: { kind: 'done' }, ...(e === undefined ? {} : { exposure: e as never }) })])),
      'div',
      'exposure',
    );
  const sent = renderReportHtml(
    run([step(0, { action: { kind: 'done' }, exposure: { sentElements: 2, totalElements: 3, sentChars: 40, totalChars: 120 } as never })]),
  );
  assert.match(
    sent,
    /<div class="exposure" title="2\/3 elements, 40\/120 characters sent"><div style="width:67%"><\/div><span>67% of the screen sent to the model<\/span><\/div>/,
  );
  assert.deepEqual(exposure({ sentElements: 0, totalElements: 0, sentChars: 0, totalChars: 0 }), []);
  assert.deepEqual(exposure(undefined), []);
});

test('the header: outcome, policy, actions taken, time, and model calls that left the machine (local ones apart)', () => {
  const steps = [
    step(
      0,
      { action: { kind: 'tap', target: 'b1' }, llm: [call(), call('local', 0)] },
      { result: { ok: true, changed: true, newScreen: true, diff: '' } },
    ),
    step(1, { action: { kind: 'done' }, llm: [call(undefined, 0.002)] }),
  ];
  const h = header(renderReportHtml(run(steps, { reason: 'the note is open' })));
  assert.match(
    h,
    /\|done\| policy heuristic · 1 action · 2\.3 s · 2 model calls, 240 tokens, \$0\.0030 · 1 local model call \(on this machine\)/,
  );
  assert.match(h, /\|the note is open\|/);
  const plain = header(
    renderReportHtml(
      run([
        step(0, { action: { kind: 'tap', target: 'b1' } }, { result: { ok: true, changed: false, newScreen: false, diff: '' } }),
        step(1, { action: { kind: 'tap', target: 'b1' } }, { result: { ok: true, changed: false, newScreen: false, diff: '' } }),
      ]),
    ),
  );
  assert.match(plain, /policy heuristic · 2 actions · 2\.3 s$/m);
  assert.ok(!plain.includes('model call'));
  const twoLocal = header(renderReportHtml(run([step(0, { action: { kind: 'done' }, llm: [call('local', 0), call('local', 0)] })])));
  assert.match(twoLocal, / · 2 local model calls \(on this machine\)/);
  assert.ok(!twoLocal.includes(' model calls,'));
  const priv = header(
    renderReportHtml(
      run([step(0, { action: { kind: 'done' } })], {
        privacy: {
          steps: 1,
          sent: { blocks: 1, elements: 3, chars: 10, categories: {} },
          withheld: { blocks: 2, elements: 9, chars: 80, categories: {} },
          elementReduction: 0.75,
          charReduction: 0.8,
        },
      }),
    ),
  );
  assert.match(priv, / · privacy: 3 of 12 elements sent \(75% withheld\)/);
});

test('numbers from a tampered file show as "?", text shows as text', () => {
  const html = renderReportHtml(
    run([step('x' as unknown as number, { action: { kind: 'done' }, llm: [{ ...call(), inputTokens: '<b>' as never, costUsd: NaN }] })], {
      seconds: 'soon' as unknown as number,
      outcome: '<i>done</i>' as never,
    }),
  );
  assert.match(html, /<section class="step" id="step-\?">/);
  assert.match(html, /<span class="outcome &lt;i&gt;done&lt;\/i&gt;">&lt;i&gt;done&lt;\/i&gt;<\/span>/);
  assert.match(header(html), / · \? s · 1 model calls, \? tokens, \$\?$/m);
  assert.match(html, /<td>\?<\/td><td>20<\/td><td>7 ms<\/td><td>\$\?<\/td>/);
});
