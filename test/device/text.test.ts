import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { isGlanceError } from '../../src/errors.js';
import { androidInputText, planTyping, shQuote, typingCommands, type TypeStep } from '../../src/device/text.js';

/** What the device ends up with after the steps (Android's %s rule, ENTER/TAB keys). */
function replay(steps: readonly TypeStep[]): string {
  return steps.map((s) => (s.kind === 'text' ? androidInputText(s.arg) : s.code === 66 ? '\n' : '\t')).join('');
}

const typable = fc.string({ unit: fc.constantFrom(...' !"#$%&\'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~s%\n\t'.split('')), maxLength: 60 });

describe('planTyping', () => {
  test("round-trips through Android's %s rule for any typable text", () => {
    fc.assert(fc.property(typable, (s) => replay(planTyping(s)) === s));
  });

  test("a string with '%s': a literal %s is split over two calls", () => {
    const s = 'it\'s 5$ & "ok"; `id` \\ %s';
    const steps = planTyping(s);
    assert.deepEqual(steps, [
      { kind: 'text', arg: 'it\'s%s5$%s&%s"ok";%s`id`%s\\%s%' },
      { kind: 'text', arg: 's' },
    ]);
    assert.equal(replay(steps), s);
  });

  test('newline and tab become key presses', () => {
    assert.deepEqual(planTyping('a\nb\tc'), [
      { kind: 'text', arg: 'a' },
      { kind: 'key', code: 66 },
      { kind: 'text', arg: 'b' },
      { kind: 'key', code: 61 },
      { kind: 'text', arg: 'c' },
    ]);
  });

  test('non-ASCII is TEXT_NOT_TYPABLE with a hint', () => {
    assert.throws(
      () => planTyping('café'),
      (e) => isGlanceError(e, 'TEXT_NOT_TYPABLE') && /ADB Keyboard/.test(e.hint ?? ''),
    );
  });
});

describe('shQuote', () => {
  test('a real POSIX sh gets every string back unchanged', () => {
    const special = ['', "'", "''", 'it\'s 5$ & "ok"; `id` \\ %s', '$(id)', '*?[a]~#!', 'a\nb', "\\'\\"];
    const samples = [
      ...special,
      ...fc.sample(
        fc.string({ maxLength: 30 }).filter((s) => !s.includes('\0')),
        40,
      ),
    ];
    for (const s of samples) {
      const r = spawnSync('sh', ['-c', `printf '%s' ${shQuote(s)}`], { encoding: 'utf8' });
      assert.equal(r.stdout, s);
    }
  });
});

describe('typingCommands', () => {
  test('joins steps with && and keeps each command under the limit; a real sh delivers the same text', () => {
    const text = `${"x'".repeat(2000)} %s\nend`;
    const cmds = typingCommands(planTyping(text), 3000);
    assert.ok(cmds.length > 1);
    for (const c of cmds) assert.ok(c.length <= 3000, `command of ${c.length} bytes`);
    // Stand-in for the device's `input`: prints each call's argument, separated by \x1e; Android's %s rule
    // is then applied per call, as each `input text` process applies it to its own argument.
    const fn = `input() { if [ "$1" = text ]; then printf '%s' "$2"; else printf 'KEY%s' "$2"; fi; printf '\\036'; }`;
    const out = cmds.map((c) => spawnSync('sh', ['-c', `${fn}\n${c}`], { encoding: 'utf8' }).stdout).join('');
    const typed = out
      .split('\x1e')
      .filter((x) => x !== '')
      .map((x) => (x === 'KEY66' ? '\n' : androidInputText(x)))
      .join('');
    assert.equal(typed, text);
  });

  test('never splits an encoded space', () => {
    const steps = planTyping(' '.repeat(5000));
    for (const c of typingCommands(steps, 500)) {
      for (const m of c.matchAll(/input text '([^']*)'/g)) assert.match(m[1]!, /^(%s)+$/);
    }
  });
});
