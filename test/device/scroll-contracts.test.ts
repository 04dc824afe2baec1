// What a caller of `scroll` relies on, beyond finding a row: the finger moves against the direction asked for and
// stays inside what it scrolls, a row below the list's edge is not yet "on screen", a scroll with nothing to look
// for is one swipe, and the end of the content (or of `max`) ends the search with an error that says which.
// The login fixture: a list at y 1000..1800 on a 1080×1920 screen, rows of 150 px down to "Row 14".
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fresh, scroll, touch, type ActionEnv } from '../../src/device/actions/index.js';
import { isGlanceError } from '../../src/errors.js';
import { loginDevice, memoryStore } from './harness.js';

const LIST = { left: 0, top: 1000, right: 1080, bottom: 1800 };
const SCREEN = { width: 1080, height: 1920 };

function setup(): ActionEnv & { vd: ReturnType<typeof loginDevice>['vd']; port: ReturnType<typeof loginDevice>['port'] } {
  const { vd, port, device } = loginDevice();
  return { vd, port, device, store: memoryStore(), signal: new AbortController().signal };
}

type Swipe = { x1: number; y1: number; x2: number; y2: number; ms: number };

/** The `input swipe` commands the device was sent, parsed. */
function swipes(commands: readonly string[]): Swipe[] {
  return commands.flatMap((c) => {
    const m = /^input swipe (-?\d+) (-?\d+) (-?\d+) (-?\d+) (\d+)$/.exec(c.trim());
    if (m === null) return [];
    const [x1, y1, x2, y2, ms] = m.slice(1).map(Number) as [number, number, number, number, number];
    return [{ x1, y1, x2, y2, ms }];
  });
}

const within = (s: Swipe, r: typeof LIST): boolean =>
  [s.x1, s.x2].every((x) => x >= r.left && x <= r.right) && [s.y1, s.y2].every((y) => y >= r.top && y <= r.bottom);

/** The visible text of the topmost row of the list now. */
async function firstRow(env: ActionEnv): Promise<string | undefined> {
  const snap = await fresh(env);
  return snap.elements.find((e) => /^Row \d+$/.test(e.text ?? '') && !e.offscreen)?.text;
}

describe('scroll: where the finger goes', () => {
  test('scrolling down drags up inside the biggest scrollable, once, and the list moves', async () => {
    const env = setup();
    const o = await scroll(env, { direction: 'down' });
    const sent = swipes(env.port.commands);
    assert.equal(sent.length, 1);
    assert.equal(o.swipes, 1);
    const [s] = sent as [Swipe];
    assert.ok(s.y1 > s.y2, `finger ${s.y1} → ${s.y2}`);
    assert.ok(within(s, LIST), `the swipe ${JSON.stringify(s)} stays inside the list`);
    assert.equal(o.changed, true, o.diff);
    assert.notEqual(await firstRow(env), 'Row 1');
  });

  test('scrolling up drags down; left and right drag the other way across', async () => {
    const expect: Array<['up' | 'left' | 'right', (s: Swipe) => boolean]> = [
      ['up', (s) => s.y2 > s.y1 && s.x1 === s.x2],
      ['left', (s) => s.x2 > s.x1 && s.y1 === s.y2],
      ['right', (s) => s.x1 > s.x2 && s.y1 === s.y2],
    ];
    for (const [direction, ok] of expect) {
      const env = setup();
      await scroll(env, { direction });
      const [s] = swipes(env.port.commands);
      assert.ok(s !== undefined && ok(s), `${direction}: ${JSON.stringify(s)}`);
    }
  });

  test('of two scrollables, the bigger one is scrolled, wherever it sits in the tree', async () => {
    // A short horizontal strip above the list, first or last in the tree (it overlaps nothing either way).
    const strip =
      '<node index="0" text="" resource-id="com.example.login:id/strip" class="android.widget.HorizontalScrollView" package="com.example.login" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="true" focused="false" scrollable="true" long-clickable="false" password="false" selected="false" bounds="[600,200][1080,400]" />';
    const places: Array<[string, (xml: string) => string]> = [
      ['first', (xml) => xml.replace(/(<hierarchy[^>]*>)/, `$1${strip}`)],
      ['last', (xml) => xml.replace('</hierarchy>', `${strip}</hierarchy>`)],
    ];
    for (const [where, place] of places) {
      const env = setup();
      const inner = env.device;
      env.device = Object.assign(Object.create(inner) as typeof inner, {
        dump: async (opts?: Parameters<typeof inner.dump>[0]) => place(await inner.dump(opts)),
      });
      assert.ok(
        (await fresh(env)).elements.some((e) => e.id?.endsWith('strip') && e.actions.includes('scroll')),
        `the strip is read (${where})`,
      );
      await scroll(env, { direction: 'down' });
      const [s] = swipes(env.port.commands);
      assert.ok(s !== undefined && within(s, LIST), `strip ${where}: ${JSON.stringify(s)}`);
    }
  });

  test('a named container is the one scrolled', async () => {
    const env = setup();
    const o = await scroll(env, { direction: 'down', target: '#list' });
    assert.equal(o.target?.kind, 'selector');
    const [s] = swipes(env.port.commands);
    assert.ok(s !== undefined && within(s, LIST), JSON.stringify(s));
  });

  test('with nothing scrollable on screen the swipe runs over the screen, clear of its top and bottom edges', async () => {
    const env = setup();
    await touch(env, 'tap', '[text="Row 5"]');
    env.port.commands.length = 0;
    const o = await scroll(env, { direction: 'down' });
    const [s] = swipes(env.port.commands);
    assert.ok(s !== undefined, 'one swipe');
    assert.ok(s.y1 > s.y2, JSON.stringify(s));
    const edge = SCREEN.height * 0.1;
    assert.ok(s.y2 >= edge && s.y1 <= SCREEN.height - edge, `${JSON.stringify(s)} keeps off the status and navigation bars`);
    assert.equal(o.changed, false, 'a screen with nothing to scroll does not change');
  });

  test('a swipe is slow enough not to fling past the row looked for', async () => {
    const env = setup();
    await scroll(env, { direction: 'down', until: '[text="Row 14"]' });
    for (const s of swipes(env.port.commands)) assert.ok(s.ms >= 500, `${s.ms} ms`);
  });
});

