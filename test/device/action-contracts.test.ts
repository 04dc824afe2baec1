// What an agent relies on from an action's result, on screens that misbehave the way phones do: an app that has
// not redrawn yet when the first dump after a tap runs, and empty text fields that dump their hint as their text.
// The device is the virtual one in-process; the only thing faked is the timing of a redraw.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { clearField, fresh, scroll, touch, typeInto, type ActionEnv } from '../../src/device/actions/index.js';
import { isGlanceError } from '../../src/errors.js';
import { AdbDevice } from '../../src/device/adb-device.js';
import type { Device } from '../../src/device/types.js';
import { createVirtualDevice } from '../../src/device/virtual/device.js';
import { toPageSourceXml } from '../../src/hierarchy/page-source.js';
import { inProcessPort, loginDevice, memoryStore } from './harness.js';

/** The key codes of every `input keyevent` command the device was sent, in order. */
function keyCodes(commands: readonly string[]): number[] {
  return commands.flatMap((c) => {
    const m = /^input keyevent((?: \d+)+)$/.exec(c.trim());
    return m === null ? [] : m[1]!.trim().split(' ').map(Number);
  });
}

const KEY_DEL = 67;
const KEY_FORWARD_DEL = 112;

describe('settling after an action', () => {
  /**
   * A device whose app redraws late: for `stale` dumps after each tap, a dump still shows the screen as it was
   * before the tap (the tap landed; the new screen has not been drawn yet).
   */
  function lateRedraw(inner: Device, stale: number): Device & { dumpsAfterTap: () => number } {
    let before: string | undefined;
    let left = 0;
    let after = 0;
    return Object.assign(Object.create(inner) as Device, {
      serial: inner.serial,
      dumpsAfterTap: () => after,
      tap: async (...args: Parameters<Device['tap']>) => {
        before = await inner.dump();
        left = stale;
        after = 0;
        await inner.tap(...args);
      },
      dump: async (opts?: Parameters<Device['dump']>[0]) => {
        after++;
        if (left > 0 && before !== undefined) {
          left--;
          return before;
        }
        return inner.dump(opts);
      },
    });
  }

  // One stale dump: two equal dumps in a row are the settle rule, so a redraw later than that is out of reach.
  for (const stale of [1]) {
    test(`a screen still unchanged in the first dump after a tap is not taken as the result`, async () => {
      const { vd, device } = loginDevice();
      const late = lateRedraw(device, stale);
      const env: ActionEnv = { device: late, store: memoryStore(), signal: new AbortController().signal, settleMs: 5000 };
      const add = (await fresh(env)).elements.find((e) => e.desc === 'Add');
      assert.ok(add, 'the login screen has an Add button');
      const o = await touch(env, 'tap', add.ref);
      assert.equal(vd.state.dump().roots[0]?.children[0]?.text, 'New item', 'the tap landed');
      // The agent reads the change from the result: it must describe the screen after the redraw.
      assert.equal(o.settled, true);
      assert.equal(o.changed, true, o.diff);
      assert.equal(o.newScreen, true, o.diff);
      assert.ok(late.dumpsAfterTap() >= stale + 2, `${late.dumpsAfterTap()} dumps: the new screen seen twice after the stale ones`);
      // What the next command resolves refs against is the new screen too.
      const next = await fresh(env);
      assert.ok(
        next.elements.every((e) => e.desc !== 'Add'),
        'the stored screen is the new one',
      );
    });
  }
});

