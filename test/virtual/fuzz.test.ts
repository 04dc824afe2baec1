// Random action sequences never break the device: every command answers, every dump stays a valid one-line
// uiautomator XML with on-screen bounds, and the foreground is always a known screen.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseDump } from '../../src/hierarchy/parse.js';
import { walk } from '../../src/hierarchy/model.js';
import { toUiautomatorXml } from '../../src/hierarchy/xml.js';
import { createVirtualDevice, shQuote } from '../../src/device/virtual/index.js';

const coord = (max: number) => fc.integer({ min: -50, max: max + 50 });
const action = fc.oneof(
  fc.tuple(coord(1080), coord(2400)).map(([x, y]) => `input tap ${x} ${y}`),
  fc.tuple(coord(1080), coord(2400), coord(1080), coord(2400), fc.integer({ min: 0, max: 1500 })).map((a) => `input swipe ${a.join(' ')}`),
  fc
    .constantFrom('KEYCODE_BACK', 'KEYCODE_HOME', 'KEYCODE_ENTER', 'KEYCODE_DEL', 'KEYCODE_MOVE_HOME', 'KEYCODE_TAB', '3', '4', '66')
    .map((k) => `input keyevent ${k}`),
  fc.string({ maxLength: 12 }).map((s) => `input text ${shQuote(s)}`),
  fc.constantFrom(
    'monkey -p dev.glance.demo 1',
    'am force-stop dev.glance.demo',
    'am start -n dev.glance.demo/.SettingsActivity',
    'uiautomator dump --compressed',
  ),
);

describe('virtual device under random input', () => {
  test('never throws, dumps stay valid', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 25 }), async (actions) => {
        const dev = createVirtualDevice();
        for (const a of actions) {
          const r = await dev.run(a);
          assert.ok([0, 1, 255].includes(r.exitCode), `${a} → ${r.exitCode}: ${Buffer.from(r.stderr).toString()}`);
          const xml = toUiautomatorXml(dev.state.dump());
          assert.equal(xml.includes('\n'), false);
          const dump = parseDump(xml);
          for (const { node } of walk(dump.roots)) {
            const [l, t, r2, b] = node.bounds;
            assert.ok(l >= 0 && t >= 0 && r2 <= 1080 && b <= 2400 && l <= r2 && t <= b, `${a}: ${node.id} ${node.bounds.join(',')}`);
          }
          const name = dev.state.screenName();
          assert.ok(name === '@launcher' || dev.scenario.screens.has(name), name);
        }
      }),
      { numRuns: 150 },
    );
  });
});
