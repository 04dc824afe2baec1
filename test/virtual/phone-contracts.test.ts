// The virtual phone as a client sees it through dumps and input: an empty field dumps its hint and holds no value;
// a password shows one bullet per character; a scrolled list shifts, clips and renumbers its rows and shows rows
// beyond the fold only once it moves; `uiautomator dump` serialises the active window alone; back stacks, tasks
// and running apps follow launch, back, home and force-stop; carried fields keep their value across screens;
// the log of unmatched actions stays bounded. A small scenario built in memory; in process, no adb.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { walk, type UiNode } from '../../src/hierarchy/model.js';
import { VirtualPhone } from '../../src/device/virtual/phone.js';
import { buildScenario, type Scenario } from '../../src/device/virtual/scenario.js';

const PKG = 'com.example.notes';

const ROWS = Array.from(
  { length: 10 },
  (_, i) =>
    `<node class="android.widget.TextView" text="Row ${i}" clickable="true" bounds="[0,${400 + i * 200}][1080,${600 + i * 200}]" />`,
).join('\n');

const SCREENS: Record<string, string> = {
  'form.xml': `<hierarchy rotation="0">
  <node class="android.widget.FrameLayout" bounds="[0,0][1080,2400]">
    <node class="android.widget.EditText" resource-id="${PKG}:id/query" text="Search notes" hint="Search notes" focusable="true" focused="true" bounds="[0,100][1080,250]" />
    <node class="android.widget.EditText" resource-id="${PKG}:id/pin" text="" hint="PIN" password="true" focusable="true" bounds="[0,300][1080,450]" />
    <node class="android.widget.Button" resource-id="${PKG}:id/go" text="Go" clickable="true" bounds="[0,500][1080,650]" />
    <node class="android.widget.TextView" resource-id="${PKG}:id/flat" text="zero height" bounds="[0,700][1080,700]" />
  </node>
</hierarchy>`,
  'results.xml': `<hierarchy rotation="0">
  <node class="android.widget.FrameLayout" bounds="[0,0][1080,2400]">
    <node class="android.widget.EditText" resource-id="${PKG}:id/query" text="" hint="Search notes" bounds="[0,100][1080,250]" />
    <node class="androidx.recyclerview.widget.RecyclerView" resource-id="${PKG}:id/list" scrollable="true" bounds="[0,400][1080,1400]">
${ROWS}
    </node>
  </node>
</hierarchy>`,
  'about.xml': `<hierarchy rotation="0">
  <node class="android.widget.FrameLayout" bounds="[0,0][1080,2400]">
    <node class="android.widget.TextView" text="About" bounds="[0,100][1080,250]" />
  </node>
</hierarchy>`,
};

function scenario(systemBars = false): Scenario {
  return buildScenario(
    {
      package: PKG,
      label: 'Notes',
      launcher: '.Main',
      start: 'form',
      systemBars,
      display: { width: 1080, height: 2400, density: 420 },
      screens: {
        form: { file: 'form.xml' },
        results: { file: 'results.xml', activity: '.Results' },
        about: { file: 'about.xml', activity: '.About' },
      },
      transitions: [
        { from: 'form', on: { tap: { id: 'go' } }, to: 'results', carry: ['query'], when: { filled: ['query'] } },
        { from: 'results', on: { tap: { text: 'Row 0' } }, to: 'about' },
        { from: 'about', on: { tap: { text: 'About' } }, to: 'form', clear: true },
      ],
    },
    (f) => SCREENS[f]!,
    'in-memory',
  );
}

function started(systemBars = false): VirtualPhone {
  const p = new VirtualPhone(scenario(systemBars));
  assert.equal(p.launch(PKG), 'started');
  return p;
}

function nodes(p: VirtualPhone): UiNode[] {
  return [...walk(p.dump().roots)].map((w) => w.node);
}

const byId = (p: VirtualPhone, id: string): UiNode | undefined => nodes(p).find((n) => n.id === `${PKG}:id/${id}`);
const center = (n: UiNode): [number, number] => [(n.bounds[0] + n.bounds[2]) / 2, (n.bounds[1] + n.bounds[3]) / 2];

describe('text fields', () => {
  test('a field showing its hint is empty: no value, the hint dumped as its text until something is typed', () => {
    const p = started();
    assert.equal(p.fieldValue('query'), '');
    assert.equal(byId(p, 'query')?.text, 'Search notes');
    assert.equal(byId(p, 'query')?.focused, true);
    p.text('milk');
    assert.equal(p.fieldValue('query'), 'milk');
    assert.equal(byId(p, 'query')?.text, 'milk');
  });

  test('a password field dumps one bullet per character, the value kept', () => {
    const p = started();
    p.tap(...center(byId(p, 'pin')!));
    p.text('4321');
    assert.equal(byId(p, 'pin')?.text, '\u2022'.repeat(4));
    assert.equal(byId(p, 'query')?.focused, false, 'focus moved to the tapped field');
    assert.equal(byId(p, 'pin')?.focused, true);
    assert.equal(p.fieldValue('pin'), '4321');
  });

  test('a transition guarded by a filled field waits for it; the carried value arrives with the cursor at its end', () => {
    const p = started();
    p.tap(...center(byId(p, 'go')!));
    assert.equal(p.screenName(), 'form', 'the query is empty: no search');
    p.text('eggs');
    p.tap(...center(byId(p, 'go')!));
    assert.equal(p.screenName(), 'results');
    assert.equal(p.fieldValue('query'), 'eggs');
    assert.equal(byId(p, 'query')?.text, 'eggs');
  });

  test('a field another screen never held is not carried: an empty carried field stays empty', () => {
    const p = started();
    p.reset('results');
    assert.equal(p.fieldValue('query'), '');
    assert.equal(p.fieldValue('no-such-field'), undefined);
  });
});

