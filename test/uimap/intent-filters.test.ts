// Implicit-intent resolution rule by rule, over hand-written filters and uses: MIME wildcards, data schemes,
// CATEGORY_DEFAULT, app-defined actions, which uses around an action belong to its intent, and system routes.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FunctionFacts, Use } from '../../src/uimap/code/index.js';
import type { IntentFilter, ParsedManifest } from '../../src/uimap/manifest.js';
import { filterMatches, implicitTargets, intentContextOf, startsOfString, systemServices } from '../../src/uimap/resolve/intents.js';
import { indexCode, readManifests } from '../../src/uimap/resolve/index.js';
import type { ResolveContext } from '../../src/uimap/resolve/index.js';
import { context, file, fn, noManifest, P } from './hand-facts.js';

const VIEW = 'android.intent.action.VIEW';
const DEFAULT = 'android.intent.category.DEFAULT';
const MAIN = 'android.intent.action.MAIN';
const filter = (more: Partial<IntentFilter>): IntentFilter => ({
  actions: [VIEW],
  categories: [DEFAULT],
  schemes: [],
  mimeTypes: [],
  ...more,
});
const none = { types: [], schemes: [] };

describe('filterMatches', () => {
  test('MIME types: either side may be a wildcard, per half', () => {
    const images = filter({ mimeTypes: ['image/*'] });
    const anyPng = filter({ mimeTypes: ['*/png'] });
    const exact = filter({ mimeTypes: ['text/plain'] });
    const data = (t: string) => ({ types: [t], schemes: [] });
    assert.equal(filterMatches(images, VIEW, data('image/png')), true);
    assert.equal(filterMatches(images, VIEW, data('video/mp4')), false);
    assert.equal(filterMatches(images, VIEW, data('*/*')), true);
    assert.equal(filterMatches(anyPng, VIEW, data('image/png')), true);
    assert.equal(filterMatches(anyPng, VIEW, data('image/jpeg')), false);
    assert.equal(filterMatches(exact, VIEW, data('text/*')), true);
    assert.equal(filterMatches(exact, VIEW, data('text/html')), false);
    assert.equal(filterMatches(exact, VIEW, data('image/plain')), false);
    assert.equal(filterMatches(exact, VIEW, none), false, 'a filter with a type needs one');
    assert.equal(filterMatches(filter({ mimeTypes: ['audio/mpeg', 'audio/ogg'] }), VIEW, data('audio/ogg')), true, 'any of the types');
  });

  test('schemes, data-less filters, CATEGORY_DEFAULT and app-defined actions', () => {
    const geo = filter({ schemes: ['geo'] });
    assert.equal(filterMatches(geo, VIEW, { types: [], schemes: ['geo'] }), true);
    assert.equal(filterMatches(geo, VIEW, { types: [], schemes: ['http'] }), false);
    assert.equal(filterMatches(geo, VIEW, none), false);
    const bare = filter({});
    assert.equal(filterMatches(bare, VIEW, none), true);
    assert.equal(filterMatches(bare, VIEW, { types: ['image/png'], schemes: [] }), false, 'data needs a filter that takes data');
    assert.equal(filterMatches(bare, VIEW, { types: [], schemes: ['geo'] }), false);
    assert.equal(filterMatches(filter({ categories: [] }), VIEW, none), false, 'no DEFAULT category');
    assert.equal(filterMatches(bare, 'android.intent.action.SEND', none), false, 'another action');
    const own = filter({ actions: ['org.x.OPEN'], categories: [], mimeTypes: ['image/*'] });
    assert.equal(filterMatches(own, 'org.x.OPEN', none), true, 'an app-defined action names the screen alone');
  });
});

function ctxWith(manifest: ParsedManifest, functions: FunctionFacts[] = []): ResolveContext {
  const ctx = context([file('x/Main.kt', P, [['Main', ['AppCompatActivity']]], functions)], manifest);
  indexCode(ctx);
  readManifests(ctx);
  return ctx;
}

const manifest: ParsedManifest = {
  ...noManifest(),
  activities: [
    {
      name: `${P}.Main`,
      launcher: true,
      actions: [MAIN],
      filters: [filter({ actions: [MAIN], categories: ['android.intent.category.LAUNCHER', DEFAULT] })],
    },
    { name: `${P}.Maps`, launcher: false, actions: [VIEW], filters: [filter({ schemes: ['geo', 'tel'] })] },
    { name: `${P}.Viewer`, launcher: false, actions: [VIEW], filters: [filter({ mimeTypes: ['image/*'] })] },
  ],
  services: [
    { name: `${P}.Calls`, actions: ['android.telecom.InCallService'] },
    { name: `${P}.Sync`, actions: ['android.content.SyncAdapter'] },
  ],
};

