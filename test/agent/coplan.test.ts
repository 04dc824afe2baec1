// CORE's co-planning in privacy mode. The device side proposes a sub-task per block (lexical ranker, or a local
// model on its own fake server), the cloud model (another fake server) picks one from those proposals alone, and
// the blocks go up in the order the device side set. The cloud's request bodies are read back to show that no
// text of a block it was not sent ever reached it, and the local server's to show it was given every block.
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/index.js';
import { lexicalSide, redact } from '../../src/agent/policies/coplan.js';
import { PrivacySession } from '../../src/privacy/index.js';
import type { CoPlanRecord, LlmCall, StepLedger } from '../../src/agent/types.js';
import { chromium } from 'playwright-core';
import { glance } from '../helpers/cli.js';
import { chromiumPath, requires } from '../helpers/requires.js';
import { hopModel, promptOf, startFakeLlm, type FakeLlm, type RecordedRequest } from '../helpers/fake-llm.js';
import { notesScreen } from '../privacy/fixture.js';
import { tempDir } from '../helpers/temp.js';

interface Step {
  decision?: { llm?: LlmCall[]; ledger?: StepLedger; coplan?: CoPlanRecord; instruction?: string };
}

const labelsOf = (text: string): string[] => [...text.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);

describe('co-planning, device side without a model', () => {
  test('lexical proposals quote no screen text; the rank follows the sub-task', async () => {
    const task = 'call Alice';
    const s = new PrivacySession({ task });
    s.observe(notesScreen());
    const blocks = s.blocks();
    const side = lexicalSide();
    const signal = new AbortController().signal;
    const { proposals, calls } = await side.propose(blocks, { task, history: '(none yet)', signal });
    assert.equal(calls.length, 0);
    assert.deepEqual(
      proposals.map((p) => p.block),
      blocks.map((b) => b.id),
    );
    const textsOf = (e: (typeof blocks)[number]['elements'][number]): string[] =>
      [e.text, e.desc, ...(e.labels ?? [])].filter((x): x is string => x !== undefined);
    const screenTexts = blocks.flatMap((b) => b.elements.flatMap(textsOf));
    for (const p of proposals)
      for (const t of screenTexts)
        if (t.length >= 4 && !task.toLowerCase().includes(t.toLowerCase())) assert.ok(!p.subtask.includes(t), `"${t}" in ${p.subtask}`);
    // The block holding Alice says so in task words only.
    const alice = blocks.find((b) => b.elements.some((e) => textsOf(e).some((t) => /Alice/.test(t))))!;
    assert.match(proposals.find((p) => p.block === alice.id)!.subtask, /mentions "[^"]*Alice"/);
    const { order } = await side.rank(blocks, 'call Alice', { task, history: '', signal });
    assert.equal(order[0], alice.id);
    assert.deepEqual([...order].sort(), blocks.map((b) => b.id).sort());
  });

  test('redact cuts screen texts the task does not hold out of a proposal', () => {
    const s = new PrivacySession({ task: 'x' });
    s.observe(notesScreen());
    const blocks = s.blocks();
    const label = blocks.flatMap((b) => b.elements.flatMap((e) => e.labels ?? [])).find((t) => t.length > 6 && !/alice/i.test(t))!;
    assert.equal(redact(`open ${label} now`, blocks, 'some task'), 'open … now');
    assert.equal(redact(`open ${label} now`, blocks, `the task names ${label.toUpperCase()}`), `open ${label} now`);
  });
});

