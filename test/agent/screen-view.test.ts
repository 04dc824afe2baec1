// The private screen view shows the device snapshot's refs: on a scrolled list whose cut row carried its ref from
// the snapshot before, the blocks name that row by the carried ref, never by the one its dump alone would give.
// And it masks phone numbers, emails and card numbers in everything bound for the model, the task included.
// It says what lies beyond a list's fold, naming off-screen rows only by labels the app itself ships.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { maskedProvider } from '../../src/agent/policies/model-common.js';
import { privateScreen, wholeScreen, type ScreenView } from '../../src/agent/policies/screen-view.js';
import type { ModelRequest, Provider } from '../../src/agent/providers/provider.js';
import type { Observation } from '../../src/agent/types.js';
import { observeThrough } from '../../src/agent/world.js';
import { deviceContext } from '../helpers/tool-context.js';
import type { UiMap } from '../../src/uimap/index.js';
import { FoldDevice } from '../helpers/fold-device.js';
import { snapshotOf } from '../../src/device/snap.js';
import { createVirtualDevice } from '../../src/device/virtual/device.js';
import { toUiautomatorXml } from '../../src/hierarchy/xml.js';
import { isRefLike } from '../../src/snapshot/selector.js';

test('privacy blocks name elements by the refs the device snapshot carried', () => {
  const vd = createVirtualDevice({ scenario: 'demo' });
  vd.state.tap(540, 1711); // Browse recipes
  const xml = (): string => toUiautomatorXml(vd.state.dump({ windows: 'active' }));
  const before = snapshotOf(xml());
  vd.state.swipe({ x: 540, y: 1500 }, { x: 540, y: 1380 }, 300);
  const dump = xml();
  const shown = snapshotOf(dump, before.snapshot);
  const cut = shown.elements.find((e) => e.labels?.length === 1 && e.labels[0] === '25 min · Vegetarian')!;
  const alone = snapshotOf(dump).elements.find((e) => e.labels?.length === 1 && e.labels[0] === '25 min · Vegetarian')!;
  assert.notEqual(cut.ref, alone.ref, 'the row carried its ref');

  const obs: Observation = { screen: shown.screen, elements: [...shown.elements], text: shown.snapshot.text, dump };
  const view = privateScreen('vegetarian soup');
  const texts = [view.open(obs, []).text];
  for (let v = view.more(); v !== undefined; v = view.more()) texts.push(v.text);
  const named = texts
    .join('\n')
    .split('\n')
    .map((l) => l.trim().split(' ')[0] ?? '')
    .filter((w) => isRefLike(w));
  assert.ok(named.includes(cut.ref), texts.join('\n'));
  const onDevice = new Set(shown.elements.map((e) => e.ref));
  assert.deepEqual(
    named.filter((r) => !onDevice.has(r)),
    [],
  );
});

const CONTACT = `<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0">
<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="org.example.contacts" content-desc="" clickable="false" bounds="[0,0][1080,2400]">
<node index="0" text="Ada Lovelace" resource-id="org.example.contacts:id/name" class="android.widget.TextView" package="org.example.contacts" content-desc="" clickable="false" bounds="[48,200][1032,300]"/>
<node index="1" text="+1 415 555 0199" resource-id="org.example.contacts:id/phone" class="android.widget.TextView" package="org.example.contacts" content-desc="" clickable="true" bounds="[48,320][1032,420]"/>
<node index="2" text="ada@example.com" resource-id="org.example.contacts:id/email" class="android.widget.TextView" package="org.example.contacts" content-desc="" clickable="true" bounds="[48,440][1032,540]"/>
<node index="3" text="Call" resource-id="org.example.contacts:id/call" class="android.widget.Button" package="org.example.contacts" content-desc="" clickable="true" bounds="[48,600][1032,720]"/>
</node></hierarchy>`;

