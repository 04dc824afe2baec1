// parseDump's front door with hand-written inputs: a byte-order mark before JSON, JSON whose own text looks
// like a device failure, and an indented failure line before the XML.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDump } from '../../src/hierarchy/parse.js';
import { isGlanceError } from '../../src/errors.js';

const droidbot = (text: string): string =>
  JSON.stringify({
    views: [
      {
        temp_id: 0,
        parent: -1,
        children: [],
        class: 'android.widget.TextView',
        text,
        bounds: [
          [0, 0],
          [10, 10],
        ],
      },
    ],
  });

test('a byte-order mark before a JSON dump is skipped', () => {
  const d = parseDump(`\uFEFF${droidbot('hi')}`);
  assert.equal(d.format, 'droidbot');
  assert.equal(d.roots[0]!.text, 'hi');
  assert.equal(parseDump(new TextEncoder().encode(`\uFEFF  ${droidbot('bytes')}`)).roots[0]!.text, 'bytes');
});

test('JSON whose text reads like a device failure is still a dump', () => {
  for (const text of ['Killed', 'java.lang.IllegalStateException', '\nERROR: not really']) {
    assert.equal(parseDump(droidbot(text)).roots[0]!.text, text);
  }
});

test('an indented ERROR: line before the XML is the device failure, quoted as one trimmed line', () => {
  try {
    parseDump(
      'UI hierchary dumped to: /sdcard/x.xml\n   ERROR: null root node returned by UiTestAutomationBridge.\n<?xml version="1.0"?><hierarchy/>',
    );
    assert.fail('parsed');
  } catch (e) {
    assert.ok(isGlanceError(e), String(e));
    assert.equal(e.code, 'DUMP_DEVICE_ERROR');
    assert.equal(e.message, 'the device could not dump its UI: ERROR: null root node returned by UiTestAutomationBridge.');
  }
});
