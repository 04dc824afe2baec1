// glance run with the model policies (single, compass) on the virtual demo device, the model being a fake server
// on loopback that answers in the OpenAI or Anthropic wire format like a small rule-following model: it taps the
// element whose label the test names, asks for more of the screen (privacy) when the label is not shown, and
// ends the task once the goal screen is there. Covers privacy (nothing withheld in any request body), cassettes
// (record, replay offline, miss), `out` folders and MCP progress notifications.
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/index.js';
import { createDeviceProvider } from '../../src/device/provider.js';
import { createMcpServer } from '../../src/mcp/server.js';
import { memorySnapshotStore } from '../../src/tools/store.js';
import { readTextFile } from '../../src/cli/files.js';
import { glance } from '../helpers/cli.js';
import { repoRoot } from '../helpers/corpus.js';
import { hopModel, promptOf, startFakeLlm, type FakeLlm } from '../helpers/fake-llm.js';
import { tempDir } from '../helpers/temp.js';

const SETTINGS = /SettingsActivity/;
const DEMO_MAP = join(repoRoot, 'assets/scenarios/demo/uimap.json');

/** A fake model: tap `label` when shown, need_more when it may be withheld, done on the goal screen. */
function ruleModel(
  label: string,
  goal: RegExp,
  plan: Array<{ activity: string; steps: string[] }> = [{ activity: 'MainActivity', steps: [`1. tap ${label}`] }],
) {
  return hopModel([{ on: /./, tap: label }], goal, plan);
}

interface TrajLine {
  decision?: {
    llm?: Array<Record<string, unknown>>;
    ledger?: { sentBlocks: string[]; sent: { elements: number } };
  };
  usage?: { calls: number };
}

interface RunJson {
  result: {
    outcome: string;
    policy: string;
    model?: string;
    usage?: { calls: number; replayed: number; inputTokens: number; outputTokens: number };
    privacy?: { sent: { elements: number }; withheld: { elements: number }; elementReduction: number };
    steps: { action: { kind: string; target?: string } }[];
  };
}

