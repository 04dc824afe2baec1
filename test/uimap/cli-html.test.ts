import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, requires } from '../helpers/requires.js';
import type { UiMap } from '../../src/uimap/index.js';
import { catalogue } from '../../src/agent/catalogue.js';
import type { DeviceProvider } from '../../src/device/provider.js';
import { isGlanceError } from '../../src/errors.js';
import type { ToolProgress } from '../../src/tools/registry.js';
import { createSession } from '../../src/tools/session.js';
import { glance } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/uimap/${name}`, import.meta.url));
const tmp = tempDir('glance-uimap-');
after(() => rmSync(tmp, { recursive: true, force: true }));

describe('glance map (in-process)', () => {
  const json = path.join(tmp, 'pc.json');
  const html = path.join(tmp, 'pc.html');

  test('maps a project with --lib to JSON and HTML; progress bar only on a TTY', async () => {
    const c = await glance(['map', fixture('pocketclock'), '--lib', fixture('pocketclock-commons'), '--json', json, '--html', html], {
      isTTY: true,
    });
    assert.equal(c.code, 0, c.stderr);
    const map = JSON.parse(readFileSync(json, 'utf8')) as UiMap;
    assert.equal(map.package, 'org.glance.clock.pro');
    assert.equal(map.activities.length, 8);
    assert.ok(existsSync(html));
    assert.match(c.stderr, /^\r\[#* *\] reading \d+\/\d+/, 'progress bar drawn on a TTY');
    assert.ok(c.stderr.endsWith(`\r${' '.repeat(60)}\r`), 'and wiped before the summary');
    assert.match(c.stdout, /^mapped org\.glance\.clock\.pro: 8 activities/);
    const quiet = await glance(['map', fixture('pocketclock'), '--lib', fixture('pocketclock-commons'), '--json', json]);
    assert.equal(quiet.code, 0);
    assert.ok(!quiet.stderr.includes('\r'), 'no progress bar when stderr is not a TTY');
  });

  test('map path prints steps, or JSON with --json', async () => {
    const c = await glance(['map', 'path', '--map', json, '--to', 'FAQActivity', '--json']);
    assert.equal(c.code, 0, c.stderr);
    const paths = JSON.parse(c.stdout) as { activity: string; steps: { trigger?: { element?: string } }[] }[];
    assert.equal(paths[0]?.activity, 'org.glance.commons.activities.FAQActivity');
    assert.deepEqual(
      paths[0]?.steps.map((s) => s.trigger?.element ?? null),
      [null, 'about', 'about_faq_holder'],
    );
    const text = await glance(['map', 'path', '--map', json, '--to', 'config_colors']);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /WidgetConfigureActivity/);
    const byText = await glance(['map', 'path', '--map', json, '--text', 'customize colors', '--json']);
    assert.equal(byText.code, 0, byText.stderr);
    const hits = JSON.parse(byText.stdout) as { activity: string; target: { element: string } }[];
    assert.deepEqual(
      hits.map((h) => [h.activity.split('.').at(-1), h.target.element]),
      [['SettingsActivity', 'settings_color_customization_label']],
    );
    const both = await glance(['map', 'path', '--map', json, '--to', 'x', '--text', 'y']);
    assert.equal(both.code, 1);
  });

  test('--json after `map` is its own option wherever it stands; before the verb it is the global {ok, result} switch', async () => {
    const out = path.join(tmp, 'global.json');
    for (const argv of [
      ['map', fixture('notekeeper'), '--json', out],
      ['map', '--json', out, fixture('notekeeper')],
    ]) {
      rmSync(out, { force: true });
      const r = await glance(argv);
      assert.equal(r.code, 0, argv.join(' '));
      assert.equal((JSON.parse(readFileSync(out, 'utf8')) as UiMap).package, 'org.glance.notekeeper');
      assert.match(r.stdout, /^mapped org\.glance\.notekeeper: /);
    }
    const g = await glance(['--json', 'map', fixture('notekeeper')]);
    assert.equal(g.code, 0);
    const env = JSON.parse(g.stdout) as { ok: boolean; result: { package: string; map: UiMap } };
    assert.equal(env.ok, true);
    assert.equal(env.result.map.package, 'org.glance.notekeeper');
    assert.equal(env.result.package, 'org.glance.notekeeper');
    const both = await glance(['--json', 'map', fixture('notekeeper'), '--json', out]);
    const written = JSON.parse(both.stdout) as { ok: boolean; result: { json: string; map?: unknown } };
    assert.deepEqual([written.ok, written.result.json, written.result.map], [true, out, undefined]);
    const own = await glance(['map', 'path', '--map', out, '--to', 'HelpActivity', '--json']);
    assert.equal((JSON.parse(own.stdout) as { activity: string }[])[0]?.activity, 'org.glance.notekeeper.help.HelpActivity');
    const p = await glance(['--json', 'map', 'path', '--map', out, '--to', 'HelpActivity']);
    const paths = JSON.parse(p.stdout) as { ok: boolean; result: { paths: { activity: string }[] } };
    assert.equal(paths.ok, true);
    assert.equal(paths.result.paths[0]?.activity, 'org.glance.notekeeper.help.HelpActivity');
    const h = await glance(['map', '--help']);
    assert.equal(h.code, 0);
    assert.match(h.stdout, /^glance map <source>\n/);
    assert.match(h.stdout, /\n {2}--json VALUE +file to write the map JSON to/);
    const hp = await glance(['map', 'path', '--help']);
    assert.match(hp.stdout, /^glance map path\n/);
    // by default the map itself goes to standard output, and the summary to stderr
    const plain = await glance(['map', fixture('notekeeper')]);
    assert.equal(plain.code, 0, plain.stderr);
    assert.equal((JSON.parse(plain.stdout) as UiMap).package, 'org.glance.notekeeper');
    assert.match(plain.stderr, /^mapped org\.glance\.notekeeper: /);
  });

  test('errors: usage, missing source, unknown target, unreadable map', async () => {
    const u = await glance(['map']);
    assert.equal(u.code, 1);
    assert.match(u.stderr, /^error USAGE/);
    const m = await glance(['map', path.join(tmp, 'nope')]);
    assert.equal(m.code, 2);
    assert.match(m.stderr, /^error FILE_NOT_FOUND: no such directory: .*nope\nhint: check the path/);
    const empty = await glance(['map', tmp]);
    assert.equal(empty.code, 1);
    assert.match(empty.stderr, /^error MAP_SOURCE_INVALID: no Android module/);
    const n = await glance(['map', 'path', '--map', json, '--to', 'NoSuchThing']);
    assert.equal(n.code, 2);
    const r = await glance(['map', 'path', '--map', html, '--to', 'x']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /MAP_SOURCE_INVALID/);
    const j = await glance(['--json', 'map', 'path', '--map', html, '--to', 'x']);
    assert.equal(j.code, 1);
    assert.equal((JSON.parse(j.stdout) as { ok: boolean; error: { code: string } }).error.code, 'MAP_SOURCE_INVALID');
    const bogus = await glance(['map', '--bogus']);
    assert.equal(bogus.code, 1);
    assert.match(bogus.stderr, /^error USAGE: .*\nhint: see `glance map --help`/);
  });
});

describe('HTML view in headless Chromium', { skip: requires({ chromium: true }) }, () => {
  test('draws one node per activity; clicking a node lists its elements', async () => {
    const out = path.join(tmp, 'nk.json');
    const html = path.join(tmp, 'nk.html');
    assert.equal((await glance(['map', fixture('notekeeper'), '--json', out, '--html', html])).code, 0);
    const map = JSON.parse(readFileSync(out, 'utf8')) as UiMap;
    const browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1500, height: 800 } });
      const requests: string[] = [];
      page.on('request', (r) => void requests.push(r.url()));
      await page.goto(`file://${html}`);
      assert.equal(await page.locator('g.node').count(), map.activities.length);
      // one line per (from, to, return or not): parallel triggers share it
      const isReturn = (t: UiMap['transitions'][number]): boolean => t.back === true || t.trigger?.kind === 'up';
      const lines = new Set(map.transitions.map((t) => `${t.from} ${t.to} ${isReturn(t)}`));
      assert.ok(lines.size < map.transitions.length, 'the fixture has parallel transitions');
      assert.equal(await page.locator('g.edge').count(), lines.size);
      // simple names on the nodes, the full name as tooltip; the map fits the window
      assert.equal(await page.locator('g.node[data-name="org.glance.notekeeper.MainActivity"] text.title').textContent(), 'MainActivity');
      assert.equal(
        await page.locator('g.node[data-name="org.glance.notekeeper.MainActivity"] title').textContent(),
        'org.glance.notekeeper.MainActivity',
      );
      const box = await page.locator('#graph svg g.node').evaluateAll((ns) => {
        const rs = ns.map((n) => n.getBoundingClientRect());
        return { right: Math.max(...rs.map((r) => r.right)), bottom: Math.max(...rs.map((r) => r.bottom)) };
      });
      assert.ok(box.right <= 1500 - 360 && box.bottom <= 800, `nodes inside the graph pane: ${JSON.stringify(box)}`);
      // back/up edges only when asked for
      const returns = [...lines].filter((l) => l.endsWith(' true')).length;
      assert.ok(returns > 0);
      assert.equal(await page.locator('g.edge.back').evaluateAll((es) => es.filter((e) => e.getBoundingClientRect().width > 0).length), 0);
      await page.locator('#show-back').check();
      assert.equal(
        await page.locator('g.edge.back').evaluateAll((es) => es.filter((e) => e.getBoundingClientRect().width > 0).length),
        returns,
      );
      await page.locator('g.node[data-name="org.glance.notekeeper.MainActivity"]').click();
      assert.equal(await page.locator('#selected-name').textContent(), 'org.glance.notekeeper.MainActivity');
      const ids = await page.locator('#side li.element code').allTextContents();
      const main = map.activities.find((a) => a.name === 'org.glance.notekeeper.MainActivity');
      const expected = [
        main?.elements ?? [],
        ...[...(main?.fragments ?? []), ...(main?.dialogs ?? []), ...(main?.menus ?? [])].map((p) => p.elements),
      ]
        .flat()
        .map((e) => e.id);
      assert.deepEqual(ids, expected);
      await page.locator('#search').fill('sort by');
      assert.deepEqual(await page.locator('g.node.match').evaluateAll((ns) => ns.map((n) => n.getAttribute('data-name'))), [
        'org.glance.notekeeper.MainActivity',
      ]);
      assert.equal(await page.locator('#hits').textContent(), '1 screen shows "sort by"');
      await page.screenshot({ path: '/tmp/uimap-notekeeper.png', fullPage: true });
      assert.deepEqual(
        requests.filter((u) => !u.startsWith('file://')),
        [],
        'self-contained: no network requests',
      );
    } finally {
      await browser.close();
    }
  });
});

