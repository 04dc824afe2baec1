import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { center, shortId, walk, type UiNode } from '../../src/hierarchy/model.js';
import { isGlanceError } from '../../src/errors.js';
import { builtinScenarioDir, createVirtualDevice, loadScenario, type VirtualDevice } from '../../src/device/virtual/index.js';
import { tempDir } from '../helpers/temp.js';

function nodes(dev: VirtualDevice): UiNode[] {
  return [...walk(dev.state.dump().roots)].map((w) => w.node);
}

function find(dev: VirtualDevice, pred: (n: UiNode) => boolean, what: string): UiNode {
  const n = nodes(dev).find(pred);
  assert.ok(n, `no node: ${what} on ${dev.state.screenName()}`);
  return n;
}

const byId = (id: string) => (n: UiNode) => shortId(n.id) === id || n.id === id;
const byText = (t: string) => (n: UiNode) => n.text === t;
const byDesc = (d: string) => (n: UiNode) => n.desc === d;

async function tapOn(dev: VirtualDevice, pred: (n: UiNode) => boolean, what: string): Promise<void> {
  const [x, y] = center(find(dev, pred, what).bounds);
  const r = await dev.run(`input tap ${x} ${y}`);
  assert.equal(r.exitCode, 0);
}

describe('demo scenario', () => {
  test('loads with at least 8 screens, realistic ids, and a status bar', () => {
    const dev = createVirtualDevice();
    assert.ok(dev.scenario.screens.size >= 8);
    assert.equal(dev.state.screenName(), 'home');
    assert.equal(dev.state.focusedActivity(), 'dev.glance.demo/dev.glance.demo.MainActivity');
    const roots = dev.state.dump().roots;
    assert.deepEqual(
      roots.map((r) => r.pkg),
      ['dev.glance.demo', 'com.android.systemui', 'com.android.systemui'],
    );
    for (const n of nodes(dev)) {
      assert.ok(n.bounds[0] >= 0 && n.bounds[1] >= 0 && n.bounds[2] <= 1080 && n.bounds[3] <= 2400, `${n.id} on screen`);
    }
  });

  test('tap a row → detail; back → list; back at the root → launcher; relaunch resumes', async () => {
    const dev = createVirtualDevice();
    await tapOn(dev, byText('Mon run, Wed swim, Sat long ride'), 'workout snippet');
    assert.equal(dev.state.screenName(), 'note_workout');
    assert.equal(find(dev, byId('note_heading'), 'heading').text, 'Workout plan');
    assert.equal((await dev.run('input keyevent KEYCODE_BACK')).exitCode, 0);
    assert.equal(dev.state.screenName(), 'home');
    await dev.run('input keyevent 4');
    assert.equal(dev.state.foregroundPackage(), 'com.android.launcher3');
    await tapOn(dev, byText('Glance Notes'), 'launcher icon');
    assert.equal(dev.state.screenName(), 'home');
  });

  test('toolbar up, nav-bar back and home buttons behave', async () => {
    const dev = createVirtualDevice();
    await tapOn(dev, byDesc('Settings'), 'settings action');
    assert.equal(dev.state.screenName(), 'settings');
    await tapOn(dev, byDesc('Navigate up'), 'up');
    assert.equal(dev.state.screenName(), 'home');
    await tapOn(dev, byDesc('Settings'), 'settings action');
    await tapOn(dev, (n) => n.id === 'com.android.systemui:id/back', 'nav back');
    assert.equal(dev.state.screenName(), 'home');
    await tapOn(dev, byId('browse_recipes'), 'recipes');
    await dev.run('input keyevent KEYCODE_HOME');
    assert.equal(dev.state.screenName(), '@launcher');
    await dev.run('monkey -p dev.glance.demo -c android.intent.category.LAUNCHER 1');
    assert.equal(dev.state.screenName(), 'recipes', 'the task comes back where it was');
    await dev.run('am force-stop dev.glance.demo && monkey -p dev.glance.demo 1');
    assert.equal(dev.state.screenName(), 'home', 'force-stop forgets the back stack');
  });

  test('settings: switches toggle from the row or the switch, radio buttons are exclusive, checkbox toggles', async () => {
    const dev = createVirtualDevice();
    await tapOn(dev, byDesc('Settings'), 'settings');
    const sw = (title: string): UiNode => {
      const row = dev.state.dump().roots[0]!;
      for (const { node } of walk([row])) {
        if (node.clickable && [...walk([node])].some((w) => w.node.text === title)) {
          return [...walk([node])].map((w) => w.node).find((c) => c.checkable)!;
        }
      }
      throw new Error(`no row ${title}`);
    };
    assert.equal(sw('Dark theme').checked, false);
    await tapOn(dev, byText('Dark theme'), 'row title');
    assert.equal(sw('Dark theme').checked, true);
    const [x, y] = center(sw('Dark theme').bounds);
    await dev.run(`input tap ${x} ${y}`);
    assert.equal(sw('Dark theme').checked, false);
    assert.equal(sw('Notifications').checked, true, 'other switches untouched');
    await tapOn(dev, byText('Sync over Wi-Fi only'), 'checkbox row');
    assert.equal(sw('Sync over Wi-Fi only').checked, false);
    await tapOn(dev, byText('Title'), 'radio');
    assert.equal(find(dev, byId('sort_title'), 'title radio').checked, true);
    assert.equal(find(dev, byId('sort_date'), 'date radio').checked, false);
    await tapOn(dev, byText('Title'), 'radio again');
    assert.equal(find(dev, byId('sort_title'), 'title radio').checked, true, 'a radio does not toggle off');
  });

  test('sign-in: empty form stays, typed values stored, password dumps bullets, submit replaces the screen', async () => {
    const dev = createVirtualDevice();
    await tapOn(dev, byDesc('Sign in'), 'account action');
    assert.equal(find(dev, byId('email'), 'email').text, 'Email', 'an empty field dumps its hint');
    await tapOn(dev, byId('sign_in'), 'submit');
    assert.equal(dev.state.screenName(), 'signin', 'guard: fields must be filled');
    await tapOn(dev, byId('email'), 'email');
    assert.equal(find(dev, byId('email'), 'email').focused, true);
    await dev.run("input text 'ana@example.com'");
    await tapOn(dev, byId('password'), 'password');
    await dev.run('input text hunter22');
    const pw = find(dev, byId('password'), 'password');
    assert.equal(pw.text, '•'.repeat(8));
    assert.equal(pw.password, true);
    assert.equal(dev.state.fieldValue('password'), 'hunter22');
    assert.equal(find(dev, byId('email'), 'email').focused, false, 'focus moved');
    await dev.run('input keyevent KEYCODE_ENTER');
    assert.equal(dev.state.screenName(), 'account');
    await dev.run('input keyevent BACK');
    assert.equal(dev.state.screenName(), 'home', 'sign-in was replaced, not stacked');
  });

  test('text editing keys: DEL, MOVE_HOME, DPAD, MOVE_END, letters', async () => {
    const dev = createVirtualDevice();
    await tapOn(dev, byDesc('New note'), 'fab');
    assert.equal(dev.state.screenName(), 'compose');
    await dev.run('input text hello');
    await dev.run('input keyevent KEYCODE_DEL 67');
    assert.equal(dev.state.fieldValue('compose_title'), 'hel');
    await dev.run('input keyevent KEYCODE_MOVE_HOME KEYCODE_X KEYCODE_DPAD_RIGHT KEYCODE_FORWARD_DEL KEYCODE_MOVE_END KEYCODE_SPACE');
    assert.equal(dev.state.fieldValue('compose_title'), 'xhl ');
    await tapOn(dev, byDesc('Save'), 'save');
    assert.equal(dev.state.screenName(), 'home');
  });

  test('search: field focused on open, Enter shows results with the query carried over', async () => {
    const dev = createVirtualDevice();
    await tapOn(dev, byDesc('Search'), 'search');
    assert.equal(find(dev, byId('search_src_text'), 'query').focused, true);
    await dev.run("input text 'gro'");
    await dev.run('input keyevent 66');
    assert.equal(dev.state.screenName(), 'search_results');
    assert.equal(find(dev, byId('search_src_text'), 'query').text, 'gro');
    await tapOn(dev, byText('Gift ideas'), 'result');
    assert.equal(dev.state.screenName(), 'note_gifts');
  });

  test('delete dialog: cancel pops, delete clears the stack', async () => {
    const dev = createVirtualDevice();
    await tapOn(dev, byText('Groceries'), 'row');
    await tapOn(dev, byDesc('Delete'), 'delete');
    assert.equal(dev.state.screenName(), 'delete_dialog');
    await tapOn(dev, byText('Cancel'), 'cancel');
    assert.equal(dev.state.screenName(), 'note_groceries');
    await tapOn(dev, byDesc('Delete'), 'delete');
    await tapOn(dev, byText('Delete'), 'confirm');
    assert.deepEqual(dev.state.backStack(), ['home']);
  });

  test('scrolling: rows enter and leave, bounds clip to the list, ends clamp', async () => {
    const dev = createVirtualDevice();
    await tapOn(dev, byId('browse_recipes'), 'recipes');
    const list = find(dev, byId('recipe_list'), 'list');
    const names = (): string[] =>
      nodes(dev)
        .filter(byId('recipe_name'))
        .map((n) => n.text);
    const before = names();
    assert.ok(before.length >= 9 && before.length <= 11, `~10 rows visible, got ${before.length}`);
    assert.equal(before[0], '1. Tomato soup');
    assert.ok(!before.includes('30. Chocolate mousse'));
    await dev.run('input swipe 540 1800 540 600 300');
    const after = names();
    assert.ok(!after.includes('1. Tomato soup'), 'first row left');
    assert.ok(after.includes('15. Paella'), 'later rows entered');
    for (const n of nodes(dev).filter(byId('recipe_row'))) {
      assert.ok(n.bounds[1] >= list.bounds[1] && n.bounds[3] <= list.bounds[3], 'rows clipped to the list');
    }
    const rows = dev.state.dump().roots[0]!;
    const listNode = [...walk([rows])].find((w) => shortId(w.node.id) === 'recipe_list')!.node;
    assert.deepEqual(
      listNode.children.map((c) => c.index),
      listNode.children.map((_, i) => i),
      'RecyclerView children renumbered',
    );
    for (let i = 0; i < 6; i++) await dev.run('input swipe 540 1800 540 300');
    assert.equal(names().at(-1), '30. Chocolate mousse');
    const atEnd = names();
    await dev.run('input swipe 540 1800 540 300');
    assert.deepEqual(names(), atEnd, 'clamped at the end');
    assert.match(dev.state.log.at(-1)!.message, /end of the recorded content of RecyclerView/);
    for (let i = 0; i < 8; i++) await dev.run('input swipe 540 600 540 2000 100');
    assert.equal(names()[0], '1. Tomato soup');
    // A tap on a visible row after scrolling lands on the row drawn there.
    await dev.run('input swipe 540 1800 540 600 300');
    const row = nodes(dev).find((n) => n.text === '12. Caesar salad')!;
    const [x, y] = center(row.bounds);
    await dev.run(`input tap ${x} ${y}`);
    assert.match(dev.state.log.at(-1)!.message, /12\. Caesar salad|recipe_row|LinearLayout/);
  });

  test('long press (`input swipe x y x y 1000`) opens the note menu; its Delete replaces it with the dialog', async () => {
    const dev = createVirtualDevice();
    const [x, y] = center(find(dev, byText('Groceries'), 'row').bounds);
    await dev.run(`input swipe ${x} ${y} ${x} ${y} 1000`);
    assert.equal(dev.state.screenName(), 'note_actions');
    assert.match(dev.state.log.at(-1)!.action, /^long press/);
    await tapOn(dev, byText('Delete'), 'sheet delete');
    assert.deepEqual(dev.state.backStack(), ['home', 'delete_dialog']);
    await tapOn(dev, byText('Cancel'), 'cancel');
    assert.equal(dev.state.screenName(), 'home');
    // A short still swipe is a tap.
    await dev.run(`input swipe ${x} ${y} ${x} ${y} 50`);
    assert.equal(dev.state.screenName(), 'note_groceries');
  });
});

