// The model's helpers and parseDump's front door, from their documentation and without the corpus: geometry on
// half-open boxes, traversal order, the default node, class and id shortening, and which coded error each kind
// of bad input gets (with what the message and hint say).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { thrown } from '../helpers/thrown.js';
import {
  area,
  center,
  contains,
  isEditableClass,
  parseComponent,
  platformOf,
  shortClass,
  shortId,
  uiNode,
  walk,
} from '../../src/hierarchy/model.js';
import { parseDump, toDump } from '../../src/hierarchy/parse.js';
import {
  DUMP_FAILURES,
  DUMPED_TO_RE,
  UIAUTOMATION_BUSY_LINE,
  UIAUTOMATION_BUSY_RE,
  dumpFailureIn,
  dumpedToLine,
} from '../../src/hierarchy/dump-lines.js';

const XML =
  '<?xml version="1.0"?><hierarchy rotation="0"><node class="android.widget.FrameLayout" text="hi" bounds="[0,0][10,20]" /></hierarchy>';

describe('geometry', () => {
  test('area is width × height, 0 for an inverted or empty box', () => {
    assert.equal(area([10, 20, 40, 60]), 30 * 40);
    assert.equal(area([40, 20, 10, 60]), 0);
    assert.equal(area([10, 60, 40, 20]), 0);
    assert.equal(area([5, 5, 5, 9]), 0);
  });

  test('center rounds down', () => {
    assert.deepEqual(center([0, 0, 11, 21]), [5, 10]);
    assert.deepEqual(center([10, 20, 20, 40]), [15, 30]);
    assert.deepEqual(center([-3, -3, 0, 0]), [-2, -2]);
  });

  test('contains: left and top edges inside, right and bottom edges outside', () => {
    const b = [10, 20, 30, 40] as const;
    assert.equal(contains(b, 10, 20), true);
    assert.equal(contains(b, 29, 39), true);
    assert.equal(contains(b, 30, 25), false);
    assert.equal(contains(b, 15, 40), false);
    assert.equal(contains(b, 9, 25), false);
    assert.equal(contains(b, 15, 19), false);
  });
});

describe('nodes', () => {
  test('uiNode: uiautomator defaults (enabled and visible true, every other flag false, empty strings)', () => {
    const n = uiNode({ cls: 'android.view.View', bounds: [0, 0, 1, 1] });
    assert.deepEqual(n, {
      cls: 'android.view.View',
      bounds: [0, 0, 1, 1],
      text: '',
      desc: '',
      hint: '',
      id: '',
      pkg: '',
      checkable: false,
      checked: false,
      clickable: false,
      longClickable: false,
      enabled: true,
      focusable: false,
      focused: false,
      scrollable: false,
      password: false,
      selected: false,
      visible: true,
      editable: false,
      index: 0,
      children: [],
    });
    assert.equal(uiNode({ cls: 'x', bounds: [0, 0, 1, 1], enabled: false, text: 't' }).enabled, false);
  });

  test('walk: depth-first pre-order over every root, with parent and depth', () => {
    const leaf = (cls: string, children: ReturnType<typeof uiNode>[] = []) => uiNode({ cls, bounds: [0, 0, 1, 1], children });
    const a = leaf('a', [leaf('a1', [leaf('a11')]), leaf('a2')]);
    const b = leaf('b', [leaf('b1')]);
    const seen = [...walk([a, b])].map((e) => `${e.node.cls}<${e.parent?.cls ?? '-'}@${e.depth}`);
    assert.deepEqual(seen, ['a<-@0', 'a1<a@1', 'a11<a1@2', 'a2<a@1', 'b<-@0', 'b1<b@1']);
    assert.deepEqual([...walk([])], []);
  });

  test('shortClass and shortId drop what precedes the last dot or the ":id/"', () => {
    assert.equal(shortClass('android.widget.TextView'), 'TextView');
    assert.equal(shortClass('TextView'), 'TextView');
    assert.equal(shortClass('a.b.Outer$Inner'), 'Outer$Inner');
    assert.equal(shortId('com.x:id/title'), 'title');
    assert.equal(shortId('title'), 'title');
    assert.equal(shortId('android:id/button1'), 'button1');
    // an empty prefix is still a prefix
    assert.equal(shortClass('.Main'), 'Main');
    assert.equal(shortId(':id/name'), 'name');
  });

  test('editable by class: EditText and its subclasses, by short name or by a name ending in EditText', () => {
    for (const c of [
      'android.widget.EditText',
      'android.widget.AutoCompleteTextView',
      'android.widget.SearchView$SearchAutoComplete',
      'com.google.android.material.textfield.TextInputEditText',
      'com.x.MyFancyEditText',
      'android.widget.MultiAutoCompleteTextView',
      'androidx.appcompat.widget.AppCompatAutoCompleteTextView',
      'androidx.appcompat.widget.AppCompatMultiAutoCompleteTextView',
    ])
      assert.equal(isEditableClass(c), true, c);
    for (const c of ['android.widget.TextView', 'android.widget.Button', 'com.x.EditTextLabel', 'android.widget.EditTextView'])
      assert.equal(isEditableClass(c), false, c);
  });

  test('platformOf: android unless the dump says otherwise', () => {
    assert.equal(platformOf({}), 'android');
    assert.equal(platformOf({ platform: 'ios' }), 'ios');
    assert.equal(platformOf({ platform: 'android' }), 'android');
  });

  test('parseComponent: a slash needed after a non-empty package; the activity kept when it names another package', () => {
    assert.deepEqual(parseComponent('a.b/.Main'), { package: 'a.b', activity: 'a.b.Main' });
    assert.deepEqual(parseComponent('a.b/c.d.Main'), { package: 'a.b', activity: 'c.d.Main' });
    assert.deepEqual(parseComponent('a/'), { package: 'a', activity: '' });
    assert.equal(parseComponent('/x'), undefined);
  });
});

