import assert from 'node:assert/strict';
import { test } from 'node:test';
import { keyLabel, resolveKey } from '../../src/device/keys.js';
import { isGlanceError } from '../../src/errors.js';

test('key names, aliases, KEYCODE_ names and numbers', () => {
  const cases: Array<[string, number]> = [
    ['BACK', 4],
    ['back', 4],
    ['KEYCODE_HOME', 3],
    ['recents', 187],
    ['APP_SWITCH', 187],
    ['enter', 66],
    ['DEL', 67],
    ['backspace', 67],
    ['TAB', 61],
    ['SEARCH', 84],
    ['MENU', 82],
    ['VOLUME_UP', 24],
    ['volume-down', 25],
    ['POWER', 26],
    ['DPAD_LEFT', 21],
    ['MOVE_END', 123],
    ['KEYCODE_A', 29],
    ['7', 7],
    ['187', 187],
  ];
  for (const [name, code] of cases) assert.equal(resolveKey(name).code, code, name);
  assert.equal(keyLabel(187), 'APP_SWITCH');
  assert.equal(keyLabel(399), '399');
});

test('unknown keys fail with UNKNOWN_KEY and a hint', () => {
  for (const bad of ['NOPE', 'KEYCODE_NOPE', '0', '100000', '']) {
    assert.throws(
      () => resolveKey(bad),
      (e) => isGlanceError(e, 'UNKNOWN_KEY') && e.kind === 'not-found' && (e.hint ?? '').includes('BACK'),
    );
  }
});