describe('the library builds the same map through the catalogue', () => {
  test('session.call(uimap_build) answers the map the CLI prints; uimap_path routes over the file it wrote', async () => {
    const noDevices: DeviceProvider = {
      get: async () => {
        throw new Error('a map build needs no device');
      },
      list: async () => [],
    };
    const written = path.join(tmp, 'lib.json');
    const session = createSession({
      devices: noDevices,
      tools: catalogue,
      files: { readFile: (p) => readFile(p, 'utf8'), writeFile: (p, d) => writeFile(p, d) },
    });
    const progress: ToolProgress[] = [];
    try {
      const built = await session.call('uimap_build', { source: fixture('notekeeper') }, { progress: (p) => void progress.push(p) });
      const data = built.data as { package: string; map: UiMap };
      const cli = await glance(['map', fixture('notekeeper')]);
      assert.equal(cli.code, 0, cli.stderr);
      const printed = JSON.parse(cli.stdout) as UiMap;
      assert.deepEqual(data.map, printed, 'the same map from the library and the CLI');
      assert.ok(progress.length > 0 && progress.every((p) => p.transient === true && p.total !== undefined));
      await session.call('uimap_build', { source: fixture('notekeeper'), out: written });
      const route = await session.call('uimap_path', { map: written, to: 'HelpActivity' });
      const viaCli = await glance(['map', 'path', '--map', written, '--to', 'HelpActivity']);
      assert.equal(`${route.text}\n`, viaCli.stdout);
      await assert.rejects(session.call('uimap_path', { map: written }), (e: unknown) => isGlanceError(e) && e.code === 'USAGE');
    } finally {
      await session.close();
    }
  });
});
