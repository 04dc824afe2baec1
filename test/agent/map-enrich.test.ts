// Optional enrichment of a UI Map by a model, over HTTP to the local fake model server: summaries and effects
// land on the map, answers are cached per screen under what its prompt shows (an unchanged app asks nothing, a
// changed screen is asked again alone), unknown ids get one repair round, big screens are asked in parts, and
// `glance map --enrich` keeps the cache beside the map. Without --enrich the map has none of it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ELEMENTS_PER_ASK, enrichMap, parseEnrichCache } from '../../src/agent/map-enrich.js';
import { AiSdkProvider } from '../../src/agent/providers/ai-sdk.js';
import { enrichCachePath } from '../../src/agent/map-build.js';
import { glance } from '../helpers/cli.js';
import { mapDirectory } from '../../src/uimap/index.js';
import type { MapElement, UiMap } from '../../src/uimap/index.js';
import { elementsOf } from '../../src/uimap/paths.js';
import { promptOf, startFakeLlm, type FakeLlm, type FakeReply, type RecordedRequest } from '../helpers/fake-llm.js';
import { tempDir } from '../helpers/temp.js';

const fixture = fileURLToPath(new URL('../fixtures/uimap/notekeeper', import.meta.url));
const tmp = tempDir('glance-enrich-');

/** The screen's simple name and the element ids a prompt lists. */
function asked(req: RecordedRequest): { screen: string; ids: string[] } {
  const p = promptOf(req);
  const screen = /^Screen: (\S+)/m.exec(p)?.[1] ?? '';
  const ids = [...p.matchAll(/^- (\S+) · /gm)].map((m) => m[1] as string);
  return { screen, ids };
}

/** A well-behaved model: a summary naming the screen, an effect for every other listed element. */
const describer = (req: RecordedRequest): FakeReply => {
  const { screen, ids } = asked(req);
  return { json: { summary: `Shows ${screen}.`, effects: ids.filter((_, i) => i % 2 === 0).map((id) => ({ id, effect: `uses ${id}` })) } };
};

