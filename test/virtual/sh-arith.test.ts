// `$(( … ))` as mksh evaluates it: C precedence and associativity, truncating division, 32-bit integers,
// variables (unset = 0, a value that is itself an expression), and a coded error for what cannot be evaluated.
// The same expressions through a real /bin/sh are in sh-differential.test.ts.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ArithError, evalArith } from '../../src/device/virtual/sh-arith.js';
import { createVirtualDevice } from '../../src/device/virtual/index.js';

const VARS: Record<string, string> = { X: '2', abc: '7', a1: '5', _n: '-4', SP: ' 9 ', EXPR: 'X*3', REF: 'abc', BAD: '5x', EMPTY: '' };
const ev = (expr: string): number => evalArith(expr, (n) => VARS[n] ?? '');

describe('$(( )) values', () => {
  const cases: Array<[string, number]> = [
    // numbers and the four operations, each both ways round
    ['42', 42],
    ['12+30', 42],
    ['12-30', -18],
    ['6*7', 42],
    ['3*0', 0],
    ['7/2', 3],
    ['-7/2', -3],
    ['7%3', 1],
    ['-7%3', -1],
    ['7%-3', 1],
    // precedence and left associativity
    ['1+2*3', 7],
    ['(1+2)*3', 9],
    ['2-3-4', -5],
    ['100/10/5', 2],
    ['10/3*3', 9],
    // unary operators
    ['-3', -3],
    ['+3', 3],
    ['- -3', 3],
    ['-(2+3)', -5],
    ['!0', 1],
    ['!5', 0],
    ['!(1-1)', 1],
    // comparisons: true is 1, false is 0, and both sides of each boundary
    ['1<2', 1],
    ['2<2', 0],
    ['3<2', 0],
    ['2>1', 1],
    ['2>2', 0],
    ['1>2', 0],
    ['2<=2', 1],
    ['1<=2', 1],
    ['3<=2', 0],
    ['2>=2', 1],
    ['3>=2', 1],
    ['1>=2', 0],
    ['1==1', 1],
    ['1==2', 0],
    ['1!=2', 1],
    ['2!=2', 0],
    ['1<2==1', 1],
    // logic: every combination, and && binding tighter than ||
    ['0&&0', 0],
    ['0&&1', 0],
    ['1&&0', 0],
    ['2&&3', 1],
    ['0||0', 0],
    ['0||3', 1],
    ['2||0', 1],
    ['1||0&&0', 1],
    ['0&&1||1', 1],
    // variables: set, unset, multi-character names, padded values, a value that is itself an expression
    ['X+1', 3],
    ['abc*2', 14],
    ['a1+1', 6],
    ['_n', -4],
    ['nope+1', 1],
    ['EMPTY+1', 1],
    ['SP+1', 10],
    ['EXPR+1', 7],
    ['REF+0', 7],
    // mksh integers are 32-bit
    ['2147483647+1', -2147483648],
    ['65536*65536', 0],
    // nothing at all is 0
    ['', 0],
    ['   ', 0],
  ];
  for (const [expr, want] of cases) test(`$((${expr})) = ${want}`, () => assert.equal(ev(expr), want));
});

describe('$(( )) errors', () => {
  const cases: Array<[string, RegExp]> = [
    ['1/0', /divide by zero/],
    ['5%0', /divide by zero/],
    ['1+', /unexpected end of expression/],
    ['(1+2 3', /missing \)/],
    ['1 2', /unexpected '2'/],
    ['1+*2', /unexpected '\*'/],
    [')', /unexpected '\)'/],
    ['1 @ 2', /unexpected '@'/],
    // a variable's value is evaluated too: a number with junk after it is not a number
    ['BAD', /unexpected 'x'/],
  ];
  for (const [expr, message] of cases) {
    test(`$((${expr})) fails: ${message.source}`, () => {
      assert.throws(
        () => ev(expr),
        (e: unknown) => e instanceof ArithError && message.test(e.message),
      );
    });
  }

  test('through the shell: the message on stderr as mksh prints it, status 1, and the script goes on', async () => {
    const dev = createVirtualDevice();
    const r = await dev.run('echo $((1/0)); echo after $?');
    assert.equal(Buffer.from(r.stderr).toString(), '/system/bin/sh: 1/0: divide by zero\n');
    assert.equal(Buffer.from(r.stdout).toString(), 'after 1\n');
  });
});