describe('text fields that show their hint', () => {
  /**
   * The demo app's compose screen: two empty fields whose text is their hint ("Title", "Note"), read as the
   * UiAutomator2 server's page source, which carries the hint beside the text (`uiautomator dump` has no hint
   * attribute, so there an empty field and one holding its hint's words look the same). Keys and typing go through
   * adb as before.
   */
  function compose(): ActionEnv & { port: ReturnType<typeof inProcessPort>; vd: ReturnType<typeof createVirtualDevice> } {
    const vd = createVirtualDevice({ scenario: 'demo' });
    vd.state.reset('compose');
    const port = inProcessPort(vd);
    const adb = new AdbDevice(port, { retryDelayMs: 10 });
    const device = Object.assign(Object.create(adb) as Device, {
      serial: adb.serial,
      dump: async () => toPageSourceXml(vd.state.dump({ windows: 'active' })),
    });
    return { vd, port, device, store: memoryStore(), signal: new AbortController().signal };
  }

  test('clearing an empty field deletes nothing (its hint is not content)', async () => {
    const env = compose();
    const title = (await fresh(env)).elements.find((e) => e.actions.includes('type') && (e.hint === 'Title' || e.text === 'Title'));
    assert.ok(title, 'the compose screen has the Title field');
    env.port.commands.length = 0;
    const o = await clearField(env, title.ref);
    assert.equal(o.deleted, 0);
    const keys = keyCodes(env.port.commands);
    assert.ok(!keys.includes(KEY_DEL) && !keys.includes(KEY_FORWARD_DEL), `keys sent: ${keys.join(' ')}`);
  });

  test('typing into an empty field sends no deletions and leaves exactly the typed text', async () => {
    const env = compose();
    const note = (await fresh(env)).elements.find((e) => e.actions.includes('type') && (e.hint === 'Note' || e.text === 'Note'));
    assert.ok(note, 'the compose screen has the Note field');
    env.port.commands.length = 0;
    const o = await typeInto(env, { target: note.ref, text: 'milk' });
    const keys = keyCodes(env.port.commands);
    assert.ok(!keys.includes(KEY_DEL) && !keys.includes(KEY_FORWARD_DEL), `keys sent: ${keys.join(' ')}`);
    assert.equal(o.value, 'milk');
    // A field holding real text is still cleared in full before new text goes in.
    env.port.commands.length = 0;
    const again = await typeInto(env, { target: note.ref, text: 'eggs' });
    assert.equal(again.value, 'eggs');
    assert.equal(keyCodes(env.port.commands).filter((k) => k === KEY_DEL).length, 'milk'.length);
  });
});

describe('scrolling until something shows', () => {
  function list(): ActionEnv & { port: ReturnType<typeof loginDevice>['port']; vd: ReturnType<typeof loginDevice>['vd'] } {
    const { vd, port, device } = loginDevice();
    return { vd, port, device, store: memoryStore(), signal: new AbortController().signal };
  }
  /** The `input swipe` commands sent, as [x1, y1, x2, y2, ms]. */
  const swipes = (commands: readonly string[]): number[][] =>
    commands.flatMap((c) => {
      const m = /^input swipe((?: -?\d+){4,5})$/.exec(c.trim());
      return m === null ? [] : [m[1]!.trim().split(' ').map(Number)];
    });

  test('something already on screen is found without a swipe', async () => {
    const env = list();
    const o = await scroll(env, { direction: 'down', until: '[text="Row 2"]' });
    assert.equal(o.swipes, 0);
    assert.deepEqual(swipes(env.port.commands), []);
    assert.equal((await fresh(env)).elements.find((e) => e.ref === o.found)?.text, 'Row 2');
  });

  test('the ref it returns names the row on the screen now: tapping it opens that row', async () => {
    const env = list();
    const o = await scroll(env, { direction: 'down', until: '[text="Row 14"]' });
    assert.ok(o.found !== undefined && o.swipes >= 1);
    assert.equal(swipes(env.port.commands).length, o.swipes, 'one swipe per count');
    // Scrolling down drags the finger up, slowly (no fling past the row).
    for (const [, y1, , y2, ms] of swipes(env.port.commands)) assert.ok(y1! > y2! && ms! >= 300, `${y1} → ${y2} in ${ms} ms`);
    await touch(env, 'tap', o.found);
    assert.equal(env.vd.state.dump().roots[0]?.children[0]?.text, 'Row 14 details');
  });

  test('max swipes and no more when the row is further away; the error says to raise max', async () => {
    const env = list();
    await assert.rejects(scroll(env, { direction: 'down', until: '[text="Row 14"]', max: 1 }), (e: unknown) => {
      assert.ok(isGlanceError(e, 'ELEMENT_NOT_FOUND'), String(e));
      assert.equal(e.context?.['swipes'], 1);
      assert.match(e.hint ?? '', /raise max/);
      return true;
    });
    assert.equal(swipes(env.port.commands).length, 1);
  });

  test('at the end of the list it stops at once: the swipe that moved nothing is the last', async () => {
    const env = list();
    await assert.rejects(scroll(env, { direction: 'down', until: '[text="Row 99"]', max: 50 }), (e: unknown) => {
      assert.ok(isGlanceError(e, 'ELEMENT_NOT_FOUND'), String(e));
      assert.match(e.message, /to the end/);
      assert.equal(e.context?.['swipes'], swipes(env.port.commands).length);
      return true;
    });
    // Once more from the end: one swipe, nothing moves, done.
    env.port.commands.length = 0;
    await assert.rejects(scroll(env, { direction: 'down', until: '[text="Row 99"]', max: 50 }), (e: unknown) =>
      isGlanceError(e, 'ELEMENT_NOT_FOUND'),
    );
    assert.equal(swipes(env.port.commands).length, 1);
  });
});