test('a private view sends phone numbers and emails as placeholders, the task masked the same way; answers unmask', async () => {
  const shown = snapshotOf(CONTACT);
  const obs: Observation = { screen: shown.screen, elements: [...shown.elements], text: shown.snapshot.text, dump: CONTACT };
  const task = 'call +1 415 555 0199';
  const view = privateScreen(task);
  const texts = [view.open(obs, []).text];
  for (let v = view.more(); v !== undefined; v = view.more()) texts.push(v.text);
  const sent = texts.join('\n');
  assert.ok(!sent.includes('555 0199') && !sent.includes('ada@example.com'), sent);
  assert.match(sent, /\[PHONE_1\]/);
  assert.match(sent, /\[EMAIL_1\]/);
  assert.equal(view.mask(task), 'call [PHONE_1]', 'the task names the value by the placeholder the screen shows');
  assert.equal(view.unmask('type [EMAIL_1]'), 'type ada@example.com');

  // The model is reached through a provider that masks every prompt; its answer keeps the placeholder.
  const asked: string[] = [];
  const model: Provider = {
    name: 'fake',
    ask: async <T>(req: ModelRequest<T>) => {
      asked.push(req.prompt);
      return { value: req.schema.parse({ text: '[PHONE_1]' }), calls: [] };
    },
  };
  const masked = maskedProvider(model, () => view);
  const reply = await masked.ask({
    role: 'step',
    promptId: 'test@1',
    system: '',
    prompt: `Task: ${task}\nSteps so far: typed ada@example.com`,
    schema: z.object({ text: z.string() }),
  });
  assert.deepEqual(asked, ['Task: call [PHONE_1]\nSteps so far: typed [EMAIL_1]']);
  assert.equal(view.unmask(reply.value.text), '+1 415 555 0199');
  // The whole view (privacy off) sends values as they are.
  assert.equal(wholeScreen().mask(task), task);
});

/** A map whose app ships the texts of two rows only (the others stand for what a user put in the list). */
const shipping = (...texts: string[]): UiMap =>
  ({
    package: 'app',
    activities: [
      {
        name: 'app.Main',
        layouts: [],
        elements: texts.map((t, i) => ({ id: `t${i}`, class: 'TextView', text: t })),
        fragments: [],
        dialogs: [],
        menus: [],
      },
    ],
    transitions: [],
    warnings: [],
  }) as unknown as UiMap;

/** Every block of the step, sent one after the other; the last view. */
function sendAll(view: ReturnType<typeof privateScreen>, obs: Observation): ScreenView {
  let v = view.open(obs, []);
  for (let m = view.more(); m !== undefined; m = view.more()) v = m;
  return v;
}

test('the private view says what lies beyond the fold, naming only rows whose labels the app ships', async () => {
  const obs = await observeThrough(deviceContext(new FoldDevice(30)));
  const off = obs.offscreen ?? [];
  const refOf = (t: string): string => off.find((e) => e.text === t)!.ref;
  const list = obs.elements.find((e) => e.actions.includes('scroll'))!.ref;
  const v = sendAll(privateScreen('open row 12', shipping('Row 12', 'Row 20')), obs);
  const lines = v.text.split('\n');
  const note = lines.filter((l) => l.includes('the fold'));
  assert.deepEqual(note, [
    `  (below the fold of ${list}, ${off.length} more: ${refOf('Row 12')} "Row 12", ${refOf('Row 20')} "Row 20", +${off.length - 2} more)`,
  ]);
  // Right after the block holding the list's last row shown.
  const lastRow = obs.elements.filter((e) => e.parent === list).reduce((a, e) => (e.bounds[3] > a.bounds[3] ? e : a));
  assert.match(lines[lines.indexOf(note[0]!) - 1]!, new RegExp(`^  ${lastRow.ref} `));
  // Named rows may be acted on (the tools scroll them into view); the others' labels never appear.
  assert.ok(v.refs.has(refOf('Row 12')) && !v.refs.has(refOf('Row 13')));
  assert.doesNotMatch(v.text, /Row 13|Row 29/);
  // What left the machine counts the note: every character of the blocks as sent (they are joined by newlines).
  const blocks = lines.filter((l) => l.startsWith('[B')).length;
  assert.equal(v.exposure.sentChars, v.text.length - (blocks - 1));
});

test('without a map the private view counts the rows beyond the fold and names none', async () => {
  const obs = await observeThrough(deviceContext(new FoldDevice(30)));
  const list = obs.elements.find((e) => e.actions.includes('scroll'))!.ref;
  const v = sendAll(privateScreen('open row 12'), obs);
  assert.deepEqual(
    v.text.split('\n').filter((l) => l.includes('the fold')),
    [`  (below the fold of ${list}, ${obs.offscreen!.length} more)`],
  );
});
