// Ref assignment from its documented algorithm (src/snapshot/refs.ts): ref = kind letter + slot, slot = FNV-1a of
// the identity (with "#rank" for repeats) modulo the slot space, linear probing that wraps, claims in order of
// (slot, identity); 3 digits up to 400 elements of a kind, 4 up to 4000, 4 upper-case base-36 characters beyond.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assignRefs, fnv1a, type RefSubject } from '../../src/snapshot/refs.js';

const t = (key: string): RefSubject => ({ kind: 't', key });
const keys = (n: number, prefix = 'k'): RefSubject[] => Array.from({ length: n }, (_, i) => t(`${prefix}${i}`));

/** Two keys with the given slot in a space of 1000, and no other key near them. */
function pairAt(slot: number): [string, string] {
  const hits: string[] = [];
  for (let i = 0; hits.length < 2; i++) if (fnv1a(`x${i}`) % 1000 === slot) hits.push(`x${i}`);
  return [hits[0]!, hits[1]!];
}

describe('assignRefs', () => {
  test('a lone identity gets kind letter + FNV-1a(identity) mod 1000', () => {
    for (const key of ['Button|ok|OK|@1', 'TextView||Title|x', ''])
      assert.deepEqual(assignRefs([{ kind: 'b', key }]), [`b${fnv1a(key) % 1000}`]);
  });

  test('each kind has its own slot space', () => {
    const key = 'same|key';
    const refs = assignRefs([{ kind: 'b', key }, t(key), { kind: 'e', key }]);
    const slot = fnv1a(key) % 1000;
    assert.deepEqual(refs, [`b${slot}`, `t${slot}`, `e${slot}`]);
  });

  test('a repeated identity: the first keeps its slot, the next is hashed as identity#1', () => {
    const key = 'Row||Item|list';
    const refs = assignRefs([t(key), t(key), t(key)]);
    assert.equal(refs[0], `t${fnv1a(key) % 1000}`);
    assert.equal(new Set(refs).size, 3);
    const alone = assignRefs([t(`${key}#1`)]);
    assert.equal(refs[1], alone[0]);
  });

  test('a collision takes the next free slot; the smaller identity keeps the hashed one; the last slot wraps to 0', () => {
    const [a, b] = pairAt(999);
    const [lo, hi] = a < b ? [a, b] : [b, a];
    assert.deepEqual(assignRefs([t(hi), t(lo)]), ['t0', 't999']);
    assert.deepEqual(assignRefs([t(lo), t(hi)]), ['t999', 't0']);
    const [c, d] = pairAt(500);
    const [clo, chi] = c < d ? [c, d] : [d, c];
    assert.deepEqual(assignRefs([t(chi), t(clo)]), ['t501', 't500']);
  });

  test('claims go by slot first, then identity: a smaller identity hashed one slot higher waits its turn', () => {
    // Two keys hashed to slot 500 and a key hashed to 501 that sorts before both: the 500s claim 500 and 501
    // first, and the 501 key probes on to 502.
    const [p, q] = pairAt(500);
    const [lo, hi] = p < q ? [p, q] : [q, p];
    let early = '';
    for (let i = 0; early === ''; i++) if (fnv1a(`a${i}`) % 1000 === 501) early = `a${i}`;
    assert.ok(early < lo);
    assert.deepEqual(assignRefs([t(early), t(hi), t(lo)]), ['t502', 't501', 't500']);
  });

  test('refs depend on the set of identities, not their order', () => {
    const subjects = keys(50);
    const forward = assignRefs(subjects);
    const backward = assignRefs([...subjects].reverse()).reverse();
    assert.deepEqual(backward, forward);
  });

  test('slot space by count: 3 digits up to 400 of a kind, 4 digits up to 4000, then 4 base-36 characters', () => {
    assert.ok(assignRefs(keys(400)).every((r) => /^t\d{1,3}$/.test(r)));
    const r401 = assignRefs(keys(401));
    assert.ok(r401.every((r) => /^t\d{1,4}$/.test(r)));
    assert.ok(r401.some((r) => /^t\d{4}$/.test(r)));
    const r4000 = assignRefs(keys(4000));
    assert.ok(r4000.every((r) => /^t\d{1,4}$/.test(r)));
    const r4001 = assignRefs(keys(4001));
    assert.ok(r4001.every((r) => /^t[0-9A-Z]{4}$/.test(r)));
    assert.equal(new Set(r4001).size, 4001);
    // the count is per kind: 400 texts and 400 buttons still get three digits
    assert.ok(assignRefs([...keys(400), ...keys(400).map((s) => ({ ...s, kind: 'b' as const }))]).every((r) => /^[tb]\d{1,3}$/.test(r)));
  });
});
