// Device actions over AdbDevice + the virtual device in-process (no ADB framing): the command strings AdbDevice
// sends are executed by the virtual device's shell, so quoting, %s handling and keycodes are exercised for real.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  assertSelector,
  clearField,
  fresh,
  launchApp,
  pressKey,
  scroll,
  settle,
  swipe,
  touch,
  typeInto,
  waitFor,
  waitIdle,
  type ActionEnv,
} from '../../src/device/actions/index.js';
import type { Device } from '../../src/device/types.js';
import { isGlanceError } from '../../src/errors.js';
import { loginDevice, memoryStore } from './harness.js';

function setup(): ActionEnv & { vd: ReturnType<typeof loginDevice>['vd']; port: ReturnType<typeof loginDevice>['port'] } {
  const { vd, port, device } = loginDevice();
  return { vd, port, device, store: memoryStore(), signal: new AbortController().signal };
}

const screenName = (env: { vd: ReturnType<typeof loginDevice>['vd'] }): string => {
  const snapText = env.vd.state.dump();
  return snapText.roots[0]?.children[0]?.text ?? '';
};

describe('targets', () => {
  test('tap by ref resolves against the stored snapshot and changes the screen', async () => {
    const env = setup();
    const snap = await fresh(env);
    await typeInto(env, { target: '#username', text: 'ann' });
    const login = snap.elements.find((e) => e.text === 'Log in')!;
    const o = await touch(env, 'tap', login.ref);
    assert.equal(o.target?.ref, login.ref);
    assert.equal(o.settled, true);
    assert.equal(o.newScreen, true);
    assert.equal(screenName(env), 'Welcome');
    assert.deepEqual([o.action, o.target.kind, o.target.text], ['tap', 'ref', login.ref]);
  });

  test('tap by selector and by point', async () => {
    const env = setup();
    await touch(env, 'tap', '[desc=Add]');
    assert.equal(screenName(env), 'New item');
    await pressKey(env, 'BACK');
    assert.equal(screenName(env), 'Sign in');
    const o = await touch(env, 'tap', '100,1675');
    assert.deepEqual(o.point, { x: 100, y: 1675 });
    assert.equal(screenName(env), 'Row 5 details');
  });

  test('a row whose centre lies under a floating button is tapped beside it', async () => {
    const env = setup();
    const o = await touch(env, 'tap', ':has-text("Row 5")');
    assert.ok(o.point && (o.point.x < 440 || o.point.x >= 640), `tapped at ${o.point?.x}`);
    assert.equal(screenName(env), 'Row 5 details');
  });

  test('a stale ref is REF_NOT_FOUND with the hint to take a new snapshot', async () => {
    const env = setup();
    const snap = await fresh(env);
    const help = snap.elements.find((e) => e.class === 'ImageButton')!;
    await touch(env, 'tap', help.ref); // → another screen, now the latest snapshot
    await assert.rejects(
      touch(env, 'tap', help.ref),
      (e) => isGlanceError(e, 'REF_NOT_FOUND') && /new snapshot/.test(e.hint ?? '') && e.next?.tool === 'device_snapshot',
    );
  });

  test('an ambiguous selector lists the refs; no match is ELEMENT_NOT_FOUND', async () => {
    const env = setup();
    await assert.rejects(
      touch(env, 'tap', 'Button[text=Help]'),
      (e) => isGlanceError(e, 'AMBIGUOUS_TARGET') && e.kind === 'ambiguous' && (e.context?.['refs'] as string[]).length === 2,
    );
    await assert.rejects(touch(env, 'tap', '[text=Nope]'), (e) => isGlanceError(e, 'ELEMENT_NOT_FOUND'));
  });

  test('a plain-text target that is no selector match is found by its label', async () => {
    const env = setup();
    const o = await touch(env, 'tap', 'log in');
    assert.equal(o.target?.label, 'Log in');
    await assert.rejects(touch(env, 'tap', 'help'), (e) => isGlanceError(e, 'AMBIGUOUS_TARGET'));
  });

  test('long-press and double-tap send the right input commands', async () => {
    const env = setup();
    await touch(env, 'long-press', '100,150', { durationMs: 800 });
    await touch(env, 'double-tap', '100,150');
    assert.ok(env.port.commands.includes('input swipe 100 150 100 150 800'));
    assert.ok(env.port.commands.includes('input tap 100 150 && input tap 100 150'));
  });
});