describe('intentContextOf: the uses that fill the same intent', () => {
  const str = (value: string, line: number, scope?: number): Use =>
    scope === undefined ? { t: 'str', value, line } : { t: 'str', value, line, scope };
  const callAt = (name: string, line: number, scope?: number): Use =>
    scope === undefined ? { t: 'call', name, receiver: 'none', line } : { t: 'call', name, receiver: 'none', line, scope };

  test('only an action some filter or system route takes has a context', () => {
    const f = fn('go', `${P}.Main`, [str('org.none.ACTION', 1), str(VIEW, 2), str('android.intent.action.CALL', 3)]);
    const ctx = ctxWith(manifest, [f]);
    assert.equal(intentContextOf(ctx, f, f.uses[0] as Use), undefined);
    assert.notEqual(intentContextOf(ctx, f, f.uses[1] as Use), undefined);
    assert.notEqual(intentContextOf(ctx, f, f.uses[2] as Use), undefined);
    assert.equal(intentContextOf(ctx, f, callAt('startActivity', 1)), undefined, 'not a string');
  });

  test('its own scope, and lambdas nested under it within ten lines below; not a sibling lambda, not lines above', () => {
    const f = fn(
      'go',
      `${P}.Main`,
      [
        str('image/png', 1), // same scope, above: still the function's intent
        str(VIEW, 5),
        str('geo:0,0', 7, 40), // a lambda nested in the body (apply { data = … })
        str('image/gif', 5, 40), // nested, on the action's own line
        str('text/html', 15, 40), // same lambda, ten lines below: still this intent
        str('text/plain', 16, 40), // eleven lines below: too far
        str('tel', 6, 50), // a lambda in a lambda of the body
        str('video/mp4', 4, 40), // nested, but above the action
        str('audio/ogg', 8, 60), // a sibling lambda: another button's intent
        callAt('startActivity', 9, 40),
      ],
      { scopes: { 40: 0, 45: 40, 50: 45, 60: 70, 70: 80 } },
    );
    const ctx = ctxWith(manifest, [f]);
    assert.deepEqual(intentContextOf(ctx, f, f.uses[1] as Use), {
      types: ['image/png', 'image/gif', 'text/html'],
      schemes: ['geo', 'tel'],
      sends: true,
    });
  });

  test('an action inside a lambda ignores the function body and other lambdas', () => {
    const f = fn('go', `${P}.Main`, [str('image/png', 1), str(VIEW, 5, 30), str('geo:1', 6, 30), callAt('launchViewer', 7, 31)], {
      scopes: { 30: 0, 31: 0 },
    });
    const ctx = ctxWith(manifest, [f]);
    assert.deepEqual(intentContextOf(ctx, f, f.uses[1] as Use), { types: [], schemes: ['geo'], sends: false });
  });

  test('sending: start… and launch… calls (or the bare names), not words that only begin so', () => {
    const sendsWith = (name: string): boolean => {
      const f = fn('go', `${P}.Main`, [str(VIEW, 1), callAt(name, 2)]);
      return intentContextOf(ctxWith(manifest, [f]), f, f.uses[0] as Use)?.sends === true;
    };
    assert.deepEqual(
      ['startActivity', 'launch', 'start', 'launchUrl', 'starter', 'launcherIcon', 'restartActivity', 'open'].map(sendsWith),
      [true, true, true, true, false, false, false, false],
    );
  });

  test('data: whole MIME types, URI schemes, and bare scheme names some filter declares', () => {
    const f = fn('go', `${P}.Main`, [
      str(VIEW, 1),
      str('image/png', 2),
      str('see image/png here', 2),
      str('image/png; charset', 2),
      str('https://x.org', 3),
      str('Tel:5', 3),
      str('note: hi', 3),
      str('tel', 4),
      str('mailto', 4),
    ]);
    const out = intentContextOf(ctxWith(manifest, [f]), f, f.uses[0] as Use);
    assert.deepEqual(out?.types, ['image/png']);
    assert.deepEqual(out?.schemes, ['https', 'note', 'tel']);
  });
});

describe('implicit targets, strings and system routes', () => {
  test('MAIN opens nothing; a sent action its matching activities; a class name is an explicit start either way', () => {
    const ctx = ctxWith(manifest);
    assert.deepEqual(implicitTargets(ctx, MAIN, none), [], 'the launcher is no navigation');
    assert.deepEqual(implicitTargets(ctx, VIEW, { types: [], schemes: ['tel'] }), [`${P}.Maps`]);
    assert.deepEqual(implicitTargets(ctx, VIEW, { types: ['image/jpeg'], schemes: ['geo'] }), [`${P}.Maps`, `${P}.Viewer`]);
    const sent = { types: [], schemes: ['geo'], sends: true };
    assert.deepEqual(startsOfString(ctx, VIEW, sent), [{ to: `${P}.Maps`, kind: 'implicit' }]);
    assert.deepEqual(startsOfString(ctx, VIEW, { ...sent, sends: false }), []);
    assert.deepEqual(startsOfString(ctx, VIEW, undefined), []);
    assert.deepEqual(startsOfString(ctx, `${P}.Viewer`, undefined), [{ to: `${P}.Viewer`, kind: 'explicit' }]);
  });

  test('ACTION_CALL or placeCall reach the app’s in-call service; other actions and calls reach none', () => {
    const ctx = ctxWith(manifest);
    assert.deepEqual(systemServices(ctx, { action: 'android.intent.action.CALL' }), [`${P}.Calls`]);
    assert.deepEqual(systemServices(ctx, { call: 'placeCall' }), [`${P}.Calls`]);
    assert.deepEqual(systemServices(ctx, { call: 'startActivity' }), []);
    assert.deepEqual(systemServices(ctx, { action: VIEW }), []);
    assert.deepEqual(systemServices(ctx, {}), []);
  });
});
