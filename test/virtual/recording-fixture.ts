// A small DroidBot recording written from scratch for tests (corpus layout: screens.jsonl, screens/*.xml as
// uiautomator writes them, events/*.json): a notes-like list app whose screens and events a test chooses, so
// behaviour the shared recordings never show (a long-press, a share button never tapped) can be exercised.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/temp.js';

export const PKG = 'org.example.lists';
export const W = 1080;
export const H = 1920;

export type Box = [number, number, number, number];

export interface XNode {
  cls: string;
  bounds: Box;
  id?: string;
  text?: string;
  desc?: string;
  clickable?: boolean;
  longClickable?: boolean;
  scrollable?: boolean;
  selected?: boolean;
  checked?: boolean;
  children?: XNode[];
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function xml(n: XNode, index: number): string {
  const [l, t, r, b] = n.bounds;
  const flag = (v: boolean | undefined): string => (v === true ? 'true' : 'false');
  const attrs =
    `index="${index}" text="${esc(n.text ?? '')}" resource-id="${n.id === undefined ? '' : `${PKG}:id/${n.id}`}" ` +
    `class="${n.cls}" package="${PKG}" content-desc="${esc(n.desc ?? '')}" checkable="false" checked="${flag(n.checked)}" ` +
    `clickable="${flag(n.clickable)}" enabled="true" focusable="${flag(n.clickable)}" focused="false" ` +
    `scrollable="${flag(n.scrollable)}" long-clickable="${flag(n.longClickable)}" password="false" ` +
    `selected="${flag(n.selected)}" bounds="[${l},${t}][${r},${b}]"`;
  const kids = (n.children ?? []).map((c, i) => xml(c, i)).join('');
  return kids === '' ? `<node ${attrs} />` : `<node ${attrs}>${kids}</node>`;
}

export function screenXml(root: XNode): string {
  return `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">${xml(root, 0)}</hierarchy>`;
}

export const text = (t: string, bounds: Box, id?: string): XNode => ({
  cls: 'android.widget.TextView',
  text: t,
  bounds,
  ...(id === undefined ? {} : { id }),
});

/** A list row: a clickable, long-clickable holder with its title. */
export function row(title: string, top: number, extra: Partial<XNode> = {}, more: XNode[] = []): XNode {
  return {
    cls: 'android.widget.RelativeLayout',
    id: 'item_holder',
    clickable: true,
    longClickable: true,
    bounds: [0, top, W, top + 200],
    children: [text(title, [40, top + 60, 800, top + 140], 'item_title'), ...more],
    ...extra,
  };
}

export function list(rows: XNode[], bottom = H): XNode {
  return {
    cls: 'androidx.recyclerview.widget.RecyclerView',
    id: 'items_list',
    scrollable: true,
    bounds: [0, 300, W, bottom],
    children: rows,
  };
}

export function screen(children: XNode[]): XNode {
  return { cls: 'android.widget.FrameLayout', bounds: [0, 0, W, H], children };
}

export interface FixtureEvent {
  type: 'click' | 'long_click' | 'key' | 'set_text' | 'intent';
  from: string;
  to: string;
  bounds?: Box;
  /** The acted-on view's id (short) and text. */
  view?: { id: string; text: string };
  name?: string;
  intent?: string;
}

/** Writes the recording: screens by name (each its own state; `.Name` or another app's `pkg/cls`), events in order. Returns the app folder. */
export function writeRecording(screens: Record<string, { activity: string; root: XNode }>, events: FixtureEvent[]): string {
  const dir = join(tempDir('glance-rec-'), 'lists');
  mkdirSync(join(dir, 'screens'), { recursive: true });
  mkdirSync(join(dir, 'events'), { recursive: true });
  const lines: string[] = [];
  for (const [name, s] of Object.entries(screens)) {
    writeFileSync(join(dir, 'screens', `${name}.xml`), screenXml(s.root));
    lines.push(
      JSON.stringify({
        xml: `screens/${name}.xml`,
        state_str: name,
        activity: s.activity.includes('/') ? s.activity : `${PKG}/${s.activity}`,
        width: W,
        height: H,
      }),
    );
  }
  writeFileSync(join(dir, 'screens.jsonl'), `${lines.join('\n')}\n`);
  // DroidBot names events by time: one a minute apart keeps them in order and in one session.
  events.forEach((e, i) => {
    const view =
      e.bounds === undefined
        ? undefined
        : {
            bounds: [
              [e.bounds[0], e.bounds[1]],
              [e.bounds[2], e.bounds[3]],
            ],
            resource_id: e.view === undefined ? '' : `${PKG}:id/${e.view.id}`,
            text: e.view?.text ?? '',
          };
    const event = {
      event_type: e.type,
      ...(view === undefined ? {} : { view }),
      ...(e.name === undefined ? {} : { name: e.name }),
      ...(e.intent === undefined ? {} : { intent: e.intent }),
    };
    const tag = `event_2026-01-01_10${String(i).padStart(2, '0')}00.json`;
    writeFileSync(join(dir, 'events', tag), JSON.stringify({ event, start_state: e.from, stop_state: e.to }));
  });
  return dir;
}
