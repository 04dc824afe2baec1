import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import fc from 'fast-check';
import { XMLParser } from 'fast-xml-parser';
import { parseDump } from '../../src/hierarchy/parse.js';
import { toUiautomatorXml } from '../../src/hierarchy/xml.js';
import { parseComponent, walk, type UiNode } from '../../src/hierarchy/model.js';
import { GlanceError } from '../../src/errors.js';
import { corpusDir, corpusScreens, readText } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';

const corpus = requires({ shared: true });
const screens = corpus ? [] : corpusScreens();

function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof GlanceError, `expected GlanceError, got ${String(e)}`);
    assert.ok(e.hint && e.hint.length > 0, 'every error carries a hint');
    return e.code;
  }
  return 'NO_ERROR';
}

describe('uiautomator XML', () => {
  test('corpus has screens', { skip: corpus }, () => assert.ok(screens.length >= 400));

  test('parse → serialise reproduces every corpus screen byte for byte', { skip: corpus }, () => {
    for (const s of screens) {
      // The corpus writer left `></node>` where it dropped every (invisible) child; uiautomator itself
      // (KXmlSerializer) writes an empty element as ` />`, which is what we write.
      const xml = readText(s.xmlPath).replace(/"><\/node>/g, '" />');
      assert.equal(toUiautomatorXml(parseDump(xml)), xml, s.xmlPath);
    }
  });

  test('agrees with fast-xml-parser on every node and attribute', { skip: corpus }, () => {
    const fxp = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (n) => n === 'node',
      htmlEntities: true,
      trimValues: false,
    });
    type X = { node?: X[]; [k: string]: unknown };
    for (const s of screens.filter((_, i) => i % 4 === 0)) {
      const xml = readText(s.xmlPath);
      const ref = (fxp.parse(xml) as { hierarchy: X }).hierarchy;
      const ours = parseDump(xml).roots;
      const cmp = (a: X[], b: UiNode[]): void => {
        assert.equal(a.length, b.length);
        a.forEach((x, i) => {
          const n = b[i]!;
          assert.equal(String(x['text']), n.text);
          assert.equal(String(x['content-desc']), n.desc);
          assert.equal(String(x['resource-id']), n.id);
          assert.equal(String(x['class']), n.cls);
          assert.equal(String(x['bounds']), `[${n.bounds[0]},${n.bounds[1]}][${n.bounds[2]},${n.bounds[3]}]`);
          assert.equal(x['clickable'] === 'true', n.clickable);
          cmp(x.node ?? [], n.children);
        });
      };
      cmp(ref.node ?? [], ours);
    }
  });

  test('uiautomator2 page source: several windows, visible-to-user, pretty-printed', { skip: corpus }, () => {
    const d = parseDump(readText(join(corpusDir, 'dumps/omni-notes.uiautomator2.xml')));
    assert.equal(d.format, 'uiautomator2');
    assert.ok(d.roots.length > 1);
    assert.ok([...walk(d.roots)].some((e) => e.node.pkg === 'com.android.systemui'));
  });

  test('gmail dump parses with entities decoded', { skip: corpus }, () => {
    const d = parseDump(readText(join(corpusDir, 'dumps/gmail-inbox.uiautomator.xml')));
    assert.equal(d.format, 'uiautomator');
    assert.equal(d.width, 1080);
    assert.equal([...walk(d.roots)].length, 20);
  });

  test('preamble "UI hierchary dumped to:" is skipped', { skip: corpus }, () => {
    const xml = readText(screens[0]!.xmlPath);
    const d = parseDump(`UI hierchary dumped to: /sdcard/window_dump.xml\n${xml}`);
    assert.ok(d.roots.length > 0);
  });
});

describe('DroidBot JSON', () => {
  test('same tree as the XML twin (visible nodes)', { skip: corpus }, () => {
    for (const s of screens.filter((_, i) => i % 10 === 0)) {
      const j = parseDump(readText(s.jsonPath));
      const x = parseDump(readText(s.xmlPath));
      assert.equal(j.format, 'droidbot');
      // foreground_activity `pkg/.Name` becomes the package and the activity's full class name.
      const [pkg, act] = (JSON.parse(readText(s.jsonPath)) as { foreground_activity: string }).foreground_activity.split('/');
      assert.equal(j.package, pkg, s.jsonPath);
      assert.equal(j.activity, act!.startsWith('.') ? pkg + act! : act, s.jsonPath);
      const texts = (roots: UiNode[]) =>
        [...walk(roots)]
          .filter((e) => e.node.visible)
          .map((e) => e.node.text)
          .join('|');
      assert.equal(texts(j.roots), texts(x.roots), s.jsonPath);
      assert.ok(j.package && j.activity);
    }
  });
});

