// The resolver's steps, each run alone over a hand-built context (facts written as the code pass would
// produce them; no parser involved).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FileFacts, FunctionFacts, Use } from '../../src/uimap/code/index.js';
import type { ParsedManifest } from '../../src/uimap/manifest.js';
import {
  addBackEdges,
  addUndeclared,
  chainOf,
  classify,
  effectsOf,
  indexCode,
  indexNavigation,
  newContext,
  readManifests,
  resolveType,
  walkActivity,
} from '../../src/uimap/resolve/index.js';
import type { ResolveContext } from '../../src/uimap/resolve/index.js';
import { fullClassName } from '../../src/uimap/resolve/classes.js';
import { buildResourceIndex } from '../../src/uimap/resources.js';
import { WarningLog } from '../../src/uimap/warnings.js';

const fn = (name: string, owner: string | undefined, uses: Use[]): FunctionFacts =>
  owner === undefined ? { name, uses } : { name, owner, uses };

function file(path: string, pkg: string, classes: [string, string[]][], functions: FunctionFacts[]): FileFacts {
  return {
    path,
    lang: 'kotlin',
    package: pkg,
    imports: {},
    wildcardImports: [],
    classes: classes.map(([name, supers]) => ({ name: `${pkg}.${name}`, simple: name, supers, viewVars: {} })),
    functions,
    skipped: 0,
  };
}

function context(code: FileFacts[], manifest: ParsedManifest, res: Record<string, string> = {}): ResolveContext {
  const warnings = new WarningLog();
  const resources = buildResourceIndex(
    Object.entries(res).map(([path, text]) => ({ module: 'app', path, text })),
    warnings,
  );
  return newContext({ modules: [{ name: 'app', role: 'app', manifests: [manifest], code }], resources }, warnings);
}

const P = 'org.x';
const activity = (name: string, launcher = false) => ({ name: `${P}.${name}`, launcher, actions: [] as string[], filters: [] });

