// A ref never comes to name another element: every list of the demo app and of the DroidTask corpus, on the
// virtual device, scrolled down and up several times (`input swipe` inside the list, `uiautomator dump` after
// each), each snapshot taking its refs from the one before as a device session does. Every ref's labels over
// the walk may lose or regain an end (a row cut by the list's edge), never turn into another row's.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { createVirtualDevice, type VirtualDevice } from '../../src/device/virtual/device.js';
import { walk } from '../../src/hierarchy/model.js';
import { diffSnapshots } from '../../src/snapshot/diff.js';
import { snapshotFromDump, type Snapshot } from '../../src/snapshot/snapshot.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';
import { parseDump } from '../../src/hierarchy/parse.js';
import { toUiautomatorXml } from '../../src/hierarchy/xml.js';
import { advanceLatest, loadLatest } from '../../src/device/latest.js';
import type { UiDump } from '../../src/hierarchy/model.js';
import { memoryStore } from '../device/harness.js';
import { corpusScreens, droidtaskApps, droidtaskDir, readText } from '../helpers/corpus.js';
import { scrollLists } from '../snapshot/perturb.js';
import { requires } from '../helpers/requires.js';

/** Finger moves (px, up = positive: the content scrolls down), several each way and past both ends. */
const MOVES = [400, 400, 700, 1500, -300, -700, -400, -1500, 900, -900];

const text = (b: Uint8Array): string => Buffer.from(b).toString('utf8');

/** What an element reads as: its own text and description, then the labels it absorbed. */
const labelsOf = (e: SnapshotElement): string[] =>
  [e.text, e.desc, ...(e.labels ?? [])].filter((l): l is string => l !== undefined && l !== '');

/** Two readings of one element: equal, or one is the other cut at an end (a row at the list's edge). */
function related(a: readonly string[], b: readonly string[]): boolean {
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  const at = (off: number): boolean => s.every((x, i) => x === l[off + i]);
  return at(0) || at(l.length - s.length);
}

interface Walk {
  /** ref → the label lists it showed, in order (empty ones left out: a row cut to none of its labels). */
  history: Map<string, string[][]>;
  /** Diff lines that call a change of labels between two unrelated readings a change of one element. */
  relabels: string[];
  snapshots: number;
}

async function dumpOf(vd: VirtualDevice): Promise<string> {
  return text((await vd.run('uiautomator dump /dev/tty')).stdout);
}

/** Adds a snapshot to the walk: each ref's readings, and the diff's changes from the one before. */
function record(w: Walk, prev: Snapshot | undefined, snap: Snapshot): void {
  w.snapshots++;
  for (const e of snap.elements) {
    const l = labelsOf(e);
    if (l.length === 0) continue;
    const h = w.history.get(e.ref) ?? [];
    if (h.length === 0 || h[h.length - 1]!.join('|') !== l.join('|')) h.push(l);
    w.history.set(e.ref, h);
  }
  if (prev === undefined) return;
  for (const c of diffSnapshots(prev, snap).changed) {
    const [a, b] = [labelsOf(c.before), labelsOf(c.after)];
    if (a.length > 0 && b.length > 0 && !related(a, b)) w.relabels.push(`${c.ref}: ${a.join(' | ')} → ${b.join(' | ')}`);
  }
}

/** Scrolls the list under (x, y) by MOVES, a snapshot after each, refs taken from the one before. */
async function walkList(vd: VirtualDevice, x: number, y: number): Promise<Walk> {
  const w: Walk = { history: new Map(), relabels: [], snapshots: 0 };
  let prev: Snapshot | undefined;
  const see = (snap: Snapshot): void => record(w, prev, snap);
  const first = snapshotFromDump(await dumpOf(vd));
  see(first);
  prev = first;
  for (const m of MOVES) {
    await vd.run(`input swipe ${x} ${y + m / 2} ${x} ${y - m / 2} 300`);
    const snap = snapshotFromDump(await dumpOf(vd), { previous: prev });
    see(snap);
    prev = snap;
  }
  return w;
}

/** Refs whose readings turned into an unrelated one somewhere along the walk. */
function renamed(w: Walk): string[] {
  const bad: string[] = [];
  for (const [ref, h] of w.history)
    for (let i = 1; i < h.length; i++) if (!related(h[i - 1]!, h[i]!)) bad.push(`${ref}: ${h[i - 1]!.join(' | ')} → ${h[i]!.join(' | ')}`);
  return bad;
}

/** Centres of the lists on the current screen that hold more than they show. */
function scrollableLists(vd: VirtualDevice): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const { node } of walk(vd.state.dump({ windows: 'active' }).roots)) {
    const [l, t, r, b] = node.bounds;
    if (!node.scrollable || node.children.length < 2 || b - t < 300) continue;
    out.push([Math.floor((l + r) / 2), Math.floor((t + b) / 2)]);
  }
  return out;
}

