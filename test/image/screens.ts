// Test inputs for src/image: realistic screenshots synthesised from hierarchy dumps (node boxes and texts
// painted at device resolution), so the image tests depend neither on a device nor on the virtual device.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDump } from '../../src/hierarchy/parse.js';
import { shortClass, uiNode, walk, type UiDump, type UiNode } from '../../src/hierarchy/model.js';
import { toUiautomatorXml } from '../../src/hierarchy/xml.js';
import { snapshotFromDump } from '../../src/snapshot/snapshot.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';
import { pixelsOf, surface } from '../../src/image/canvas.js';
import { fillRect, strokeRect, type Rgb, type RgbaImage } from '../../src/image/raster.js';
import { drawText, fitText, fontMetrics, type TextStyle } from '../../src/image/text.js';
import { droidtaskDir } from '../helpers/corpus.js';

const INK: Rgb = [33, 33, 33];
const HINT: Rgb = [140, 140, 140];

/** Paints a plausible screenshot of `dump`: surfaces for buttons, fields and images, then every text. */
export function paintDump(dump: UiDump): RgbaImage {
  const { ctx: img } = surface(dump.width, dump.height, [250, 250, 250]);
  for (const { node: n, depth } of walk(dump.roots)) {
    const [l, t, r, b] = n.bounds;
    const box = { x0: l, y0: t, x1: r, y1: b };
    const cls = shortClass(n.cls);
    if (depth === 0 && n.pkg === 'com.android.systemui') fillRect(img, box, [30, 30, 30]);
    if (n.editable) {
      fillRect(img, box, [240, 240, 240]);
      fillRect(img, { x0: l, y0: b - 4, x1: r, y1: b }, [90, 90, 90]);
    } else if (n.checkable) {
      const s = Math.min(b - t, 56);
      strokeRect(
        img,
        { x0: l + 8, y0: (t + b - s) / 2, x1: l + 8 + s, y1: (t + b + s) / 2 },
        n.checked ? [0, 121, 107] : [110, 110, 110],
        5,
      );
      if (n.checked) fillRect(img, { x0: l + 20, y0: (t + b - s) / 2 + 12, x1: l + s - 4, y1: (t + b + s) / 2 - 12 }, [0, 121, 107]);
    } else if (/Button/.test(cls) && n.text !== '') {
      fillRect(img, box, [63, 81, 181]);
    } else if (/Image/.test(cls)) {
      const inset = Math.round(Math.min(r - l, b - t) * 0.2);
      fillRect(img, { x0: l + inset, y0: t + inset, x1: r - inset, y1: b - inset }, [120, 144, 156]);
    } else if (n.clickable && depth > 2) {
      fillRect(img, { x0: l, y0: b - 2, x1: r, y1: b }, [224, 224, 224]);
    }
    const text = n.text !== '' ? n.text : n.editable ? n.hint : '';
    if (text === '' || r - l < 20 || b - t < 16) continue;
    const style: TextStyle = { face: 'sans', size: Math.max(12, Math.min(46, Math.round((b - t) * 0.42))) };
    const { ascent } = fontMetrics(style);
    const x = n.checkable ? l + Math.min(b - t, 56) + 32 : l + 20;
    const colour = /Button/.test(cls) && !n.editable ? ([255, 255, 255] as const) : n.text === '' ? HINT : INK;
    drawText(img, fitText(text.replace(/\s+/g, ' '), style, r - x - 12), { x, y: (t + b) / 2 + ascent * 0.36 }, { ...style, colour });
  }
  return pixelsOf(img, dump);
}

export interface TestScreen {
  name: string;
  dump: UiDump;
  elements: SnapshotElement[];
  screen: RgbaImage;
}

export function screenFromXml(name: string, xml: string): TestScreen {
  const dump = parseDump(xml);
  return { name, dump, elements: snapshotFromDump(dump).elements, screen: paintDump(dump) };
}

export function corpusScreen(app: string, file: string): TestScreen {
  return screenFromXml(`${app}-${file.replace(/\.xml$/, '')}`, readFileSync(join(droidtaskDir, app, 'screens', file), 'utf8'));
}

type N = [cls: string, bounds: [number, number, number, number], attrs?: Record<string, string>, children?: N[]];

function xmlOf(nodes: N[], pkg: string): string {
  const one = ([cls, bounds, a = {}, kids = []]: N, index: number): UiNode => {
    const flag = (k: string): boolean => a[k] === 'true';
    return uiNode({
      cls,
      bounds,
      text: a.text ?? '',
      desc: a['content-desc'] ?? '',
      id: a.id === undefined ? '' : `${pkg}:id/${a.id}`,
      pkg,
      checkable: flag('checkable'),
      checked: flag('checked'),
      clickable: flag('clickable'),
      focusable: flag('focusable'),
      focused: flag('focused'),
      scrollable: flag('scrollable'),
      password: flag('password'),
      index,
      children: kids.map(one),
    });
  };
  return toUiautomatorXml({ roots: nodes.map(one), rotation: 0 });
}