describe('scenario loading', () => {
  test('builtinScenarioDir resolves the shipped demo and refuses unknown names', () => {
    assert.ok(builtinScenarioDir('demo').endsWith(join('assets', 'scenarios', 'demo')));
    assert.throws(
      () => builtinScenarioDir('nope'),
      (e) => isGlanceError(e, 'SCENARIO_INVALID'),
    );
    assert.throws(
      () => builtinScenarioDir('../demo'),
      (e) => isGlanceError(e, 'SCENARIO_INVALID'),
    );
  });

  test('text, key, swipe, long and bounds triggers of an authored scenario', async () => {
    const dir = tempDir('glance-scenario-');
    try {
      mkdirSync(join(dir, 'screens'));
      const screen = (body: string): string =>
        `<hierarchy rotation="0"><node class="android.widget.FrameLayout" bounds="[0,0][720,1280]">${body}</node></hierarchy>`;
      writeFileSync(
        join(dir, 'screens', 'a.xml'),
        screen(
          '<node class="android.widget.EditText" resource-id="com.example.app:id/code" hint="Code" text="Code" clickable="true" focusable="true" bounds="[0,100][720,200]" /><node class="android.widget.TextView" text="Drag here" bounds="[0,600][720,900]" />',
        ),
      );
      writeFileSync(
        join(dir, 'screens', 'ok.xml'),
        screen('<node class="android.widget.TextView" text="Accepted" bounds="[0,100][720,200]" />'),
      );
      writeFileSync(
        join(dir, 'screens', 'next.xml'),
        screen('<node class="android.widget.TextView" text="Next page" bounds="[0,100][720,200]" />'),
      );
      writeFileSync(
        join(dir, 'scenario.json'),
        JSON.stringify({
          package: 'com.example.app',
          label: 'Example',
          launcher: '.Main',
          start: 'a',
          screens: { a: { file: 'screens/a.xml' }, ok: { file: 'screens/ok.xml' }, next: { file: 'screens/next.xml' } },
          transitions: [
            { from: 'a', on: { text: { id: 'code' }, value: '1234' }, to: 'ok' },
            { from: 'a', on: { key: 'TAB', in: { id: 'code' } }, to: 'next' },
            { from: 'a', on: { swipe: 'left', in: { text: 'Drag here' } }, to: 'next' },
            { from: 'a', on: { long: { bounds: [0, 600, 720, 900] } }, to: 'ok' },
            { from: 'ok', on: { back: true }, to: '@home' },
            { from: 'next', on: { key: '66' }, to: 'ok' },
          ],
        }),
      );
      const dev = createVirtualDevice({ scenario: dir });
      dev.state.tap(360, 150);
      await dev.run('input text 12');
      assert.equal(dev.state.screenName(), 'a', 'value does not match yet');
      await dev.run('input text 34');
      assert.equal(dev.state.screenName(), 'ok', 'the whole value matches');
      await dev.run('input keyevent BACK');
      assert.equal(dev.state.foregroundPackage(), 'com.android.launcher3', 'authored back beats the stack');
      dev.state.reset('a');
      await dev.run('input swipe 600 700 100 700');
      assert.equal(dev.state.screenName(), 'next', 'a swipe nothing scrolls fires the swipe transition');
      dev.state.reset('a');
      await dev.run('input swipe 600 700 600 300');
      assert.equal(dev.state.screenName(), 'a', 'wrong direction');
      dev.state.reset('a');
      dev.state.longPress(10, 610);
      assert.equal(dev.state.screenName(), 'ok');
      dev.state.reset('a');
      dev.state.tap(360, 150);
      await dev.run('input keyevent KEYCODE_TAB');
      assert.equal(dev.state.screenName(), 'next');
      await dev.run('input keyevent ENTER');
      assert.equal(dev.state.screenName(), 'ok', 'a key trigger given by code matches the key by name');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('mistakes are reported with their path, all at once', () => {
    const dir = tempDir('glance-scenario-');
    try {
      mkdirSync(join(dir, 'screens'));
      writeFileSync(
        join(dir, 'screens', 'a.xml'),
        `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node class="android.widget.FrameLayout" bounds="[0,0][720,1280]"><node class="android.widget.Button" text="Go" clickable="true" bounds="[0,0][720,200]" /></node></hierarchy>`,
      );
      const base = {
        package: 'com.example.app',
        label: 'Example',
        launcher: '.Main',
        start: 'a',
        screens: { a: { file: 'screens/a.xml' } },
      };
      const write = (json: unknown): void => writeFileSync(join(dir, 'scenario.json'), JSON.stringify(json));
      write({
        ...base,
        transitions: [
          { from: 'a', on: { tap: { text: 'Go' } }, to: 'b' },
          { from: 'zz', on: { back: true }, to: '@nowhere' },
        ],
      });
      assert.throws(
        () => loadScenario(dir),
        (e) =>
          isGlanceError(e, 'SCENARIO_INVALID') &&
          /transitions\.0\.to: no screen named "b"/.test(e.message) &&
          /transitions\.1\.from/.test(e.message) &&
          /transitions\.1\.to: unknown "@nowhere"/.test(e.message),
      );
      write({ ...base, package: 'nodots', transitions: [{ from: 'a', on: { tap: {} }, to: 'a' }] });
      assert.throws(
        () => loadScenario(dir),
        (e) => isGlanceError(e, 'SCENARIO_INVALID') && /package/.test(e.message) && /transitions\.0\.on/.test(e.message),
      );
      write({ ...base, transitions: [{ from: 'a', on: { key: 'NOPE' }, to: 'a' }] });
      assert.throws(
        () => loadScenario(dir),
        (e) => isGlanceError(e, 'SCENARIO_INVALID') && /transitions\.0\.on\.key: unknown key "NOPE"/.test(e.message),
      );
      writeFileSync(join(dir, 'scenario.json'), '{ nope');
      assert.throws(
        () => loadScenario(dir),
        (e) => isGlanceError(e, 'SCENARIO_INVALID') && /does not parse/.test(e.message),
      );
      // A sibling folder whose name starts with this one's is still outside it.
      mkdirSync(`${dir}-sibling`);
      writeFileSync(`${dir}-sibling/a.xml`, readFileSync(join(dir, 'screens', 'a.xml')));
      const escape = `../${basename(dir)}-sibling/a.xml`;
      write({ ...base, screens: { a: { file: escape } } });
      assert.throws(
        () => loadScenario(dir),
        (e) => isGlanceError(e, 'SCENARIO_INVALID') && /inside the scenario folder/.test(e.message),
      );
      write({ ...base, transitions: [{ from: 'a', on: { tap: { text: 'Go' } }, to: '@home' }] });
      const s = loadScenario(dir);
      assert.deepEqual(s.display, { width: 720, height: 1280, density: 420 });
      const dev = createVirtualDevice({ scenario: s });
      assert.equal(dev.state.screenName(), 'a');
      dev.state.tap(360, 100);
      assert.equal(dev.state.foregroundPackage(), 'com.android.launcher3');
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(`${dir}-sibling`, { recursive: true, force: true });
    }
  });
});
