// The graph's last steps and the parts it collects, rule by rule: one entry per edge (back edges kept apart),
// back edges to every caller but self and auto starts, undeclared screens once, effect identity, elements
// once per id and kind, menus with the rows a dump shows for them.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { MapTransition } from '../../src/uimap/index.js';
import { effectKey } from '../../src/uimap/resolve/effect.js';
import type { Effect } from '../../src/uimap/resolve/effect.js';
import { addBackEdges, addUndeclared, dedupeTransitions } from '../../src/uimap/resolve/index.js';
import { addElement, menuPart, newOwner, partOut } from '../../src/uimap/resolve/parts.js';
import { activity, context, noManifest } from './hand-facts.js';

describe('dedupeTransitions', () => {
  test('a back edge and a forward edge with the same trigger are two edges; a trigger-less back edge stays beside a triggered forward one', () => {
    const list: MapTransition[] = [
      { from: 'A', to: 'B', trigger: { kind: 'click', element: 'x' } },
      { from: 'A', to: 'B', trigger: { kind: 'click', element: 'x' }, back: true },
      { from: 'C', to: 'D', trigger: { kind: 'menu' } },
      { from: 'C', to: 'D', trigger: { kind: 'item' } },
      { from: 'C', to: 'D', trigger: { kind: 'item', element: 'row' } },
      { from: 'E', to: 'F', trigger: { kind: 'click', element: 'a' } },
      { from: 'E', to: 'F', trigger: { kind: 'click', element: 'b' } },
    ];
    assert.deepEqual(dedupeTransitions(list), [list[0], list[1], list[2], list[4], list[5], list[6]]);
  });
});

describe('addBackEdges and addUndeclared', () => {
  test('each finishing trigger goes back to every distinct caller; not to itself', () => {
    const ctx = context([]);
    ctx.transitions.push(
      { from: 'A', to: 'C', trigger: { kind: 'click', element: 'x' } },
      { from: 'A', to: 'C', trigger: { kind: 'menu' } },
      { from: 'B', to: 'C' },
      { from: 'C', to: 'C', trigger: { kind: 'click', element: 'again' } },
    );
    ctx.finishTriggers.set('C', [
      { trigger: { kind: 'click', element: 'done' }, at: 'C.kt:3' },
      { trigger: { kind: 'up' }, at: 'C.kt:5' },
    ]);
    ctx.finishTriggers.set('Z', [{ trigger: { kind: 'click', element: 'z' }, at: 'Z.kt:1' }]);
    addBackEdges(ctx);
    assert.deepEqual(
      ctx.transitions.slice(4).map((t) => `${t.from}>${t.to} ${t.trigger?.kind} ${t.at} ${t.back}`),
      ['C>A click C.kt:3 true', 'C>A up C.kt:5 true', 'C>B click C.kt:3 true', 'C>B up C.kt:5 true'],
    );
  });

  test('an undeclared activity that a manifest does declare is no extra screen; the rest sorted by name', () => {
    const ctx = context([], { ...noManifest(), activities: [activity('Known')] });
    ctx.manifest.activities.set('org.x.Known', { ...activity('Known'), module: 'app' });
    ctx.undeclared.add('lib.Zed');
    ctx.undeclared.add('org.x.Known');
    ctx.undeclared.add('lib.Alpha');
    addUndeclared(ctx);
    assert.deepEqual(
      ctx.activities.map((a) => a.name),
      ['lib.Alpha', 'lib.Zed'],
    );
    assert.deepEqual(ctx.warnings.list(), [{ code: 'ACTIVITY_NOT_DECLARED', count: 2, examples: ['lib.Alpha', 'lib.Zed'] }]);
  });
});