describe('typing', () => {
  const tricky = 'it\'s 5$ & "ok"; `id` \\ %s';

  test('arrives byte-exact (read back from a dump)', async () => {
    const env = setup();
    const o = await typeInto(env, { target: '#username', text: tricky });
    assert.equal(o.value, tricky);
    const s = await fresh(env);
    assert.equal(s.elements.find((e) => e.id === 'username')?.text, tricky);
  });

  test('every special character alone', async () => {
    const env = setup();
    for (const ch of [...'\'"$&;\\`|<>()*?!#~ %', '%s', 'a b']) {
      const o = await typeInto(env, { target: '#note', text: ch });
      assert.equal(o.value, ch, JSON.stringify(ch));
    }
  });

  test('replaces the content unless append; clear empties; focused-field typing', async () => {
    const env = setup();
    await typeInto(env, { target: '#username', text: 'first' });
    assert.equal((await typeInto(env, { target: '#username', text: 'second' })).value, 'second');
    assert.equal((await typeInto(env, { target: '#username', text: '+more', append: true })).value, 'second+more');
    assert.equal((await typeInto(env, { text: '!' })).value, 'second+more!');
    const c = await clearField(env, '#username');
    assert.equal(c.deleted, 12);
    assert.equal((await fresh(env)).elements.find((e) => e.id === 'username')?.text, undefined);
  });

  test('replacing and appending work wherever the tap leaves the cursor', async () => {
    const base = setup();
    // Android puts the cursor at the touched character: emulate a tap that lands it 3 characters from the end.
    const inner = base.device;
    const midTap: Device = Object.assign(Object.create(inner) as Device, {
      serial: inner.serial,
      tap: async (p: Parameters<Device['tap']>[0], opts?: Parameters<Device['tap']>[1]) => {
        await inner.tap(p, opts);
        await inner.keys([21, 21, 21], opts);
      },
    });
    const env: ActionEnv = { ...base, device: midTap };
    await typeInto(env, { target: '#username', text: 'abcdef' });
    assert.equal((await typeInto(env, { target: '#username', text: '+', append: true })).value, 'abcdef+');
    assert.equal((await typeInto(env, { target: '#username', text: 'new' })).value, 'new');
    await clearField(env, '#username');
    assert.equal((await fresh(env)).elements.find((e) => e.id === 'username')?.text, undefined);
  });

  test('non-ASCII goes to the ADB Keyboard as base64 when it is the current IME', async () => {
    const env = setup();
    const set = await env.vd.run('settings put secure default_input_method com.android.adbkeyboard/.AdbIME');
    assert.equal(set.exitCode, 0);
    await env.device.typeText('héllo ✓');
    const sent = env.port.commands.find((c) => c.startsWith('am broadcast -a ADB_INPUT_B64'));
    const b64 = /--es msg '([^']+)'/.exec(sent ?? '')?.[1] ?? '';
    assert.equal(Buffer.from(b64, 'base64').toString('utf8'), 'héllo ✓');
  });

  test('non-ASCII without the ADB Keyboard is TEXT_NOT_TYPABLE', async () => {
    const env = setup();
    await assert.rejects(
      typeInto(env, { target: '#username', text: 'héllo' }),
      (e) => isGlanceError(e, 'TEXT_NOT_TYPABLE') && /ime set/.test(e.hint ?? ''),
    );
  });
});