const W = 'android.widget.';
const tap = { clickable: 'true', focusable: 'true' };

/** A project-authored portrait sign-in screen (1080×2280): the docs' example picture. */
export function authoredPortrait(): TestScreen {
  const rows: N[] = ['Inbox', 'Drafts', 'Archive'].map((t, i) => [
    `${W}LinearLayout`,
    [0, 1560 + i * 150, 1080, 1710 + i * 150],
    { ...tap },
    [[`${W}TextView`, [48, 1590 + i * 150, 800, 1680 + i * 150], { text: t, id: 'row_title' }]],
  ]);
  const root: N = [
    `${W}FrameLayout`,
    [0, 0, 1080, 2280],
    {},
    [
      [`${W}ImageButton`, [0, 80, 160, 240], { ...tap, 'content-desc': 'Navigate up' }],
      [`${W}TextView`, [180, 110, 800, 210], { text: 'Sign in' }],
      [`${W}ImageButton`, [920, 80, 1080, 240], { ...tap, 'content-desc': 'Help', id: 'help' }],
      [`${W}EditText`, [48, 360, 1032, 520], { ...tap, id: 'email', text: 'ada@example.org' }],
      [`${W}EditText`, [48, 560, 1032, 720], { ...tap, id: 'password', text: '••••••••', password: 'true' }],
      [`${W}CheckBox`, [48, 760, 600, 880], { ...tap, checkable: 'true', checked: 'true', text: 'Remember me' }],
      [`${W}TextView`, [640, 760, 1032, 880], { ...tap, text: 'Forgot password?', id: 'forgot' }],
      [`${W}Button`, [48, 940, 1032, 1100], { ...tap, text: 'SIGN IN', id: 'sign_in' }],
      [`${W}Button`, [48, 1140, 1032, 1300], { ...tap, text: 'CREATE ACCOUNT', id: 'create' }],
      [`${W}TextView`, [48, 1440, 1032, 1530], { text: 'Recent folders' }],
      [`androidx.recyclerview.widget.RecyclerView`, [0, 1560, 1080, 2010], { scrollable: 'true', id: 'folders' }, rows],
      [
        `${W}LinearLayout`,
        [0, 2040, 1080, 2280],
        {},
        [
          [`${W}FrameLayout`, [0, 2040, 360, 2280], { ...tap, 'content-desc': 'Home', id: 'tab_home' }],
          [`${W}FrameLayout`, [360, 2040, 720, 2280], { ...tap, 'content-desc': 'Search', id: 'tab_search' }],
          [`${W}FrameLayout`, [720, 2040, 1080, 2280], { ...tap, 'content-desc': 'Settings', id: 'tab_settings' }],
        ],
      ],
    ],
  ];
  return screenFromXml('authored-portrait', xmlOf([root], 'org.glance.demo'));
}

/** A project-authored landscape screen (2280×1080) with a dense keypad: legend below, crowded tags. */
export function authoredLandscape(): TestScreen {
  const keys: N[] = [];
  '1234567890'
    .split('')
    .forEach((k, i) =>
      keys.push([
        `${W}Button`,
        [1200 + (i % 5) * 200, 300 + Math.floor(i / 5) * 140, 1380 + (i % 5) * 200, 420 + Math.floor(i / 5) * 140],
        { ...tap, text: k, id: `key_${k}` },
      ]),
    );
  'QWERTYUIOP'
    .split('')
    .forEach((k, i) =>
      keys.push([`${W}Button`, [80 + i * 100, 700, 170 + i * 100, 800], { ...tap, text: k, id: `key_${k.toLowerCase()}` }]),
    );
  const root: N = [
    `${W}FrameLayout`,
    [0, 0, 2280, 1080],
    {},
    [
      [`${W}ImageButton`, [0, 40, 140, 180], { ...tap, 'content-desc': 'Menu' }],
      [`${W}TextView`, [160, 70, 900, 150], { text: 'Calculator' }],
      [`${W}EditText`, [80, 280, 1100, 420], { ...tap, id: 'display', text: '12 × 7' }],
      [`${W}Switch`, [80, 460, 700, 560], { ...tap, checkable: 'true', text: 'Scientific' }],
      [`${W}TextView`, [80, 580, 1100, 660], { text: 'Keyboard' }],
      ...keys,
    ],
  ];
  return screenFromXml('authored-landscape', xmlOf([root], 'org.glance.demo'));
}
