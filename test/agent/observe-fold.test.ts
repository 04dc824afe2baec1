// The agent reads the screen with off-screen elements kept apart: on-screen elements and text as the snapshot
// shows them, the rest in `offscreen` with the same refs; a model naming one of those acts on it after the
// device scrolled it into view. Over a fake device whose dump keeps off-screen rows (test/helpers/fold-device.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { agentScreenText } from '../../src/agent/policies/view-text.js';
import { wholeScreen } from '../../src/agent/policies/screen-view.js';
import { performAction } from '../../src/agent/tools.js';
import { observeThrough } from '../../src/agent/world.js';
import { deviceContext } from '../helpers/tool-context.js';
import { FoldDevice } from '../helpers/fold-device.js';

const refsIn = (text: string): string[] => [...text.matchAll(/^\s*([a-z]\d+)\b/gm)].map((m) => m[1]!);

test('off-screen rows come apart from the text, and the view names them after the list', async () => {
  const dev = new FoldDevice(30);
  const ctx = deviceContext(dev);
  const obs = await observeThrough(ctx);
  const off = obs.offscreen ?? [];
  assert.equal(off.length > 0, true);
  assert.ok(off.every((e) => e.offscreen === true) && obs.elements.every((e) => e.offscreen !== true));
  // The text lists exactly the on-screen elements; none of the off-screen refs.
  assert.deepEqual(new Set(refsIn(obs.text)), new Set(obs.elements.map((e) => e.ref)));
  const shown = agentScreenText(obs);
  const note = shown.split('\n').find((l) => l.includes('below the fold'))!;
  const first = off.find((e) => e.text === 'Row 9')!;
  assert.match(note, new RegExp(`^ \\(below the fold, ${off.length} more: ${first.ref} "Row 9", `));
  // The model may name it, and the device scrolls to it before the tap.
  assert.equal(wholeScreen().open(obs, []).refs.has(first.ref), true);
  const r = await performAction({ kind: 'tap', target: first.ref }, ctx);
  assert.equal(r.ok, true, r.diff);
  assert.deepEqual(dev.taps, ['Row 9']);
});
