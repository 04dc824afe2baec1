// Acting on an element the screen holds beyond a fold scrolls it into view first. The device is a fake of the
// Device interface: a list whose rows off the screen keep their real bounds in the dump (as Compose and WebView
// dumps do), so the snapshot holds them, marked off-screen, with refs; a swipe moves the list as far as the
// finger went, within its ends.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fresh, touch, typeInto, type ActionEnv } from '../../src/device/actions/index.js';
import type { CallOptions, Device, Point } from '../../src/device/types.js';
import { isGlanceError } from '../../src/errors.js';
import { memoryStore } from './harness.js';

const W = 1080;
const H = 1920;
const TOP = 200;
const ROW = 200;

const attrs = (o: { text?: string; id?: string; cls: string; click?: boolean; scroll?: boolean; b: number[] }): string =>
  `index="0" text="${o.text ?? ''}" resource-id="${o.id === undefined ? '' : `app:id/${o.id}`}" class="${o.cls}" package="app" ` +
  `content-desc="" checkable="false" checked="false" clickable="${o.click === true}" enabled="true" focusable="${o.click === true}" ` +
  `focused="false" scrollable="${o.scroll === true}" long-clickable="false" password="false" selected="false" ` +
  `bounds="[${o.b[0]},${o.b[1]}][${o.b[2]},${o.b[3]}]"`;

const unused = (): Promise<never> => Promise.reject(new Error('not used by these tests'));

/** A list of `rows` rows (Row 0 …) under a title bar; the last row is a text field. */
class FoldDevice implements Device {
  readonly serial = 'fold-1';
  offset = 0;
  readonly taps: string[] = [];
  readonly swipes: number[] = [];
  typed = '';
  constructor(private readonly rows: number) {}

  private rowBounds(i: number): number[] {
    const t = TOP + i * ROW - this.offset;
    return [0, t, W, t + ROW];
  }

  async dump(): Promise<string> {
    const rows = Array.from({ length: this.rows }, (_, i) => {
      const b = this.rowBounds(i);
      // On screen a row is clipped to the list; beyond the screen it keeps its bounds (the dump still holds it).
      if (b[3]! > TOP && b[1]! < H) b[1] = Math.max(b[1]!, TOP);
      if (b[1]! < H && b[3]! > H) b[3] = H;
      if (b[3]! <= TOP && b[3]! > 0) return '';
      const last = i === this.rows - 1;
      return `<node ${attrs({ text: `Row ${i}`, id: last ? 'field' : 'row', cls: last ? 'android.widget.EditText' : 'android.widget.TextView', click: true, b })} />`;
    });
    return (
      `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">` +
      `<node ${attrs({ cls: 'android.widget.FrameLayout', b: [0, 0, W, H] })}>` +
      `<node ${attrs({ text: 'Things', cls: 'android.widget.TextView', b: [0, 0, W, TOP] })} />` +
      `<node ${attrs({ id: 'list', cls: 'android.widget.ScrollView', scroll: true, b: [0, TOP, W, H] })}>${rows.join('')}</node>` +
      `</node></hierarchy>`
    );
  }

  async tap(p: Point): Promise<void> {
    const i = Math.floor((p.y + this.offset - TOP) / ROW);
    this.taps.push(p.y < TOP ? 'title' : `Row ${i}`);
  }

  async swipe(from: Point, to: Point, _ms: number, _o?: CallOptions): Promise<void> {
    const max = Math.max(0, this.rows * ROW - (H - TOP));
    const before = this.offset;
    this.offset = Math.min(max, Math.max(0, this.offset + (from.y - to.y)));
    this.swipes.push(this.offset - before);
  }

  async typeText(text: string): Promise<void> {
    this.typed += text;
  }

  async keys(): Promise<void> {}
  async key(): Promise<void> {}
  async screenSize(): Promise<{ width: number; height: number; density: number }> {
    return { width: W, height: H, density: 420 };
  }
  foreground = (): Promise<undefined> => Promise.resolve(undefined);
  doubleTap = unused;
  longPress = unused;
  launch = unused;
  stop = unused;
  apps = unused;
  screenshot = unused;
  shell = unused;
}

function setup(rows = 30): ActionEnv & { dev: FoldDevice } {
  const dev = new FoldDevice(rows);
  return { dev, device: dev, store: memoryStore(), signal: new AbortController().signal, settleMs: 0 };
}

async function refOf(env: ActionEnv, text: string): Promise<string> {
  const snap = await fresh(env);
  const el = snap.wide().elements.find((e) => e.text === text);
  assert.ok(el !== undefined, `${text} is in the dump`);
  return el.ref;
}

describe('scroll into view', () => {
  test('tapping a row beyond the fold scrolls its list down until it shows, then taps that row', async () => {
    const env = setup();
    const ref = await refOf(env, 'Row 14');
    assert.equal(
      (await fresh(env)).elements.find((e) => e.ref === ref),
      undefined,
      'not on screen before',
    );
    const o = await touch(env, 'tap', ref);
    assert.deepEqual(env.dev.taps, ['Row 14']);
    assert.ok(env.dev.swipes.length >= 1 && env.dev.swipes.every((d) => d > 0), `scrolled down: ${env.dev.swipes.join(', ')}`);
    assert.equal(o.target.ref, ref);
  });

  test('an on-screen row is tapped without a swipe', async () => {
    const env = setup();
    await touch(env, 'tap', await refOf(env, 'Row 2'));
    assert.deepEqual([env.dev.taps, env.dev.swipes], [['Row 2'], []]);
  });

  test('a row above the fold scrolls the list up', async () => {
    const env = setup();
    env.dev.offset = 3000;
    await touch(env, 'tap', await refOf(env, 'Row 1'));
    assert.deepEqual(env.dev.taps, ['Row 1']);
    assert.ok(env.dev.swipes.length >= 1 && env.dev.swipes.every((d) => d < 0), `scrolled up: ${env.dev.swipes.join(', ')}`);
  });

  test('typing into a field beyond the fold scrolls to it, taps it and types', async () => {
    const env = setup();
    const o = await typeInto(env, { target: await refOf(env, 'Row 29'), text: 'milk' });
    assert.deepEqual([env.dev.taps, env.dev.typed], [['Row 29'], 'milk']);
    assert.equal(o.target?.label, 'Row 29');
  });

  test('beyond the swipes allowed it fails as not found, having swiped no more than allowed', async () => {
    const env = setup(300);
    env.dev.offset = 40_000;
    // Row 8 lies far above: the list is scrolled up, ten swipes at most.
    const ref = await refOf(env, 'Row 8');
    await assert.rejects(touch(env, 'tap', ref), (e: unknown) => isGlanceError(e, 'ELEMENT_NOT_FOUND'));
    assert.ok(env.dev.swipes.length === 10 && env.dev.swipes.every((d) => d < 0), env.dev.swipes.join(', '));
    assert.deepEqual(env.dev.taps, []);
  });
});
