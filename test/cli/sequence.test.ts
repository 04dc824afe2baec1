// The README's command blocks as a user types them, one `glance` process after another through the real adb
// server against the demo phone: in order and shuffled, with the daemon (the default: it reads screens with the
// UiAutomator2 server when the optional package is installed) and without it, then the library in this process
// after the CLI, then `glance run` and `glance goto`. Every call must succeed: the parts of Glance must never
// hold the phone against each other (a daemon's server used to make every later `uiautomator dump` fail).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { listenDevice, type DeviceListener } from '../../src/adb/node/listen.js';
import { createVirtualDevice, type VirtualDevice } from '../../src/device/virtual/device.js';
import { connect } from '../../src/index.js';
import { AdbHarness } from '../adb/adb-harness.js';
import { glanceClient, type CliRun } from '../helpers/cli.js';
import { requires } from '../helpers/requires.js';
import { tempDir } from '../helpers/temp.js';

const MAP = 'assets/scenarios/demo/uimap.json';
const glance = (argv: string[], env: Record<string, string | undefined>): Promise<CliRun> => glanceClient(argv, env, 120_000);

/** One README block: the commands in order, each with what its output must show. */
type Block = { name: string; steps: Array<{ argv: string[]; shows: RegExp }> };

const BLOCKS: Block[] = [
  {
    name: 'read and open a note',
    steps: [
      { argv: ['ui'], shows: /^b760 Groceries \| Milk/m },
      { argv: ['tap', 'b760'], shows: /NoteActivity/ },
      { argv: ['back'], shows: /MainActivity/ },
    ],
  },
  {
    name: 'search and type',
    steps: [
      { argv: ['ui'], shows: /^b922 ImageButton Search$/m },
      { argv: ['tap', 'b922'], shows: /^e636 /m },
      { argv: ['type', 'e636', 'lisbon trip'], shows: /field now holds "lisbon trip"/ },
      { argv: ['back'], shows: /./ },
    ],
  },
  {
    name: 'the agent: run, then goto',
    steps: [
      { argv: ['run', 'open the settings', '--map', MAP], shows: /^done: open the settings/m },
      { argv: ['goto', 'AboutActivity', '--map', MAP], shows: /^reached AboutActivity/m },
      // Back from About lands on Settings: goto must see it arrived (its radio group is no dialog).
      { argv: ['goto', 'SettingsActivity', '--map', MAP], shows: /^reached SettingsActivity/m },
    ],
  },
];

describe('the README, command after command, through the real adb server', { skip: requires({ adb: true }), timeout: 900_000 }, () => {
  let h: AdbHarness;
  let listener: DeviceListener;
  let device: VirtualDevice;
  let serial = '';
  const envs: Array<Record<string, string | undefined>> = [];

  const userEnv = (daemon: boolean): Record<string, string | undefined> => {
    const env: Record<string, string | undefined> = {
      ...h.env,
      ANDROID_SERIAL: serial,
      GLANCE_DAEMON_DIR: tempDir('glance-sequence-daemon-'),
      GLANCE_STATE_DIR: tempDir('glance-sequence-state-'),
    };
    delete env['GLANCE_BACKEND'];
    if (daemon) delete env['GLANCE_NO_DAEMON'];
    else env['GLANCE_NO_DAEMON'] = '1';
    envs.push(env);
    return env;
  };

  /** Runs the blocks in `order`, each from the home screen (as a user who put the app back there). */
  const walk = async (env: Record<string, string | undefined>, order: readonly number[]): Promise<void> => {
    for (const i of order) {
      const block = BLOCKS[i]!;
      device.state.reset('home');
      for (const s of block.steps) {
        const r = await glance(s.argv, env);
        const said = `${block.name}: glance ${s.argv.join(' ')} → exit ${r.code}\n${r.stdout}${r.stderr}`;
        assert.equal(r.code, 0, said);
        assert.match(r.stdout, s.shows, said);
      }
    }
  };

  before(async () => {
    h = await AdbHarness.start();
    device = createVirtualDevice({ scenario: 'demo' });
    listener = await listenDevice({ port: 0, services: device.services });
    serial = `127.0.0.1:${listener.port}`;
    device.props.set('ro.serialno', serial);
    await h.connectOnline(serial);
  });
  after(async () => {
    for (const env of envs) await glance(['daemon', 'stop'], env);
    await h.stop();
    await listener.close();
  });

  test('with the daemon: the blocks in order, then shuffled, then launch + run, then the library', async () => {
    const env = userEnv(true);
    await walk(env, [0, 1, 2]);
    await walk(env, [2, 0, 1]);
    await walk(env, [1, 2, 0]);
    device.state.reset('settings');
    const launched = await glance(['launch', 'dev.glance.demo'], env);
    assert.equal(launched.code, 0, launched.stderr);
    const ran = await glance(['run', 'open the about screen', '--map', MAP], env);
    assert.equal(ran.code, 0, ran.stdout + ran.stderr);
    // The library in this process, while the daemon still keeps the phone.
    device.state.reset('home');
    const phone = await connect({ serial, env: { ...env } });
    try {
      const shown = await phone.snapshot();
      assert.match(shown.text, /^b760 Groceries/m);
      const tapped = await phone.tap('b760');
      assert.match(tapped.text, /NoteActivity/);
    } finally {
      phone.close();
    }
    // And the CLI again after the library.
    const again = await glance(['ui'], env);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /NoteActivity/);
  });

  test('without the daemon: the blocks in order and shuffled; then with the daemon on the same phone', async () => {
    const off = userEnv(false);
    await walk(off, [0, 1, 2]);
    await walk(off, [1, 0, 2]);
    const on = { ...userEnv(true), GLANCE_STATE_DIR: off['GLANCE_STATE_DIR'] };
    await walk(on, [2, 1, 0]);
    await walk(off, [0, 2]);
  });
});
