import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { expandWord, parseScript, shQuote, ShSyntaxError, type Script, type SimpleCommand } from '../../src/device/virtual/sh.js';

/** The simple command at the head of a pipeline (these tests parse no compound commands). */
const simple = (c: unknown): SimpleCommand => c as SimpleCommand;

/** argv of every simple command, with variables expanded from `vars`. */
function argvs(script: Script, vars: Record<string, string> = {}): string[][] {
  const out: string[][] = [];
  for (const ao of script) {
    for (const p of [ao.first, ...ao.rest.map((r) => r.pipeline)]) {
      for (const c of p.commands.map(simple)) out.push(c.words.map((w) => expandWord(w, (n) => vars[n] ?? '')));
    }
  }
  return out;
}

describe('sh tokenizer and parser', () => {
  test('single quotes, escaped quote idiom, double quotes with $ and escapes', () => {
    const s = parseScript(`input text 'it'\\''s 5$ & "ok"'`);
    assert.deepEqual(argvs(s), [['input', 'text', `it's 5$ & "ok"`]]);
    assert.deepEqual(argvs(parseScript('echo "a \\"b\\" $X \\$Y" c\\ d')), [['echo', 'a "b"  $Y', 'c d']]);
    assert.deepEqual(argvs(parseScript('echo "$X"x ${X}y'), { X: 'v' }), [['echo', 'vx', 'vy']]);
  });

  test('operators split words without spaces and keep their order', () => {
    const s = parseScript('a&&b||c;d|e');
    assert.equal(s.length, 2);
    assert.deepEqual(
      s[0]!.rest.map((r) => r.op),
      ['&&', '||'],
    );
    assert.deepEqual(argvs(s), [['a'], ['b'], ['c'], ['d'], ['e']]);
    assert.equal(s[1]!.first.commands.length, 2);
  });

  test('redirects: IO numbers, dup, append, attached targets', () => {
    const [ao] = parseScript('uiautomator dump /sdcard/x.xml >/dev/null 2>&1 && cat /sdcard/x.xml');
    const cmd = simple(ao!.first.commands[0]);
    assert.deepEqual(
      cmd.redirects.map((r) => [r.fd, r.op, expandWord(r.target, () => '')]),
      [
        [1, '>', '/dev/null'],
        [2, '>&', '1'],
      ],
    );
    assert.deepEqual(
      cmd.words.map((w) => expandWord(w, () => '')),
      ['uiautomator', 'dump', '/sdcard/x.xml'],
    );
    const [ao2] = parseScript('echo 2>x a2>y >>z "3">w');
    const c2 = simple(ao2!.first.commands[0]);
    // `a2>y`: the 2 is part of a word, not an IO number; a quoted "3" is a word too.
    assert.deepEqual(
      c2.redirects.map((r) => [r.fd, r.op]),
      [
        [2, '>'],
        [1, '>'],
        [1, '>>'],
        [1, '>'],
      ],
    );
    assert.deepEqual(
      c2.words.map((w) => expandWord(w, () => '')),
      ['echo', 'a2', '3'],
    );
  });

  test('assignments before a command, comments, newlines, negation', () => {
    const [ao] = parseScript('A=1 B="x y" env # trailing comment');
    const c = simple(ao!.first.commands[0]);
    assert.deepEqual(
      c.assigns.map((a) => [a.name, expandWord(a.value, () => '')]),
      [
        ['A', '1'],
        ['B', 'x y'],
      ],
    );
    assert.deepEqual(argvs(parseScript('a\n\nb\n')), [['a'], ['b']]);
    assert.equal(parseScript('! false')[0]!.first.negate, true);
  });

  test('syntax errors are reported, not guessed', () => {
    for (const bad of ["echo 'open", 'echo "open', '&& a', 'a &&', 'a |', 'a >', 'a ; ; b']) {
      assert.throws(() => parseScript(bad), ShSyntaxError, bad);
    }
  });

  test('shQuote round-trips any string through the parser (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        fc.pre(!s.includes('\0'));
        assert.deepEqual(argvs(parseScript(`echo ${shQuote(s)}`)), [['echo', s]]);
      }),
      { numRuns: 200 },
    );
  });

  test('arbitrary input either parses or throws ShSyntaxError (fuzz)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...`ab $'"\\;&|<>()#={}12\n `.split('')), maxLength: 30 }), (s) => {
        try {
          parseScript(s);
        } catch (e) {
          assert.ok(e instanceof ShSyntaxError, `${JSON.stringify(s)}: ${String(e)}`);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
