// Co-planning's promises in privacy mode, on blocks and models written here: what may leave the machine (a
// proposal never quotes the screen but for the task's and the app's own words), what the cloud is asked and
// what its answer may be, and the order the device side then sends blocks in.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { coPlan, lexicalSide, modelSide, openStep, redact, type LocalSide } from '../../src/agent/policies/coplan.js';
import type { PrivateScreenSource, ScreenSource, ScreenView } from '../../src/agent/policies/screen-view.js';
import type { ModelReply, ModelRequest, Provider } from '../../src/agent/providers/provider.js';
import type { LlmCall, Observation } from '../../src/agent/types.js';
import type { Block } from '../../src/privacy/index.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';

const el = (ref: string, fields: Partial<SnapshotElement> = {}): SnapshotElement => ({
  ref,
  class: 'TextView',
  bounds: [0, 0, 10, 10],
  center: [5, 5],
  actions: [],
  states: [],
  ...fields,
});
const block = (id: string, kind: Block['kind'], elements: SnapshotElement[]): Block => ({
  id,
  rank: 1,
  score: 0,
  kind,
  elements,
  bounds: [0, 0, 100, 100],
});

const toolbar = block('B1', 'toolbar', [
  el('t1', { text: 'Notes', class: 'TextView' }),
  el('t2', { desc: 'Search', actions: ['tap'], class: 'ImageButton' }),
]);
const list = block('B2', 'list', [
  el('l1', { text: 'Groceries for Alice', actions: ['tap'] }),
  el('l2', { text: 'Trip to Lisbon', actions: ['tap'] }),
]);
const form = block('B3', 'input', [el('f1', { hint: 'Title', id: 'note_title', actions: ['tap', 'type'], class: 'EditText' })]);
const blocks = [toolbar, list, form];

const call = (role: string): LlmCall => ({
  role,
  model: 'm',
  prompt: 'p',
  inputTokens: 10,
  outputTokens: 2,
  latencyMs: 5,
  costUsd: 0.001,
});

/** Answers each role with the next scripted value; keeps every request. */
class Scripted implements Provider {
  readonly requests: Array<ModelRequest<unknown>> = [];
  constructor(
    readonly name: string,
    private readonly answers: Record<string, unknown[]>,
  ) {}
  async ask<T>(req: ModelRequest<T>): Promise<ModelReply<T>> {
    this.requests.push(req as ModelRequest<unknown>);
    const value = req.schema.parse(this.answers[req.role]!.shift());
    return { value, calls: [call(req.role)] };
  }
}

const step = { task: 'open the groceries note', history: '(none yet)', signal: new AbortController().signal };

test('a proposal bound for the cloud has every screen text cut out, but the words the task or the app says', () => {
  // The screen's labels (texts, descriptions, hints, ids) are cut, the longest first, in any case.
  assert.equal(redact('tap Groceries for Alice in the list', blocks, 'open a note'), 'tap … in the list');
  assert.equal(redact('open trip to lisbon', blocks, 'open a note'), 'open …');
  assert.equal(redact('fill note_title', blocks, 'open a note'), 'fill …');
  // What the task says stays, and what the app ships (its UI Map's texts).
  assert.equal(redact('tap Groceries for Alice', blocks, 'open Groceries for Alice'), 'tap Groceries for Alice');
  assert.equal(redact('tap Trip to Lisbon', blocks, 'x', new Set(['trip to lisbon'])), 'tap Trip to Lisbon');
  // Short labels are everyday words: cutting them would only garble.
  const short = [block('B9', 'row', [el('s1', { text: '  On  ' }), el('s2', { text: 'Sort' })])];
  assert.equal(redact('turn On the Sort', short, 'x'), 'turn On the …');
  // A quoted name the app ships stays whole even when a label it contains is cut.
  const sortBy = [block('B8', 'toolbar', [el('s1', { id: 'sort', text: 'Sort by' }), el('s2', { id: 'by_date' })])];
  assert.equal(redact('choose "Sort by" then date', sortBy, 'x', new Set(['sort by'])), 'choose "Sort by" then date');
  assert.equal(redact('choose "Sort by" then date', sortBy, 'x'), 'choose "…" then date');
  // Text that looks like a pattern is cut as text.
  const odd = [block('B7', 'row', [el('o1', { text: 'C++ (beta)' })])];
  assert.equal(redact('open C++ (beta) now', odd, 'x'), 'open … now');
  // Labels with only spaces around them count as the label.
  assert.equal(redact('open lisbon trip', [block('B6', 'row', [el('w1', { text: '  lisbon trip ' })])], 'x'), 'open …');
});

