// One screen, one snapshot, whatever read it: every screen of the DroidTask corpus, served by the virtual device
// through the real adb server, read by the dump backend (`uiautomator dump`) and by the UiAutomator2 backend (the
// emulated server's page source), gives the same snapshot text and the same elements. (The demo app's screens,
// with their empty fields, are compared the same way in test/device/uia2-cli.test.ts.)
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { AdbClient } from '../../src/adb/client.js';
import { createServerTransport } from '../../src/adb/node/host.js';
import { AdbDevice } from '../../src/device/adb-device.js';
import { adbPort } from '../../src/device/adb-port.js';
import { Uia2Device } from '../../src/device/uia2/device.js';
import { findUia2Apks } from '../../src/device/uia2/package.js';
import { uia2PortOf } from '../../src/device/uia2/select.js';
import { startVirtualDevice, type RunningVirtualDevice, type StartVirtualDeviceOptions } from '../../src/device/virtual/node/start.js';
import { parseDump } from '../../src/hierarchy/parse.js';
import { snapshotFromDump } from '../../src/snapshot/snapshot.js';
import { AdbHarness } from '../adb/adb-harness.js';
import { droidtaskApps, droidtaskDir } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';

const elementsOf = (json: string): unknown[] => (JSON.parse(json) as { elements: unknown[] }).elements;

interface Read {
  screen: string;
  format: string;
  text: string;
  json: string;
}

describe(
  'the dump and the UiAutomator2 backends give one snapshot',
  { skip: requires({ adb: true, shared: true }), timeout: 900_000 },
  () => {
    let h: AdbHarness;
    let hasApks = false;

    before(async () => {
      h = await AdbHarness.start();
      hasApks = (await findUia2Apks()) !== undefined;
    });
    after(async () => {
      await h?.stop();
    });

    /** Every screen of a virtual device read by both backends: all by the dump first (the server holds UiAutomation). */
    async function readBoth(opts: StartVirtualDeviceOptions): Promise<{ dump: Read[]; uia2: Read[] }> {
      const v: RunningVirtualDevice = await startVirtualDevice(opts);
      try {
        await h.connectOnline(v.serial);
        const port = adbPort(await new AdbClient(createServerTransport({ env: h.env, port: h.port })).device({ serial: v.serial }));
        const adb = new AdbDevice(port, { retryDelayMs: 10 });
        const screens = [...v.device.scenario.screens.keys()];
        const read = async (dump: () => Promise<string>): Promise<Read[]> => {
          const out: Read[] = [];
          for (const screen of screens) {
            v.device.state.reset(screen);
            const raw = await dump();
            const snap = snapshotFromDump(raw);
            out.push({ screen, format: parseDump(raw).format, text: snap.text, json: snapshotFromDump(raw, { format: 'json' }).text });
          }
          return out;
        };
        const byDump = await read(() => adb.dump());
        const uia2 = new Uia2Device(adb, uia2PortOf(port)!, 'uia2');
        try {
          return { dump: byDump, uia2: await read(() => uia2.dump()) };
        } finally {
          await uia2.close();
        }
      } finally {
        await v.close();
      }
    }

    function agree(name: string, r: { dump: Read[]; uia2: Read[] }): void {
      assert.equal(r.dump.length, r.uia2.length);
      assert.ok(r.dump.length > 0, `${name} has screens`);
      r.dump.forEach((d, i) => {
        const u = r.uia2[i]!;
        // Each backend read the screen its own way: otherwise the test compares a reader with itself.
        assert.equal(d.format, 'uiautomator', `${name}/${d.screen} by dump`);
        assert.equal(u.format, 'uiautomator2', `${name}/${u.screen} by uia2`);
        assert.equal(u.text, d.text, `${name}/${d.screen}: the tree`);
        // Elements only: the screen's size is the page source's stated one, a dump's is inferred from its window.
        assert.deepEqual(elementsOf(u.json), elementsOf(d.json), `${name}/${d.screen}: the elements`);
      });
    }

    test('every DroidTask screen', async (t) => {
      if (!hasApks) return t.skip('appium-uiautomator2-server is not installed (npm install appium-uiautomator2-server)');
      let screens = 0;
      for (const app of droidtaskApps()) {
        const r = await readBoth({ droidbotDir: join(droidtaskDir, app), launchApp: true });
        agree(app, r);
        screens += r.dump.length;
      }
      assert.ok(screens >= 400, `${screens} screens`);
    });
  },
);