describe('refs over repeated scrolls', () => {
  test('the demo recipes: each ref keeps its row (cut, scrolled away and back), the diff never relabels a row', async () => {
    const vd = createVirtualDevice({ scenario: 'demo' });
    vd.state.reset('recipes');
    const [[x, y]] = scrollableLists(vd) as [[number, number]];
    const w = await walkList(vd, x, y);
    assert.deepEqual(renamed(w), []);
    assert.deepEqual(w.relabels, []);
    // The walk went somewhere: rows far down the list were seen, and the first row came back with its ref.
    const rows = [...w.history.values()].map((h) => h.map((l) => l[0]).join());
    assert.ok(
      rows.some((r) => r.includes('17. Ramen')),
      'scrolled to the end',
    );
    const soup = [...w.history].filter(([, h]) => h.some((l) => l[0] === '1. Tomato soup'));
    assert.equal(soup.length, 1, 'the first row has one ref over the whole walk');
  });

  test('every list of the DroidTask corpus on the virtual device', { skip: requires({ shared: true }), timeout: 600_000 }, async () => {
    // A recorded screen holds only the rows it showed: most lists there have nothing more to scroll to.
    let lists = 0;
    const bad: string[] = [];
    for (const app of droidtaskApps()) {
      const vd = createVirtualDevice({ droidbotDir: join(droidtaskDir, app) });
      for (const screen of vd.scenario.screens.keys()) {
        vd.state.reset(screen);
        for (const [x, y] of scrollableLists(vd)) {
          vd.state.reset(screen);
          const w = await walkList(vd, x, y);
          lists++;
          for (const line of [...renamed(w), ...w.relabels]) bad.push(`${app}/${screen}: ${line}`);
        }
      }
    }
    assert.ok(lists >= 50, `${lists} lists`);
    assert.deepEqual(bad, []);
  });

  test('every list of the DroidTask corpus, its recorded rows scrolled out and back', { skip: requires({ shared: true }) }, async () => {
    const { walks, bad } = await walkCorpusLists(
      () => (dump, prev) => snapshotFromDump(dump, prev === undefined ? {} : { previous: prev }),
    );
    assert.ok(walks >= 100, `${walks} screens with lists`);
    assert.deepEqual(bad, []);
  });
});

describe('refs over repeated scrolls, through a device session', () => {
  test(
    'every corpus list scrolled out and back, each look read back from the stored latest screen as a new CLI call does',
    { skip: requires({ shared: true }) },
    async () => {
      const { walks, bad } = await walkCorpusLists(() => {
        let stored = new Map<string, string>();
        return async (dump) => {
          // A new process each time: a store over the strings the last call left, no snapshot kept in memory.
          const store = memoryStore();
          for (const [k, v] of stored) store.map.set(k, v);
          const snap = await advanceLatest(store, 'phone', toUiautomatorXml(dump), await loadLatest(store, 'phone'));
          stored = store.map;
          return snap.snapshot;
        };
      });
      assert.ok(walks >= 100, `${walks} screens with lists`);
      assert.deepEqual(bad, []);
    },
  );
});

/** Offsets the recorded rows move up by, clipped to the list, as a dump shows a scrolled list (0: as recorded). */
const OFFSETS = [120, 240, 480, 900, 600, 300, 0, 700, 60, 0];

/**
 * Every corpus screen with a list, its rows scrolled by OFFSETS; `startWalk` gives, per screen, how each scrolled
 * dump is looked at (refs from the snapshot before). The screens walked, and every ref that changed rows.
 */
async function walkCorpusLists(
  startWalk: () => (dump: UiDump, prev: Snapshot | undefined) => Snapshot | Promise<Snapshot>,
): Promise<{ walks: number; bad: string[] }> {
  let walks = 0;
  const bad: string[] = [];
  for (const s of corpusScreens()) {
    const dump = parseDump(readText(s.xmlPath));
    if (scrollLists(dump, 1).moved.size === 0) continue;
    walks++;
    const look = startWalk();
    const w: Walk = { history: new Map(), relabels: [], snapshots: 0 };
    let prev: Snapshot | undefined;
    for (const dy of OFFSETS) {
      const snap = await look(dy === 0 ? dump : scrollLists(dump, dy).dump, prev);
      record(w, prev, snap);
      prev = snap;
    }
    for (const line of [...renamed(w), ...w.relabels]) bad.push(`${s.xmlPath}: ${line}`);
  }
  return { walks, bad };
}
