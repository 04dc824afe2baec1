// Results that never mislead, through the official SDK client over `glance mcp` on the demo phone: touches and
// scrolls that changed nothing say so and what to try, a password's length is confirmed (never its text),
// app_run_task refuses the home screen and is an error unless the screen shows the task done, app_map searches
// loosely, lists a screen's controls and prints a shared route once, app_navigate shows where it landed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requires } from '../helpers/requires.js';
import { repoRoot } from '../helpers/corpus.js';
import { tempDir } from '../helpers/temp.js';
import { refOn } from './agent-script.js';
import { startMcpPhone, textOf, type McpPhone } from './mcp-phone.js';

const DEMO_MAP = join(repoRoot, 'assets/scenarios/demo/uimap.json');
const lines = (t: string): string[] => t.split('\n');

/** A clock-like app's map, written for this test: a splash screen, 20 alarm rows behind it, a settings screen. */
function clockMap(): object {
  const pkg = 'dev.example.clock';
  const rows = Array.from({ length: 20 }, (_, i) => ({
    id: `alarm_row_${i}`,
    class: 'android.widget.LinearLayout',
    text: `Alarm ${i + 7}:00`,
  }));
  return {
    package: pkg,
    activities: [
      { name: `${pkg}.SplashActivity`, launcher: true, layouts: [], elements: [], fragments: [], dialogs: [], menus: [] },
      {
        name: `${pkg}.MainActivity`,
        layouts: ['activity_main'],
        elements: [
          ...rows,
          { id: 'main_holder', class: 'android.widget.FrameLayout' },
          { id: 'settings', class: 'android.widget.ImageButton', desc: 'Settings', listeners: ['click'] },
        ],
        fragments: [],
        dialogs: [],
        menus: [],
      },
      {
        name: `${pkg}.SettingsActivity`,
        layouts: ['activity_settings'],
        elements: [
          { id: 'settings_use_24_hour_format', class: 'android.widget.CheckBox', text: 'Use 24-hour time format', listeners: ['check'] },
          { id: 'settings_divider', class: 'android.widget.ImageView' },
          { id: 'settings_vibrations', class: 'android.widget.Switch', text: 'Vibrate on alarms' },
        ],
        fragments: [],
        dialogs: [],
        menus: [],
      },
    ],
    transitions: [
      { from: `${pkg}.SplashActivity`, to: `${pkg}.MainActivity`, trigger: { kind: 'auto' } },
      { from: `${pkg}.MainActivity`, to: `${pkg}.SettingsActivity`, trigger: { kind: 'click', element: 'settings' } },
      { from: `${pkg}.MainActivity`, to: `${pkg}.SettingsActivity`, trigger: { kind: 'menu', element: 'settings' } },
    ],
    warnings: [],
    stats: {},
  };
}

