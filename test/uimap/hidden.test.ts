// The hidden-transition report (src/uimap/hidden.ts): each forward transition the map cannot tie to a control
// in its kind, the warnings for code the analysis could not follow, undeclared activities, largest group first;
// and `glance map SRC --hidden` printing it (text, and JSON with the global switch).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { hiddenKind, hiddenTransitions, renderHidden } from '../../src/uimap/index.js';
import type { HiddenGroup, MapTransition } from '../../src/uimap/index.js';
import { glance } from '../helpers/cli.js';
import { handMap, mapActivity } from './hand-maps.js';

const P = (s: string): string => `org.x.${s}`;
const edge = (from: string, to: string, over: Partial<MapTransition> = {}): MapTransition => ({ from: P(from), to: P(to), ...over });

describe('hiddenKind', () => {
  test('one kind per way a transition escapes a control; tied ones and back edges are not hidden', () => {
    const cases: [Partial<MapTransition>, string | undefined][] = [
      [{ trigger: { kind: 'auto' } }, 'by-itself'],
      [{ trigger: { kind: 'click' } }, 'unnamed-control'],
      [{ trigger: { kind: 'item' } }, 'unnamed-control'],
      [{ trigger: { kind: 'dialog' } }, 'dialog-button'],
      [{}, 'no-trigger'],
      [{ kind: 'system', trigger: { kind: 'dialog' } }, 'system'],
      [{ kind: 'system', trigger: { kind: 'click', element: 'call' } }, undefined],
      [{ trigger: { kind: 'click', element: 'go' } }, undefined],
      [{ trigger: { kind: 'up' } }, undefined],
      [{ trigger: { kind: 'auto' }, back: true }, undefined],
    ];
    for (const [over, want] of cases) assert.equal(hiddenKind(edge('A', 'B', over)), want, JSON.stringify(over));
  });
});

describe('hiddenTransitions', () => {
  test('grouped by kind with examples, warnings and undeclared screens included, largest first', () => {
    const map = handMap(
      [
        mapActivity(P('Splash'), { launcher: true }),
        mapActivity(P('Main')),
        mapActivity(P('About')),
        mapActivity(P('Lib'), { declared: false }),
      ],
      [
        edge('Splash', 'Main', { trigger: { kind: 'auto' }, at: ':app/Splash.kt:8' }),
        edge('Main', 'About', { trigger: { kind: 'click' } }),
        edge('About', 'Lib', { trigger: { kind: 'click' } }),
        edge('Main', 'Lib', { trigger: { kind: 'menu', element: 'lib' } }),
      ],
      {
        warnings: [
          { code: 'LISTENER_TARGET_UNRESOLVED', count: 4, examples: ['actBarTextView', 'day'] },
          { code: 'SYNTAX_ERROR', count: 2, examples: ['a.kt'] },
        ],
      },
    );
    const groups = hiddenTransitions(map);
    assert.deepEqual(
      groups.map((g: HiddenGroup) => [g.kind, g.count, g.examples]),
      [
        ['unresolved-listener', 4, ['actBarTextView', 'day']],
        ['unnamed-control', 2, ['Main → About', 'About → Lib']],
        ['by-itself', 1, ['Splash → Main (:app/Splash.kt:8)']],
        ['undeclared', 1, [P('Lib')]],
      ],
    );
    const lines = renderHidden(groups).split('\n');
    assert.equal(lines.length, 4);
    assert.match(lines[1]!, /^unnamed-control ×2 — .+: Main → About; About → Lib$/);
    assert.equal(renderHidden([]), 'nothing hidden: every transition is tied to a control');
  });
});

describe('glance map --hidden', () => {
  const fixture = fileURLToPath(new URL('../fixtures/uimap/notekeeper', import.meta.url));
  const run = async (args: string[], json = false): Promise<{ code: number; out: string }> => {
    const r = await glance([...(json ? ['--json'] : []), 'map', fixture, ...args]);
    return { code: r.code, out: r.stdout };
  };

  test('prints the report; the global --json gives its groups', async () => {
    const j = await run(['--hidden'], true);
    assert.equal(j.code, 0);
    const r = JSON.parse(j.out) as { ok: boolean; result: { text: string; package: string; hidden: HiddenGroup[] } };
    assert.equal(r.result.package, 'org.glance.notekeeper');
    assert.ok(r.result.hidden.length > 0);
    const text = await run(['--hidden']);
    assert.deepEqual(
      text.out
        .trimEnd()
        .split('\n')
        .map((l) => l.split(' ')[0]),
      r.result.hidden.map((g) => g.kind),
    );
  });

  test('--hidden with --text is a usage error', async () => {
    const r = await run(['--hidden', '--text'], true);
    assert.equal(r.code, 1);
    assert.equal((JSON.parse(r.out) as { error: { code: string } }).error.code, 'USAGE');
  });
});