test('the lexical side proposes from the block kind, its app-shipped name, the task words it shares, its size', async () => {
  const side = lexicalSide(new Set(['search']));
  assert.equal(side.name, 'lexical');
  const { proposals, calls } = await side.propose(blocks, { ...step, task: 'open the groceries note then search' });
  assert.deepEqual(calls, []);
  assert.deepEqual(proposals, [
    {
      block: 'B1',
      kind: 'toolbar',
      subtask: 'use the toolbar (menu, search or navigation) ("Search") — it mentions "note search" (2 elements)',
    },
    { block: 'B2', kind: 'list', subtask: 'pick an item of the list — it mentions "groceries" (2 elements)' },
    { block: 'B3', kind: 'input', subtask: 'fill in the form here (1 element)' },
  ]);
  // A field and a quoted value: type it there.
  const typed = await lexicalSide().propose([form], { ...step, task: 'create a note named "Milk"' });
  assert.equal(typed.proposals[0]!.subtask, 'type "Milk" into a field here (1 element)');
  const labelled = block('B4', 'input', [el('k1', { text: 'Name' }), ...form.elements]);
  const withLabel = await lexicalSide().propose([labelled], { ...step, task: 'create a note named "Milk"' });
  assert.equal(withLabel.proposals[0]!.subtask, 'type "Milk" into a field here (2 elements)');
  // An id's words are not on the screen: "note" (of note_title) is not "mentioned"; the hint shown is.
  const idOnly = await lexicalSide().propose([form], { ...step, task: 'set the note title' });
  assert.equal(idOnly.proposals[0]!.subtask, 'fill in the form here — it mentions "title" (1 element)');
  // Each shared task word once, in the task's order.
  const twice = await lexicalSide().propose([list], { ...step, task: 'Lisbon trip, the trip to Lisbon' });
  assert.equal(twice.proposals[0]!.subtask, 'pick an item of the list — it mentions "Lisbon trip" (2 elements)');
  for (const kind of ['dialog', 'tabs', 'row', 'group'] as const) {
    const p = await lexicalSide().propose([block('B5', kind, [el('x1')])], step);
    assert.match(
      p.proposals[0]!.subtask,
      /^(answer the dialog|switch to another tab|use the controls of this row|use the controls here) \(1 element\)$/,
    );
  }
});

test('the lexical side ranks the blocks for a sub-task by their words, ties in screen order', async () => {
  const side = lexicalSide();
  assert.deepEqual((await side.rank(blocks, 'open the trip to lisbon', step)).order, ['B2', 'B1', 'B3']);
  assert.deepEqual((await side.rank(blocks, 'search', step)).order, ['B1', 'B2', 'B3']);
  assert.deepEqual((await side.rank(blocks, 'set the title', step)).order, ['B3', 'B1', 'B2']);
  assert.deepEqual(await side.rank(blocks, 'nothing shared', step), { order: ['B1', 'B2', 'B3'], calls: [] });
});

test('a local model proposes one sub-task per block (it sees that block only) and ranks them all, as local calls', async () => {
  const model = new Scripted('local:m', {
    propose: [{ subtask: 'look for a search box' }, { subtask: '  ' }, { subtask: 'fill in the title' }],
    rank: [{ order: ['B2', 'B2', 'B3'] }],
  });
  const side = modelSide(model);
  assert.equal(side.name, 'local:m');
  const p = await side.propose(blocks, step);
  assert.deepEqual(
    p.proposals.map((x) => x.subtask),
    ['look for a search box', 'pick an item of the list', 'fill in the title'],
  );
  assert.equal(model.requests.length, 3);
  const first = model.requests[0]!;
  assert.equal(first.role, 'propose');
  assert.equal(first.promptId, 'core.propose@1');
  assert.match(first.prompt, /^Task: open the groceries note\n\nSteps so far:\n\(none yet\)\n\nRegion:\n/);
  assert.ok(first.prompt.includes('Search') && !first.prompt.includes('Lisbon'), 'one region only');
  assert.equal(first.signal, step.signal);
  // Every call is marked local, and the last of each carries the request and the parsed answer.
  assert.ok(p.calls.every((c) => c.side === 'local'));
  assert.equal(p.calls.length, 3);
  assert.equal(p.calls[0]!.request, first.prompt);
  assert.equal(p.calls[0]!.answer, JSON.stringify({ subtask: 'look for a search box' }));
  // Ranking: the model's order without repeats, then the blocks it left out.
  const r = await side.rank(blocks, 'open the groceries note', step);
  assert.deepEqual(r.order, ['B2', 'B3', 'B1']);
  const rankReq = model.requests[3]!;
  assert.equal(rankReq.promptId, 'core.rank@1');
  assert.match(rankReq.prompt, /^Task: open the groceries note\n\nSub-task: open the groceries note\n\nRegions:\n/);
  assert.ok(rankReq.prompt.includes('Lisbon') && rankReq.prompt.includes('Search'));
  // An id the screen has not is refused, with the ids to use.
  assert.equal(rankReq.check?.({ order: ['B1', 'B3'] }), undefined);
  assert.equal(rankReq.check?.({ order: ['B1', 'B7', 'X'] }), 'unknown region ids B7, X: use ids of the regions shown');
  assert.deepEqual(
    r.calls.map((c) => [c.side, c.answer]),
    [['local', JSON.stringify({ order: ['B2', 'B2', 'B3'] })]],
  );
});