describe('scroll until: what counts as found, and when it stops', () => {
  test('a row in the dump but below the list edge is not on screen yet: it is scrolled into view', async () => {
    const env = setup();
    const snap = await fresh(env);
    const row8 = snap.elements.find((e) => e.text === 'Row 8');
    assert.ok(row8 === undefined || row8.offscreen === true, 'Row 8 starts below the list');
    const o = await scroll(env, { direction: 'down', until: '[text="Row 8"]' });
    assert.ok(o.swipes >= 1);
    const now = await fresh(env);
    const found = now.elements.find((e) => e.ref === o.found);
    assert.equal(found?.text, 'Row 8');
    assert.notEqual(found?.offscreen, true);
  });

  test('found on the first screen: no swipe, no change, settled', async () => {
    const env = setup();
    const o = await scroll(env, { direction: 'down', until: '[text="Row 3"]' });
    assert.deepEqual([o.swipes, o.changed, o.settled], [0, false, true]);
    assert.deepEqual(swipes(env.port.commands), []);
  });

  test('until a ref: that element, and no other, is what is found', async () => {
    const env = setup();
    const row3 = (await fresh(env)).elements.find((e) => e.text === 'Row 3');
    assert.ok(row3);
    const o = await scroll(env, { direction: 'down', until: row3.ref });
    assert.deepEqual([o.found, o.swipes], [row3.ref, 0]);
  });

  test('found after swipes: the outcome reports the change from the screen before the first swipe', async () => {
    const env = setup();
    const o = await scroll(env, { direction: 'down', until: '[text="Row 14"]' });
    assert.equal(o.changed, true, o.diff);
    assert.ok(o.changes !== undefined && o.changes.added.length > 0, JSON.stringify(o.changes));
    assert.equal(o.settled, true);
  });

  test('scrolling up at the top ends at once, says nothing moved, and offers the other direction as the way out', async () => {
    const env = setup();
    await assert.rejects(scroll(env, { direction: 'up', until: '[text="Row 14"]', max: 5 }), (e: unknown) => {
      assert.ok(isGlanceError(e, 'ELEMENT_NOT_FOUND'), String(e));
      assert.equal(
        e.message,
        'scrolling up moved nothing (at the end, or nothing there scrolls that way): [text="Row 14"] is not on screen',
      );
      assert.match(e.hint ?? '', /^scroll down/);
      // The way out is another search, never the one that just failed.
      assert.deepEqual(e.next, { tool: 'device_scroll', params: { direction: 'down', until: '[text="Row 14"]' } });
      assert.deepEqual(e.context, { until: '[text="Row 14"]', swipes: 1, moved: false });
      return true;
    });
    assert.equal(swipes(env.port.commands).length, 1);
  });

  test('the end reached after several swipes: the error counts them', async () => {
    const env = setup();
    await assert.rejects(scroll(env, { direction: 'down', until: '[text="Row 99"]', max: 50 }), (e: unknown) => {
      assert.ok(isGlanceError(e, 'ELEMENT_NOT_FOUND'), String(e));
      const n = swipes(env.port.commands).length;
      assert.ok(n > 1, `${n} swipes`);
      assert.equal(e.message, `scrolled down to the end (${n} swipes) without finding [text="Row 99"]`);
      return true;
    });
  });

  test('max reached while the list still moves: the error counts the swipes and says to raise max', async () => {
    const env = setup();
    await assert.rejects(scroll(env, { direction: 'down', until: '[text="Row 14"]', max: 2 }), (e: unknown) => {
      assert.ok(isGlanceError(e, 'ELEMENT_NOT_FOUND'), String(e));
      assert.match(e.message, /did not appear after 2 swipes down/);
      assert.doesNotMatch(e.message, /to the end/);
      return true;
    });
    assert.equal(swipes(env.port.commands).length, 2);
  });

  test('without max it gives up after ten swipes', async () => {
    // A list that never ends: every swipe shows a screen not seen before.
    const env = setup();
    let n = 0;
    const inner = env.device;
    const endless: ActionEnv = {
      ...env,
      device: Object.assign(Object.create(inner) as typeof inner, {
        dump: async (opts?: Parameters<typeof inner.dump>[0]) => (await inner.dump(opts)).replace('Sign in', `Sign in ${n}`),
        swipe: async (...args: Parameters<typeof inner.swipe>) => {
          n++;
          await inner.swipe(...args);
        },
      }),
    };
    await assert.rejects(scroll(endless, { direction: 'down', until: '[text="Nowhere"]' }), (e: unknown) => {
      assert.ok(isGlanceError(e, 'ELEMENT_NOT_FOUND'), String(e));
      assert.equal(e.context?.['swipes'], 10);
      return true;
    });
    assert.equal(n, 10);
  });
});
