// A DroidBot output folder as DroidBot writes it (states/*.json with views[], events/*.json named by time), made
// here from scratch, replayed as the virtual device replays one: states become screens (a state recorded twice
// is one screen, its second file an alias), the app is the package the recorded `am start` launched and starts
// where that launch landed, and each recorded event answers the same action again: a tap inside the view it hit
// (the innermost view when views nest), a key by name, typed text into the same field, a scroll the way the
// content moved. Two recordings of one action that disagree: the outcome recorded most often, else the latest,
// unless a session is being followed (the event recorded soonest after the last one) or the caller prefers one.
// In process; the folder is written once per file, the loader runs inside each test.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDroidbot } from '../../src/device/virtual/droidbot.js';
import { createVirtualDevice } from '../../src/device/virtual/index.js';
import type { Scenario } from '../../src/device/virtual/scenario.js';
import { isGlanceError } from '../../src/errors.js';
import { tempDir } from '../helpers/temp.js';

const PKG = 'org.example.mail';
type Box = [number, number, number, number];

interface View {
  cls: string;
  bounds: Box;
  text?: string;
  id?: string;
  clickable?: boolean;
  children?: View[];
}

/** A DroidBot state: its views flattened with temp_id / parent / children, as device_state.py writes them. */
function state(stateStr: string, activity: string, root: View, size = { width: 1080, height: 1920 }): string {
  const views: Array<Record<string, unknown>> = [];
  const add = (v: View, parent: number): number => {
    const id = views.length;
    const rec: Record<string, unknown> = {
      temp_id: id,
      parent,
      class: v.cls,
      text: v.text ?? null,
      resource_id: v.id === undefined ? null : `${PKG}:id/${v.id}`,
      content_description: null,
      package: PKG,
      bounds: [
        [v.bounds[0], v.bounds[1]],
        [v.bounds[2], v.bounds[3]],
      ],
      clickable: v.clickable === true,
      enabled: true,
      visible: true,
      children: [] as number[],
    };
    views.push(rec);
    rec.children = (v.children ?? []).map((c) => add(c, id));
    return id;
  };
  add(root, -1);
  return JSON.stringify({ state_str: stateStr, foreground_activity: activity, ...size, views });
}

const frame = (children: View[]): View => ({ cls: 'android.widget.FrameLayout', bounds: [0, 0, 1080, 1920], children });
const button = (text: string, bounds: Box, children: View[] = []): View => ({
  cls: 'android.widget.Button',
  text,
  bounds,
  clickable: true,
  children,
});

const INBOX = frame([
  button('Compose', [0, 100, 540, 200]),
  button('Menu', [540, 100, 1080, 200]),
  // A row with a star inside it: a tap on the star is the star's.
  button('Row', [0, 300, 1080, 500], [button('Star', [900, 350, 1000, 450])]),
  { cls: 'android.widget.EditText', id: 'search', bounds: [0, 600, 1080, 700] },
  { cls: 'androidx.recyclerview.widget.RecyclerView', bounds: [0, 800, 1080, 1800] },
]);

interface Ev {
  type: string;
  from: string;
  to: string;
  /** Minutes after the first event (DroidBot names event files by local time). */
  at: number;
  bounds?: Box;
  name?: string;
  text?: string;
  intent?: string;
  direction?: string;
}

function event(e: Ev): string {
  const view =
    e.bounds === undefined
      ? undefined
      : {
          bounds: [
            [e.bounds[0], e.bounds[1]],
            [e.bounds[2], e.bounds[3]],
          ],
          resource_id: null,
          text: null,
        };
  return JSON.stringify({
    start_state: e.from,
    stop_state: e.to,
    event: {
      event_type: e.type,
      ...(view === undefined ? {} : { view }),
      ...(e.name === undefined ? {} : { name: e.name }),
      ...(e.text === undefined ? {} : { text: e.text }),
      ...(e.intent === undefined ? {} : { intent: e.intent }),
      ...(e.direction === undefined ? {} : { direction: e.direction }),
    },
  });
}

