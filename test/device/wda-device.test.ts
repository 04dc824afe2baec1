// WdaDevice's contract, in process: what each action sends to WebDriverAgent and what it does on the phone.
// The phone is the virtual iPhone (the builtin notes trailmap), served either by the virtual WDA server as a
// user meets it, or by a stand-in of this test's own over the same routes that records every request byte for
// byte (test/device/wda-standin.ts). Coordinates are points, as in the page source.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinIosTrailmapDir, startVirtualIos, TrailmapWorld, type RunningWdaServer } from '../../src/device/virtual/wda/index.js';
import { WdaDevice } from '../../src/device/wda/device.js';
import { walk } from '../../src/hierarchy/model.js';
import { parseDump } from '../../src/hierarchy/parse.js';
import { decodeRgba, encodeRgba } from '../../src/image/codec.js';
import { loadTrailmap, type Trailmap } from '../../src/trailmap/index.js';
import { rejectsWith, WdaStandIn } from './wda-standin.js';

const LIST = 'notes/ios/list';
const NOTE = 'notes/ios/note';
const SEARCH = 'notes/ios/search';
const GROCERIES = { x: 160, y: 154 };
const KEY = {
  HOME: 3,
  BACK: 4,
  VOLUME_UP: 24,
  VOLUME_DOWN: 25,
  TAB: 61,
  SPACE: 62,
  ENTER: 66,
  DEL: 67,
  MOVE_HOME: 122,
  MOVE_END: 123,
  FORWARD_DEL: 112,
};

/** The text in the screen's editable field, read back through the device. */
async function fieldText(d: WdaDevice): Promise<string> {
  const field = [...walk(parseDump(await d.dump()).roots)].find((e) => e.node.editable);
  assert.ok(field, 'the screen has an editable field');
  return field.node.text;
}

describe('WdaDevice on the virtual iPhone', () => {
  let server: RunningWdaServer;
  before(async () => {
    server = await startVirtualIos({ trailmap: builtinIosTrailmapDir() });
  });
  after(() => server.close());

  test('the device layer: source, window size in points, screenshot scaled to points, foreground, errors', async () => {
    const d = new WdaDevice(server.url);
    assert.equal(d.serial, `wda:${server.url}`);
    const dump = parseDump(await d.dump());
    assert.equal(dump.platform, 'ios');
    assert.deepEqual(await d.screenSize(), { width: 402, height: 874, density: 0 });
    const png = decodeRgba(await d.screenshot());
    assert.deepEqual([png.width, png.height], [402, 874], 'the 2x Retina capture comes back in points');
    assert.deepEqual(await d.foreground(), { package: 'dev.glance.notes', activity: '' });
    await rejectsWith(d.shell(), 'NOT_SUPPORTED');
    await rejectsWith(d.apps(), 'NOT_SUPPORTED');
    await rejectsWith(d.launch('com.nope.app'), 'APP_NOT_FOUND');
    await rejectsWith(d.key(999), 'UNKNOWN_KEY');
  });

  test("a user's round: open a note, BACK to the list, HOME to the springboard, launch the app again", async () => {
    const d = new WdaDevice(server.url);
    await d.launch('dev.glance.notes');
    await d.tap(GROCERIES);
    assert.equal(server.world.waypoint, NOTE);
    await d.key(KEY.BACK);
    assert.equal(server.world.waypoint, LIST, 'BACK is the edge swipe that pops the note');
    await d.key(KEY.HOME);
    assert.equal(server.world.waypoint, undefined);
    assert.deepEqual(await d.foreground(), { package: 'com.apple.springboard', activity: '' });
    await d.launch('dev.glance.notes');
    assert.equal(server.world.waypoint, LIST);
  });
});