describe('what a dump shows', () => {
  test('a node of zero height is not on screen', () => {
    assert.equal(byId(started(), 'flat'), undefined);
  });

  test('a list shows the rows inside its bounds, clipped; rows past the fold are not dumped', () => {
    const p = started();
    p.reset('results');
    const list = byId(p, 'list')!;
    assert.deepEqual(list.bounds, [0, 400, 1080, 1400]);
    assert.deepEqual(
      list.children.map((r) => [r.text, r.bounds, r.index]),
      [0, 1, 2, 3, 4].map((i) => [`Row ${i}`, [0, 400 + i * 200, 1080, 600 + i * 200], i]),
    );
  });

  test('after a scroll the rows move up by the distance, clip to the list, renumber from 0, and stop at the end', () => {
    const p = started();
    p.reset('results');
    p.swipe({ x: 540, y: 1300 }, { x: 540, y: 1000 }, 300);
    const rows = byId(p, 'list')!.children;
    assert.deepEqual(
      rows.map((r) => [r.text, r.bounds, r.index]),
      [
        ['Row 1', [0, 400, 1080, 500], 0],
        ['Row 2', [0, 500, 1080, 700], 1],
        ['Row 3', [0, 700, 1080, 900], 2],
        ['Row 4', [0, 900, 1080, 1100], 3],
        ['Row 5', [0, 1100, 1080, 1300], 4],
        ['Row 6', [0, 1300, 1080, 1400], 5],
      ],
    );
    // Far past the end: the content stops where it ends (rows 5 to 9 fill the list).
    p.swipe({ x: 540, y: 1300 }, { x: 540, y: 500 }, 300);
    p.swipe({ x: 540, y: 1300 }, { x: 540, y: 500 }, 300);
    const end = byId(p, 'list')!.children;
    assert.deepEqual(
      end.map((r) => r.text),
      ['Row 5', 'Row 6', 'Row 7', 'Row 8', 'Row 9'],
    );
    assert.deepEqual(end.at(-1)!.bounds, [0, 1200, 1080, 1400]);
    // Back to the top, and no further.
    for (let i = 0; i < 3; i++) p.swipe({ x: 540, y: 500 }, { x: 540, y: 1300 }, 300);
    assert.deepEqual(byId(p, 'list')!.children[0]!.bounds, [0, 400, 1080, 600]);
    assert.match(p.log.at(-1)!.message, /end of the recorded content/);
  });

  test('recorded rows beyond the fold (not visible when dumped) appear only once the list has moved', () => {
    const sc = scenario();
    const def = sc.screens.get('results')!;
    // Rows 5 to 9 as a recording dumps them beyond the fold: present but not visible to the user.
    const preorder = [...walk(def.dump.roots)].map((w) => w.node);
    const hidden = preorder.map((n, i) => (/^Row [5-9]$/.test(n.text) ? i : -1)).filter((i) => i >= 0);
    for (const i of hidden) preorder[i]!.visible = false;
    sc.screens.set('results', { ...def, offscreen: hidden });
    const p = new VirtualPhone(sc);
    p.reset('results');
    const texts = (): string[] => byId(p, 'list')!.children.map((r) => r.text);
    assert.deepEqual(texts(), ['Row 0', 'Row 1', 'Row 2', 'Row 3', 'Row 4']);
    p.swipe({ x: 540, y: 1300 }, { x: 540, y: 900 }, 300);
    assert.deepEqual(texts(), ['Row 2', 'Row 3', 'Row 4', 'Row 5', 'Row 6']);
    // Shown now, they dump as any visible view does.
    assert.ok(byId(p, 'list')!.children.every((r) => r.visible));
  });

  test("uiautomator's dump holds the active window only; the full dump adds the system bars after the app", () => {
    const p = started(true);
    const all = p.dump();
    assert.deepEqual(
      all.roots.map((r) => [r.pkg, r.index]),
      [
        [PKG, 0],
        ['com.android.systemui', 1],
        ['com.android.systemui', 2],
      ],
    );
    const active = p.dump({ windows: 'active' });
    assert.deepEqual(
      active.roots.map((r) => [r.pkg, r.index]),
      [[PKG, 0]],
    );
    assert.deepEqual([active.package, active.activity], [PKG, `${PKG}.Main`]);
    p.home();
    assert.deepEqual(
      p.dump({ windows: 'active' }).roots.map((r) => r.pkg),
      ['com.android.launcher3'],
    );
  });

  test('the home screen has an icon with the app label that starts it', () => {
    const p = new VirtualPhone(scenario(true));
    assert.equal(p.screenName(), '@launcher');
    const icon = nodes(p).find((n) => n.text === 'Notes' && n.pkg === 'com.android.launcher3');
    assert.ok(icon);
    p.tap(...center(icon));
    assert.equal(p.foregroundPackage(), PKG);
    assert.equal(p.screenName(), 'form');
  });

  test('the navigation bar: Back pops a screen, Home leaves the app running', () => {
    const p = started(true);
    p.text('x');
    p.tap(...center(byId(p, 'go')!));
    const bar = (id: string): UiNode => nodes(p).find((n) => n.id === `com.android.systemui:id/${id}`)!;
    p.tap(...center(bar('back')));
    assert.equal(p.screenName(), 'form');
    p.tap(...center(bar('home')));
    assert.equal(p.foregroundPackage(), 'com.android.launcher3');
    assert.deepEqual(p.runningPackages(), [PKG]);
  });
});