test('co-planning: redacted proposals to the cloud, its pick first in the upload order, the rest as ranked', async () => {
  const cloud = new Scripted('cloud:m', {
    coplan: [{ finished: false, choice: 2, subtask: null, reason: 'the note is in the list' }],
  });
  const local: LocalSide = {
    name: 'fake-local',
    known: new Set(['search']),
    async propose(bs) {
      return {
        proposals: bs.map((b) => ({ block: b.id, kind: b.kind, subtask: `use Groceries for Alice in ${b.id}` })),
        calls: [call('propose')],
      };
    },
    async rank() {
      return { order: ['B3', 'B2', 'B1'], calls: [call('rank')] };
    },
  };
  const r = await coPlan({ cloud, local, blocks, step, header: '.MainActivity', context: ['[Plan]\n1. open it'], folded: new Set(['B2']) });
  const req = cloud.requests[0]!;
  assert.equal(req.promptId, 'core.coplan@1');
  assert.equal(
    req.prompt,
    [
      '[Task]\nopen the groceries note',
      '[Plan]\n1. open it',
      '[Steps so far]\n(none yet)',
      '[Screen .MainActivity] 3 regions',
      '[Sub-tasks]\n1. (toolbar) use … in B1\n2. (list) use … in B2 — more of the list lies beyond its fold: scroll it\n3. (input) use … in B3',
    ].join('\n\n'),
  );
  assert.deepEqual(r.record, {
    local: 'fake-local',
    proposals: ['B1', 'B2', 'B3'].map((b, i) => ({ block: b, kind: blocks[i]!.kind, subtask: `use … in ${b}` })),
    finished: false,
    picked: 'B2',
    subtask: 'use … in B2',
    order: ['B2', 'B3', 'B1'],
  });
  assert.equal(r.subtask, 'use … in B2');
  assert.equal(r.reason, 'the note is in the list');
  assert.deepEqual(
    r.calls.map((c) => c.role),
    ['propose', 'coplan', 'rank'],
  );
  const cloudCall = r.calls[1]!;
  assert.equal(cloudCall.request, req.prompt);
  assert.equal(cloudCall.answer, JSON.stringify({ finished: false, choice: 2, subtask: null, reason: 'the note is in the list' }));
  // The choice must name a proposal, unless the task is finished.
  assert.equal(req.check?.({ finished: false, choice: 3, subtask: null, reason: '' } as never), undefined);
  assert.equal(req.check?.({ finished: false, choice: 1, subtask: null, reason: '' } as never), undefined);
  assert.equal(req.check?.({ finished: true, choice: null, subtask: null, reason: '' } as never), undefined);
  for (const choice of [0, 4, null])
    assert.equal(
      req.check?.({ finished: false, choice, subtask: null, reason: '' } as never),
      'choice must be a sub-task number from 1 to 3 (or finished true)',
    );
});

test('co-planning: a reworded pick is kept, a blank one is not; finished sends nothing; one region is one', async () => {
  const local = lexicalSide();
  const ask = async (answer: object, bs: Block[] = blocks, header = ''): Promise<[Awaited<ReturnType<typeof coPlan>>, string]> => {
    const cloud = new Scripted('cloud', { coplan: [answer] });
    const r = await coPlan({ cloud, local, blocks: bs, step, header, context: [] });
    return [r, cloud.requests[0]!.prompt];
  };
  const [reworded] = await ask({ finished: false, choice: 1, subtask: 'search for the note', reason: 'r' });
  assert.equal(reworded.subtask, 'search for the note');
  assert.equal(reworded.record.subtask, 'search for the note');
  const [blank] = await ask({ finished: false, choice: 1, subtask: '  ', reason: 'r' });
  assert.equal(blank.subtask, blank.record.proposals[0]!.subtask);
  const [done, prompt] = await ask({ finished: true, choice: null, subtask: null, reason: 'all done' });
  assert.deepEqual(done.record, { local: 'lexical', proposals: done.record.proposals, finished: true });
  assert.equal(done.subtask, undefined);
  assert.equal(done.reason, 'all done');
  assert.deepEqual(
    done.calls.map((c) => c.role),
    ['coplan'],
  );
  assert.ok(prompt.includes('[Screen] 3 regions'));
  const [one, onePrompt] = await ask({ finished: false, choice: 1, subtask: null, reason: 'r' }, [form], '.Editor');
  assert.deepEqual(one.record.order, ['B3']);
  assert.ok(onePrompt.includes('[Screen .Editor] 1 region\n'));
  // No pick and not finished (the check would have asked again): treated as finished.
  const [none] = await ask({ finished: false, choice: null, subtask: null, reason: 'unsure' });
  assert.equal(none.record.finished, true);
});

