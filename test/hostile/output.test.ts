// Hostile dumps through every printing path: control characters must not reach the terminal raw, password
// values must not appear in any format, deep nesting must not overflow the stack and one huge label must not
// cost quadratic time.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseDump } from '../../src/hierarchy/parse.js';
import { snapshotFromDump } from '../../src/snapshot/snapshot.js';
import { join } from 'node:path';
import { glance } from '../helpers/cli.js';
import { deepDump, flatDump } from './dumps.js';
import { fakeAdbServer } from './fake-adb-server.js';
import { mcpPair } from './mcp-pair.js';
import { tempDir } from '../helpers/temp.js';

const dir = tempDir('glance-hostile-');
const file = (name: string, text: string): string => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
// ESC, BEL, an OSC title change, CSI (8-bit) and a carriage return.
const EVIL = 'Hi\u001b]0;pwned\u0007\u001b[31mred\u009b2J\rX';
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe('terminal injection', () => {
  let evil: string;
  before(() => {
    evil = file(
      'evil.xml',
      flatDump(
        [
          { text: EVIL, desc: `d${EVIL}`, id: `com.evil:id/x\u001b[2J`, pkg: `com.evil\u001b]0;t\u0007`, clickable: true },
          { text: 'OK', cls: 'android.widget.Button', clickable: true, bounds: '[0,300][1080,500]' },
        ],
        { pkg: `com.evil\u001b]0;t\u0007` },
      ),
    );
  });

  test('the renderers themselves escape (library callers print their text too)', () => {
    const dump = parseDump(readFileSync(evil, 'utf8'));
    for (const format of ['tree', 'table', 'xml'] as const) {
      const text = snapshotFromDump(dump, { format }).text;
      assert.ok(!RAW_CONTROL.test(text), `${format}: ${JSON.stringify(text)}`);
    }
  });

  for (const format of ['tree', 'table', 'json', 'xml']) {
    test(`ui --format ${format} prints no raw control character`, async () => {
      const r = await glance(['ui', '--format', format, '--from', evil]);
      assert.equal(r.code, 0, r.stderr);
      assert.ok(!RAW_CONTROL.test(r.stdout), JSON.stringify(r.stdout));
      assert.match(r.stdout, /pwned/);
    });
  }

  test('the header line (package) is escaped', async () => {
    const r = await glance(['ui', '--from', evil]);
    assert.match(r.stdout.split('\n')[0]!, /^com\.evil\\u001b\]0;t\\u0007/);
  });

  test('error messages quoting user input are escaped', async () => {
    const r = await glance([`x\u001b]0;pwned\u0007`]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /unknown command/);
    assert.ok(!RAW_CONTROL.test(r.stderr), JSON.stringify(r.stderr));
  });

  test('glance devices escapes a device model', async () => {
    const server = await fakeAdbServer(() => undefined, {
      devicesList: 'evil\u001b[2J            device product:p\u0007 model:M\u001b]0;pwned\u0007 device:d transport_id:1\n',
    });
    try {
      const r = await glance(['devices'], { env: { ANDROID_ADB_SERVER_PORT: String(server.port) } });
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /pwned/);
      assert.ok(!RAW_CONTROL.test(r.stdout), JSON.stringify(r.stdout));
    } finally {
      await server.close();
    }
  });
});

describe('password values', () => {
  test('ui --format xml blanks a password field the dump carries', async () => {
    const p = file(
      'password.xml',
      flatDump([{ text: 'hunter2-secret', password: true, cls: 'android.widget.EditText', clickable: true, bounds: '[0,300][1080,500]' }]),
    );
    for (const format of ['xml', 'tree', 'table', 'json']) {
      const r = await glance(['ui', '--format', format, '--from', p]);
      assert.equal(r.code, 0, r.stderr);
      assert.doesNotMatch(r.stdout, /hunter2/, format);
    }
    const xml = (await glance(['ui', '--format', 'xml', '--from', p])).stdout;
    assert.match(xml, /password="true"/);
  });
});

describe('100,000 levels of nesting', () => {
  let deep: string;
  before(() => {
    deep = file('deep.xml', deepDump(100_000));
  });

  test('glance blocks ranks the deep button', async () => {
    const r = await glance(['blocks', '--task', 'press the deep button', '--from', deep]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Deep button/);
  });

  test('glance ui --privacy shows it', async () => {
    const r = await glance(['ui', '--privacy', 'press the deep button', '--from', deep]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Deep button/);
  });

  test('the MCP privacy snapshot shows it', async () => {
    const mcp = await mcpPair({ roots: [dir] });
    try {
      const r = await mcp.call('device_snapshot', { from: deep, privacy: 'press the deep button' });
      assert.notEqual(r.isError, true, mcp.text(r));
      assert.match(mcp.text(r), /Deep button/);
    } finally {
      await mcp.close();
    }
  });
});

// Quadratic work took 9–60 s per command on one 100,000-character label here; linear work takes well under a
// second, so the generous timeout only catches the quadratic. The figure itself is in `npm run bench -- hostile`.
describe('one label of 100,000 characters', () => {
  const labels = ['x', 'X', 'a.', 'é'].map((unit) => unit.repeat(100_000 / unit.length));
  for (const [i, label] of labels.entries()) {
    test(`tokens and blocks finish (${JSON.stringify(label.slice(0, 2))}…)`, { timeout: 30_000 }, async () => {
      const p = file(
        `long${i}.xml`,
        flatDump([
          { text: label, desc: label, clickable: true },
          { text: 'OK', cls: 'android.widget.Button', clickable: true },
        ]),
      );
      const t = await glance(['tokens', '--from', p]);
      assert.equal(t.code, 0, t.stderr);
      const b = await glance(['blocks', '--task', 'press OK', '--from', p]);
      assert.equal(b.code, 0, b.stderr);
      assert.match(b.stdout, /OK/);
    });
  }
});
