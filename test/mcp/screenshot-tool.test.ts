// device_screenshot with marks against a device made for the test (our Device interface): the hierarchy is read
// while the screen is captured, and a failure of either call cancels the other.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { encodeRgba } from '../../src/image/codec.js';
import { screenshotTool } from '../../src/tools/screenshot.js';
import { deviceContext } from '../helpers/tool-context.js';
import type { CallOptions, Device } from '../../src/device/types.js';
import { GlanceError, isGlanceError } from '../../src/errors.js';

const DUMP =
  "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">" +
  '<node index="0" text="OK" resource-id="" class="android.widget.Button" package="com.example" content-desc="" ' +
  'checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" ' +
  'scrollable="false" long-clickable="false" password="false" selected="false" bounds="[10,10][90,60]" /></hierarchy>';

const PNG = encodeRgba({ width: 100, height: 200, data: new Uint8Array(100 * 200 * 4).fill(255) });

function unused(): never {
  throw new Error('not used by device_screenshot');
}

/**
 * Records when each call starts and ends and the signals it got; unless told otherwise the capture finishes only
 * once the dump has started (or after 2 s, when nothing starts it).
 */
class RecordingDevice implements Device {
  readonly serial = 'rec-1';
  readonly events: string[] = [];
  readonly signals: AbortSignal[] = [];
  private dumpStarted!: () => void;
  private readonly started = new Promise<void>((resolve) => (this.dumpStarted = resolve));
  constructor(
    private readonly fail?: 'dump' | 'screenshot',
    private readonly waitForDump = true,
  ) {}

  async screenshot(opts: CallOptions = {}): Promise<Uint8Array> {
    this.events.push('screenshot start');
    if (opts.signal) this.signals.push(opts.signal);
    if (this.fail === 'screenshot') throw new GlanceError('ADB_COMMAND_FAILED', 'screencap failed');
    if (this.waitForDump) await Promise.race([this.started, new Promise((resolve) => setTimeout(resolve, 2000))]);
    this.events.push('screenshot end');
    return PNG;
  }

  async dump(opts: CallOptions = {}): Promise<string> {
    this.events.push('dump start');
    if (opts.signal) this.signals.push(opts.signal);
    this.dumpStarted();
    if (this.fail === 'dump') throw new GlanceError('DUMP_FAILED', 'dump failed');
    await new Promise((resolve) => setTimeout(resolve, 5));
    this.events.push('dump end');
    return DUMP;
  }

  screenSize = unused;
  foreground = unused;
  tap = unused;
  doubleTap = unused;
  longPress = unused;
  swipe = unused;
  typeText = unused;
  key = unused;
  keys = unused;
  launch = unused;
  stop = unused;
  apps = unused;
  shell = unused;
}

describe('device_screenshot with marks', () => {
  test('reads the hierarchy while the screen is captured', async () => {
    const device = new RecordingDevice();
    const r = await screenshotTool.handler({ marks: true, format: 'png' }, deviceContext(device));
    assert.deepEqual(device.events.slice(0, 3).sort(), ['dump start', 'screenshot end', 'screenshot start']);
    assert.ok(device.events.indexOf('dump start') < device.events.indexOf('screenshot end'), device.events.join(', '));
    const data = r.data as { legend: Array<{ ref: string; label: string }> };
    assert.deepEqual(
      data.legend.map((l) => l.label),
      ['OK'],
    );
  });

  test('without marks, no hierarchy is read', async () => {
    const device = new RecordingDevice(undefined, false);
    await screenshotTool.handler({ format: 'png' }, deviceContext(device));
    assert.ok(!device.events.includes('dump start'));
  });

  test('a failed capture cancels the dump, a failed dump the capture', async () => {
    for (const fail of ['screenshot', 'dump'] as const) {
      const device = new RecordingDevice(fail);
      await assert.rejects(screenshotTool.handler({ marks: true, format: 'png' }, deviceContext(device)), (e: unknown) => isGlanceError(e));
      assert.equal(device.signals.length, 2);
      assert.ok(
        device.signals.every((s) => s.aborted),
        `${fail} failed: both calls' signals aborted`,
      );
    }
  });

  test('marks at full resolution are refused before the device is asked anything', async () => {
    const device = new RecordingDevice();
    await assert.rejects(
      screenshotTool.handler({ marks: true, maxEdge: 0 }, deviceContext(device)),
      (e: unknown) => isGlanceError(e) && e.code === 'USAGE',
    );
    assert.deepEqual(device.events, []);
  });
});