describe('effectKey: what makes two effects the same', () => {
  const key = (e: Effect): string => effectKey(e);
  test('starts by target and trigger; reaches by class and root; elements by id and text; finishes alike; weak and dialog count', () => {
    const start: Effect = { k: 'start', to: 'B', at: 'a:1', kind: 'explicit' };
    assert.equal(key(start), key({ ...start, at: 'b:2', kind: 'implicit' }), 'evidence and kind do not');
    assert.notEqual(key(start), key({ ...start, to: 'C' }));
    assert.notEqual(key(start), key({ ...start, trig: { kind: 'click' } }));
    assert.notEqual(key({ ...start, trig: { kind: 'click' } }), key({ ...start, trig: { kind: 'click', element: 'x' } }));
    assert.notEqual(key({ ...start, trig: { kind: 'dialog' } }), key({ ...start, trig: { kind: 'dialog' }, weak: true }));
    assert.notEqual(key({ k: 'reach', cls: 'F' }), key({ k: 'reach', cls: 'F', toRoot: true }));
    assert.equal(key({ k: 'reach', cls: 'F' }), key({ k: 'reach', cls: 'F', toRoot: false }));
    const el = (text?: string): Effect => ({
      k: 'element',
      element: { id: 'b', class: 'Button', ...(text === undefined ? {} : { text }) },
    });
    assert.notEqual(key(el()), key(el('OK')));
    assert.equal(key(el('')), key(el()), 'an empty text is no text');
    assert.equal(key({ k: 'finish', at: 'a:1' }), key({ k: 'finish', at: 'b:9' }));
    assert.notEqual(key({ k: 'layout', name: 'main' }), key({ k: 'layout', name: 'main', dialog: 'M.ask' }));
    assert.notEqual(key({ k: 'layout', name: 'main' }), key({ k: 'menu', name: 'main' }));
  });
});

describe('parts', () => {
  test('an element is added once per id and kind; a part’s trigger only when known', () => {
    const o = newOwner('fragment', 'org.x.F');
    addElement(o, { id: 'go', class: 'Button' });
    addElement(o, { id: 'go', class: 'Button', text: 'again' });
    addElement(o, { id: 'go', class: 'Button', kind: 'list-item' });
    assert.deepEqual(o.elements, [
      { id: 'go', class: 'Button' },
      { id: 'go', class: 'Button', kind: 'list-item' },
    ]);
    assert.deepEqual(partOut(o), { name: 'org.x.F', elements: o.elements });
    o.trigger = { kind: 'menu' };
    assert.deepEqual(partOut(o), { name: 'org.x.F', elements: o.elements, trigger: { kind: 'menu' } });
  });

  test('menus: items with titles, the overflow rows an options menu shows, the drawer rows of a navigation view', () => {
    const ctx = context([], noManifest(), {
      'menu/m.xml':
        '<menu xmlns:android="http://schemas.android.com/apk/res/android" xmlns:app="http://schemas.android.com/apk/res-auto">' +
        '<item android:id="@+id/share" android:title="@string/share" app:showAsAction="always|withText"/>' +
        '<item android:id="@+id/about" android:title="About"/><item android:id="@+id/plain"/></menu>',
      'values/strings.xml': '<resources><string name="share">Share it</string></resources>',
    });
    const rows = (style: 'options' | 'drawer' | 'bar'): string[] =>
      menuPart(ctx, 'm', { style }).elements.map(
        (e) => `${e.id} ${e.class.split('.').at(-1) ?? ''} ${e.kind ?? ''} ${e.text ?? '-'} ${e.layout ?? ''}`,
      );
    assert.deepEqual(rows('options'), [
      'share MenuItem menu-item Share it m',
      'about MenuItem menu-item About m',
      'title TextView overflow-row About m',
      'plain MenuItem menu-item - m',
      'title TextView overflow-row - m',
    ]);
    assert.deepEqual(rows('drawer'), [
      'share MenuItem menu-item Share it m',
      'design_menu_item_text CheckedTextView drawer-row Share it m',
      'about MenuItem menu-item About m',
      'design_menu_item_text CheckedTextView drawer-row About m',
      'plain MenuItem menu-item - m',
      'design_menu_item_text CheckedTextView drawer-row - m',
    ]);
    assert.deepEqual(rows('bar'), [
      'share MenuItem menu-item Share it m',
      'about MenuItem menu-item About m',
      'plain MenuItem menu-item - m',
    ]);
    assert.deepEqual(menuPart(ctx, 'missing', { style: 'options' }), { name: 'missing', elements: [] });
  });
});