describe('co-planning on the virtual demo device: a cloud fake and a local fake', () => {
  let cloud: FakeLlm;
  let local: FakeLlm;
  let dev: RunningVirtualDevice;
  let dir: string;
  const g = (args: string[]) =>
    glance(['-s', `direct:127.0.0.1:${dev.port}`, '--json', ...args], {
      env: { GLANCE_STATE_DIR: join(dir, 'state'), GLANCE_MODEL: '' },
    });

  before(async () => {
    cloud = await startFakeLlm();
    local = await startFakeLlm();
    dir = tempDir('glance-coplan-');
  });
  after(async () => {
    await cloud.close();
    await local.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    dev = await startVirtualDevice({});
  });
  afterEach(() => dev.close());

  test('--local-model: it gets every block, its proposals reach the cloud redacted, its order is the upload order', async () => {
    // The cloud taps "Browse recipes" (asking need_more until it is shown) and ends on the recipes screen.
    cloud.script(hopModel([{ on: /./, tap: 'Browse recipes' }], /RecipesActivity/));
    // The local model quotes its region (redaction must catch it) and ranks the regions in reverse.
    local.script((req) => {
      const p = promptOf(req);
      if (p.includes('Regions:')) return { json: { order: [...p.matchAll(/\[(B\d+) /g)].map((m) => m[1]!).reverse() } };
      return { json: { subtask: `tap ${labelsOf(p.slice(p.indexOf('Region:')))[0] ?? 'something'}` } };
    });
    const cloudBefore = cloud.requests.length;
    const localBefore = local.requests.length;
    const out = join(dir, 'local-model');
    const r = await g([
      'run',
      'open the settings',
      '--policy',
      'single',
      '--privacy',
      '--model',
      `${cloud.url}#cloud-model`,
      '--local-model',
      `${local.url}#local-model`,
      '--out',
      out,
    ]);
    // The cloud ends on the recipes for a task about settings and says done: the screen contradicts it.
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const res = (
      JSON.parse(r.stdout) as {
        result: { outcome: string; reason?: string; localModel: string; usage: { calls: number; local: { calls: number } } };
      }
    ).result;
    assert.equal(res.outcome, 'fail');
    assert.match(res.reason ?? '', /said done, but the screen shows otherwise/);
    assert.match(dev.device.state.focusedActivity(), /RecipesActivity/);
    const cloudReqs = cloud.requests.slice(cloudBefore);
    const localReqs = local.requests.slice(localBefore);
    assert.equal(res.usage.calls, cloudReqs.length);
    assert.equal(res.usage.local.calls, localReqs.length);
    assert.equal(res.localModel, `${local.url}#local-model`);

    const steps = readFileSync(join(out, 'trajectory.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Step)
      .filter((s) => s.decision !== undefined);
    const first = steps[0]!.decision!;
    const cp = first.coplan!;
    assert.equal(cp.local, `${local.url}#local-model`);
    // Step 1's local calls: one proposal per block, then one ranking; all marked local.
    const firstLocal = first.llm!.filter((c) => c.side === 'local');
    assert.deepEqual(
      firstLocal.map((c) => c.role),
      [...cp.proposals.map(() => 'propose'), 'rank'],
    );
    assert.ok(first.llm!.filter((c) => c.side !== 'local').every((c) => c.role === 'coplan' || c.role === 'step'));

    // The local model received every block of the screen, with its text, one per proposal request.
    const step1Local = localReqs.slice(0, cp.proposals.length);
    const blockText = new Map<string, string[]>();
    for (const q of step1Local) {
      const p = promptOf(q);
      const id = /\[(B\d+) /.exec(p)![1]!;
      blockText.set(id, labelsOf(p.slice(p.indexOf('Region:'))));
    }
    assert.deepEqual([...blockText.keys()].sort(), cp.proposals.map((p) => p.block).sort());
    assert.ok([...blockText.values()].flat().includes('Browse recipes'));

    // Upload order: the picked block, then the local model's order; the ledger sent exactly that prefix.
    const ledger = first.ledger!;
    assert.equal(ledger.sentBlocks[0], cp.picked);
    assert.deepEqual(ledger.sentBlocks, cp.order!.slice(0, ledger.sentBlocks.length));
    assert.ok(ledger.sentBlocks.length >= 2 && ledger.sentBlocks.length < cp.proposals.length, ledger.sentBlocks.join(' '));

    // Nothing of a block the cloud was not sent at step 1 is in any of its step-1 request bodies.
    const step1Cloud = cloudReqs.filter((q) => promptOf(q).includes('(none yet)'));
    assert.equal(step1Cloud.length, 1 + ledger.sentBlocks.length, 'co-planning, then one request per block sent');
    const withheld = [...blockText.entries()]
      .filter(([id]) => !ledger.sentBlocks.includes(id))
      .flatMap(([, texts]) => texts)
      .filter((t) => t.length >= 4 && !/settings/i.test(t));
    assert.ok(withheld.length > 3, withheld.join(' | '));
    for (const q of step1Cloud) for (const t of withheld) assert.ok(!q.raw.includes(t), `withheld "${t}" sent to the cloud`);
    // The proposals the cloud read were redacted (the local model quoted its regions).
    const coplanPrompt = promptOf(step1Cloud[0]!);
    assert.match(coplanPrompt, /\[Sub-tasks\]\n1\. /);
    assert.ok(!coplanPrompt.includes('Browse recipes'));

    const html = readFileSync(join(out, 'report.html'), 'utf8');
    assert.match(html, /co-planning \(device side: http:\/\/127\.0\.0\.1:\d+\/v1#local-model\)/);
    assert.match(html, /<tr class="local"><td>local<\/td><td>propose<\/td>/);
    assert.match(html, /local model calls \(on this machine\)/);

    // In Chromium: the acted element's box lies on the screenshot, even when the step's model calls make its
    // section much taller than the image.
    if (requires({ chromium: true }) !== false) return;
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      await page.goto(`file://${join(out, 'report.html')}`);
      const img = (await page.locator('section.step .shot img').first().boundingBox())!;
      const box = (await page.locator('section.step .box').first().boundingBox())!;
      const section = (await page.locator('section.step').first().boundingBox())!;
      assert.ok(section.height > img.height * 1.5, `section ${section.height} px, image ${img.height} px`);
      assert.ok(box.y >= img.y && box.y + box.height <= img.y + img.height + 1, `box ${JSON.stringify(box)} image ${JSON.stringify(img)}`);
      assert.equal(await page.locator('details.coplan').count(), steps.length);
    } finally {
      await browser.close();
    }
  });

  test('default device side is lexical: no local calls; the cloud picks from proposals in task words', async () => {
    cloud.script(hopModel([{ on: /./, tap: 'Settings' }], /SettingsActivity/));
    const before = cloud.requests.length;
    const localBefore = local.requests.length;
    const out = join(dir, 'lexical');
    const r = await g([
      'run',
      'open the settings',
      '--policy',
      'compass',
      '--privacy',
      '--model',
      `${cloud.url}#cloud-model`,
      '--out',
      out,
    ]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(local.requests.length, localBefore);
    const steps = readFileSync(join(out, 'trajectory.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Step)
      .filter((s) => s.decision !== undefined);
    assert.equal(steps[0]!.decision!.coplan!.local, 'lexical');
    assert.equal(steps[0]!.decision!.instruction !== undefined, true);
    // The task ends in co-planning on the goal screen: nothing of it was sent.
    const last = steps.at(-1)!.decision!;
    assert.equal(last.coplan!.finished, true);
    assert.deepEqual(last.ledger!.sentBlocks, []);
    const prompts = cloud.requests.slice(before).map((q: RecordedRequest) => promptOf(q));
    assert.match(prompts[0]!, /\[Sub-tasks\]\n1\. \(group\) [^\n]*mentions "settings"/);
    assert.ok(!prompts[0]!.includes('Browse recipes') && !prompts[0]!.includes('New note'));
  });

  test('--local-model without --privacy is a usage error', async () => {
    const r = await g(['run', 'open the settings', '--policy', 'single', '--model', `${cloud.url}#m`, '--local-model', `${local.url}#l`]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout + r.stderr, /"code":"USAGE"[\s\S]*--privacy/);
  });
});