describe('dump lines', () => {
  test('the success line, read back either spelling', () => {
    assert.equal(dumpedToLine('/sdcard/x.xml'), 'UI hierchary dumped to: /sdcard/x.xml\n');
    assert.match(dumpedToLine('/a'), DUMPED_TO_RE);
    assert.match('UI hierarchy dumped to: /a', DUMPED_TO_RE);
    // the whole line goes, so what follows it is the XML
    assert.equal('UI hierchary dumped to: /sdcard/window_dump.xml\n<?xml'.replace(DUMPED_TO_RE, ''), '<?xml');
  });

  test('another UiAutomation client holding the connection is recognised whatever the proxy hash', () => {
    assert.match(UIAUTOMATION_BUSY_LINE, UIAUTOMATION_BUSY_RE);
    assert.match(UIAUTOMATION_BUSY_LINE, /^java\.lang\.IllegalStateException: UiAutomationService /);
    assert.match('UiAutomationService x.Proxy@1 already registered!', UIAUTOMATION_BUSY_RE);
    assert.match('UiAutomationService x.Proxy@1   already registered!', UIAUTOMATION_BUSY_RE);
    assert.doesNotMatch('UiAutomationService x registered', UIAUTOMATION_BUSY_RE);
  });

  test('a failure line is found anywhere in the output', () => {
    assert.equal(dumpFailureIn(`noise\n${DUMP_FAILURES.idle.line}\n`), 'idle');
    assert.equal(dumpFailureIn(DUMP_FAILURES['null-root'].line), 'null-root');
    assert.equal(dumpFailureIn('UI hierchary dumped to: /a'), undefined);
  });
});

describe('parseDump front door', () => {
  test('text and bytes, a byte-order mark and leading blank lines are all fine', () => {
    for (const input of [XML, `\ufeff${XML}`, `\n \t${XML}`, new TextEncoder().encode(XML), `UI hierchary dumped to: /dev/tty\n${XML}`]) {
      const d = parseDump(input);
      assert.equal(d.format, 'uiautomator');
      assert.equal(d.roots[0]?.text, 'hi');
    }
  });

  test('empty or blank: INPUT_EMPTY, pointing at taking a dump', () => {
    for (const input of ['', ' \n\t ', '\ufeff', new Uint8Array(0)]) {
      const e = thrown(() => parseDump(input));
      assert.equal(e.code, 'INPUT_EMPTY');
      assert.equal(e.message, 'the dump is empty');
      assert.deepEqual(e.next, { tool: 'device_snapshot' });
    }
  });

  test("a device's failure line before (or instead of) the XML: DUMP_DEVICE_ERROR quoting that line, with its hint", () => {
    for (const [fault, { line, hint }] of Object.entries(DUMP_FAILURES)) {
      for (const input of [line, `starting\n  ${line}  \n${XML}`]) {
        const e = thrown(() => parseDump(input));
        assert.equal(e.code, 'DUMP_DEVICE_ERROR', fault);
        assert.equal(e.message, `the device could not dump its UI: ${line}`);
        assert.equal(e.hint, hint);
      }
    }
    const crash = thrown(() => parseDump('java.lang.NullPointerException: boom\n\tat x'));
    assert.equal(crash.message, 'the device could not dump its UI: java.lang.NullPointerException: boom');
    assert.match(crash.hint ?? '', /crashed/);
    const other = thrown(() => parseDump('ERROR: something else'));
    assert.equal(other.message, 'the device could not dump its UI: ERROR: something else');
    // a failure word inside the XML itself is the app's text, not a failure
    assert.equal(parseDump(XML.replace('text="hi"', 'text="ERROR: Killed"')).roots[0]?.text, 'ERROR: Killed');
  });

  test('neither XML nor JSON: DUMP_NOT_RECOGNISED giving the length, never the text', () => {
    const e = thrown(() => parseDump('secret words'));
    assert.equal(e.code, 'DUMP_NOT_RECOGNISED');
    assert.equal(e.message, 'not a UI dump: no XML or JSON in 12 characters');
    assert.doesNotMatch(e.message, /secret/);
  });

  test('JSON cut short is DUMP_TRUNCATED; JSON broken inside is DUMP_MALFORMED at its position, without quoting it', () => {
    const cut = thrown(() => parseDump('{"views": [1, 2'));
    assert.equal(cut.code, 'DUMP_TRUNCATED');
    assert.match(cut.hint ?? '', /cut off/);
    const bad = thrown(() => parseDump('{"views": [1, 2] x "secret": 1}'));
    assert.equal(bad.code, 'DUMP_MALFORMED');
    assert.match(bad.message, /^the JSON dump does not parse at position \d+$/);
    assert.match(bad.hint ?? '', /DroidBot/);
    assert.ok(bad.cause instanceof SyntaxError);
  });

  test('a saved WebDriverAgent response wraps its XML in "value"', () => {
    const wda =
      '<?xml version="1.0" encoding="UTF-8"?><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="App" label="App" enabled="true" visible="true" x="0" y="0" width="390" height="844"/>';
    const d = parseDump(JSON.stringify({ value: wda, sessionId: 's' }));
    assert.equal(d.format, 'wda');
    assert.equal(d.platform, 'ios');
  });

  test('toDump parses text and bytes and hands a parsed dump back as it is', () => {
    const d = parseDump(XML);
    assert.equal(toDump(d), d);
    assert.deepEqual(toDump(XML), d);
    assert.deepEqual(toDump(new TextEncoder().encode(XML)), d);
  });
});
