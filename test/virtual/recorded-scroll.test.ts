// Scrolling recorded content: a DroidTask screen whose DroidBot JSON holds views below the fold scrolls them into
// view, up to where the recording ends, while the unscrolled screen stays exactly the recorded XML. Reads the
// shared corpus (read-only); nothing from it is copied.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createVirtualDevice, VirtualPhone, type VirtualDevice } from '../../src/device/virtual/index.js';
import { graftOffscreen } from '../../src/device/virtual/offscreen.js';
import { walk, type UiNode } from '../../src/hierarchy/model.js';
import { parseDump } from '../../src/hierarchy/parse.js';
import { corpusScreens, droidtaskApps } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';
import { CORPUS } from './droidtask.js';

const SETTINGS = 'state_2023-07-02_180024';
const SCROLLER = 'com.simplemobiletools.clock:id/settings_nested_scrollview';

const nodes = (dev: VirtualDevice): UiNode[] => [...walk(dev.state.dump().roots)].map((e) => e.node);
const flat = (roots: readonly UiNode[]): string[] => [...walk(roots)].map(({ node: n }) => `${n.cls} ${n.text} ${n.bounds.join(',')}`);
const byText = (dev: VirtualDevice, text: string): UiNode | undefined => nodes(dev).find((n) => n.text === text);

describe('scrolling recorded content', { skip: requires({ shared: true }) }, () => {
  test('rows below the fold scroll into view, rows at the top leave, and the content ends where the recording does', async () => {
    const dev = createVirtualDevice({ droidbotDir: join(CORPUS, 'applauncher') });
    dev.state.reset(SETTINGS);
    const recorded = parseDump(readFileSync(join(CORPUS, 'applauncher', 'screens', `${SETTINGS}.xml`), 'utf8'));
    assert.deepEqual(flat(dev.state.dump().roots), flat(recorded.roots), 'unscrolled, the screen is the recorded XML');
    assert.equal(byText(dev, 'TIMER TAB'), undefined, 'below the fold before scrolling');
    const scroller = nodes(dev).find((n) => n.id === SCROLLER)!;

    await dev.run('input swipe 540 1800 540 600');
    assert.match(dev.state.log.at(-1)!.message, /^scrolled ScrollView/);
    const timer = byText(dev, 'TIMER TAB');
    assert.ok(timer !== undefined, 'a recorded row from below the fold is shown');
    assert.ok(timer.bounds[1] >= scroller.bounds[1] && timer.bounds[3] <= scroller.bounds[3], 'inside the scroll view');
    assert.equal(byText(dev, 'COLOR CUSTOMIZATION'), undefined, 'the top row left the screen');
    const moved = byText(dev, 'GENERAL')!;
    const before = recorded.roots.flatMap((r) => [...walk([r])]).find((e) => e.node.text === 'GENERAL')!.node;
    assert.ok(moved.bounds[1] < before.bounds[1], 'rows moved up');

    const atEnd = flat(dev.state.dump().roots);
    await dev.run('input swipe 540 1800 540 600');
    assert.deepEqual(flat(dev.state.dump().roots), atEnd, 'clamped at the end of the recorded content');
    assert.match(dev.state.log.at(-1)!.message, /^end of the recorded content of ScrollView/);

    // Back to the top, the screen is the recording again.
    for (let i = 0; i < 3; i++) await dev.run('input swipe 540 600 540 1800');
    assert.deepEqual(flat(dev.state.dump().roots), flat(recorded.roots));
  });

  test('a screen recorded scrolled down scrolls back up to the content above it, and no further', async () => {
    const dev = createVirtualDevice({ droidbotDir: join(CORPUS, 'clock') });
    const name = 'state_2023-07-03_111613';
    dev.state.reset(name);
    const recorded = flat(dev.state.dump().roots);
    const general = byText(dev, 'GENERAL')!;
    assert.equal(byText(dev, 'COLOR CUSTOMIZATION'), undefined, 'above the fold as recorded');
    const scroller = nodes(dev).find((n) => n.id === 'com.simplemobiletools.clock:id/settings_nested_scrollview')!;

    await dev.run('input swipe 540 800 540 1600');
    assert.match(dev.state.log.at(-1)!.message, /^scrolled ScrollView/);
    const header = byText(dev, 'COLOR CUSTOMIZATION');
    const colors = byText(dev, 'Customize colors (Locked)');
    const moved = byText(dev, 'GENERAL')!;
    assert.ok(header !== undefined && colors !== undefined, 'the rows the recording had scrolled past are shown');
    assert.ok(header.bounds[1] >= scroller.bounds[1], 'inside the scroll view');
    assert.ok(header.bounds[3] <= colors.bounds[1] && colors.bounds[3] <= moved.bounds[1], 'in their recorded order, above GENERAL');
    assert.ok(moved.bounds[1] > general.bounds[1], 'the recorded rows moved down');

    const atTop = flat(dev.state.dump().roots);
    await dev.run('input swipe 540 800 540 1600');
    assert.deepEqual(flat(dev.state.dump().roots), atTop, 'clamped at the top of the recorded content');
    assert.match(dev.state.log.at(-1)!.message, /^end of the recorded content of ScrollView/);

    // Back down to where it was recorded, the screen is the recording again.
    await dev.run(`input swipe 540 1600 540 ${1600 - (moved.bounds[1] - general.bounds[1])}`);
    assert.deepEqual(flat(dev.state.dump().roots), recorded);
  });

  test('every corpus screen with content beyond a fold serves what it served without it until it scrolls', () => {
    let grafted = 0;
    for (const app of droidtaskApps()) {
      const dev = createVirtualDevice({ droidbotDir: join(CORPUS, app) });
      for (const def of dev.scenario.screens.values()) {
        if (def.offscreen === undefined) continue;
        grafted++;
        dev.state.reset(def.name);
        const { offscreen: _, ...plain } = def;
        const without = new VirtualPhone({ ...dev.scenario, screens: new Map([[def.name, plain]]) });
        without.reset(def.name);
        assert.deepEqual(flat(dev.state.dump().roots), flat(without.dump().roots), `${app} ${def.name}`);
      }
    }
    assert.ok(grafted >= 10, `only ${grafted} screens have recorded content beyond a fold`);
  });

  test('a JSON twin that describes another tree grafts nothing', () => {
    const s = corpusScreens()[0]!;
    const other = corpusScreens().find((o) => o.app !== s.app)!;
    const xml = parseDump(readFileSync(s.xmlPath, 'utf8'));
    assert.equal(graftOffscreen(xml, parseDump(readFileSync(other.jsonPath, 'utf8'))), undefined);
  });
});