function tag(minutes: number): string {
  const d = new Date(Date.UTC(2026, 0, 1, 10, 0, 0) + minutes * 60_000);
  const p = (n: number): string => String(n).padStart(2, '0');
  return `event_${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}_${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}.json`;
}

function writeFolder(states: Record<string, string>, events: Ev[]): string {
  const dir = join(tempDir('glance-droidbot-'), 'mail');
  mkdirSync(join(dir, 'states'), { recursive: true });
  mkdirSync(join(dir, 'events'), { recursive: true });
  for (const [f, s] of Object.entries(states)) writeFileSync(join(dir, 'states', f), s);
  for (const e of events) writeFileSync(join(dir, 'events', tag(e.at)), event(e));
  return dir;
}

const A = (name: string): string => `${PKG}/${PKG}.${name}`;

const MAIL = writeFolder(
  {
    'state_2026-01-01_095900.json': state('s-launcher', 'com.android.launcher3/.Launcher', frame([button('Mail', [0, 0, 200, 200])])),
    'state_2026-01-01_100000.json': state('s-inbox', A('Inbox'), INBOX),
    'state_2026-01-01_100100.json': state('s-compose', A('Compose'), frame([button('Send', [0, 100, 1080, 200])])),
    'state_2026-01-01_100200.json': state('s-menu', A('Menu'), frame([button('Settings', [0, 100, 1080, 200])])),
    'state_2026-01-01_100300.json': state('s-starred', A('Inbox'), frame([button('Starred', [0, 100, 1080, 200])])),
    'state_2026-01-01_100400.json': state('s-row', A('Message'), frame([button('Reply', [0, 100, 1080, 200])])),
    'state_2026-01-01_100500.json': state('s-found', A('Search'), frame([button('Result', [0, 100, 1080, 200])])),
    'state_2026-01-01_100600.json': state('s-more', A('Inbox'), frame([button('Older', [0, 100, 1080, 200])])),
    // The inbox again, later: the same state, one screen.
    'state_2026-01-01_110000.json': state('s-inbox', A('Inbox'), INBOX),
    // Not states: no state_str, and not JSON at all.
    'state_2026-01-01_120000.json': JSON.stringify({ views: [] }),
    'state_2026-01-01_120100.json': '{ not json',
  },
  [
    { type: 'intent', from: 's-launcher', to: 's-inbox', at: 0, intent: `am start ${PKG}/.Inbox` },
    { type: 'click', from: 's-inbox', to: 's-compose', at: 1, bounds: [0, 100, 540, 200] },
    { type: 'key', from: 's-compose', to: 's-inbox', at: 2, name: 'BACK' },
    // Menu: twice to the menu, once (latest) to the starred list: the most frequent outcome wins.
    { type: 'click', from: 's-inbox', to: 's-menu', at: 3, bounds: [540, 100, 1080, 200] },
    { type: 'click', from: 's-inbox', to: 's-menu', at: 4, bounds: [540, 100, 1080, 200] },
    { type: 'click', from: 's-inbox', to: 's-starred', at: 5, bounds: [540, 100, 1080, 200] },
    // The row and the star inside it.
    { type: 'click', from: 's-inbox', to: 's-row', at: 6, bounds: [0, 300, 1080, 500] },
    { type: 'click', from: 's-inbox', to: 's-starred', at: 7, bounds: [900, 350, 1000, 450] },
    { type: 'set_text', from: 's-inbox', to: 's-found', at: 8, bounds: [0, 600, 1080, 700], text: 'invoice' },
    { type: 'scroll', from: 's-inbox', to: 's-more', at: 9, bounds: [0, 800, 1080, 1800], direction: 'down' },
    // A recorded tap that changed nothing, and one whose outcome was never recorded.
    { type: 'click', from: 's-row', to: 's-row', at: 10, bounds: [0, 100, 1080, 200] },
    { type: 'click', from: 's-compose', to: 's-unrecorded', at: 11, bounds: [0, 100, 1080, 200] },
    // Two sessions hours apart: Compose's Send led to the menu in the first, to the starred list in the second.
    { type: 'click', from: 's-compose', to: 's-menu', at: 1.5, bounds: [0, 100, 1080, 200] },
    { type: 'click', from: 's-inbox', to: 's-compose', at: 300, bounds: [0, 100, 540, 200] },
    { type: 'click', from: 's-compose', to: 's-starred', at: 301, bounds: [0, 100, 1080, 200] },
  ],
);

