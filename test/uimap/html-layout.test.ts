// The HTML map of each shared app, drawn in headless Chromium at 1400×900: every node box inside the graph
// pane, no two node boxes overlapping, every node's text inside its own box, and the edge labels on show
// (with and without the back/up edges) apart from each other and from the node boxes (measured from element
// boxes).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { layoutMap, renderMapHtml } from '../../src/uimap/index.js';
import { corpusDir } from '../helpers/corpus.js';
import { CHROMIUM_ARGS, chromiumPath, requires } from '../helpers/requires.js';
import { sharedAppMap } from './shared-maps.js';
import { tempDir } from '../helpers/temp.js';

const appsDir = path.join(corpusDir, 'apps');
const apps = existsSync(appsDir) ? readdirSync(appsDir).filter((d) => existsSync(path.join(appsDir, d, 'src'))) : [];

interface Box {
  name: string;
  rect: { left: number; top: number; right: number; bottom: number };
  texts: { left: number; top: number; right: number; bottom: number }[];
}

const overlap = (a: Box['rect'], b: Box['rect']): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const inside = (t: Box['rect'], r: Box['rect']): boolean =>
  t.left >= r.left - 0.5 && t.right <= r.right + 0.5 && t.top >= r.top - 0.5 && t.bottom <= r.bottom + 0.5;

describe('HTML maps of the shared apps', { skip: requires({ chromium: true, shared: true }) }, () => {
  let browser: Browser;
  const tmp = tempDir('glance-html-layout-');
  before(async () => {
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    });
  });
  after(async () => {
    await browser.close();
  });

  test('there are shared apps', () => {
    assert.ok(apps.length >= 7, apps.join(', '));
  });
  for (const app of apps) {
    test(`${app}: nodes inside the window, apart, their labels inside their boxes`, async () => {
      const map = await sharedAppMap(path.join(appsDir, app));
      const file = path.join(tmp, `${app}.html`);
      writeFileSync(file, renderMapHtml(map, await layoutMap(map)));
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      try {
        await page.goto(`file://${file}`);
        const pane = await page.locator('#graph').evaluate((g) => g.getBoundingClientRect().toJSON() as Box['rect']);
        const boxes = await page.locator('g.node').evaluateAll((ns) =>
          ns.map((n) => ({
            name: n.getAttribute('data-name') ?? '',
            rect: n.querySelector('rect')?.getBoundingClientRect().toJSON() as Box['rect'],
            texts: [...n.querySelectorAll('text')]
              .filter((t) => (t.textContent ?? '') !== '')
              .map((t) => t.getBoundingClientRect().toJSON() as Box['rect']),
          })),
        );
        assert.equal(boxes.length, map.activities.length);
        for (const b of boxes) {
          assert.ok(inside(b.rect, pane), `${b.name} inside the graph pane ${JSON.stringify(pane)}: ${JSON.stringify(b.rect)}`);
          for (const t of b.texts)
            assert.ok(inside(t, b.rect), `${b.name}: a label runs out of its box (${JSON.stringify(t)} vs ${JSON.stringify(b.rect)})`);
        }
        for (let i = 0; i < boxes.length; i++)
          for (let j = i + 1; j < boxes.length; j++) {
            const [a, b] = [boxes[i] as Box, boxes[j] as Box];
            assert.ok(!overlap(a.rect, b.rect), `${a.name} overlaps ${b.name}`);
          }
        const readable = await page.locator('#graph').evaluate((g) => g.classList.contains('readable'));
        const fitting = await page.locator('g.edge text.fit').count();
        for (const withBack of [false, true]) {
          if (withBack) await page.locator('#show-back').check();
          const shown = await page
            .locator('g.edge text')
            .evaluateAll((ts) =>
              ts
                .filter((t) => t.getBoundingClientRect().width > 0)
                .map((t) => ({ text: t.textContent ?? '', rect: t.getBoundingClientRect().toJSON() as Box['rect'] })),
            );
          // labels show exactly when they are big enough to read, and then all those ELK gave room to
          assert.equal(shown.length, readable ? fitting : 0, `${app}: labels on show (readable: ${readable})`);
          for (let i = 0; i < shown.length; i++) {
            const a = shown[i] as (typeof shown)[number];
            for (const b of shown.slice(i + 1)) assert.ok(!overlap(a.rect, b.rect), `label "${a.text}" overlaps "${b.text}"`);
            for (const n of boxes) assert.ok(!overlap(a.rect, n.rect), `label "${a.text}" overlaps node ${n.name}`);
          }
        }
        const after = await page
          .locator('g.node rect')
          .evaluateAll((rs) => rs.map((r) => r.getBoundingClientRect().toJSON() as Box['rect']));
        assert.deepEqual(
          after,
          boxes.map((b) => b.rect),
          'showing the back/up edges moves no node',
        );
      } finally {
        await page.close();
      }
    });
  }
});