describe('resolve steps', () => {
  test('indexCode: classes by name and simple name, methods under their class, free functions apart', () => {
    const helper = fn('openHelp', undefined, []);
    const onCreate = fn('onCreate', `${P}.Main`, []);
    const ctx = context([file('Main.kt', P, [['Main', ['AppCompatActivity']]], [onCreate, helper])], {
      activities: [],
      aliases: [],
      services: [],
    });
    indexCode(ctx);
    assert.deepEqual([...ctx.code.classes.keys()], [`${P}.Main`]);
    assert.deepEqual(ctx.code.bySimple.get('Main'), [`${P}.Main`]);
    assert.deepEqual(ctx.code.classes.get(`${P}.Main`)?.functions, [onCreate]);
    assert.equal(ctx.code.freeFunctions.get('openHelp')?.[0]?.fn, helper);
    assert.equal(ctx.code.methodsByName.get('onCreate')?.length, 1);
  });

  test('resolveType and chainOf: package-relative names, project supertypes first, external names apart', () => {
    const f = file(
      'A.kt',
      P,
      [
        ['Base', ['AppCompatActivity']],
        ['Main', ['Base']],
      ],
      [],
    );
    const ctx = context([f], { activities: [], aliases: [], services: [] });
    indexCode(ctx);
    assert.equal(resolveType(ctx, 'Base', f), `${P}.Base`);
    assert.equal(resolveType(ctx, 'Nowhere', f), undefined);
    assert.deepEqual(chainOf(ctx, `${P}.Main`), { chain: [`${P}.Main`, `${P}.Base`], external: ['AppCompatActivity'] });
    assert.equal(classify(ctx, `${P}.Main`), 'activity');
  });

  test('readManifests: relative names matched by suffix, the package derived from them, missing classes warned', () => {
    const ctx = context([file('Main.kt', 'org.y.app', [['Main', []]], [])], {
      activities: [
        { name: '.Main', launcher: true, actions: ['org.y.OPEN'], filters: [] },
        { name: '.Gone', launcher: false, actions: [], filters: [] },
      ],
      aliases: [{ name: '.Alias', target: '.Main', launcher: true }],
      services: [],
    });
    indexCode(ctx);
    readManifests(ctx);
    assert.equal(ctx.appPackage, 'org.y.app');
    assert.deepEqual([...ctx.manifest.activities.keys()], ['org.y.app.Main', 'org.y.app.Gone']);
    assert.deepEqual(ctx.manifest.aliases.get('org.y.app.Main'), ['org.y.app.Alias']);
    assert.ok(ctx.manifest.launcherTargets.has('org.y.app.Main'));
    assert.equal(ctx.manifest.byAction.get('org.y.OPEN'), 'org.y.app.Main');
    assert.deepEqual(ctx.warnings.list(), [{ code: 'CLASS_NOT_FOUND', count: 1, examples: ['org.y.app.Gone'] }]);
  });

  test('readManifests: a relative name two classes end with is neither of them', () => {
    const ctx = context(
      [file('A.kt', 'org.a', [['Main', ['AppCompatActivity']]], []), file('B.kt', 'org.b.ui', [['Main', ['AppCompatActivity']]], [])],
      { activities: [{ name: '.Main', launcher: true, actions: [], filters: [] }], aliases: [], services: [] },
    );
    indexCode(ctx);
    readManifests(ctx);
    const names = [...ctx.manifest.activities.keys()];
    assert.equal(names.length, 1);
    assert.ok(!names.includes('org.a.Main') && !names.includes('org.b.ui.Main'), names.join(', '));
    assert.equal(ctx.appPackage, '');
  });

  test('fullClassName: a simple name two classes share is not resolved to either', () => {
    const ctx = context(
      [
        file(
          'A.kt',
          'org.a',
          [
            ['Row', []],
            ['Only', []],
          ],
          [],
        ),
        file('B.kt', 'org.b', [['Row', []]], []),
      ],
      { activities: [], aliases: [], services: [] },
    );
    indexCode(ctx);
    assert.equal(fullClassName(ctx, 'Only'), 'org.a.Only');
    assert.equal(fullClassName(ctx, 'org.b.Row'), 'org.b.Row');
    assert.notEqual(fullClassName(ctx, 'Row'), 'org.a.Row');
    assert.notEqual(fullClassName(ctx, 'Row'), 'org.b.Row');
  });

  test('indexNavigation: destinations and actions by id', () => {
    const ctx = context(
      [],
      { activities: [], aliases: [], services: [] },
      {
        'navigation/g.xml': `<navigation xmlns:android="a" xmlns:app="b"><fragment android:id="@+id/home" android:name="org.x.Home">
        <action android:id="@+id/to_about" app:destination="@id/about"/></fragment>
        <activity android:id="@+id/about" android:name="org.x.About"/></navigation>`,
      },
    );
    indexNavigation(ctx);
    assert.equal(ctx.nav.action.get('to_about'), 'about');
    assert.equal(ctx.nav.dest.get('about')?.kind, 'activity');
  });

  test('effectsOf: a helper chain folds in, the call site trigger replaces a missing one, cycles end', () => {
    const start = fn('openAbout', undefined, [
      { t: 'classref', cls: 'About', line: 7 },
      { t: 'call', name: 'openAbout', receiver: 'none' }, // recursion: must not loop
    ]);
    const onCreate = fn('onCreate', `${P}.Main`, [
      { t: 'call', name: 'openAbout', receiver: 'none', trig: { kind: 'click', element: 'about' } },
    ]);
    const ctx = context(
      [
        file(
          'Main.kt',
          P,
          [
            ['Main', ['AppCompatActivity']],
            ['About', ['AppCompatActivity']],
          ],
          [onCreate, start],
        ),
      ],
      {
        activities: [activity('Main', true), activity('About')],
        aliases: [],
        services: [],
      },
      { 'values/ids.xml': '<resources><item type="id" name="about"/></resources>' },
    );
    indexCode(ctx);
    readManifests(ctx);
    assert.deepEqual(effectsOf(ctx, start, `${P}.Main`), [{ k: 'start', to: `${P}.About`, at: 'Main.kt:7', kind: 'explicit' }]);
    // the start is named in a free function: the call site's trigger, the helper's line, via 'helper'
    assert.deepEqual(effectsOf(ctx, onCreate, `${P}.Main`), [
      { k: 'start', to: `${P}.About`, at: 'Main.kt:7', kind: 'explicit', via: 'helper', trig: { kind: 'click', element: 'about' } },
    ]);
  });

  test('walkActivity: layout elements on the screen, an inline dialog as its own part, the start as a transition', () => {
    const onCreate = fn('onCreate', `${P}.Main`, [
      { t: 'res', type: 'layout', name: 'main' },
      { t: 'classref', cls: 'About', trig: { kind: 'click', element: 'about' }, line: 12 },
    ]);
    const ask = fn('ask', `${P}.Main`, [
      { t: 'new', cls: 'AlertDialog.Builder', scope: 5 },
      { t: 'button', which: 1, scope: 5 },
      { t: 'call', name: 'show', receiver: 'other', scope: 5 },
    ]);
    onCreate.uses.push({ t: 'call', name: 'ask', receiver: 'none', trig: { kind: 'click', element: 'delete' } });
    const ctx = context(
      [
        file(
          'Main.kt',
          P,
          [
            ['Main', ['AppCompatActivity']],
            ['About', ['AppCompatActivity']],
          ],
          [onCreate, ask],
        ),
      ],
      {
        activities: [activity('Main', true), activity('About')],
        aliases: [],
        services: [],
      },
      {
        'layout/main.xml':
          '<LinearLayout xmlns:android="a"><Button android:id="@+id/about"/><Button android:id="@+id/delete"/></LinearLayout>',
      },
    );
    indexCode(ctx);
    readManifests(ctx);
    const a = walkActivity(ctx, `${P}.Main`);
    assert.deepEqual(a.layouts, ['main']);
    assert.deepEqual(
      a.elements.map((e) => e.id),
      ['about', 'delete'],
    );
    assert.deepEqual(
      a.dialogs.map((d) => [d.name, d.trigger, d.elements.map((e) => e.id)]),
      [[`${P}.Main.ask`, { kind: 'click', element: 'delete' }, ['android:id/button1']]],
    );
    assert.deepEqual(ctx.transitions, [
      { from: `${P}.Main`, to: `${P}.About`, trigger: { kind: 'click', element: 'about' }, kind: 'explicit', at: 'Main.kt:12' },
    ]);
  });

  test('addBackEdges: a finishing tap returns to each caller except those that handed over by themselves', () => {
    const ctx = context([], { activities: [], aliases: [], services: [] });
    ctx.transitions.push(
      { from: 'A', to: 'C', trigger: { kind: 'click', element: 'x' } },
      { from: 'Splash', to: 'C', trigger: { kind: 'auto' } },
    );
    ctx.finishTriggers.set('C', [{ trigger: { kind: 'click', element: 'done' }, at: 'app/C.kt:9' }]);
    addBackEdges(ctx);
    assert.deepEqual(ctx.transitions.slice(2), [
      { from: 'C', to: 'A', trigger: { kind: 'click', element: 'done' }, back: true, at: 'app/C.kt:9' },
    ]);
  });

  test('addUndeclared: started but undeclared activities become name-only screens, with a warning', () => {
    const ctx = context([], { activities: [], aliases: [], services: [] });
    ctx.undeclared.add('lib.Other');
    addUndeclared(ctx);
    assert.deepEqual(ctx.activities, [
      { name: 'lib.Other', declared: false, layouts: [], elements: [], fragments: [], dialogs: [], menus: [] },
    ]);
    assert.equal(ctx.warnings.count('ACTIVITY_NOT_DECLARED'), 1);
  });
});
