// A fake of the Device interface for what lies beyond a fold: a list whose rows off the screen keep their real
// bounds in the dump (as Compose and WebView dumps do), so a snapshot holds them, marked off-screen, with refs; a
// swipe moves the list as far as the finger went, within its ends. Written for these tests.
import type { CallOptions, Device, Point } from '../../src/device/types.js';

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
export class FoldDevice implements Device {
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