describe('parseComponent', () => {
  test('package and fully qualified activity; a leading dot is relative to the package', () => {
    assert.deepEqual(parseComponent('com.simplemobiletools.notes.pro/.activities.MainActivity'), {
      package: 'com.simplemobiletools.notes.pro',
      activity: 'com.simplemobiletools.notes.pro.activities.MainActivity',
    });
    assert.deepEqual(parseComponent('org.mozilla.firefox/org.mozilla.fenix.HomeActivity'), {
      package: 'org.mozilla.firefox',
      activity: 'org.mozilla.fenix.HomeActivity',
    });
  });
  test('no package, no component', () => {
    assert.equal(parseComponent(''), undefined);
    assert.equal(parseComponent('com.example'), undefined);
    assert.equal(parseComponent('/.Main'), undefined);
  });
});

describe('bad input', { skip: corpus }, () => {
  const xml = readText(screens[0]!.xmlPath);
  const cases: Array<[string, string, string]> = [
    ['empty', '', 'INPUT_EMPTY'],
    ['spaces', '  \n ', 'INPUT_EMPTY'],
    ['idle error', 'ERROR: could not get idle state.', 'DUMP_DEVICE_ERROR'],
    ['null root', 'ERROR: null root node returned by UiTestAutomationBridge.', 'DUMP_DEVICE_ERROR'],
    ['plain text', 'hello world', 'DUMP_NOT_RECOGNISED'],
    ['other xml', '<html><body/></html>', 'DUMP_NOT_RECOGNISED'],
    ['truncated xml', xml.slice(0, Math.floor(xml.length / 2)), 'DUMP_TRUNCATED'],
    ['truncated json', '{"views": [{"temp_id": 0', 'DUMP_TRUNCATED'],
    ['json not droidbot', '{"a": 1}', 'DUMP_NOT_RECOGNISED'],
    ['bad bounds', '<hierarchy rotation="0"><node bounds="[0,0][x,1]" /></hierarchy>', 'DUMP_MALFORMED'],
    ['unbalanced', '<hierarchy rotation="0"></node></hierarchy>', 'DUMP_MALFORMED'],
    ['unknown child', '{"views":[{"temp_id":0,"parent":-1,"children":[5],"bounds":[[0,0],[1,1]]}]}', 'DUMP_MALFORMED'],
  ];
  for (const [name, input, code] of cases)
    test(name, () =>
      assert.equal(
        codeOf(() => parseDump(input)),
        code,
      ),
    );

  test('fuzz: any cut, any byte flip → a dump or a GlanceError, never anything else', () => {
    fc.assert(
      fc.property(fc.nat(xml.length), fc.nat(xml.length), fc.string({ maxLength: 3 }), (cut, at, junk) => {
        const mutated = xml.slice(0, at) + junk + xml.slice(at + junk.length, Math.max(cut, at + 1));
        try {
          parseDump(mutated);
        } catch (e) {
          assert.ok(e instanceof GlanceError, String(e));
        }
      }),
      { numRuns: 400 },
    );
  });

  test('fuzz: random strings and JSON', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.constantFrom('<hierarchy', '<hierarchy rotation="0"><node', '{"views":[')), (s) => {
        try {
          parseDump(s);
        } catch (e) {
          assert.ok(e instanceof GlanceError, String(e));
        }
      }),
      { numRuns: 500 },
    );
  });

  test('deep nesting does not overflow the stack', () => {
    const deep = '<hierarchy rotation="0">' + '<node bounds="[0,0][1,1]">'.repeat(50000) + '</node>'.repeat(50000) + '</hierarchy>';
    const d = parseDump(deep);
    assert.equal([...walk(d.roots)].length, 50000);
    assert.ok(toUiautomatorXml(d).length > 0);
  });
});
