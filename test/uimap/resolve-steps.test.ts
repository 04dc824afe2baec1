// The resolver's steps, each run alone over a hand-built context (facts written as the code pass would
// produce them; no parser involved).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FileFacts } from '../../src/uimap/code/index.js';
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
import type { ModuleFacts, ResolveContext } from '../../src/uimap/resolve/index.js';
import { buildResourceIndex } from '../../src/uimap/resources.js';
import { WarningLog } from '../../src/uimap/warnings.js';
import { fullClassName } from '../../src/uimap/resolve/classes.js';
import { declaredActivity, importedName } from '../../src/uimap/resolve/manifest.js';
import type { ManifestActivity, ParsedManifest } from '../../src/uimap/manifest.js';
import { activity, context, file, fn, noManifest, P } from './hand-facts.js';

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
    // the start is named in a free function: the call site's trigger, the helper's line, via 'helper'; the
    // call site's listener is noted first (the element is acted on)
    assert.deepEqual(effectsOf(ctx, onCreate, `${P}.Main`), [
      { k: 'act', trig: { kind: 'click', element: 'about' } },
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

// resolveType over files with imports, wildcards and nesting: each lookup rule is needed by a name that only it
// resolves (two classes share every simple name below, so the unique-simple-name fallback cannot answer for it).
describe('resolveType: which rule names the class', () => {
  const cls = (name: string, supers: string[] = []) => {
    const at = name.lastIndexOf('.');
    return { name, simple: name.slice(at + 1), supers, viewVars: {} };
  };
  const src = (path: string, pkg: string, names: string[], more: Partial<FileFacts> = {}): FileFacts => ({
    path,
    lang: 'kotlin',
    package: pkg,
    imports: {},
    wildcardImports: [],
    classes: names.map((n) => cls(n)),
    functions: [],
    skipped: 0,
    ...more,
  });
  const shared = [
    src('a/Row.kt', 'org.a', ['org.a.Row', 'org.a.Util', 'org.a.Base', 'org.a.Outer', 'org.a.Outer.Inner']),
    src('b/Row.kt', 'org.b', ['org.b.Row', 'org.b.Util', 'org.b.Base', 'org.b.Row.Inner']),
    src('c/Lone.kt', 'org.c', ['org.c.Lone', 'org.c.Lone.Deep']),
  ];
  const build = (...extra: FileFacts[]): ResolveContext => {
    const ctx = context([...shared, ...extra], { activities: [], aliases: [], services: [] });
    indexCode(ctx);
    return ctx;
  };

  test('an import wins over the file package; a dotted name follows its imported head', () => {
    const user = src('a/User.kt', 'org.a', [], { imports: { Row: 'org.b.Row' } });
    const ctx = build(user);
    assert.equal(resolveType(ctx, 'Row', user), 'org.b.Row');
    assert.equal(resolveType(ctx, 'Row.Inner', user), 'org.b.Row.Inner');
    assert.equal(resolveType(ctx, 'Base', user), 'org.a.Base');
  });

  test('type arguments and a nullable mark are not part of the name', () => {
    const user = src('b/User.kt', 'org.b', []);
    const ctx = build(user);
    assert.equal(resolveType(ctx, 'Base<String, List<Int>>?', user), 'org.b.Base');
    assert.equal(resolveType(ctx, 'Util?', user), 'org.b.Util');
    assert.equal(resolveType(ctx, 'Row<T>', user), 'org.b.Row');
  });

  test('a class nested in the file is named by its simple name; a wildcard import names its package', () => {
    const outer = src('a/Outer2.kt', 'org.d', ['org.d.Holder', 'org.d.Holder.Row'], { wildcardImports: ['org.a'] });
    const ctx = build(outer);
    assert.equal(resolveType(ctx, 'Row', outer), 'org.d.Holder.Row');
    assert.equal(resolveType(ctx, 'Util', outer), 'org.a.Util');
    assert.equal(resolveType(ctx, 'Inner', outer), undefined, 'Outer.Inner and Row.Inner: neither');
    // inside org.a, a nested Row shadows the package's Row
    const shadow = src('a/Shadow.kt', 'org.a', ['org.a.Screen', 'org.a.Screen.Row']);
    assert.equal(resolveType(build(shadow), 'Row', shadow), 'org.a.Screen.Row');
  });

  test('a fully qualified name is itself; a unique simple name is found anywhere, a dotted one only by rule', () => {
    const user = src('e/User.kt', 'org.e', []);
    const ctx = build(user);
    assert.equal(resolveType(ctx, 'org.b.Row', user), 'org.b.Row');
    assert.equal(resolveType(ctx, 'Lone', user), 'org.c.Lone');
    assert.equal(resolveType(ctx, 'Deep', user), 'org.c.Lone.Deep');
    assert.equal(resolveType(ctx, 'Lone.Deep', user), undefined, 'a dotted name with an unimported head');
    assert.equal(resolveType(ctx, 'Row', user), undefined, 'two Row classes and no rule to choose');
    assert.equal(resolveType(ctx, '', user), undefined);
  });

  test('a file with no package adds no package candidate; answers are per file, not per name', () => {
    const bare = src('Bare.kt', '', ['Row']);
    const inB = src('b/User.kt', 'org.b', []);
    const ctx = build(bare, inB);
    assert.equal(resolveType(ctx, 'Row', bare), 'Row');
    assert.equal(resolveType(ctx, 'Row', inB), 'org.b.Row', 'the first file’s answer is not reused');
    const inA = src('a/User.kt', 'org.a', []);
    assert.equal(resolveType(ctx, 'Row', inA), 'org.a.Row');
  });
});

describe('indexCode and chainOf: duplicates, pseudo-functions, cycles', () => {
  test('the first declaration of a class name wins; the file pseudo-function is no free function; ids are distinct', () => {
    const first = fn('onCreate', `${P}.Main`, []);
    const second = fn('onResume', `${P}.Main`, []);
    const top = fn('<file>', undefined, []);
    const helper = fn('helper', undefined, []);
    const a = file('A.kt', P, [['Main', ['AppCompatActivity']]], [first, top, helper]);
    const b = file('B.kt', P, [['Main', ['Fragment']]], [second]);
    const ctx = context([a, b], { activities: [], aliases: [], services: [] });
    indexCode(ctx);
    assert.equal(ctx.code.classes.get(`${P}.Main`)?.file, a);
    assert.deepEqual(ctx.code.classes.get(`${P}.Main`)?.facts.supers, ['AppCompatActivity']);
    assert.deepEqual(ctx.code.bySimple.get('Main'), [`${P}.Main`]);
    assert.deepEqual(ctx.code.classes.get(`${P}.Main`)?.functions, [first, second]);
    assert.deepEqual([...ctx.code.freeFunctions.keys()], ['helper']);
    const ids = [first, second, top, helper].map((f) => ctx.code.fnInfo.get(f)?.id);
    assert.equal(new Set(ids).size, 4, String(ids));
    assert.ok(
      ids.every((id) => typeof id === 'number' && id >= 0),
      String(ids),
    );
  });

  test('chainOf: a supertype cycle ends, a diamond lists each class once, a qualified external keeps its simple name', () => {
    const f = file(
      'A.kt',
      P,
      [
        ['Loop1', ['Loop2']],
        ['Loop2', ['Loop1', 'androidx.appcompat.app.AppCompatActivity']],
        ['Left', ['Root']],
        ['Right', ['Root']],
        ['Both', ['Left', 'Right', 'View.OnClickListener']],
        ['Root', ['Fragment']],
      ],
      [],
    );
    const ctx = context([f], { activities: [], aliases: [], services: [] });
    indexCode(ctx);
    assert.deepEqual(chainOf(ctx, `${P}.Loop1`), { chain: [`${P}.Loop1`, `${P}.Loop2`], external: ['AppCompatActivity'] });
    assert.deepEqual(chainOf(ctx, `${P}.Both`), {
      chain: [`${P}.Both`, `${P}.Left`, `${P}.Right`, `${P}.Root`],
      external: ['OnClickListener', 'Fragment'],
    });
    assert.deepEqual(chainOf(ctx, `${P}.Nowhere`), { chain: [], external: [] });
  });
});

describe('newContext: the app package', () => {
  const warnings = () => new WarningLog();
  const resources = buildResourceIndex([], new WarningLog());
  const manifest = (pkg?: string) => ({ ...noManifest(), ...(pkg === undefined ? {} : { package: pkg }) });
  const mod = (name: string, role: 'app' | 'library', more: Partial<ModuleFacts> = {}): ModuleFacts => ({
    name,
    role,
    manifests: [],
    code: [],
    ...more,
  });
  const pkgOf = (...modules: ModuleFacts[]): string => newContext({ modules, resources }, warnings()).appPackage;

  test('the app module’s application id, else its namespace, else the first manifest that names a package', () => {
    const lib = mod(':lib', 'library', { applicationId: 'org.lib', namespace: 'org.lib' });
    assert.equal(pkgOf(lib, mod(':app', 'app', { applicationId: 'org.shop', namespace: 'org.shop.code' })), 'org.shop');
    assert.equal(pkgOf(lib, mod(':app', 'app', { namespace: 'org.shop.code' })), 'org.shop.code');
    assert.equal(pkgOf(lib, mod(':app', 'app', { manifests: [manifest(), manifest('org.m'), manifest('org.n')] })), 'org.m');
    assert.equal(pkgOf(lib, mod(':app', 'app')), '');
  });

  test('with no app module, the first module; with none, no package', () => {
    assert.equal(pkgOf(mod(':a', 'library', { namespace: 'org.a' }), mod(':b', 'library', { namespace: 'org.b' })), 'org.a');
    assert.equal(pkgOf(), '');
  });
});

describe('readManifests: merging and naming', () => {
  const act = (name: string, more: Partial<ManifestActivity> = {}): ManifestActivity => ({
    name,
    launcher: false,
    actions: [],
    filters: [],
    ...more,
  });
  const run = (code: FileFacts[], manifests: ParsedManifest[][]): ResolveContext => {
    const ctx = newContext(
      {
        modules: manifests.map((m, i) => ({ name: `:m${i}`, role: i === 0 ? 'app' : 'library', manifests: m, code: i === 0 ? code : [] })),
        resources: buildResourceIndex([], new WarningLog()),
      },
      new WarningLog(),
    );
    indexCode(ctx);
    readManifests(ctx);
    return ctx;
  };

  test('the package a relative name implies names the unmatched ones listed before it too', () => {
    const ctx = run(
      [file('Main.kt', 'org.y', [['ui.Main', []]])],
      [[{ ...noManifest(), activities: [act('.Gone'), act('.ui.Main', { launcher: true })], services: [{ name: '.Sync', actions: [] }] }]],
    );
    assert.deepEqual([...ctx.manifest.activities.keys()], ['org.y.Gone', 'org.y.ui.Main']);
    assert.deepEqual([...ctx.manifest.services.keys()], ['org.y.Sync']);
    assert.equal(ctx.appPackage, 'org.y');
  });

  test('one activity in two modules: launcher from either, the first label, actions and filters of both', () => {
    const viewFilter = { actions: ['android.intent.action.VIEW'], categories: [], schemes: ['geo'], mimeTypes: [] };
    const ctx = run(
      [file('Main.kt', 'org.y', [['Main', []]])],
      [
        [{ ...noManifest(), package: 'org.y', activities: [act('org.y.Main', { actions: ['org.y.OPEN'] })] }],
        [
          {
            ...noManifest(),
            activities: [
              act('org.y.Main', {
                launcher: true,
                label: 'Lib label',
                actions: ['android.intent.action.VIEW', 'android.media.action.SHOW'],
                filters: [viewFilter],
              }),
              act('org.y.Main', { label: 'Later label' }),
            ],
          },
        ],
      ],
    );
    const main = ctx.manifest.activities.get('org.y.Main');
    assert.equal(main?.launcher, true);
    assert.equal(main?.label, 'Lib label');
    assert.equal(main?.module, ':m0');
    assert.deepEqual(main?.actions, ['org.y.OPEN', 'android.intent.action.VIEW', 'android.media.action.SHOW']);
    assert.deepEqual(main?.filters, [viewFilter]);
    assert.ok(ctx.manifest.launcherTargets.has('org.y.Main'));
    // app-defined actions (anything outside android.intent.action.*) name the activity that takes them
    assert.deepEqual(
      [...ctx.manifest.byAction],
      [
        ['org.y.OPEN', 'org.y.Main'],
        ['android.media.action.SHOW', 'org.y.Main'],
      ],
    );
  });

  test('aliases: listed under their target, a launcher alias makes the target a launcher; missing classes warned only in the app', () => {
    const ctx = run(
      [file('Main.kt', 'org.y.app', [['Main', []]])],
      [
        [
          {
            ...noManifest(),
            package: 'org.y.app',
            activities: [act('org.y.app.Main'), act('org.y.other.Missing'), act('com.lib.LibActivity')],
            aliases: [
              { name: 'org.y.app.Start', target: 'org.y.app.Main', launcher: true },
              { name: 'org.y.app.Share', target: 'org.y.app.Main', launcher: false },
            ],
          },
        ],
      ],
    );
    assert.deepEqual(ctx.manifest.aliases.get('org.y.app.Main'), ['org.y.app.Start', 'org.y.app.Share']);
    assert.deepEqual([...ctx.manifest.launcherTargets], ['org.y.app.Main']);
    assert.deepEqual(ctx.warnings.list(), [{ code: 'CLASS_NOT_FOUND', count: 1, examples: ['org.y.other.Missing'] }]);
  });
});

describe('names written in code that no source declares', () => {
  const f = (imports: Record<string, string>, wildcardImports: string[], pkg = 'org.y'): FileFacts => ({
    ...file('A.kt', pkg, []),
    imports,
    wildcardImports,
  });

  test('importedName: an import, a qualified name, the one wildcard (or the one that holds activities)', () => {
    assert.equal(importedName('LibActivity', f({ LibActivity: 'com.lib.LibActivity' }, [])), 'com.lib.LibActivity');
    assert.equal(importedName('Lib.Inner', f({ Lib: 'com.lib.Lib' }, [])), 'com.lib.Lib.Inner');
    assert.equal(importedName('com.lib.X', f({}, [])), 'com.lib.X');
    assert.equal(importedName('caller', f({}, ['com.lib'])), undefined, 'a variable');
    assert.equal(importedName('X', f({}, ['com.lib'])), 'com.lib.X');
    assert.equal(importedName('X', f({}, ['com.lib.util', 'com.lib.activities'])), 'com.lib.activities.X');
    assert.equal(importedName('X', f({}, ['com.lib.util', 'com.lib.model'])), undefined);
    assert.equal(importedName('X', f({}, ['com.lib.activity', 'com.lib.Activities'])), undefined, 'two hold activities');
    assert.equal(importedName('X', f({}, [])), undefined);
  });

  test('declaredActivity: as written, through an import, in the file’s package, under a wildcard — if a manifest declares it', () => {
    const ctx = newContext(
      {
        modules: [
          {
            name: ':app',
            role: 'app',
            manifests: [
              {
                ...noManifest(),
                activities: ['com.lib.A', 'com.lib.B.Inner', 'org.y.C', 'com.w.D'].map((n) => ({
                  name: n,
                  launcher: false,
                  actions: [],
                  filters: [],
                })),
              },
            ],
            code: [],
          },
        ],
        resources: buildResourceIndex([], new WarningLog()),
      },
      new WarningLog(),
    );
    readManifests(ctx);
    const inY = f({ B: 'com.lib.B' }, ['com.w']);
    assert.equal(declaredActivity(ctx, 'com.lib.A', inY), 'com.lib.A');
    assert.equal(declaredActivity(ctx, 'B.Inner', inY), 'com.lib.B.Inner');
    assert.equal(declaredActivity(ctx, 'C', inY), 'org.y.C');
    assert.equal(declaredActivity(ctx, 'D', inY), 'com.w.D');
    assert.equal(declaredActivity(ctx, 'C', f({}, [], '')), undefined, 'no package to look in');
    assert.equal(declaredActivity(ctx, 'E', inY), undefined);
  });
});
