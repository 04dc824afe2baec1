// An effect's identity and trigger (src/uimap/resolve/effect.ts): effectKey is what de-duplicates a function's
// effects, so two effects share a key exactly when every field that makes them differ is equal; substitute picks
// the trigger an effect runs under when reached from a caller.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { effectKey, substitute, type Effect } from '../../src/uimap/resolve/effect.js';
import type { MapTrigger } from '../../src/uimap/model.js';

const start: Effect = { k: 'start', to: 'a.B', at: 'app/B.kt:3', kind: 'explicit' };
const click: MapTrigger = { kind: 'click', element: 'go' };

describe('effectKey', () => {
  test('the same effect twice has one key', () => {
    assert.equal(effectKey({ ...start }), effectKey({ ...start }));
    assert.equal(effectKey({ k: 'finish', at: 'x:1' }), effectKey({ k: 'finish', at: 'y:2' }), 'a finish is a finish wherever it is');
    assert.equal(effectKey({ ...start, at: 'other:9' }), effectKey(start), 'the evidence is not the identity');
  });

  test('any one differing field gives another key', () => {
    const variants: Effect[] = [
      start,
      { ...start, to: 'a.C' },
      { ...start, trig: click },
      { ...start, trig: { kind: 'click', element: 'stop' } },
      { ...start, trig: { kind: 'long-click', element: 'go' } },
      { ...start, trig: { kind: 'click' } },
      { ...start, trig: click, weak: true },
      { ...start, dialog: 'Main.ask' },
      { k: 'layout', name: 'main' },
      { k: 'layout', name: 'other' },
      { k: 'menu', name: 'main' },
      { k: 'nav', name: 'main' },
      { k: 'xml', name: 'main' },
      { k: 'reach', cls: 'a.F' },
      { k: 'reach', cls: 'a.F', toRoot: true },
      { k: 'reach', cls: 'a.G' },
      { k: 'element', element: { id: 'ok', class: 'Button' } },
      { k: 'element', element: { id: 'ok', class: 'Button', text: 'OK' } },
      { k: 'element', element: { id: 'cancel', class: 'Button' } },
      { k: 'finish', at: 'x:1' },
      { k: 'finish', at: 'x:1', trig: click },
    ];
    const keys = variants.map(effectKey);
    assert.equal(new Set(keys).size, variants.length, keys.join('\n'));
  });

  test('names of different kinds never collide (a layout and a menu both called "a.B")', () => {
    const keys = [{ k: 'layout', name: 'a.B' }, { k: 'menu', name: 'a.B' }, { ...start }, { k: 'reach', cls: 'a.B' }].map((e) =>
      effectKey(e as Effect),
    );
    assert.equal(new Set(keys).size, 4);
  });
});

describe('substitute', () => {
  const dialog: MapTrigger = { kind: 'dialog' };
  test('an effect without a trigger of its own runs under the caller’s', () => {
    assert.deepEqual(substitute(start, click), click);
    assert.equal(substitute(start, undefined), undefined);
  });

  test('its own trigger wins, unless it is weak and the caller names an element', () => {
    assert.deepEqual(substitute({ ...start, trig: dialog }, click), dialog);
    assert.deepEqual(substitute({ ...start, trig: dialog, weak: true }, click), click);
    assert.deepEqual(substitute({ ...start, trig: dialog, weak: true }, { kind: 'auto' }), dialog);
    assert.deepEqual(substitute({ ...start, trig: dialog, weak: true }, undefined), dialog);
    assert.deepEqual(substitute({ ...start, trig: dialog, weak: false }, click), dialog);
  });
});