const view = (text: string): ScreenView => ({
  text,
  refs: new Set(),
  more: false,
  exposure: { elementsSent: 0, elementsShown: 0, charsSent: 0, charsShown: 0 } as never,
});
const obs: Observation = {
  screen: { width: 1080, height: 1920, activity: '.MainActivity' },
  elements: blocks.flatMap((b) => b.elements),
  text: 'screen',
  dump: '',
};

/** A private screen source over the blocks above: records the order it is told and what it sends. */
class PrivateFake implements PrivateScreenSource {
  order: readonly string[] = [];
  events: string[] = [];
  constructor(private readonly bs: Block[]) {}
  open(): ScreenView {
    this.events.push('open');
    return view('whole');
  }
  more(): ScreenView | undefined {
    return undefined;
  }
  unmask(t: string): string {
    return t;
  }
  mask(t: string): string {
    return t;
  }
  survey(): readonly Block[] {
    this.events.push('survey');
    return this.bs;
  }
  reorder(ids: readonly string[]): void {
    this.order = ids;
    this.events.push(`reorder ${ids.join(',')}`);
  }
  first(): ScreenView {
    this.events.push('first');
    return view(`first ${this.order[0] ?? '-'}`);
  }
  peek(): ScreenView {
    this.events.push('peek');
    return view('nothing sent');
  }
}

test('a step opens on the whole screen without a device side, else co-plans and sends the chosen block first', async () => {
  const signal = new AbortController().signal;
  const base = { obs, task: 'open the groceries note', history: [], context: [], signal };
  const silent = new Scripted('cloud', {});
  // The whole view: no device side, or a screen source that cannot survey.
  const whole: ScreenSource = { open: () => view('whole'), more: () => undefined, unmask: (t) => t, mask: (t) => t };
  assert.deepEqual(await openStep({ ...base, screen: whole, cloud: silent, local: lexicalSide() }), { view: view('whole'), calls: [] });
  const noSide = new PrivateFake(blocks);
  assert.equal((await openStep({ ...base, screen: noSide, cloud: silent })).view.text, 'whole');
  // No blocks: nothing to co-plan, and not finished.
  const empty = new PrivateFake([]);
  assert.deepEqual(await openStep({ ...base, screen: empty, cloud: silent, local: lexicalSide() }), { view: view('first -'), calls: [] });
  assert.equal(silent.requests.length, 0);
  // Co-planned: the pick first; the step records the round.
  const src = new PrivateFake(blocks);
  const cloud = new Scripted('cloud', { coplan: [{ finished: false, choice: 2, subtask: null, reason: 'in the list' }] });
  const opened = await openStep({ ...base, screen: src, cloud, local: lexicalSide() });
  assert.equal(opened.view.text, 'first B2');
  assert.equal(opened.coplan?.picked, 'B2');
  assert.equal(opened.subtask, opened.coplan?.subtask);
  assert.equal(opened.finished, undefined);
  assert.deepEqual(src.events, ['survey', 'reorder B2,B1,B3', 'first']);
  assert.ok(cloud.requests[0]!.prompt.includes('[Screen .MainActivity] 3 regions'));
  // Finished in co-planning: nothing sent, the view as it stands.
  const fin = new PrivateFake(blocks);
  const cloud2 = new Scripted('cloud', { coplan: [{ finished: true, choice: null, subtask: null, reason: 'done already' }] });
  const f = await openStep({ ...base, screen: fin, cloud: cloud2, local: lexicalSide() });
  assert.deepEqual(f.finished, { reason: 'done already' });
  assert.equal(f.view.text, 'nothing sent');
  assert.deepEqual(fin.events, ['survey', 'peek']);
  assert.equal(f.subtask, undefined);
});