describe('MCP results that say what happened, on the demo phone', { skip: requires({ adb: true }) }, () => {
  let mcp: McpPhone;
  let clock: string;
  before(async () => {
    const dir = tempDir('glance-mcp-outcomes-');
    clock = join(dir, 'clock-map.json');
    writeFileSync(clock, JSON.stringify(clockMap()));
    mcp = await startMcpPhone(['--root', dir, '--root', repoRoot]);
  });
  after(async () => {
    await mcp?.close();
  });

  test('a tap that changes nothing names the element and what is tappable there', async () => {
    const home = textOf(await mcp.call('device_snapshot'));
    const title = refOn(home, /^\s*t\d+ Notes$/);
    const r = await mcp.call('device_tap', { target: title });
    assert.ok(!r.isError, textOf(r));
    const said = lines(textOf(r));
    const line = said.find((l) => l.startsWith(`${title} "Notes" takes no taps itself; tappable there: `));
    assert.ok(line !== undefined, textOf(r));
    const named = line.slice(line.indexOf('there: ') + 7).split(', ');
    assert.equal(named.length, 3);
    for (const n of named) assert.match(n, /^b\d+ "[^"]+"$/);
    assert.ok(said.includes('no change'));
    const data = r.structuredContent as { tappable?: boolean; nearby?: Array<{ ref: string }> };
    assert.equal(data.tappable, false);
    assert.deepEqual(
      data.nearby?.map((e) => e.ref),
      named.map((n) => n.split(' ')[0]),
    );
  });

  test('a scroll that moves nothing says so; scrolling until something there is not gives a next that is not the same search', async () => {
    const r = await mcp.call('device_scroll', { direction: 'down' });
    assert.ok(!r.isError, textOf(r));
    assert.ok(
      lines(textOf(r)).includes('the content did not move: nothing more down there (or it does not scroll); try direction up'),
      textOf(r),
    );
    assert.equal((r.structuredContent as { moved?: boolean }).moved, false);
    const until = await mcp.call('device_scroll', { direction: 'down', until: ':has-text("Zebra cake")' });
    assert.equal(until.isError, true);
    const said = lines(textOf(until));
    assert.match(said[0]!, /^error ELEMENT_NOT_FOUND: scrolling down moved nothing .*: :has-text\("Zebra cake"\) is not on screen$/);
    assert.ok(said.includes('hint: scroll up, or check the selector'), textOf(until));
    const next = said.find((l) => l.startsWith('next: '))!;
    const [tool, ...rest] = next.slice(6).split(' ');
    assert.equal(tool, 'device_scroll');
    assert.deepEqual(JSON.parse(rest.join(' ')), { direction: 'up', until: ':has-text("Zebra cake")' });
  });

  test('typing into a password field confirms its length and never echoes the text', async () => {
    const form = textOf(await mcp.call('device_tap', { target: '[desc=Sign in]' }));
    const r = await mcp.call('device_type', { target: refOn(form, /hint=Password/), text: 's3cret!' });
    assert.ok(!r.isError, textOf(r));
    assert.ok(lines(textOf(r)).includes('password field now holds 7 characters (hidden)'), textOf(r));
    assert.ok(!textOf(r).includes('s3cret!'));
    const data = r.structuredContent as { password?: boolean; length?: number; value?: string };
    assert.deepEqual([data.password, data.length, data.value], [true, 7, undefined]);
    assert.ok(!JSON.stringify(data).includes('s3cret!'));
    assert.ok(!(await mcp.call('device_press_key', { key: 'BACK' })).isError);
  });

  test('app_map: "24 hour" finds "24-hour"; a shared route is printed once; a screen lists its controls', async () => {
    const loose = await mcp.call('app_map', { map: clock, query: '24 hour' });
    assert.ok(!loose.isError, textOf(loose));
    assert.deepEqual(lines(textOf(loose)), [
      'on SettingsActivity: "Use 24-hour time format" (settings_use_24_hour_format)',
      '  on SplashActivity: by itself → MainActivity',
      '  on MainActivity: tap "Settings" → SettingsActivity',
    ]);
    // Stems and case: "VIBRATION" finds "Vibrate on alarms" and the settings_vibrations id.
    assert.match(
      textOf(await mcp.call('app_map', { map: clock, query: 'VIBRATION' })),
      /^on SettingsActivity: "Vibrate on alarms" \(settings_vibrations\)$/m,
    );
    const rows = lines(textOf(await mcp.call('app_map', { map: clock, query: 'alarm' })));
    assert.equal(rows.filter((l) => l === '  on SplashActivity: by itself → MainActivity').length, 2, rows.join('\n'));
    assert.match(rows[0]!, /^on MainActivity: "Alarm 7:00" \(alarm_row_0\), .*, \+12 more$/);
    const screen = lines(textOf(await mcp.call('app_map', { map: clock, screen: 'SettingsActivity' })));
    assert.deepEqual(screen, [
      'SettingsActivity: 2 controls (1 unlabelled layout view left out)',
      '  "Use 24-hour time format" (settings_use_24_hour_format) CheckBox [check]',
      '  "Vibrate on alarms" (settings_vibrations) Switch',
    ]);
    const overview = lines(textOf(await mcp.call('app_map', { map: clock })));
    assert.ok(overview.includes('MainActivity → SettingsActivity via settings'), overview.join('\n'));
    const unknown = await mcp.call('app_map', { map: clock, screen: 'NoSuchActivity' });
    assert.equal(unknown.isError, true);
    assert.match(textOf(unknown), /^error ELEMENT_NOT_FOUND: no screen "NoSuchActivity"/);
  });

  test('app_navigate returns the snapshot of the screen it landed on', async () => {
    const r = await mcp.call('app_navigate', { target: 'AboutActivity', map: DEMO_MAP });
    assert.ok(!r.isError, textOf(r));
    const said = lines(textOf(r));
    assert.match(said[0]!, /^reached AboutActivity on AboutActivity in \d+ steps?$/);
    const at = said.indexOf('screen now:');
    assert.ok(at > 0, textOf(r));
    assert.equal(said[at + 1], 'dev.glance.demo/.AboutActivity');
    const snap = lines(textOf(await mcp.call('device_snapshot')));
    assert.deepEqual(said.slice(at + 1), snap.slice(0, said.length - at - 1));
    assert.ok(!(await mcp.call('device_stop_app', { app: 'dev.glance.demo' })).isError);
    assert.ok(!(await mcp.call('device_launch_app', { app: 'dev.glance.demo' })).isError);
  });

  test('app_run_task refuses the home screen unless asked to launch, and is an error when the screen does not show the task done', async () => {
    // Stopped, the app leaves the home screen in front, and starts afresh when launched.
    assert.ok(!(await mcp.call('device_stop_app', { app: 'dev.glance.demo' })).isError);
    const refused = await mcp.call('app_run_task', { task: 'turn on dark theme', policy: 'heuristic' });
    assert.equal(refused.isError, true);
    const said = lines(textOf(refused));
    assert.match(said[0]!, /^error APP_NOT_IN_FRONT: the home screen is in front, not an app to do "turn on dark theme" in$/);
    assert.ok(
      said.some((l) => l.startsWith('hint: name the app')),
      textOf(refused),
    );
    // With launch, the map's app is started first.
    const launched = await mcp.call('app_run_task', { task: 'open the settings', policy: 'heuristic', map: DEMO_MAP, launch: true });
    assert.ok(!launched.isError, textOf(launched));
    assert.equal(lines(textOf(launched))[0], 'done: open the settings (the screen shows "Settings")');
    assert.ok(!(await mcp.call('device_press_key', { key: 'BACK' })).isError);
    // Nothing on this app can do it: the run ends without the goal on screen, and says why.
    const failed = await mcp.call('app_run_task', { task: 'turn on airplane mode', policy: 'heuristic', maxSteps: 3 });
    assert.equal(failed.isError, true);
    assert.match(lines(textOf(failed))[0]!, /^(fail|budget|guard): turn on airplane mode \(.+\)$/);
  });
});
