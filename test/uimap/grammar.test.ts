// The code pass over the current Java and Kotlin grammars (web-tree-sitter 0.25): the node shapes it relies on,
// and syntax errors reported with their line, only for real syntax errors (the shared apps' sources, which must
// parse clean, are checked in shared-parse.test.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createCodeParser } from '../../src/uimap/syntax.js';
import type { CodeParser } from '../../src/uimap/syntax.js';
import { extractFacts } from '../../src/uimap/code/index.js';
import type { Use } from '../../src/uimap/code/index.js';
import { mapProject } from '../../src/uimap/index.js';

// Top-level, not a root before() hook: the file then shares one process with others in a mutation run.
const parser: CodeParser = await createCodeParser();

const kt = (text: string) => extractFacts('kotlin', 'A.kt', text, parser.parse('kotlin', text).root);
const usesOf = (text: string, fn: string): Use[] =>
  (kt(text).functions.find((f) => f.name === fn)?.uses ?? []).map(({ scope: _scope, line: _line, ...rest }) => rest as Use);

describe('Kotlin node shapes', () => {
  test('imports: single, aliased, wildcard; package', () => {
    const f = kt('package a.b\nimport x.y.Foo\nimport x.y.Bar as Baz\nimport x.z.*\n');
    assert.equal(f.package, 'a.b');
    assert.deepEqual(f.imports, { Foo: 'x.y.Foo', Baz: 'x.y.Bar' });
    assert.deepEqual(f.wildcardImports, ['x.z']);
  });

  test('class literals, function references and names of classes', () => {
    const uses = usesOf('fun f() { go(About::class.java); register(::onGo); run(Helper::open); log(X::class.java.simpleName) }', 'f');
    assert.deepEqual(
      uses.filter(
        (u) => u.t === 'classref' || (u.t === 'call' && u.name !== 'go' && u.name !== 'register' && u.name !== 'run' && u.name !== 'log'),
      ),
      [
        { t: 'classref', cls: 'About' },
        { t: 'call', name: 'onGo', receiver: 'none' },
        { t: 'call', name: 'open', receiver: 'other' },
      ],
    );
  });

  test('a constructor call with a trailing lambda is one call; the lambda runs under a callback trigger', () => {
    const uses = usesOf('fun f() { ConfirmDialog(this, R.string.q) { startActivity(Intent(this, B::class.java)) } }', 'f');
    assert.deepEqual(uses[0], { t: 'new', cls: 'ConfirmDialog' });
    assert.ok(uses.some((u) => u.t === 'classref' && u.cls === 'B' && u.trig?.kind === 'callback' && u.trig.via === 'ConfirmDialog'));
  });

  test('when entries branch on their R.id conditions', () => {
    const uses = usesOf(
      'fun onOptionsItemSelected(item: MenuItem) = when (item.itemId) { R.id.a, R.id.b -> show() else -> other() }',
      'onOptionsItemSelected',
    );
    assert.deepEqual(
      uses.filter((u) => u.t === 'call').map((u) => [u.t === 'call' ? u.name : '', u.trig]),
      [
        ['show', { kind: 'menu', element: 'a' }],
        ['show', { kind: 'menu', element: 'b' }],
        ['other', undefined],
      ],
    );
  });

  test('string templates are not literal values', () => {
    const uses = usesOf('fun f() { a("plain"); b("x$y"); c("${z}w") }', 'f');
    assert.deepEqual(
      uses.filter((u) => u.t === 'str'),
      [{ t: 'str', value: 'plain' }],
    );
  });

  test('overrides are marked; a call named toString or valueOf is no dialog button', () => {
    const f = kt('class A : B() { override fun getItem(i: Int) = 1\n fun f() { x.toString(); y.valueOf(); z.constructor() } }');
    assert.equal(f.functions.find((x) => x.name === 'getItem')?.overrides, true);
    assert.equal(f.functions.find((x) => x.name === 'f')?.overrides, undefined);
    assert.deepEqual(
      f.functions.flatMap((x) => x.uses).filter((u) => u.t === 'button'),
      [],
    );
  });
});

describe('syntax errors', () => {
  test('reported once per file with the line of the first error; clean files report none', async () => {
    const map = await mapProject({
      modules: [
        {
          name: ':app',
          role: 'app',
          gradle: 'android { namespace "b.r" }',
          manifests: [{ path: 'AndroidManifest.xml', text: '<manifest xmlns:android="a"><application/></manifest>' }],
          resources: [],
          code: [
            { path: 'Ok.kt', text: 'package b.r\nclass Ok { fun f() = 1 }\n' },
            { path: 'Broken.java', text: 'package b.r;\nclass Broken {\n  void f( { if (x }\n}\n' },
          ],
        },
      ],
    });
    assert.deepEqual(map.warnings, [{ code: 'SYNTAX_ERROR', count: 1, examples: [':app/Broken.java:3'] }]);
  });

  test('the first of errors on several lines; a token the parser had to supply (a missing `;`) is an error too', () => {
    assert.equal(parser.parse('java', 'class A {\n\n  void f() { @@ }\n  void g() { ## }\n}').errorLine, 3);
    assert.equal(parser.parse('java', 'class A {\n  int x = 1\n}').errorLine, 2);
    assert.equal(parser.parse('kotlin', 'class A {\n  fun f() {\n    g(\n  }\n}').errorLine, 3);
    assert.equal(parser.parse('java', 'class A {\n  void f() {}\n}').errorLine, undefined);
  });
});

describe('anonymous tokens the tree copy keeps', () => {
  test('`class` after `::`: a generic class literal parses as a callable reference and is still a class, not a call', () => {
    assert.deepEqual(usesOf('fun f() { go(Box<Int>::class.java) }', 'f'), [
      { t: 'call', name: 'go', receiver: 'none' },
      { t: 'classref', cls: 'Box<Int>' },
    ]);
  });
});