describe('scroll, swipe, wait, assert, launch', () => {
  test('scroll until a row is visible, then tap it', async () => {
    const env = setup();
    const o = await scroll(env, { direction: 'down', until: '[text="Row 14"]' });
    assert.ok(o.swipes >= 1);
    await touch(env, 'tap', '[text="Row 14"]');
    assert.equal(screenName(env), 'Row 14 details');
  });

  test('scroll until something that never comes stops at the end of the list', async () => {
    const env = setup();
    await assert.rejects(
      scroll(env, { direction: 'down', until: '[text="Row 99"]', max: 20 }),
      (e) => isGlanceError(e, 'ELEMENT_NOT_FOUND') && (e.context?.['swipes'] as number) < 20,
    );
  });

  test('swipe by direction and by points', async () => {
    const env = setup();
    const o = await swipe(env, { direction: 'up', target: '#list' });
    assert.ok(o.changed);
    await swipe(env, { from: '540,1200', to: '540,1700' });
    assert.ok(env.port.commands.includes('input swipe 540 1200 540 1700 300'));
  });

  test('wait for text, for a selector to go, and time out with TIMEOUT', async () => {
    const env = setup();
    const r = await waitFor(env, { text: 'sign IN', timeoutMs: 2000 });
    assert.equal(r.dumps, 1);
    await touch(env, 'tap', '[desc=Add]');
    await waitFor(env, { selector: '#login', gone: true, timeoutMs: 2000 });
    await assert.rejects(
      waitFor(env, { text: 'never there', timeoutMs: 300, intervalMs: 50 }),
      (e) => isGlanceError(e, 'TIMEOUT') && e.kind === 'timeout',
    );
    const idle = await waitIdle(env, 2000);
    assert.equal(idle.settled, true);
  });

  test('waits honour the abort signal', async () => {
    const ctrl = new AbortController();
    const env = { ...setup(), signal: ctrl.signal };
    setTimeout(() => ctrl.abort(), 100);
    await assert.rejects(waitFor(env, { text: 'never there', timeoutMs: 10_000, intervalMs: 20 }), (e) => isGlanceError(e, 'ABORTED'));
  });

  test('assert counts matches', async () => {
    const env = setup();
    assert.equal((await assertSelector(env, 'Button[text=Help]', 2)).count, 2);
    await assert.rejects(
      assertSelector(env, 'Button[text=Help]', 1),
      (e) => isGlanceError(e, 'ASSERTION_FAILED') && e.context?.['actual'] === 2,
    );
    await assert.rejects(assertSelector(env, '#nothing'), (e) => isGlanceError(e, 'ASSERTION_FAILED'));
  });

  test('launch by package, by launcher label, and an unknown app', async () => {
    const env = setup();
    await pressKey(env, 'HOME');
    const byPkg = await launchApp(env, 'com.example.login');
    assert.equal(byPkg.package, 'com.example.login');
    assert.equal(screenName(env), 'Sign in');
    await pressKey(env, 'HOME');
    const byLabel = await launchApp(env, 'Login Demo');
    assert.equal(byLabel.via, 'home screen');
    assert.equal(screenName(env), 'Sign in');
    await assert.rejects(launchApp(env, 'com.example.missing'), (e) => isGlanceError(e, 'APP_NOT_FOUND'));
    await assert.rejects(launchApp(env, 'No Such App'), (e) => isGlanceError(e, 'APP_NOT_FOUND') && e.next?.tool === 'device_apps');
  });

  test('apps, stop, activity and screenshot through AdbDevice', async () => {
    const env = setup();
    assert.ok((await env.device.apps()).includes('com.example.login'));
    assert.ok((await env.device.apps({ all: true })).length > (await env.device.apps()).length);
    assert.deepEqual(await env.device.foreground(), { package: 'com.example.login', activity: 'com.example.login.LoginActivity' });
    await env.device.stop('com.example.login');
    assert.notEqual((await env.device.foreground())?.package, 'com.example.login');
    const png = await env.device.screenshot();
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });
});

describe('settle', () => {
  /** A Device whose screen never stops changing: a counter in a label goes up on every dump. */
  function restless(inner: Device): Device {
    let n = 0;
    return Object.assign(Object.create(inner) as Device, {
      serial: inner.serial,
      dump: async (opts?: Parameters<Device['dump']>[0]) => (await inner.dump(opts)).replace('text="Sign in"', `text="Sign in ${n++}"`),
    });
  }

  test('a dump that fails after the action makes it unsettled, not failed', async () => {
    const base = setup();
    let dumps = 0;
    const inner = base.device;
    const flaky = Object.assign(Object.create(inner) as Device, {
      serial: inner.serial,
      dump: async (opts?: Parameters<Device['dump']>[0]) => {
        if (++dumps > 1) {
          const { GlanceError } = await import('../../src/errors.js');
          throw new GlanceError('DUMP_FAILED', 'uiautomator dump failed: ERROR: could not get idle state.');
        }
        return inner.dump(opts);
      },
    });
    const env: ActionEnv = { ...base, device: flaky };
    const add = (await fresh(env)).elements.find((e) => e.desc === 'Add')!;
    const o = await touch(env, 'tap', add.ref); // resolved against the stored snapshot: no dump before
    assert.equal(o.settled, false);
    assert.match(o.unread?.message ?? '', /could not get idle state/, 'the result says why no screen was read');
    assert.equal(screenName(base), 'New item');
  });

  test('reports settled: false instead of failing when the screen keeps changing', async () => {
    const base = setup();
    const env: ActionEnv = { ...base, device: restless(base.device), settleMs: 150 };
    const o = await touch(env, 'tap', '100,150');
    assert.equal(o.settled, false);
    assert.equal(o.unread, undefined, 'a screen that keeps changing was read');
    const s = await settle(env, 100);
    assert.equal(s.settled, false);
    assert.ok(s.dumps >= 1);
    await assert.rejects(waitIdle(env, 200), (e) => isGlanceError(e, 'TIMEOUT'));
  });
});
