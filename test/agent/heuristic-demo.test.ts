// The no-model policy on the demo phone, run as a user would (`glance run "TASK"`): each task ends with the outcome
// a person would call right, checked on the device itself, and never with a `done` the screen does not show.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { join } from 'node:path';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/index.js';
import { toUiautomatorXml } from '../../src/hierarchy/xml.js';
import { snapshotFromDump } from '../../src/snapshot/snapshot.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';
import { glance } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const DEMO = 'dev.glance.demo';

interface RunStep {
  action: { kind: string; target?: string; text?: string };
  reason?: string;
  ok?: boolean;
}
interface RunResult {
  outcome: string;
  reason?: string;
  steps: RunStep[];
}

describe('glance run with the heuristic on the demo phone', () => {
  let dev: RunningVirtualDevice;
  let env: Record<string, string>;

  beforeEach(async () => {
    dev = await startVirtualDevice({ scenario: 'demo' });
    env = { GLANCE_STATE_DIR: join(tempDir('glance-heur-'), 'state') };
  });
  afterEach(async () => {
    await dev?.close();
  });

  async function run(task: string): Promise<{ code: number; result: RunResult }> {
    const r = await glance(['-s', `direct:127.0.0.1:${dev.port}`, '--json', 'run', task, '--app', DEMO], { env });
    const out = JSON.parse(r.stdout) as { ok: boolean; result?: RunResult; error?: { message: string } };
    assert.ok(out.result !== undefined, r.stdout + r.stderr);
    return { code: r.code, result: out.result };
  }

  /** The screen the device shows now, as elements. */
  function screen(): SnapshotElement[] {
    return snapshotFromDump(toUiautomatorXml(dev.device.state.dump({ windows: 'active' }))).elements;
  }
  const rowOf = (els: SnapshotElement[], label: string): SnapshotElement | undefined =>
    els.find((e) => e.labels?.[0] === label || e.text === label);
  const toggleIn = (els: SnapshotElement[], row: SnapshotElement): SnapshotElement | undefined =>
    els.find((e) => e.parent === row.ref && e.states.includes('checkable'));

  test('"turn on dark theme": finds the setting in Settings, switches it on, and says so', async () => {
    const { code, result } = await run('turn on dark theme');
    assert.equal(result.outcome, 'done', JSON.stringify(result));
    assert.equal(code, 0);
    assert.match(dev.device.state.focusedActivity(), /SettingsActivity$/);
    const els = screen();
    const dark = toggleIn(els, rowOf(els, 'Dark theme')!)!;
    assert.ok(dark.states.includes('checked'), 'the dark theme switch is on');
    // The other switches kept their state: the run touched only the one the task named.
    assert.ok(toggleIn(els, rowOf(els, 'Notifications')!)!.states.includes('checked'));
    assert.ok(toggleIn(els, rowOf(els, 'Sync over Wi-Fi only')!)!.states.includes('checked'));
    assert.equal(result.steps.filter((s) => s.action.kind === 'tap').length, 2, JSON.stringify(result.steps));
    assert.match(result.reason ?? '', /Dark theme" is now on/);
  });

  test('"turn off dark theme" when it is already off: done without switching anything', async () => {
    const { result } = await run('turn off dark theme');
    assert.equal(result.outcome, 'done', JSON.stringify(result));
    assert.match(result.reason ?? '', /Dark theme" is already off/);
    const els = screen();
    assert.ok(!toggleIn(els, rowOf(els, 'Dark theme')!)!.states.includes('checked'));
    assert.deepEqual(
      result.steps.map((s) => s.action.kind),
      ['tap', 'done'],
    );
  });

  test('"sign in with email … and password …": types both, taps Sign in, ends signed in', async () => {
    const { code, result } = await run('sign in with email ana@example.com and password hunter22');
    assert.equal(result.outcome, 'done', JSON.stringify(result));
    assert.equal(code, 0);
    const typed = result.steps.filter((s) => s.action.kind === 'type').map((s) => s.action.text);
    assert.deepEqual(typed, ['ana@example.com', 'hunter22']);
    assert.match(dev.device.state.focusedActivity(), /AccountActivity$/);
    assert.ok(screen().some((e) => e.text === "You're signed in"));
    // Nothing but the form: the "Remember me" box and "Forgot password?" were left alone.
    assert.ok(
      result.steps.every((s) => !/Forgot|Remember/i.test(s.reason ?? '')),
      JSON.stringify(result.steps),
    );
  });

  test('"open the groceries note": opens it and stops, the note\'s "Mark as done" untouched', async () => {
    const { code, result } = await run('open the groceries note');
    assert.equal(result.outcome, 'done', JSON.stringify(result));
    assert.equal(code, 0);
    assert.deepEqual(
      result.steps.map((s) => s.action.kind),
      ['tap', 'done'],
    );
    const els = screen();
    assert.match(dev.device.state.focusedActivity(), /NoteActivity$/);
    assert.ok(
      els.some((e) => e.text === 'Groceries' && e.actions.length === 0),
      'the note is open',
    );
    const mark = els.find((e) => e.text === 'Mark as done')!;
    assert.ok(!mark.states.includes('checked'), 'the check box was not ticked');
  });

  test('a setting the app does not have: fail with the reason, never done', async () => {
    const { code, result } = await run('turn on vibration');
    assert.equal(result.outcome, 'fail', JSON.stringify(result));
    assert.equal(code, 1);
    assert.match(result.reason ?? '', /no switch for "vibration"/);
    // It looked in Settings and switched nothing there.
    const els = screen();
    assert.ok(!toggleIn(els, rowOf(els, 'Dark theme')!)!.states.includes('checked'));
  });

  test('a sign-in whose password is missing from the task: never claims to be signed in', async () => {
    const { result } = await run('sign in with email ana@example.com');
    assert.notEqual(result.outcome, 'done', JSON.stringify(result));
    assert.doesNotMatch(dev.device.state.focusedActivity(), /AccountActivity$/);
  });
});