describe('map enrichment against the fake model server', () => {
  let fake: FakeLlm;
  let map: UiMap;
  let provider: AiSdkProvider;
  before(async () => {
    fake = await startFakeLlm(describer);
    provider = new AiSdkProvider({ kind: 'openai-compatible', model: 'm', label: `${fake.url}#m`, baseURL: fake.url }, { maxRetries: 0 });
    map = await mapDirectory(fixture);
  });
  after(async () => {
    await fake.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  test('one request per screen; summaries on the activities, effects on the elements named, nothing on the rest', async () => {
    const before = fake.requests.length;
    const r = await enrichMap(map, provider);
    const reqs = fake.requests.slice(before);
    assert.equal(reqs.length, map.activities.length);
    assert.equal(r.asked, map.activities.length);
    assert.equal(r.reused, 0);
    assert.equal(r.calls.length, map.activities.length);
    assert.equal(r.map.enrichedBy, `${fake.url}#m`);
    for (const a of r.map.activities) {
      const short = a.name.split('.').at(-1) ?? '';
      assert.equal(a.summary, `Shows ${short}.`);
      const req = reqs.find((q) => asked(q).screen === short);
      assert.ok(req !== undefined, short);
      const listed = asked(req).ids;
      assert.deepEqual(listed, [...new Set(elementsOf(a).map((h) => h.element.id))], `${short}: every element listed once`);
      for (const h of elementsOf(a)) {
        const i = listed.indexOf(h.element.id);
        assert.equal(h.element.effect, i % 2 === 0 ? `uses ${h.element.id}` : undefined, `${short} ${h.element.id}`);
      }
    }
    // the prompt says where the screen leads
    const main = reqs.find((q) => asked(q).screen === 'MainActivity');
    const out = map.transitions.find((t) => t.from.endsWith('.MainActivity') && !t.to.endsWith('.MainActivity'));
    assert.ok(main !== undefined && out !== undefined);
    assert.match(promptOf(main), new RegExp(`^Leads to: .*${out.to.split('.').at(-1) ?? ''}`, 'm'));
    // the analysis's own map is left as it was
    assert.equal(map.enrichedBy, undefined);
    assert.ok(map.activities.every((a) => a.summary === undefined));
  });

  test('cached per screen: an unchanged map asks nothing; a changed screen alone is asked again', async () => {
    const first = await enrichMap(map, provider);
    const n = fake.requests.length;
    const again = await enrichMap(map, provider, { cache: first.cache });
    assert.equal(fake.requests.length, n);
    assert.equal(again.asked, 0);
    assert.equal(again.reused, map.activities.length);
    assert.deepEqual(again.map, first.map);

    const changed = structuredClone(map);
    const target = changed.activities[1];
    assert.ok(target !== undefined);
    target.label = 'Renamed screen';
    const third = await enrichMap(changed, provider, { cache: again.cache });
    assert.equal(third.asked, 1);
    assert.equal(fake.requests.length, n + 1);
    assert.equal(asked(fake.requests.at(-1) as RecordedRequest).screen, target.name.split('.').at(-1));
    assert.equal(Object.keys(third.cache.entries).length, map.activities.length, 'the old answer for the changed screen is dropped');
    // another model is another key
    const other = new AiSdkProvider(
      { kind: 'openai-compatible', model: 'm2', label: `${fake.url}#m2`, baseURL: fake.url },
      { maxRetries: 0 },
    );
    assert.equal((await enrichMap(map, other, { cache: first.cache })).asked, map.activities.length);
  });

  test('an answer naming ids that were not listed is sent back once with the reason', async () => {
    const one: UiMap = { ...map, activities: map.activities.filter((a) => a.name.endsWith('.MainActivity')), transitions: [] };
    const id = elementsOf(one.activities[0] as UiMap['activities'][number])[0]?.element.id;
    assert.ok(id !== undefined);
    fake.script([
      { json: { summary: 'A screen.', effects: [{ id: 'not_there', effect: 'x' }] } },
      { json: { summary: 'A screen.', effects: [{ id, effect: 'opens it' }] } },
    ]);
    const before = fake.requests.length;
    try {
      const r = await enrichMap(one, provider);
      assert.equal(fake.requests.length - before, 2);
      assert.match(promptOf(fake.requests.at(-1) as RecordedRequest), /not_there/);
      assert.equal(elementsOf(r.map.activities[0] as UiMap['activities'][number])[0]?.element.effect, 'opens it');
    } finally {
      fake.script(describer);
    }
  });

  test(`a screen with more than ${ELEMENTS_PER_ASK} elements is asked in parts; the first part's summary stands`, async () => {
    const elements: MapElement[] = Array.from({ length: 2 * ELEMENTS_PER_ASK + 5 }, (_, i) => ({
      id: `row_${i}`,
      class: 'android.widget.Button',
    }));
    const big: UiMap = {
      ...map,
      activities: [{ name: 'x.y.BigActivity', layouts: ['big'], elements, fragments: [], dialogs: [], menus: [] }],
      transitions: [],
    };
    const before = fake.requests.length;
    const r = await enrichMap(big, provider);
    const parts = fake.requests.slice(before).map(asked);
    assert.deepEqual(
      parts.map((p) => p.ids.length),
      [ELEMENTS_PER_ASK, ELEMENTS_PER_ASK, 5],
    );
    assert.equal(r.map.activities[0]?.summary, 'Shows BigActivity.');
    assert.equal(
      r.map.activities[0]?.elements.filter((e) => e.effect !== undefined).length,
      ELEMENTS_PER_ASK / 2 + ELEMENTS_PER_ASK / 2 + 3,
    );
  });

  test('a cache file that is not one reads as no cache', () => {
    assert.equal(parseEnrichCache('{'), undefined);
    assert.equal(parseEnrichCache('{"version":2,"entries":{}}'), undefined);
    assert.deepEqual(parseEnrichCache('{"version":1,"entries":{"k":{"summary":"s","effects":{"a":"b"}}}}'), {
      version: 1,
      entries: { k: { summary: 's', effects: { a: 'b' } } },
    });
  });

  test('glance map --enrich --model URL#MODEL keeps the cache beside the map; a second run asks nothing', async () => {
    const out = path.join(tmp, 'nk.json');
    const html = path.join(tmp, 'nk.html');
    const stdout: string[] = [];
    const map = async (argv: string[], env: Record<string, string> = {}): Promise<number> => {
      const r = await glance(['map', ...argv], { env: { GLANCE_MODEL: undefined, ...env } });
      stdout.push(r.stdout);
      return r.code;
    };
    const before = fake.requests.length;
    assert.equal(await map([fixture, '--json', out, '--html', html, '--enrich', '--model', `${fake.url}#m`]), 0);
    const written = JSON.parse(readFileSync(out, 'utf8')) as UiMap;
    assert.equal(fake.requests.length - before, written.activities.length);
    assert.ok(written.activities.every((a) => a.summary?.startsWith('Shows ') === true));
    assert.equal(written.enrichedBy, `${fake.url}#m`);
    assert.ok(existsSync(enrichCachePath(out)));
    assert.equal(enrichCachePath(out), path.join(tmp, 'nk.enrich.json'));
    assert.match(readFileSync(html, 'utf8'), /Shows MainActivity\./);
    assert.match(stdout.join(''), new RegExp(`${written.activities.length} screens asked`));

    const n = fake.requests.length;
    assert.equal(await map([fixture, '--json', out, '--enrich'], { GLANCE_MODEL: `${fake.url}#m` }), 0);
    assert.equal(fake.requests.length, n, 'answered from the cache');
    assert.match(stdout.at(-1) ?? '', new RegExp(`0 screens asked \\(0 tokens\\), ${written.activities.length} from`));
    assert.deepEqual(JSON.parse(readFileSync(out, 'utf8')), written);

    // a broken cache is said and rebuilt
    writeFileSync(enrichCachePath(out), 'not json');
    assert.equal(await map([fixture, '--json', out, '--enrich', '--model', `${fake.url}#m`]), 0);
    assert.match(stdout.at(-1) ?? '', /was not an enrichment cache: asked again/);
    assert.ok(parseEnrichCache(readFileSync(enrichCachePath(out), 'utf8')) !== undefined);

    // off by default
    const plain = path.join(tmp, 'plain.json');
    const m = fake.requests.length;
    assert.equal(await map([fixture, '--json', plain]), 0);
    const p = JSON.parse(readFileSync(plain, 'utf8')) as UiMap;
    assert.equal(fake.requests.length, m);
    assert.equal(p.enrichedBy, undefined);
    assert.ok(p.activities.every((a) => a.summary === undefined && elementsOf(a).every((h) => h.element.effect === undefined)));
    assert.ok(!existsSync(enrichCachePath(plain)));
  });

  test('usage: --enrich needs a map file and a model; --model alone is refused', async () => {
    const code = async (argv: string[]): Promise<string> => {
      const r = await glance(['--json', 'map', ...argv], { env: { GLANCE_MODEL: undefined } });
      const o = JSON.parse(r.stdout) as { ok: boolean; error?: { code: string } };
      return o.ok ? 'ok' : (o.error?.code ?? r.stdout);
    };
    assert.equal(await code([fixture, '--enrich', '--model', `${fake.url}#m`]), 'USAGE');
    assert.equal(await code([fixture, '--json', '-', '--enrich', '--model', `${fake.url}#m`]), 'USAGE');
    assert.equal(await code([fixture, '--json', path.join(tmp, 'x.json'), '--model', `${fake.url}#m`]), 'USAGE');
    assert.equal(await code([fixture, '--json', path.join(tmp, 'x.json'), '--enrich']), 'MODEL_NOT_CONFIGURED');
    assert.equal(await code([fixture, '--json', path.join(tmp, 'x.json'), '--enrich', '--model', 'nonsense']), 'MODEL_NOT_CONFIGURED');
  });
});