const replay = (sc: Scenario, screen: string, action: Parameters<NonNullable<Scenario['replay']>>[1], previous: string[] = []) =>
  sc.replay!(screen, action, previous);

describe('a DroidBot folder as a scenario', () => {
  test('the app is the launched package, starting where the launch landed; its label, launcher and display', () => {
    const sc = loadDroidbot(MAIL);
    assert.deepEqual(
      [sc.package, sc.label, sc.launcher, sc.start, sc.display, sc.name],
      [PKG, 'Mail', A('Inbox'), 'state_2026-01-01_100000', { width: 1080, height: 1920, density: 420 }, 'mail'],
    );
    assert.ok(sc.packages.includes(PKG));
    assert.deepEqual(sc.device, { model: 'Glance Virtual Device', product: 'glance_droidbot', sdk: 30, release: '11' });
  });

  test('each state is a screen named by its file; a state recorded twice is one screen, the later file an alias; non-states are skipped', () => {
    const sc = loadDroidbot(MAIL);
    assert.equal(sc.screens.size, 8);
    assert.equal(sc.screens.has('state_2026-01-01_110000'), false);
    assert.equal(sc.aliases!.get('state_2026-01-01_110000'), 'state_2026-01-01_100000');
    assert.equal(sc.aliases!.get('s-compose'), 'state_2026-01-01_100100');
    assert.equal(sc.screens.get('state_2026-01-01_100100')!.activity, A('Compose'));
  });

  test('on the device: the app in front on its start screen; a recorded tap moves, an unrecorded one is logged', async () => {
    const dev = createVirtualDevice({ droidbotDir: MAIL });
    assert.deepEqual([dev.state.foregroundPackage(), dev.state.screenName()], [PKG, 'state_2026-01-01_100000']);
    await dev.run('input tap 270 150');
    assert.equal(dev.state.screenName(), 'state_2026-01-01_100100');
    await dev.run('input keyevent KEYCODE_BACK');
    assert.equal(dev.state.screenName(), 'state_2026-01-01_100000');
    await dev.run('input tap 540 1900');
    assert.equal(dev.state.screenName(), 'state_2026-01-01_100000');
    assert.match(dev.state.log.at(-1)!.message, /no transition/);
  });

  test('a folder without states, or whose states cannot be read, is a coded error', () => {
    const empty = writeFolder({}, []);
    assert.throws(
      () => loadDroidbot(empty),
      (e) => isGlanceError(e) && e.code === 'SCENARIO_INVALID' && /no states found/.test(e.message),
    );
    const broken = writeFolder(
      { 'state_1.json': JSON.stringify({ state_str: 'x', views: [{ temp_id: 0, parent: -1, bounds: 'no' }] }) },
      [],
    );
    assert.throws(
      () => loadDroidbot(broken),
      (e) => isGlanceError(e) && e.code === 'SCENARIO_INVALID' && /no state could be read/.test(e.message),
    );
  });

  test('without a recorded launch the app is the most common foreground package, starting on its first screen', () => {
    const dir = writeFolder(
      {
        'state_a.json': state('a', 'com.android.launcher3/.Launcher', frame([])),
        'state_b.json': state('b', A('One'), frame([]), { width: 720, height: 1280 }),
        'state_c.json': state('c', A('Two'), frame([])),
        'state_d.json': state('d', 'com.other.app/.X', frame([])),
      },
      [],
    );
    const sc = loadDroidbot(dir);
    assert.deepEqual([sc.package, sc.start, sc.launcher], [PKG, 'state_b', A('One')]);
    assert.deepEqual(sc.display, { width: 1080, height: 1920, density: 420 }, "the first state's size");
  });
});

