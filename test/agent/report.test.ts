// The run report as a pure function of a trajectory: the plan where it first appears and where it was revised
// (not repeated while unchanged), each model call with the side it ran on, co-planning, and what left the machine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderReportHtml } from '../../src/agent/report.js';
import type { Decision, Trajectory, TrajectoryStep } from '../../src/agent/types.js';

const call = (role: string, side?: 'local') => ({
  role,
  model: side === 'local' ? 'ollama:small' : 'openai:gpt-4o-mini',
  prompt: `core.${role}@1`,
  inputTokens: 100,
  outputTokens: 10,
  latencyMs: 5,
  costUsd: side === 'local' ? 0 : 0.001,
  request: `the ${role} prompt`,
  answer: `{"${role}":true}`,
  ...(side === undefined ? {} : { side }),
});

const step = (i: number, decision: Decision): TrajectoryStep => ({
  step: i,
  snapshot: 'b1 Button OK',
  decision,
  ...(decision.action.kind === 'done' ? {} : { result: { ok: true, changed: true, newScreen: true, diff: '' } }),
});

const count = (html: string, re: RegExp): number => [...html.matchAll(new RegExp(re.source, 'g'))].length;

test('the plan shows where it starts and where it is revised; calls carry their side; co-planning and privacy totals', () => {
  const t: Trajectory = {
    task: 'open the settings',
    policy: 'compass+privacy',
    outcome: 'done',
    seconds: 1.5,
    steps: [
      step(0, { action: { kind: 'tap', target: 'b1' }, plan: ['[Main] 1. open Settings', '[Settings] 2. done'], llm: [call('plan')] }),
      step(1, {
        action: { kind: 'tap', target: 'b2' },
        plan: ['[Main] 1. open Settings', '[Settings] 2. done'],
        llm: [call('propose', 'local'), call('coplan'), call('rank', 'local'), call('step')],
        coplan: {
          local: 'ollama:small',
          finished: false,
          proposals: [
            { block: 'B2', kind: 'toolbar', subtask: 'open the menu' },
            { block: 'B1', kind: 'list', subtask: 'pick an item' },
          ],
          picked: 'B2',
          subtask: 'open the menu',
          order: ['B2', 'B1'],
        },
      }),
      step(2, { action: { kind: 'done' }, plan: ['[Settings] 2. done'] }),
    ],
    privacy: {
      steps: 2,
      sent: { blocks: 1, elements: 3, chars: 60, categories: {} },
      withheld: { blocks: 3, elements: 9, chars: 200, categories: {} },
      elementReduction: 0.75,
      charReduction: 0.77,
    },
  };
  const html = renderReportHtml(t);
  assert.equal(count(html, /<summary>plan \(2 instructions\)<\/summary>/), 1, 'the unchanged plan is not repeated');
  assert.equal(count(html, /<summary>plan revised \(1 instruction\)<\/summary><ol><li>\[Settings\] 2\. done<\/li><\/ol>/), 1);
  assert.equal(count(html, /<tr class="local"><td>local<\/td>/), 2);
  assert.equal(count(html, /<tr class="cloud"><td>cloud<\/td>/), 3);
  assert.equal(count(html, /<pre>the coplan prompt<\/pre><pre class="answer">\{&quot;coplan&quot;:true\}<\/pre>/), 1);
  assert.match(html, /co-planning \(device side: ollama:small\) — the cloud model chose B2: open the menu; upload order B2 B1/);
  assert.match(html, /<li class="picked"><code>B2<\/code> toolbar: open the menu<\/li>/);
  // Header: cloud calls and their tokens and cost; local calls apart; what privacy kept back.
  assert.match(
    html,
    /3 model calls, 330 tokens, \$0\.0030 · 2 local model calls \(on this machine\) · privacy: 3 of 12 elements sent \(75% withheld\)/,
  );
});