describe('tasks and back stacks', () => {
  test('screens push on tap; back pops; back on the root leaves the task running behind the launcher', () => {
    const p = started();
    p.text('x');
    p.tap(...center(byId(p, 'go')!));
    p.tap(...center(nodes(p).find((n) => n.text === 'Row 0')!));
    assert.deepEqual(p.backStack(), ['form', 'results', 'about']);
    assert.deepEqual(p.backStackActivities(), [`${PKG}/${PKG}.Main`, `${PKG}/${PKG}.Results`, `${PKG}/${PKG}.About`]);
    assert.equal(p.focusedActivity(), `${PKG}/${PKG}.About`);
    p.key('BACK');
    assert.deepEqual(p.backStack(), ['form', 'results']);
    p.key('BACK');
    p.key('BACK');
    assert.equal(p.foregroundPackage(), 'com.android.launcher3');
    assert.deepEqual(p.backStack(), ['@launcher']);
    assert.deepEqual(p.backStackActivities(), ['com.android.launcher3/com.android.launcher3.uioverrides.QuickstepLauncher']);
    assert.deepEqual(p.runningPackages(), [PKG]);
    assert.equal(p.launch(PKG), 'brought-to-front');
    assert.deepEqual(p.backStack(), ['form']);
  });

  test('a clearing transition empties the stack first', () => {
    const p = started();
    p.text('x');
    p.tap(...center(byId(p, 'go')!));
    p.tap(...center(nodes(p).find((n) => n.text === 'Row 0')!));
    p.tap(...center(nodes(p).find((n) => n.text === 'About')!));
    assert.deepEqual(p.backStack(), ['form']);
  });

  test('force-stop ends the task: not running, launched fresh; launch by activity; unknown apps and activities', () => {
    const p = started();
    p.text('x');
    p.tap(...center(byId(p, 'go')!));
    p.forceStop('com.example.other');
    assert.deepEqual([p.foregroundPackage(), p.backStack()], [PKG, ['form', 'results']], 'stopping another app changes nothing here');
    p.forceStop(PKG);
    assert.deepEqual(p.runningPackages(), []);
    assert.equal(p.foregroundPackage(), 'com.android.launcher3');
    assert.equal(p.launch(PKG), 'started');
    assert.deepEqual(p.backStack(), ['form']);
    assert.equal(p.launch(PKG, `${PKG}/${PKG}.About`), 'started');
    assert.deepEqual(p.backStack(), ['form', 'about']);
    assert.equal(p.launch(PKG, `${PKG}/${PKG}.Nope`), 'no-such-activity');
    assert.equal(p.launch('com.example.other'), 'no-such-app');
    assert.equal(p.launch('com.android.launcher3'), 'brought-to-front');
    assert.equal(p.foregroundPackage(), 'com.android.launcher3');
  });

  test('reset: the named screen alone on the app task, in front; an unknown name is an error', () => {
    const p = started();
    p.reset('about');
    assert.deepEqual([p.foregroundPackage(), p.backStack()], [PKG, ['about']]);
    assert.throws(() => p.reset('nowhere'), /no screen "nowhere"/);
  });
});

describe('the action log', () => {
  test('each unmatched action is noted with its screen; the log keeps the last 1000', () => {
    const p = started();
    const seen: string[] = [];
    p.onLog = (e) => seen.push(e.action);
    p.tap(540, 2000);
    assert.deepEqual(p.log.at(-1), { action: 'tap 540 2000', screen: 'form', message: 'no transition for FrameLayout' });
    for (let i = 0; i < 1005; i++) p.tap(540, 2000 + (i % 7));
    assert.equal(p.log.length, 1000);
    assert.equal(p.log[0]!.action, `tap 540 ${2000 + (5 % 7)}`, 'the oldest six are gone');
    assert.equal(seen.length, 1006);
  });
});
