// What a live run refuses on its own, whatever the policy decides: a destructive tap without the user's yes, the
// same action on the same screen a third time (back once to re-plan, then stop), and a screen of another app.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { destructiveGuard, loopGuard, stayInAppGuard } from '../../src/agent/guards.js';
import type { HistoryEntry } from '../../src/agent/policy.js';
import type { AgentAction, Observation } from '../../src/agent/types.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';

const el = (ref: string, fields: Partial<SnapshotElement> = {}): SnapshotElement => ({
  ref,
  class: 'Button',
  bounds: [0, 0, 100, 50],
  center: [50, 25],
  actions: ['tap'],
  states: [],
  ...fields,
});

const obs = (text: string, elements: SnapshotElement[] = [], pkg?: string): Observation => ({
  screen: { width: 1080, height: 1920, ...(pkg === undefined ? {} : { package: pkg }) },
  elements,
  text,
  dump: '',
});

const step = (o: Observation, action: AgentAction, reason?: string): HistoryEntry => ({
  observation: o,
  decision: { action, ...(reason === undefined ? {} : { reason }) },
});

test('a tap on an element whose label is a destructive verb stops the run, unless the user said yes', () => {
  const screen = obs('s', [
    el('b1', { text: 'Delete' }),
    el('b2', { desc: 'Send message' }),
    el('b3', { labels: ['Sign out', 'of every device'] }),
    el('b4', { hint: 'Pay now' }),
    el('b5', { id: 'uninstall' }),
    el('b6', { text: 'Open' }),
    el('b7', { text: 'Deleted items' }),
    el('b8', { text: 'Older', desc: 'Remove' }),
  ]);
  const guard = destructiveGuard(false);
  const why = (target: string | undefined, kind: AgentAction['kind'] = 'tap'): string | undefined =>
    guard.check({ kind, ...(target === undefined ? {} : { target }) }, screen, []);
  assert.equal(why('b1'), '"Delete" looks destructive: run again with --yes to let the agent tap it');
  assert.match(why('b2')!, /^"Send message" looks destructive/);
  assert.match(why('b3')!, /^"Sign out" looks destructive/);
  assert.match(why('b4')!, /^"Pay now" looks destructive/);
  assert.match(why('b5')!, /^"uninstall" looks destructive/);
  assert.match(why('b1', 'long_press')!, /^"Delete" looks destructive/);
  // The label a person reads decides: text before a description.
  assert.equal(why('b8'), undefined);
  // Not a destructive verb, a word that only contains one, no element, no target, or typing into it.
  assert.equal(why('b6'), undefined);
  assert.equal(why('b7'), undefined);
  assert.equal(why('x9'), undefined);
  assert.equal(why(undefined), undefined);
  assert.equal(why('b1', 'type'), undefined);
  // With the user's yes, nothing stops.
  assert.equal(destructiveGuard(true).check({ kind: 'tap', target: 'b1' }, screen, []), undefined);
});

test('the same action on the same screen a third time: back once to re-plan, and stop if it comes again', () => {
  const a = obs('screen A');
  const b = obs('screen B');
  const tap: AgentAction = { kind: 'tap', target: 'b1' };
  const guard = loopGuard();
  assert.ok(guard.recover !== undefined);
  // Twice is not a loop.
  const once = [step(a, tap)];
  assert.equal(guard.recover(tap, a, once), undefined);
  assert.equal(guard.check(tap, a, once), undefined);
  // The third time: back, with a reason that says why.
  const twice = [step(a, tap), step(b, tap), step(a, tap)];
  const way = guard.recover(tap, a, twice);
  assert.deepEqual(way, {
    action: { kind: 'back' },
    reason: 'the same action on the same screen 3 times: back, to re-plan from the screen before',
  });
  assert.equal(guard.check(tap, a, twice), 'the same action on the same screen 3 times: stuck in a loop');
  // Having gone back once from this screen for that reason, the guard does not go back again: check stops the run.
  const after = [...twice, step(a, way!.action, way!.reason)];
  assert.equal(guard.recover(tap, a, after), undefined);
  assert.match(guard.check(tap, a, after)!, /stuck in a loop$/);
  // A back taken from this screen for another reason, or taken for the loop on another screen, is no such try.
  const otherBack = [...twice, step(a, { kind: 'back' }, 'the dialog is in the way')];
  assert.deepEqual(guard.recover(tap, a, otherBack), way);
  const backElsewhere = [...twice, step(b, way!.action, way!.reason)];
  assert.deepEqual(guard.recover(tap, a, backElsewhere), way);
  // A loop reason on a step that did not go back is no such try either.
  const notBack = [...twice, step(a, { kind: 'scroll', direction: 'down' }, way!.reason)];
  assert.deepEqual(guard.recover(tap, a, notBack), way);
});

test('a loop is the same action and the same screen: another screen, target or field is not', () => {
  const a = obs('screen A');
  const tap: AgentAction = { kind: 'tap', target: 'b1' };
  const guard = loopGuard();
  const twice = [step(a, tap), step(a, tap)];
  assert.notEqual(guard.check(tap, a, twice), undefined);
  assert.equal(guard.check(tap, obs('screen A, scrolled'), twice), undefined);
  assert.equal(guard.check({ kind: 'tap', target: 'b2' }, a, twice), undefined);
  assert.equal(guard.check({ kind: 'long_press', target: 'b1' }, a, twice), undefined);
  const typed = [step(a, { kind: 'type', target: 'b1', text: 'x' }), step(a, { kind: 'type', target: 'b1', text: 'x' })];
  assert.equal(guard.check({ kind: 'type', target: 'b1', text: 'y' }, a, typed), undefined);
  assert.notEqual(guard.check({ kind: 'type', target: 'b1', text: 'x' }, a, typed), undefined);
  // Going back is how the guard gets out of a loop: it is never turned into another back.
  const backs = [step(a, { kind: 'back' }), step(a, { kind: 'back' })];
  assert.equal(guard.recover!({ kind: 'back' }, a, backs), undefined);
  // A guard for more repeats waits for them.
  const five = loopGuard(5);
  assert.equal(five.check(tap, a, twice), undefined);
  const four = [...twice, ...twice];
  assert.equal(five.check(tap, a, four), 'the same action on the same screen 5 times: stuck in a loop');
  assert.match(five.recover!(tap, a, four)!.reason, /^the same action on the same screen 5 times: back/);
});

test("a screen of another app than the task's stops the run; an unknown app or package does not", () => {
  const tap: AgentAction = { kind: 'tap', target: 'b1' };
  const guard = stayInAppGuard('org.notes');
  assert.equal(guard.check(tap, obs('s', [], 'org.notes'), []), undefined);
  assert.equal(guard.check(tap, obs('s', [], 'com.android.launcher3'), []), 'left org.notes (now in com.android.launcher3)');
  assert.equal(guard.check(tap, obs('s'), []), undefined);
  assert.equal(stayInAppGuard(undefined).check(tap, obs('s', [], 'com.android.launcher3'), []), undefined);
});
