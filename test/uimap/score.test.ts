import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { mapDirectory } from '../../src/uimap/index.js';
import type { UiMap } from '../../src/uimap/index.js';
import { componentClass, elementIdOf, observedFromDroidbot, scoreMap } from '../../src/uimap/score.js';
import { droidtaskObserved, droidtaskPackage } from '../../bench/uimap-droidtask.js';
import { requires } from '../helpers/requires.js';

describe('scoring a map against observed runs', () => {
  let map: UiMap;
  before(async () => {
    map = await mapDirectory(fileURLToPath(new URL('../fixtures/uimap/notekeeper', import.meta.url)));
  });

  test('component and resource-id forms', () => {
    assert.deepEqual(componentClass('org.x/.ui.Main'), { pkg: 'org.x', cls: 'org.x.ui.Main' });
    assert.deepEqual(componentClass('org.x/lib.About'), { pkg: 'org.x', cls: 'lib.About' });
    assert.equal(elementIdOf('org.x:id/fab', 'org.x'), 'fab');
    assert.equal(elementIdOf('android:id/button1', 'org.x'), 'android:id/button1');
    assert.equal(elementIdOf('com.other:id/fab', 'org.x'), undefined);
  });

  test('observed taps become activities, transitions and placements; the map covers what it should', () => {
    const pkg = 'org.glance.notekeeper';
    const states = new Map([
      ['home', 'com.launcher/.Home'],
      ['main', `${pkg}/.MainActivity`],
      ['settings', `${pkg}/.settings.SettingsActivity`],
      ['about', `${pkg}/org.glance.kit.activities.AboutActivity`],
      ['secret', `${pkg}/.SecretActivity`],
    ]);
    const ev = (type: string, from: string, to: string, rid?: string) => ({
      event: { event_type: type, view: rid === undefined ? null : { resource_id: rid } },
      start_state: from,
      stop_state: to,
    });
    const observed = observedFromDroidbot(
      [
        ev('intent', 'home', 'main'),
        ev('click', 'main', 'settings', `${pkg}:id/title`),
        ev('key', 'settings', 'main'),
        ev('click', 'main', 'about', `${pkg}:id/about`),
        ev('click', 'main', 'main', 'android:id/button1'),
        ev('click', 'main', 'main', `${pkg}:id/not_in_map`),
        ev('click', 'about', 'secret', `${pkg}:id/about_rate`),
        ev('set_text', 'main', 'main', `${pkg}:id/search_input`),
        // a tap on a screen the map does not know: its element is missing too
        ev('click', 'secret', 'secret', `${pkg}:id/reveal`),
      ],
      states,
      pkg,
    );
    assert.equal(observed.transitions.length, 3, 'taps only, back key and intents excluded');
    const score = scoreMap(map, observed);
    assert.deepEqual(score.activities, { found: 3, total: 4, missing: ['org.glance.notekeeper.SecretActivity'] });
    assert.deepEqual(score.transitions, {
      found: 2,
      total: 3,
      missing: ['org.glance.kit.activities.AboutActivity -> org.glance.notekeeper.SecretActivity'],
    });
    assert.deepEqual(score.placements.missing, [
      'org.glance.notekeeper.MainActivity @ not_in_map',
      'org.glance.notekeeper.SecretActivity @ reveal',
    ]);
    assert.equal(score.placements.total, 7);
  });

  test('each kind of tap is a tap; a key press, a view without an id or a state with no activity adds no placement', () => {
    const states = new Map([
      ['z', 'p/.Zed'],
      ['a', 'p/.Abe'],
      ['m', 'p/.Mid'],
      ['odd', 'no-slash'],
    ]);
    const ev = (type: string | undefined, from: string, to: string, rid?: string | null) => ({
      event: { ...(type === undefined ? {} : { event_type: type }), view: rid === undefined ? null : { resource_id: rid } },
      start_state: from,
      stop_state: to,
    });
    const o = observedFromDroidbot(
      [
        ev('touch', 'z', 'a', 'p:id/t1'),
        ev('long_touch', 'a', 'm', 'p:id/t2'),
        ev('long_click', 'm', 'z', 'p:id/t3'),
        ev('key', 'z', 'm', 'p:id/k'),
        ev(undefined, 'a', 'z', 'p:id/u'),
        ev('click', 'm', 'a', null),
        ev('click', 'odd', 'a', 'p:id/o'),
        ev('click', 'unknown', 'a', 'p:id/o'),
      ],
      states,
      'p',
    );
    assert.deepEqual(o.activities, ['p.Abe', 'p.Mid', 'p.Zed']);
    assert.deepEqual(o.transitions, [
      { from: 'p.Zed', to: 'p.Abe' },
      { from: 'p.Abe', to: 'p.Mid' },
      { from: 'p.Mid', to: 'p.Zed' },
      { from: 'p.Mid', to: 'p.Abe' },
    ]);
    assert.deepEqual(o.placements, [
      { activity: 'p.Zed', id: 't1' },
      { activity: 'p.Abe', id: 't2' },
      { activity: 'p.Mid', id: 't3' },
    ]);
    assert.equal(componentClass('no-slash'), undefined);
  });

  test('the DroidTask corpus loads as observations', { skip: requires({ shared: true }) }, () => {
    const pkg = droidtaskPackage('clock');
    assert.equal(pkg, 'com.simplemobiletools.clock');
    const o = droidtaskObserved('clock', pkg ?? '');
    assert.ok(o.activities.includes('com.simplemobiletools.clock.activities.MainActivity'));
    assert.ok(o.transitions.some((t) => t.from.endsWith('.MainActivity') && t.to.endsWith('.SettingsActivity')));
    assert.ok(o.placements.some((p) => p.activity.endsWith('.MainActivity') && p.id === 'settings'));
  });
});
