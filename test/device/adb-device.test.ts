import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AdbDevice, extractDumpXml, parseForeground, parsePackages, parseWm, type AdbPort } from '../../src/device/adb-device.js';
import { splitLegacyExit } from '../../src/device/adb-port.js';
import { isGlanceError } from '../../src/errors.js';
import type { ShellResult } from '../../src/device/types.js';

const enc = new TextEncoder();
const XML =
  '<?xml version=\'1.0\' encoding=\'UTF-8\' standalone=\'yes\' ?><hierarchy rotation="0"><node index="0" text="Hi" resource-id="" class="android.widget.TextView" package="p.q" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][100,100]" /></hierarchy>';

/** An AdbPort that answers `uiautomator dump` with a scripted sequence of outputs. */
function scriptedPort(outputs: string[], delayMs = 0): AdbPort & { calls: number } {
  const port = {
    serial: 'scripted',
    calls: 0,
    async shell(_cmd: string, opts: { signal?: AbortSignal } = {}): Promise<ShellResult> {
      port.calls++;
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      opts.signal?.throwIfAborted();
      const out = outputs[Math.min(port.calls - 1, outputs.length - 1)]!;
      return { stdout: enc.encode(out), stderr: new Uint8Array(0), exitCode: 0 };
    },
    async exec(): Promise<Uint8Array> {
      return new Uint8Array(0);
    },
  };
  return port;
}

describe('dump', () => {
  test('retries the transient uiautomator failures with backoff, then returns the XML', async () => {
    const port = scriptedPort([
      'ERROR: could not get idle state.\n',
      'ERROR: null root node returned by UiTestAutomationBridge.\n',
      `UI hierchary dumped to: /data/local/tmp/x.xml\n${XML}`,
    ]);
    const d = new AdbDevice(port, { retryDelayMs: 5 });
    assert.equal(await d.dump(), XML);
    assert.equal(port.calls, 3);
  });

  test('gives up with DUMP_FAILED after the last attempt, quoting the device', async () => {
    const port = scriptedPort(['ERROR: could not get idle state.\n']);
    await assert.rejects(
      new AdbDevice(port, { retryDelayMs: 1 }).dump(),
      (e) => isGlanceError(e, 'DUMP_FAILED') && /idle state/.test(e.message),
    );
    assert.equal(port.calls, 4);
  });

  test('an unknown failure is not retried', async () => {
    const port = scriptedPort(['sh: uiautomator: not found\n']);
    await assert.rejects(new AdbDevice(port).dump(), (e) => isGlanceError(e, 'DUMP_FAILED'));
    assert.equal(port.calls, 1);
  });

  test('honours the abort signal between retries', async () => {
    const ctrl = new AbortController();
    const port = scriptedPort(['ERROR: could not get idle state.\n']);
    const p = new AdbDevice(port, { retryDelayMs: 10_000 }).dump({ signal: ctrl.signal });
    setTimeout(() => ctrl.abort(), 20);
    await assert.rejects(p, (e) => isGlanceError(e, 'ABORTED'));
  });
});

describe('parsers', () => {
  test('extractDumpXml cuts the status line and trailing noise', () => {
    assert.equal(extractDumpXml(`UI hierchary dumped to: /x.xml\n${XML}\n`), XML);
    assert.equal(extractDumpXml('ERROR: could not get idle state.'), undefined);
    assert.equal(extractDumpXml(`${XML.slice(0, 200)}`), undefined);
  });

  test('parseWm prefers the override size and density', () => {
    assert.deepEqual(parseWm('Physical size: 1080x2400\nPhysical density: 420\n'), { width: 1080, height: 2400, density: 420 });
    assert.deepEqual(parseWm('Physical size: 1080x2400\nOverride size: 720x1600\nPhysical density: 420\nOverride density: 320\n'), {
      width: 720,
      height: 1600,
      density: 320,
    });
    assert.equal(parseWm('wm: not found'), undefined);
  });

  test('parseForeground reads dumpsys window and dumpsys activity forms', () => {
    assert.deepEqual(parseForeground('  mCurrentFocus=Window{5e2f0a1 u0 com.android.settings/com.android.settings.Settings}\n'), {
      package: 'com.android.settings',
      activity: 'com.android.settings.Settings',
    });
    assert.deepEqual(parseForeground('  mFocusedApp=ActivityRecord{2b1c u0 com.example/.MainActivity t42}\n'), {
      package: 'com.example',
      activity: 'com.example.MainActivity',
    });
    assert.deepEqual(parseForeground('    mResumedActivity: ActivityRecord{7f3 u0 org.app/org.app.ui.Home t9}\n'), {
      package: 'org.app',
      activity: 'org.app.ui.Home',
    });
    assert.deepEqual(parseForeground('  topResumedActivity=ActivityRecord{7f3 u0 org.app/.Home t9}\n'), {
      package: 'org.app',
      activity: 'org.app.Home',
    });
    assert.equal(parseForeground('  mCurrentFocus=null\n'), undefined);
  });

  test('parsePackages', () => {
    assert.deepEqual(parsePackages('package:com.b\npackage:com.a\r\n\npackage:/data/app/~~Xy==/com.c-1==/base.apk=com.c\n'), [
      'com.a',
      'com.b',
      'com.c',
    ]);
  });

  test('splitLegacyExit separates the exit marker from the output', () => {
    const r = splitLegacyExit(Buffer.from('hello\nworld\r\n\r\n__glance_exit=3\r\n'));
    assert.equal(Buffer.from(r.stdout).toString(), 'hello\nworld\r\n');
    assert.equal(r.exitCode, 3);
    assert.equal(splitLegacyExit(Buffer.from('\n__glance_exit=0\n')).stdout.length, 0);
    // The command left the shell itself (`exit 3`): the legacy service does not say with which status.
    assert.deepEqual(splitLegacyExit(Buffer.from('cut off')).exitCode, 255);
  });
});
