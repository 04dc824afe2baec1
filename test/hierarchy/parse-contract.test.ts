// parseDump's front door against what it promises, with hand-written inputs: which text before the XML is a
// device failure (and which hint it gets), that JSON of either shape is read as JSON, how a broken JSON dump is
// told apart from a cut one, and that a WebDriverAgent page source may follow whatever the device printed.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDump } from '../../src/hierarchy/parse.js';
import { DUMP_FAILURES } from '../../src/hierarchy/dump-lines.js';
import { thrown } from '../helpers/thrown.js';

const XML =
  '<?xml version="1.0"?><hierarchy rotation="0"><node class="android.widget.TextView" text="hi" bounds="[0,0][10,20]" /></hierarchy>';
const WDA =
  '<?xml version="1.0" encoding="UTF-8"?><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="App" label="App" enabled="true" visible="true" x="0" y="0" width="390" height="844"/>';

describe('device failures before the XML', () => {
  test('the known failure lines are recognised in any letter case, each with its own hint', () => {
    for (const { line, hint } of Object.values(DUMP_FAILURES)) {
      for (const spelt of [line.toLowerCase(), line.toUpperCase()]) {
        const e = thrown(() => parseDump(`${spelt}\n${XML}`));
        assert.equal(e.code, 'DUMP_DEVICE_ERROR', spelt);
        assert.equal(e.message, `the device could not dump its UI: ${spelt}`);
        assert.equal(e.hint, hint);
      }
    }
  });

  test('any other line starting with ERROR:, indented or not, is a failure with the retry hint', () => {
    for (const input of ['ERROR: out of memory', `  ERROR: out of memory\n${XML}`, `starting\n\tERROR: out of memory\n${XML}`]) {
      const e = thrown(() => parseDump(input));
      assert.equal(e.code, 'DUMP_DEVICE_ERROR', input);
      assert.equal(e.message, 'the device could not dump its UI: ERROR: out of memory');
      assert.equal(e.hint, 'uiautomator reported an error; retry the dump');
    }
  });

  test('ERROR: inside a line is not a failure line', () => {
    for (const preamble of ['UI hierchary dumped to: /sdcard/ERROR:1.xml', 'adb: no ERROR: reported', 'xERROR: y']) {
      assert.equal(parseDump(`${preamble}\n${XML}`).roots[0]!.text, 'hi', preamble);
    }
  });

  test('with no XML at all, only the head of the text is searched for a failure', () => {
    const crash = thrown(() => parseDump(`Killed\n${'x'.repeat(3000)}`));
    assert.equal(crash.code, 'DUMP_DEVICE_ERROR');
    // a long text that is no dump is reported as such, whatever it mentions far down
    const log = thrown(() => parseDump(`${'log line\n'.repeat(300)}Killed\n`));
    assert.equal(log.code, 'DUMP_NOT_RECOGNISED');
    assert.equal(log.message, 'not a UI dump: no XML or JSON in 2707 characters');
  });
});

describe('JSON', () => {
  test('a JSON array is JSON: never searched for failure words, cut off → DUMP_TRUNCATED, whole → not a DroidBot state', () => {
    const whole = thrown(() => parseDump('["Killed", "ERROR: x"]'));
    assert.equal(whole.code, 'DUMP_NOT_RECOGNISED');
    assert.equal(whole.message, 'JSON without a views[] array');
    const cut = thrown(() => parseDump('[{"views": [1,'));
    assert.equal(cut.code, 'DUMP_TRUNCATED');
    assert.equal(cut.message, 'the JSON dump does not parse');
  });

  test('a cut-off JSON dump names a position only when the JSON parser gave one', () => {
    const end = thrown(() => parseDump('{"views": [1,'));
    assert.equal(end.code, 'DUMP_TRUNCATED');
    assert.equal(end.message, 'the JSON dump does not parse');
    const inString = thrown(() => parseDump('{"views": [{"text": "ab'));
    assert.equal(inString.code, 'DUMP_TRUNCATED');
    assert.equal(inString.message, 'the JSON dump does not parse at position 23');
    // cut after a comma, blank lines following: the parser stops at the very end
    const trailing = thrown(() => parseDump('{"views": [1, 2], \n\n'));
    assert.equal(trailing.code, 'DUMP_TRUNCATED');
    assert.equal(trailing.message, 'the JSON dump does not parse at position 20');
  });

  test('JSON broken in the middle is malformed, however many blank lines come before it', () => {
    for (const lead of ['', '\n', '\n'.repeat(40), ' \t'.repeat(30)]) {
      const e = thrown(() => parseDump(`${lead}{"views": [1, 2] x, "a": 1}`));
      assert.equal(e.code, 'DUMP_MALFORMED', JSON.stringify(lead));
      assert.equal(e.message, `the JSON dump does not parse at position ${lead.length + 17}`);
    }
  });
});

describe('WebDriverAgent page source', () => {
  test('parses after blank lines or a line the device printed first', () => {
    for (const before of ['', '\n\n', '  \n', 'UI hierchary dumped to: /dev/tty\n', 'note\n']) {
      const d = parseDump(`${before}${WDA}`);
      assert.equal(d.format, 'wda', JSON.stringify(before));
      assert.deepEqual([d.roots[0]!.desc, d.width, d.height], ['App', 390, 844]);
    }
  });
});
