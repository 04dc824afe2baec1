// The resource-table encodings newer build tools write (16-bit entry offsets, sparse types, compact entries)
// decode to the same table as the classic encoding Debian's aapt writes: the tiny app's resources.arsc (strings and
// dimensions in three configurations, some only outside the default one, a style, a colour, a boolean, an
// integer, ids, files) is re-encoded into each (arsc-encodings.ts) and read back. The framework's 31 MB table gets the same check in
// apk-agree-large.test.ts.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { unzipSync } from 'fflate';
import { readResourceTable } from '../../src/uimap/index.js';
import { needsFramework, tinyApk } from './android-tools.js';
import { reencode, summary } from './arsc-encodings.js';

describe('resource-table encodings', { skip: needsFramework() }, () => {
  const arsc = unzipSync(tinyApk())['resources.arsc'] as Uint8Array;
  const classic = summary(readResourceTable(arsc));

  test('the tiny table has what the encodings differ on: simple values, a complex entry, several configurations', () => {
    assert.ok(
      classic.values.some((x) => / 3 \d+ Open details$/.test(x)),
      'a default string',
    );
    assert.ok(!classic.values.some((x) => /öffnen/.test(x)), 'not the German one');
    assert.ok(
      classic.names.some((x) => / org\.glance\.tiny:style\/TinyTheme$/.test(x)),
      'a style',
    );
    const style = classic.names.find((x) => x.endsWith(':style/TinyTheme'))?.split(' ')[0] ?? '';
    assert.ok(!classic.values.some((x) => x.startsWith(`${style} `)), 'a complex entry has no simple value');
    assert.ok(
      classic.values.some((x) => / 18 4294967295 $/.test(x)),
      'a boolean true',
    );
  });

  for (const mode of ['offset16', 'sparse', 'compact'] as const)
    test(`${mode}: the same names and values as the classic encoding`, () => {
      const { bytes, changed } = reencode(arsc, mode);
      assert.ok(changed >= 10, `${changed} type chunks re-encoded`);
      assert.deepEqual(summary(readResourceTable(bytes)), classic);
    });
});