describe('replaying recorded events', () => {
  const INBOX_NAME = 'state_2026-01-01_100000';

  test('a tap inside the recorded view goes where the recording went; outside any, no answer', () => {
    const sc = loadDroidbot(MAIL);
    assert.equal(replay(sc, INBOX_NAME, { kind: 'tap', x: 10, y: 110 })?.to, 'state_2026-01-01_100100');
    assert.deepEqual(replay(sc, INBOX_NAME, { kind: 'tap', x: 540, y: 1900 }), undefined);
    assert.equal(replay(sc, INBOX_NAME, { kind: 'long', x: 10, y: 110 }), undefined, 'a long press is not a click');
  });

  test('nested views: the innermost recorded view under the finger answers', () => {
    const sc = loadDroidbot(MAIL);
    assert.equal(replay(sc, INBOX_NAME, { kind: 'tap', x: 950, y: 400 })?.to, 'state_2026-01-01_100300');
    assert.equal(replay(sc, INBOX_NAME, { kind: 'tap', x: 100, y: 400 })?.to, 'state_2026-01-01_100400');
  });

  test('outcomes that disagree: the most frequent; a preferred one when the caller asks', () => {
    const sc = loadDroidbot(MAIL);
    const menu = replay(sc, INBOX_NAME, { kind: 'tap', x: 800, y: 150 });
    assert.equal(menu?.to, 'state_2026-01-01_100200');
    assert.deepEqual(menu?.events, [tag(3), tag(4)], 'the events consistent with it');
    const preferred = sc.replay!(INBOX_NAME, { kind: 'tap', x: 800, y: 150 }, [], {
      prefer: (names) => names.find((n) => n === 'state_2026-01-01_100300'),
    });
    assert.equal(preferred?.to, 'state_2026-01-01_100300');
  });

  test('following a session: the outcome recorded soonest after the last replayed event wins', () => {
    const sc = loadDroidbot(MAIL);
    const compose = 'state_2026-01-01_100100';
    const send = { kind: 'tap', x: 540, y: 150 } as const;
    // Outcomes tie (one each): without a session, the latest recording.
    assert.equal(replay(sc, compose, send)?.to, 'state_2026-01-01_100300');
    assert.equal(replay(sc, compose, send, [tag(1)])?.to, 'state_2026-01-01_100200', 'the first session');
    assert.equal(replay(sc, compose, send, [tag(300)])?.to, 'state_2026-01-01_100300', 'the second session');
  });

  test('a recorded no-op keeps the live screen; an event whose outcome was never recorded is not replayed', () => {
    const sc = loadDroidbot(MAIL);
    assert.equal(replay(sc, 'state_2026-01-01_100400', { kind: 'tap', x: 540, y: 150 })?.to, '@stay');
  });

  test('keys by name, text by value and field, scrolls by the way the content moves', () => {
    const sc = loadDroidbot(MAIL);
    assert.equal(replay(sc, 'state_2026-01-01_100100', { kind: 'key', key: 'BACK' })?.to, INBOX_NAME);
    assert.equal(replay(sc, 'state_2026-01-01_100100', { kind: 'key', key: 'HOME' }), undefined);
    const field: Box = [0, 600, 1080, 700];
    assert.equal(replay(sc, INBOX_NAME, { kind: 'text', value: 'invoice', bounds: field })?.to, 'state_2026-01-01_100500');
    assert.equal(replay(sc, INBOX_NAME, { kind: 'text', value: 'invoice', bounds: [10, 610, 1070, 690] })?.to, 'state_2026-01-01_100500');
    assert.equal(replay(sc, INBOX_NAME, { kind: 'text', value: 'invoice', bounds: undefined })?.to, 'state_2026-01-01_100500');
    assert.equal(replay(sc, INBOX_NAME, { kind: 'text', value: 'receipt', bounds: field }), undefined);
    // A finger moving up scrolls the content down.
    assert.equal(replay(sc, INBOX_NAME, { kind: 'scroll', x: 540, y: 1300, direction: 'up' })?.to, 'state_2026-01-01_100600');
    assert.equal(replay(sc, INBOX_NAME, { kind: 'scroll', x: 540, y: 1300, direction: 'down' }), undefined);
    assert.equal(replay(sc, INBOX_NAME, { kind: 'scroll', x: 540, y: 150, direction: 'up' }), undefined, 'outside the scrolled view');
  });
});