describe('what each WdaDevice action sends and does on the phone', () => {
  const wda = new WdaStandIn();
  let map: Trailmap;
  let d: WdaDevice;
  const phone = (start = LIST): void => {
    wda.use(new TrailmapWorld(map, start));
  };
  before(async () => {
    map = await loadTrailmap(builtinIosTrailmapDir());
    await wda.start(new TrailmapWorld(map, LIST));
  });
  beforeEach(() => {
    phone();
    d = new WdaDevice(wda.url, { timeoutMs: 5000 });
  });
  after(() => wda.close());

  test('tap and double tap: the point in points, inside one session opened once', async () => {
    await d.tap({ x: 10, y: 700 });
    await d.doubleTap({ x: 33, y: 44 });
    assert.deepEqual(wda.routesSeen(), ['POST /session', 'POST /wda/tap', 'POST /wda/doubleTap']);
    assert.deepEqual(
      wda.seen.slice(1).map((s) => s.body),
      [
        { x: 10, y: 700 },
        { x: 33, y: 44 },
      ],
    );
    assert.equal(new Set(wda.sessionsUsed()).size, 1);
    assert.deepEqual(wda.actions(), ['tap@10,700', 'tap@33,44']);
    await d.tap(GROCERIES);
    assert.equal(wda.phone.waypoint, NOTE);
  });

  test('commands are JSON with its content type; reads carry no body; a base URL ending in / changes no path', async () => {
    const slash = new WdaDevice(`${wda.url}/`, { timeoutMs: 5000 });
    await slash.dump();
    await slash.tap({ x: 1, y: 700 });
    assert.deepEqual(
      wda.seen.map((s) => [s.path.replace(/5e55-\d+/, 'ID'), s.contentType, s.raw.length > 0]),
      [
        ['/source', undefined, false],
        ['/session', 'application/json', true],
        ['/session/ID/wda/tap', 'application/json', true],
      ],
    );
    assert.equal(slash.serial, `wda:${wda.url}/`);
    assert.deepEqual(wda.seen[1]!.body, { capabilities: { alwaysMatch: {}, firstMatch: [{}] } }, 'a W3C new-session request');
  });

  test('calls at the same time share one session and one window size', async () => {
    await Promise.all([d.tap({ x: 1, y: 700 }), d.screenSize(), d.screenshot(), d.key(KEY.BACK), d.screenSize()]);
    assert.equal(wda.routesSeen().filter((r) => r === 'POST /session').length, 1);
    assert.equal(wda.routesSeen().filter((r) => r === 'GET /window/size').length, 1);
    assert.equal(new Set(wda.sessionsUsed()).size, 1);
  });

  test('long press: its duration goes to WDA in seconds, and a short one is a tap on the phone', async () => {
    await d.longPress({ x: 50, y: 60 }, 750);
    await d.longPress({ x: 51, y: 61 }, 100);
    await d.longPress({ x: 52, y: 62 }, -5);
    assert.deepEqual(
      wda.seen.filter((s) => s.route === 'POST /wda/touchAndHold').map((s) => s.body),
      [
        { x: 50, y: 60, duration: 0.75 },
        { x: 51, y: 61, duration: 0.1 },
        { x: 52, y: 62, duration: 0 },
      ],
    );
    assert.deepEqual(wda.actions(), ['longPress@50,60', 'tap@51,61', 'tap@52,62']);
  });

  test('swipe: from, to and duration (seconds) as one drag; the phone sees the direction', async () => {
    await d.swipe({ x: 200, y: 700 }, { x: 200, y: 200 }, 400);
    await d.swipe({ x: 200, y: 200 }, { x: 210, y: 700 }, 0);
    assert.deepEqual(
      wda.seen.filter((s) => s.route === 'POST /wda/dragfromtoforduration').map((s) => s.body),
      [
        { fromX: 200, fromY: 700, toX: 200, toY: 200, duration: 0.4 },
        { fromX: 200, fromY: 200, toX: 210, toY: 700, duration: 0 },
      ],
    );
    assert.deepEqual(wda.actions(), ['swipe:up', 'swipe:down']);
  });

  test('typing: any Unicode reaches the field byte for byte, one code point an element; empty text sends nothing', async () => {
    phone(SEARCH);
    const text = 'Zoë → 東京 👩🏽‍💻 café\u0301';
    await d.typeText('');
    assert.deepEqual(wda.routesSeen(), []);
    await d.typeText(text);
    const sent = wda.seen.find((s) => s.route === 'POST /wda/keys');
    assert.ok(sent);
    assert.deepEqual(JSON.parse(sent.raw.toString('utf8')), { value: [...text] });
    assert.equal(Buffer.compare(Buffer.from(sent.raw.toString('utf8'), 'utf8'), sent.raw), 0, 'the body is well-formed UTF-8');
    assert.equal(await fieldText(d), text);
  });

  test('typing the query a shortcut names moves the phone along it', async () => {
    phone(SEARCH);
    await d.typeText('lisbon');
    assert.equal(wda.phone.waypoint, 'notes/ios/results');
  });

  test('editing keys are typed in one request, in order; cursor moves are skipped', async () => {
    phone(SEARCH);
    await d.typeText('abcd');
    wda.seen.length = 0;
    await d.keys([KEY.MOVE_END, KEY.DEL, KEY.DEL, KEY.MOVE_HOME]);
    assert.deepEqual(
      wda.seen.map((s) => [s.route, s.body]),
      [['POST /wda/keys', { value: ['\b', '\b'] }]],
    );
    assert.equal(await fieldText(d), 'ab');
    wda.seen.length = 0;
    await d.keys([KEY.ENTER, KEY.DEL, KEY.FORWARD_DEL, KEY.TAB, KEY.SPACE]);
    assert.deepEqual(
      wda.seen.map((s) => [s.route, s.body]),
      [['POST /wda/keys', { value: ['\n', '\b', '\u007f', '\t', ' '] }]],
    );
    wda.seen.length = 0;
    await d.keys([KEY.MOVE_HOME, KEY.MOVE_END]);
    assert.deepEqual(wda.routesSeen(), [], 'nothing to send');
  });

  test('volume keys are hardware buttons, pressed between the typed keys around them in order', async () => {
    await d.key(KEY.VOLUME_DOWN);
    await d.keys([KEY.SPACE, KEY.VOLUME_UP, KEY.TAB]);
    assert.deepEqual(
      wda.seen.filter((s) => s.route !== 'POST /session').map((s) => [s.route, s.body]),
      [
        ['POST /wda/pressButton', { name: 'volumeDown' }],
        ['POST /wda/keys', { value: [' '] }],
        ['POST /wda/pressButton', { name: 'volumeUp' }],
        ['POST /wda/keys', { value: ['\t'] }],
      ],
    );
  });

  test('HOME shows the springboard; BACK is a drag from the left edge across the middle of the window', async () => {
    phone(NOTE);
    await d.key(KEY.BACK);
    const drag = wda.seen.find((s) => s.route === 'POST /wda/dragfromtoforduration');
    assert.deepEqual(drag?.body, { fromX: 1, fromY: 437, toX: 281, toY: 437, duration: 0.3 });
    assert.equal(wda.phone.waypoint, LIST);
    await d.key(KEY.HOME);
    assert.ok(wda.routesSeen().includes('POST /wda/homescreen'));
    assert.equal(wda.phone.waypoint, undefined);
  });

  test('a key with no iOS counterpart is UNKNOWN_KEY', async () => {
    const e = await rejectsWith(d.key(999), 'UNKNOWN_KEY');
    assert.match(e.message, /\b999\b/);
    assert.ok(e.hint);
    assert.deepEqual(wda.routesSeen(), []);
  });

  test('a key list with one unknown key is refused before any key of it is pressed', async () => {
    phone(SEARCH);
    await rejectsWith(d.keys([KEY.SPACE, KEY.VOLUME_UP, 999]), 'UNKNOWN_KEY');
    assert.deepEqual(
      wda.seen.filter((s) => s.route !== 'POST /session'),
      [],
    );
  });

  test('launch, stop and activate name the app by bundle id; the phone follows', async () => {
    await d.key(KEY.HOME);
    await d.launch('dev.glance.notes');
    assert.equal(wda.phone.waypoint, LIST);
    await d.tap(GROCERIES);
    await d.stop('dev.glance.notes');
    assert.equal(wda.phone.waypoint, undefined);
    await d.activate('dev.glance.notes');
    assert.equal(wda.phone.waypoint, LIST);
    const apps = wda.seen.filter((s) => s.route.startsWith('POST /wda/apps/'));
    assert.deepEqual(
      apps.map((s) => [s.route, s.body]),
      [
        ['POST /wda/apps/launch', { bundleId: 'dev.glance.notes' }],
        ['POST /wda/apps/terminate', { bundleId: 'dev.glance.notes' }],
        ['POST /wda/apps/activate', { bundleId: 'dev.glance.notes' }],
      ],
    );
  });

  test('launching an app that is not installed, or a name that is not a bundle id, is APP_NOT_FOUND', async () => {
    const e = await rejectsWith(d.launch('com.nope.app'), 'APP_NOT_FOUND');
    assert.match(e.message, /com\.nope\.app/);
    assert.ok(e.hint);
    wda.seen.length = 0;
    for (const bad of ['', '../etc', 'a b', '.x'])
      assert.ok((await rejectsWith(d.launch(bad), 'APP_NOT_FOUND')).message.includes(`"${bad}"`));
    assert.deepEqual(wda.routesSeen(), [], 'a malformed name never reaches WDA');
  });

  test('launch keeps other failures as they are: a WDA without the route is NOT_SUPPORTED', async () => {
    wda.fail('POST /wda/apps/launch', {
      kind: 'reply',
      status: 404,
      body: JSON.stringify({ value: { error: 'unknown command', message: 'Unhandled endpoint' } }),
    });
    assert.equal((await rejectsWith(d.launch('dev.glance.notes'), 'NOT_SUPPORTED')).context?.['status'], 404);
  });

  test('foreground: the active bundle id, the springboard at home, nothing when WDA names none', async () => {
    assert.deepEqual(await d.foreground(), { package: 'dev.glance.notes', activity: '' });
    await d.key(KEY.HOME);
    assert.deepEqual(await d.foreground(), { package: 'com.apple.springboard', activity: '' });
    wda.fail('GET /wda/activeAppInfo', { kind: 'reply', status: 200, body: JSON.stringify({ value: { bundleId: '' } }) });
    assert.equal(await d.foreground(), undefined);
    wda.fail('GET /wda/activeAppInfo', { kind: 'reply', status: 200, body: JSON.stringify({ value: null }) });
    assert.equal(await d.foreground(), undefined);
  });

  test('the window size is asked once; a failed ask is not remembered', async () => {
    wda.fail('GET /window/size', {
      kind: 'reply',
      status: 500,
      body: JSON.stringify({ value: { error: 'unknown error', message: 'busy' } }),
    });
    await rejectsWith(d.screenSize(), 'WDA_COMMAND_FAILED');
    assert.deepEqual(await d.screenSize(), { width: 402, height: 874, density: 0 });
    assert.deepEqual(await d.screenSize(), { width: 402, height: 874, density: 0 });
    assert.equal(wda.routesSeen().filter((r) => r === 'GET /window/size').length, 2);
  });

  test('a window size without numbers is WDA_COMMAND_FAILED', async () => {
    wda.fail('GET /window/size', { kind: 'reply', status: 200, body: JSON.stringify({ value: { width: '402', height: 874 } }) });
    await rejectsWith(d.screenSize(), 'WDA_COMMAND_FAILED');
    wda.fail('GET /window/size', { kind: 'reply', status: 200, body: JSON.stringify({ value: { width: 402 } }) });
    await rejectsWith(d.screenSize(), 'WDA_COMMAND_FAILED');
    wda.fail('GET /window/size', { kind: 'reply', status: 200, body: JSON.stringify({ value: null }) });
    await rejectsWith(d.screenSize(), 'WDA_COMMAND_FAILED');
  });

  test('a screenshot already in points comes back as sent', async () => {
    const small = encodeRgba({ width: 40, height: 30, data: new Uint8Array(40 * 30 * 4).fill(200) });
    wda.fail('GET /screenshot', { kind: 'reply', status: 200, body: JSON.stringify({ value: Buffer.from(small).toString('base64') }) });
    assert.deepEqual(await d.screenshot(), small);
  });

  test('a screenshot that is no PNG, or none at all, is WDA_COMMAND_FAILED', async () => {
    const notPng = ['GIF89a not a png at all', '<html><body>Service Unavailable</body></html>'];
    for (const value of [...notPng.map((t) => Buffer.from(t).toString('base64')), '', null]) {
      wda.fail('GET /screenshot', { kind: 'reply', status: 200, body: JSON.stringify({ value }) });
      await rejectsWith(d.screenshot(), 'WDA_COMMAND_FAILED');
    }
  });

  test('the page source is read without a session; a reply without one is DUMP_FAILED', async () => {
    const xml = await d.dump();
    assert.deepEqual(wda.routesSeen(), ['GET /source']);
    assert.equal(wda.seen[0]!.path, '/source');
    assert.equal(parseDump(xml).platform, 'ios');
    wda.fail('GET /source', { kind: 'reply', status: 200, body: JSON.stringify({ value: { type: 'Application' } }) });
    const e = await rejectsWith(d.dump(), 'DUMP_FAILED');
    assert.deepEqual(e.next, { tool: 'device_snapshot' });
  });

  test('shell and the app list are Android only: NOT_SUPPORTED, and nothing is sent', async () => {
    await rejectsWith(d.shell(), 'NOT_SUPPORTED');
    const e = await rejectsWith(d.apps(), 'NOT_SUPPORTED');
    assert.deepEqual(e.next, { tool: 'device_launch_app', params: { app: 'com.apple.Preferences' } });
    assert.deepEqual(wda.routesSeen(), []);
  });
});
