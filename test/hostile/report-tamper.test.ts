// A tampered trajectory.jsonl or cassette: every line is checked on load (a bad one is INPUT_UNREADABLE naming
// the file and line, and no report is written), and a report rendered from hostile values carries them as text
// only: the page's tags are the report's own, whatever the strings held, under a CSP that also shuts forms and
// base URLs.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { z } from 'zod';
import { trajectoryOf } from '../../src/agent/policies/replay.js';
import { CassetteProvider } from '../../src/agent/providers/cassette.js';
import { REPORT_CSP, renderReportHtml } from '../../src/agent/report.js';
import { runFiles } from '../../src/agent/run.js';
import type { Trajectory } from '../../src/agent/types.js';
import { isGlanceError } from '../../src/errors.js';
import { glance } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const EVIL = `"><meta http-equiv="refresh" content="0;url=https://evil.example"><form action="https://evil.example"><base href="https://evil.example/"><script>alert(1)</script>'`;
/** The tags the report itself writes. */
const OWN_TAGS = new Set(
  'html head meta title style body header h1 h2 span p main section div img small code details summary pre table tr th td ol li'.split(' '),
);
const tagsOf = (html: string): Set<string> => new Set([...html.matchAll(/<([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase()));

const call = {
  role: EVIL,
  model: EVIL,
  prompt: EVIL,
  inputTokens: 1,
  outputTokens: 2,
  latencyMs: 3,
  costUsd: 0.001,
  request: EVIL,
  answer: EVIL,
};
const good: Trajectory = {
  task: 'open settings',
  policy: 'single',
  outcome: 'done',
  seconds: 1.5,
  steps: [
    {
      step: 0,
      activity: EVIL,
      snapshot: EVIL,
      screenshot: 'iVBORw0KGgo=',
      box: [10, 20, 110, 120],
      decision: {
        action: { kind: 'type', target: EVIL, text: EVIL },
        reason: EVIL,
        instruction: EVIL,
        plan: [EVIL],
        llm: [call],
        exposure: { sentElements: 1, totalElements: 2, sentChars: 3, totalChars: 4 },
        coplan: {
          local: EVIL,
          proposals: [{ block: EVIL, kind: EVIL, subtask: EVIL }],
          finished: false,
          picked: EVIL,
          subtask: EVIL,
          order: [EVIL],
        },
      },
      result: { ok: false, changed: false, newScreen: false, diff: '', error: { code: EVIL, message: EVIL } },
    },
  ],
  reason: EVIL,
};

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

test('hostile strings in every field stay text: only the report’s own tags, and the CSP shuts forms and base URLs', () => {
  const html = renderReportHtml(good, { width: 1080, height: 2400 });
  for (const tag of tagsOf(html)) assert.ok(OWN_TAGS.has(tag), `the page has a <${tag}>`);
  const metas = [...html.matchAll(/<meta\b[^>]*>/g)].map((m) => m[0]);
  assert.deepEqual(metas, ['<meta charset="utf-8">', `<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`]);
  assert.match(REPORT_CSP, /form-action 'none'/);
  assert.match(REPORT_CSP, /base-uri 'none'/);
});

test('numbers are formatted from numbers: a tampered value that is not one shows as ?', () => {
  const bad = structuredClone(good) as unknown as {
    steps: Array<{ box: unknown; screenshot: unknown; decision: { llm: Array<Record<string, unknown>> } }>;
  };
  bad.steps[0]!.decision.llm[0]!['inputTokens'] = '<form action=x>';
  bad.steps[0]!.decision.llm[0]!['costUsd'] = '1';
  bad.steps[0]!.decision.llm[0]!['side'] = '"><base href=x>';
  bad.steps[0]!.box = ['"><form>', 0, 1, 1];
  bad.steps[0]!.screenshot = '"><form action=x>';
  const html = renderReportHtml(bad as unknown as Trajectory, { width: 1080, height: 2400 });
  for (const tag of tagsOf(html)) assert.ok(OWN_TAGS.has(tag), `the page has a <${tag}>`);
  const row =
    /<tr class="cloud"><td>cloud<\/td><td>[^<]*<\/td><td>[^<]*<\/td><td>([^<]*)<\/td><td>2<\/td><td>3 ms<\/td><td>\$([^<]*)<\/td>/.exec(
      html,
    );
  assert.deepEqual(row?.slice(1), ['?', '?']);
  assert.match(html, /<div class="noshot">no screenshot<\/div>/);
});

test('a tampered trajectory line is INPUT_UNREADABLE naming file and line, and replay writes no report', async () => {
  const { jsonl } = runFiles({ trajectory: good, width: 1080, height: 2400 });
  const lines = jsonl.trimEnd().split('\n');
  // The file as written reads back.
  assert.equal(trajectoryOf(jsonl, 'ok.jsonl').trajectory.steps.length, 1);
  const tamper = (i: number, edit: (o: Record<string, unknown>) => unknown): string =>
    lines.map((l, j) => (j === i ? JSON.stringify(edit(JSON.parse(l) as Record<string, unknown>)) : l)).join('\n');
  const cases: Array<[string, string, RegExp]> = [
    [tamper(0, (o) => ({ ...o, decision: { ...(o['decision'] as object), llm: 'x' } })), 't.jsonl:1', /decision\.llm/],
    [tamper(0, (o) => ({ ...o, decision: {} })), 't.jsonl:1', /decision\.action/],
    [tamper(0, (o) => ({ ...o, screenshot: '"><meta http-equiv=refresh content=0>' })), 't.jsonl:1', /screenshot/],
    [tamper(0, (o) => ({ ...o, box: ['1', 2, 3, 4] })), 't.jsonl:1', /box\.0/],
    [tamper(1, (o) => ({ ...o, seconds: '1.5' })), 't.jsonl:2', /seconds/],
    [`${lines[0]}\nnull`, 't.jsonl:2', /outcome line/],
  ];
  for (const [text, where, field] of cases) {
    assert.throws(
      () => trajectoryOf(text, 't.jsonl'),
      (e: unknown) => isGlanceError(e, 'INPUT_UNREADABLE') && e.message.startsWith(`${where} is not a trajectory`) && field.test(e.message),
      where,
    );
  }
  const dir = tempDir('glance-tamper-');
  dirs.push(dir);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'trajectory.jsonl'), cases[0]![0]);
  const r = await glance(['--json', 'replay', dir]);
  assert.equal(r.code, 1);
  const err = (JSON.parse(r.stdout || r.stderr) as { error: { code: string; message: string } }).error;
  assert.equal(err.code, 'INPUT_UNREADABLE');
  assert.ok(err.message.startsWith(`${join(dir, 'trajectory.jsonl')}:1 is not a trajectory step line`), err.message);
  assert.equal(existsSync(join(dir, 'report.html')), false);
});

test('a tampered cassette is INPUT_UNREADABLE naming the exchange, on load and on a recorded answer of the wrong shape', async () => {
  const file = (exchanges: unknown[]): string => `${JSON.stringify({ glance: 'cassette', version: 1, model: 'm', exchanges }, null, 1)}\n`;
  const io = (text: string) => ({ readFile: async () => text, writeFile: async () => undefined });
  const calls = [{ role: 'step', model: 'm', prompt: 'p', inputTokens: 1, outputTokens: 1, latencyMs: 1, costUsd: 0 }];
  const ok = { key: 'k', promptId: 'p@1', role: 'step', value: { a: 1 }, calls };
  const text = file([ok, { ...ok, calls: 'x' }]);
  const second = text.split('\n').indexOf('  {', text.split('\n').indexOf('  {') + 1) + 1;
  await assert.rejects(CassetteProvider.open('c.json', io(text), undefined), (e: unknown) => {
    assert.ok(isGlanceError(e, 'INPUT_UNREADABLE'), String(e));
    assert.match(e.message, /^c\.json: exchange 2 is damaged \(calls: /);
    assert.equal(e.context?.['line'], second);
    return true;
  });
  const { exchangeKey } = await import('../../src/agent/providers/cassette.js');
  const req = { role: 'step', promptId: 'p@1', system: 's', prompt: 'q', schema: z.object({ a: z.string() }) };
  const p = await CassetteProvider.open('c.json', io(file([{ ...ok, key: exchangeKey(req) }])), undefined);
  await assert.rejects(p.ask(req), (e: unknown) => isGlanceError(e, 'INPUT_UNREADABLE') && /does not fit/.test(e.message));
});
