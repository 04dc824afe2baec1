// The waypoint matcher against the selector semantics as the trailmap format states them, checked by a
// second, independent reading of the same rules over the raw capture JSON (not Glance's model) on every
// capture of the shared Contacts trailmap. Capture mismatches (a waypoint whose own capture does not satisfy
// it) are a fact of the published data: they are listed, and pinned so a change shows up.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { checkWaypoint, loadTrailmap, waypointsOf, type Trailmap } from '../../src/trailmap/index.js';
import { contactsIosDir } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';

type Raw = Record<string, unknown> & { children?: Raw[] };
type RawSel = Record<string, unknown>;

/** Java regex with a leading inline-flag group, matched anywhere (the reference reading of the rules). */
function refRegex(src: string): RegExp {
  const m = /^\(\?([is]+)\)/.exec(src);
  return m ? new RegExp(src.slice(m[0].length), m[1]) : new RegExp(src);
}

const FIELD: Record<string, string> = {
  resourceIdRegex: 'resourceId',
  textRegex: 'text',
  contentDescriptionRegex: 'accessibilityText',
  accessibilityTextRegex: 'accessibilityText',
  classNameRegex: 'className',
  hintTextRegex: 'hintText',
};
const FLAG: Record<string, [string, boolean]> = {
  isClickable: ['clickable', false],
  isEnabled: ['enabled', true],
  selected: ['selected', false],
  focused: ['focused', false],
  checked: ['checked', false],
};

function unwrap(s: RawSel): RawSel {
  return (s['iosMaestro'] as RawSel | undefined) ?? s;
}

function holdsOn(node: Raw, sel: RawSel, ancestors: Raw[]): boolean {
  for (const [k, v] of Object.entries(sel)) {
    if (k in FIELD) {
      const val = node[FIELD[k]!];
      if (typeof val !== 'string' || val === '' || !refRegex(v as string).test(val)) return false;
    } else if (k in FLAG) {
      const [f, dflt] = FLAG[k]!;
      if ((typeof node[f] === 'boolean' ? node[f] : dflt) !== v) return false;
    } else if (k === 'childOf') {
      const inner = unwrap(v as RawSel);
      if (!ancestors.some((a, i) => holdsOn(a, inner, ancestors.slice(0, i)))) return false;
    } else if (k !== 'minCount') throw new Error(`reference reading has no rule for ${k}`);
  }
  return true;
}

function refHolds(root: Raw, sel: RawSel): boolean {
  let count = 0;
  const visit = (n: Raw, anc: Raw[]): void => {
    if (holdsOn(n, sel, anc)) count++;
    for (const c of n.children ?? []) visit(c, [...anc, n]);
  };
  visit(root, []);
  return count >= ((sel['minCount'] as number | undefined) ?? 1);
}

interface RefWaypoint {
  id: string;
  required: RawSel[];
  forbidden: RawSel[];
}

function refWaypoints(dir: string): RefWaypoint[] {
  return readdirSync(join(dir, 'waypoints'))
    .sort()
    .map((f) => {
      const y = parseYaml(readFileSync(join(dir, 'waypoints', f), 'utf8')) as {
        id: string;
        ios: Record<string, Array<{ selector: RawSel }>>;
      };
      return {
        id: y.id,
        required: (y.ios['required'] ?? []).map((r) => unwrap(r.selector)),
        forbidden: (y.ios['forbidden'] ?? []).map((r) => unwrap(r.selector)),
      };
    });
}

/** Captures that satisfy their own waypoint, as published (about a third). */
const KNOWN_OWN_MATCHES = 32;

describe('Contacts trailmap', { skip: requires({ shared: true }) }, () => {
  let map: Trailmap;

  test('loads 100 waypoints, 81 shortcuts and a capture for each waypoint', async () => {
    map = await loadTrailmap(contactsIosDir);
    assert.equal(map.waypoints.length, 100);
    assert.equal(map.shortcuts.length, 81);
    assert.equal(map.captures.size, 100);
    for (const w of map.waypoints) assert.ok(map.captures.has(w.id), `capture for ${w.id}`);
    for (const s of map.shortcuts) {
      assert.ok(map.waypoints.some((w) => w.id === s.from) && map.waypoints.some((w) => w.id === s.to), s.id);
    }
  });

  test('the matcher agrees with the reference reading on every capture × waypoint', () => {
    const ref = refWaypoints(contactsIosDir);
    const files = readdirSync(join(contactsIosDir, 'captures')).sort();
    let pairs = 0;
    for (const f of files) {
      const raw = JSON.parse(readFileSync(join(contactsIosDir, 'captures', f), 'utf8')) as { waypointId: string; viewHierarchy: Raw };
      const capture = map.captures.get(raw.waypointId)!;
      const want = ref
        .filter((w) => w.required.every((s) => refHolds(raw.viewHierarchy, s)) && !w.forbidden.some((s) => refHolds(raw.viewHierarchy, s)))
        .map((w) => w.id)
        .sort();
      assert.deepEqual(waypointsOf(capture.dump, map.waypoints).sort(), want, f);
      pairs += ref.length;
    }
    assert.equal(pairs, 100 * 100);
  });

  test('capture mismatches: the waypoints whose own capture does not satisfy them', () => {
    const own = [...map.captures].filter(
      ([id, c]) =>
        checkWaypoint(
          c.dump,
          map.waypoints.find((w) => w.id === id)!,
        ).ok,
    );
    assert.equal(own.length, KNOWN_OWN_MATCHES);
    // The 51 fallback captures all show the same "Add Field" picker.
    const fallback = [...map.captures.values()].filter((c) => waypointsOf(c.dump, map.waypoints).includes('contacts/ios/add-field-picker'));
    assert.equal(fallback.length, 51);
  });
});