describe('model policies on the virtual demo device with a fake model server', () => {
  let fake: FakeLlm;
  let dev: RunningVirtualDevice;
  let dir: string;
  let env: Record<string, string>;
  const g = (args: string[], extra: Record<string, string> = {}) =>
    glance(['-s', `direct:127.0.0.1:${dev.port}`, '--json', ...args], { env: { ...env, ...extra } });

  before(async () => {
    fake = await startFakeLlm();
    dir = tempDir('glance-model-');
  });
  after(async () => {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    dev = await startVirtualDevice({});
    env = {
      GLANCE_STATE_DIR: join(dir, 'state'),
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: fake.url,
      ANTHROPIC_API_KEY: 'ak-test',
      ANTHROPIC_BASE_URL: fake.url,
      GLANCE_MODEL: '',
    };
  });
  afterEach(() => dev.close());

  test('a model that says done while the switch the task names shows the other state: the run fails saying so', async () => {
    // The model opens Settings and says done at once; "Dark theme" is there, and off.
    fake.script(ruleModel('Settings', SETTINGS));
    const r = await g(['run', 'turn on dark theme', '--policy', 'single', '--model', 'openai:gpt-4o-mini']);
    const out = JSON.parse(r.stdout) as { result?: RunJson['result'] & { reason?: string } };
    assert.equal(out.result?.outcome, 'fail', r.stdout + r.stderr);
    assert.equal(r.code, 1);
    assert.match(out.result?.reason ?? '', /said done, but the screen shows otherwise: "Dark theme" is not on/);
    assert.deepEqual(
      out.result?.steps.map((s) => s.action.kind),
      ['tap', 'done'],
    );
    // A task whose goal the screen cannot contradict keeps the model's done.
    const open = await g(['run', 'open the settings', '--policy', 'single', '--model', 'openai:gpt-4o-mini']);
    assert.equal((JSON.parse(open.stdout) as RunJson).result.outcome, 'done', open.stdout + open.stderr);
  });

  test('single over the OpenAI wire: one call per step, tokens counted, the goal reached', async () => {
    fake.script(ruleModel('Settings', SETTINGS));
    const before = fake.requests.length;
    const out = join(dir, 'single');
    const r = await g(['run', 'open the settings', '--policy', 'single', '--model', 'openai:gpt-4o-mini', '--out', out]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const res = (JSON.parse(r.stdout) as RunJson).result;
    assert.equal(res.outcome, 'done');
    assert.deepEqual(
      res.steps.map((s) => s.action.kind),
      ['tap', 'done'],
    );
    assert.match(dev.device.state.focusedActivity(), SETTINGS);
    assert.equal(res.usage?.calls, 2);
    assert.equal(fake.requests.length - before, 2);
    assert.ok((res.usage?.inputTokens ?? 0) > 100);
    // Every call is in the trajectory with its prompt id, the prompt as sent and the answer.
    const steps = readFileSync(join(out, 'trajectory.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as TrajLine);
    const calls = steps.flatMap((s) => s.decision?.llm ?? []);
    assert.deepEqual(
      calls.map((c) => c['prompt']),
      ['single.step@1', 'single.step@1'],
    );
    assert.match(String(calls[0]!['request']), /Task: open the settings/);
    assert.match(String(calls[0]!['answer']), /"action":"tap"/);
    assert.equal(steps.at(-1)!.usage?.calls, 2);
    assert.match(readFileSync(join(out, 'report.html'), 'utf8'), /2 model calls/);
  });

  test('an answer that does not fit its element gets one repair round naming what was wrong', async () => {
    // First answer types into the Settings button; told it is no text field, the model taps it instead.
    const rule = ruleModel('Settings', SETTINGS);
    let first: Record<string, unknown> | undefined;
    fake.script((req) => {
      // The repair round: the model reads why, and taps what it had typed into.
      if (first !== undefined && (req.body['messages'] as unknown[]).length > 2) return { json: first };
      const r = rule(req);
      if (first !== undefined || !('json' in r)) return r;
      const a = r.json as Record<string, unknown>;
      if (a['action'] !== 'tap') return r;
      first = a;
      return { json: { ...a, action: 'type', text: 'settings' } };
    });
    const before = fake.requests.length;
    const r = await g(['run', 'open the settings', '--policy', 'single', '--model', 'openai:gpt-4o-mini']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const res = (JSON.parse(r.stdout) as RunJson).result;
    assert.deepEqual(
      res.steps.map((s) => s.action.kind),
      ['tap', 'done'],
    );
    const sent = fake.requests.slice(before);
    assert.equal(sent.length, 3, 'the step, its repair, the last step');
    const repair = promptOf(sent[1]!);
    assert.match(repair, /^Your answer could not be used: b\d+ ImageButton "Settings" is not a text field: type needs an editable field;/);
    assert.match(repair, /to change a setting or pick an item, tap it/);
  });

  test('replay: the report re-rendered; the run repeated with no model; a different screen fails or asks the model there', async () => {
    fake.script(ruleModel('Settings', SETTINGS));
    const out = join(dir, 'to-replay');
    const first = await g(['run', 'open the settings', '--policy', 'single', '--model', 'openai:gpt-4o-mini', '--out', out]);
    assert.equal(first.code, 0, first.stdout + first.stderr);
    rmSync(join(out, 'report.html'));
    const again = await g(['replay', out]);
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.match(readFileSync(join(out, 'report.html'), 'utf8'), /class="box"/);

    await dev.close();
    dev = await startVirtualDevice({});
    const before = fake.requests.length;
    const play = await g(['replay', join(out, 'trajectory.jsonl'), '--run']);
    assert.equal(play.code, 0, play.stdout + play.stderr);
    const res = (JSON.parse(play.stdout) as RunJson).result;
    assert.equal(res.outcome, 'done');
    assert.equal(res.policy, 'replay');
    assert.equal(fake.requests.length, before, 'a matching replay asks no model');
    assert.match(dev.device.state.focusedActivity(), SETTINGS);

    // Already on Settings: the first recorded screen is not there.
    const stuck = await g(['replay', out, '--run']);
    assert.equal(stuck.code, 1);
    assert.match(stuck.stdout, /differs from the recording at step 1/);
    const helped = await g(['replay', out, '--run', '--policy', 'single', '--model', 'openai:gpt-4o-mini']);
    assert.equal(helped.code, 0, helped.stdout + helped.stderr);
    assert.equal((JSON.parse(helped.stdout) as RunJson).result.policy, 'replay+single');
    assert.equal(fake.requests.length, before + 1, 'the model is asked once, where the screen differs');
  });

  test('compass over the Anthropic wire, no map: re-plans each step and ends on "none"', async () => {
    fake.script(ruleModel('Settings', SETTINGS));
    const r = await g(['run', 'open the settings', '--policy', 'compass', '--model', 'anthropic:claude-sonnet-4-5']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const res = (JSON.parse(r.stdout) as RunJson).result;
    assert.equal(res.outcome, 'done');
    assert.equal(res.policy, 'compass');
    assert.equal(fake.requests.at(-1)!.wire, 'anthropic');
    assert.match(dev.device.state.focusedActivity(), SETTINGS);
  });

  test('compass with a UI Map: one plan call, map hops without the model, the model only where the map ends', async () => {
    fake.script(
      ruleModel('Date edited', /SettingsActivity/, [
        { activity: 'MainActivity', steps: ['1. open the settings'] },
        { activity: 'SettingsActivity', steps: ['2. choose Title under Sort notes by'] },
      ]),
    );
    const before = fake.requests.length;
    const out = join(dir, 'compass-map');
    const r = await g([
      'run',
      'open the settings',
      '--policy',
      'compass',
      '--model',
      'openai:gpt-4o-mini',
      '--map',
      DEMO_MAP,
      '--out',
      out,
    ]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const res = (JSON.parse(r.stdout) as RunJson).result;
    assert.equal(res.outcome, 'done');
    assert.match(dev.device.state.focusedActivity(), SETTINGS);
    const prompts = fake.requests.slice(before).map((q) => promptOf(q));
    assert.equal(prompts.length, 2, 'the plan and the step on Settings; the hop to Settings came from the map');
    assert.match(
      prompts[0]!,
      /\[UI Map\]\nroute: MainActivity → tap "Settings" → SettingsActivity\nMainActivity[^\n]*\(launcher, you are here\)(\n {2}[^\n]*)*?\n {2}[^\n]*"Settings"[^\n]* → SettingsActivity/,
    );
    assert.match(prompts[1]!, /choose Title/, 'the plan is in the step prompt');
    // No --max-steps: 2 × the plan's two instructions + 5; the report shows the plan.
    assert.equal((JSON.parse(r.stdout) as { result: { budget: number } }).result.budget, 9);
    assert.match(
      readFileSync(join(out, 'report.html'), 'utf8'),
      /<summary>plan \(2 instructions\)<\/summary><ol><li>\[MainActivity\] 1\. open the settings/,
    );
    const lines = readFileSync(join(out, 'trajectory.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as TrajLine & { decision?: { reason?: string } });
    assert.match(lines[0]!.decision?.reason ?? '', /no model asked/);
    assert.equal(lines[0]!.decision?.llm?.[0]?.['prompt'], 'compass.plan@1');
  });

  test('privacy: blocks go up one at a time on need_more, withheld text is in no request, the ledger adds up', async () => {
    // "Browse recipes" sits in the last blocks for a task about settings words: the model must ask for more.
    fake.script(ruleModel('Browse recipes', /RecipesActivity/));
    const before = fake.requests.length;
    const out = join(dir, 'private');
    const r = await g(['run', 'open the settings', '--policy', 'single', '--privacy', '--model', 'openai:gpt-4o-mini', '--out', out]);
    const res = (JSON.parse(r.stdout) as RunJson).result as RunJson['result'] & { reason?: string };
    // The scripted model goes to the recipes for a task about settings and says done there: the screen (read on
    // the device, whole, whatever the model was sent) contradicts it.
    assert.equal(res.outcome, 'fail', r.stdout + r.stderr);
    assert.match(res.reason ?? '', /said done, but the screen shows otherwise: nothing on the screen names "settings"/);
    assert.equal(res.policy, 'single+privacy');
    const sent = fake.requests.slice(before);
    assert.ok(sent.length > 2, `${sent.length} requests: need_more rounds expected`);
    const first = sent[0]!.raw;
    // Blocks the model never asked for: note texts stay on the machine at the first step.
    assert.ok(!first.includes('Trip to Lisbon'), 'a withheld note title was sent');
    assert.ok(!first.includes('Browse recipes'), 'a withheld button was sent before need_more');
    assert.ok(
      sent.some((q) => q.raw.includes('Browse recipes')),
      'the block asked for was sent',
    );
    const p = res.privacy!;
    assert.ok(p.withheld.elements > 0 && p.sent.elements > 0, JSON.stringify(p));
    const steps = readFileSync(join(out, 'trajectory.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as TrajLine);
    const ledgers = steps.flatMap((s) => (s.decision?.ledger === undefined ? [] : [s.decision.ledger]));
    assert.equal(
      ledgers.reduce((n, l) => n + l.sent.elements, 0),
      p.sent.elements,
    );
    assert.ok(ledgers[0]!.sentBlocks.length >= 2);
  });

  test('a cassette records the exchanges; a replay needs no model and asks nothing; a new prompt is a miss', async () => {
    const cassette = join(dir, 'run.cassette.json');
    fake.script(ruleModel('Settings', SETTINGS));
    const rec = await g(['run', 'open the settings', '--policy', 'single', '--model', 'openai:gpt-4o-mini', '--cassette', cassette]);
    assert.equal(rec.code, 0, rec.stdout + rec.stderr);
    const file = JSON.parse(readFileSync(cassette, 'utf8')) as { exchanges: unknown[] };
    assert.equal(file.exchanges.length, 2);
    await dev.close();
    dev = await startVirtualDevice({});
    const before = fake.requests.length;
    const play = await g(['run', 'open the settings', '--policy', 'single', '--cassette', cassette]);
    assert.equal(play.code, 0, play.stdout + play.stderr);
    const res = (JSON.parse(play.stdout) as RunJson).result;
    assert.equal(res.outcome, 'done');
    assert.equal(res.usage?.replayed, 2);
    assert.equal(fake.requests.length, before, 'the replay asked the model');
    assert.match(dev.device.state.focusedActivity(), SETTINGS);
    const miss = await g(['run', 'open the search', '--policy', 'single', '--cassette', cassette]);
    assert.equal(miss.code, 2, miss.stdout + miss.stderr);
    assert.match(miss.stdout + miss.stderr, /CASSETTE_MISS/);
  });

  test('no model: a model policy is MODEL_NOT_CONFIGURED, the default policy is the heuristic', async () => {
    const r = await g(['run', 'open the settings', '--policy', 'single']);
    assert.equal(r.code, 1);
    assert.match(r.stdout + r.stderr, /MODEL_NOT_CONFIGURED/);
    assert.match(r.stdout + r.stderr, /GLANCE_MODEL/);
    const h = await g(['run', 'open the settings', '--max-steps', '3']);
    assert.equal((JSON.parse(h.stdout) as RunJson).result.policy, 'heuristic');
    const p = await g(['run', 'open the settings', '--privacy']);
    assert.match(p.stdout + p.stderr, /USAGE/);
  });

  test('MCP app_run_task: progress notifications per step, and `out` creates its folder', async () => {
    fake.script(ruleModel('Settings', SETTINGS));
    const server = createMcpServer({
      devices: createDeviceProvider({}),
      snapshots: memorySnapshotStore(),
      defaultSerial: `direct:127.0.0.1:${dev.port}`,
      readFile: readTextFile,
      writeFile: (p, d) => writeFile(p, d),
      makeDir: async (p) => {
        await mkdir(p, { recursive: true });
      },
      roots: [dir],
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: 'progress-test', version: '1.0.0' });
    await client.connect(b);
    try {
      const out = join(dir, 'mcp', 'deeper', 'run');
      const seen: Array<{ progress: number; total?: number | undefined; message?: string | undefined }> = [];
      const r = (await client.callTool(
        { name: 'app_run_task', arguments: { task: 'open the settings', policy: 'single', model: `${fake.url}#fake-local`, out } },
        undefined,
        { onprogress: (p) => seen.push(p) },
      )) as unknown as { isError?: boolean; content: Array<{ text: string }>; structuredContent?: { outcome: string } };
      assert.ok(!r.isError, r.content[0]?.text);
      assert.equal(r.structuredContent?.outcome, 'done');
      assert.deepEqual(
        seen.map((p) => p.progress),
        [1, 2],
      );
      assert.match(seen[0]!.message ?? '', /^tap b\d+/);
      assert.ok(existsSync(join(out, 'report.html')));
    } finally {
      await client.close();
      await server.close();
    }
  });
});
