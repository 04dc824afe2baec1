/**
 * Cost against screen size: a synthetic list screen (rows of a clickable layout holding a title and a summary,
 * every row on screen) of 1k to 64k nodes, `snapshotFromDump` beside `blocksFromDump` on the same dump (blocks
 * include a snapshot of their own). Web views and long lists reach thousands of nodes.
 *
 * Run alone: `node --import tsx bench/privacy-scale.ts`.
 */
import { pathToFileURL } from 'node:url';
import { uiNode, type UiDump, type UiNode } from '../src/hierarchy/model.js';
import { blocksFromDump } from '../src/privacy/index.js';
import { snapshotFromDump } from '../src/snapshot/index.js';
import { median } from './timing.js';

const ROW = 40;

export function listScreen(nodes: number): UiDump {
  const rows: UiNode[] = [];
  for (let i = 0; i < Math.floor(nodes / 3); i++) {
    const t = 200 + i * ROW;
    const text = (s: string, top: number): UiNode =>
      uiNode({ cls: 'android.widget.TextView', pkg: 'p', text: s, bounds: [40, top, 800, top + ROW / 2] });
    rows.push(
      uiNode({
        cls: 'android.widget.LinearLayout',
        pkg: 'p',
        clickable: true,
        index: i,
        bounds: [0, t, 1080, t + ROW],
        children: [text(`Row ${i} title`, t), text(`summary of row ${i}`, t + ROW / 2)],
      }),
    );
  }
  const height = 200 + rows.length * ROW;
  const list = uiNode({
    cls: 'androidx.recyclerview.widget.RecyclerView',
    pkg: 'p',
    scrollable: true,
    bounds: [0, 200, 1080, height],
    children: rows,
  });
  const root = uiNode({ cls: 'android.widget.FrameLayout', pkg: 'p', bounds: [0, 0, 1080, height], children: [list] });
  return { format: 'uiautomator', rotation: 0, width: 1080, height, roots: [root] };
}

function timed(run: () => unknown, times: number): number {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    run();
    ms.push(performance.now() - t);
  }
  return median(ms);
}

export async function benchPrivacyScale(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  console.log('nodes    snapshot ms   blocks ms   blocks/snapshot');
  for (const n of [1000, 4000, 16000, 64000]) {
    const d = listScreen(n);
    const times = n >= 64000 ? 1 : 3;
    blocksFromDump(d, 'open row 5'); // warm-up
    const s = timed(() => snapshotFromDump(d), times);
    const b = timed(() => blocksFromDump(d, 'open row 5'), times);
    console.log(`${String(n).padEnd(8)} ${s.toFixed(0).padStart(11)} ${b.toFixed(0).padStart(11)} ${(b / s).toFixed(2).padStart(17)}`);
    out[`scale.${n / 1000}k.snapshot_ms`] = Math.round(s);
    out[`scale.${n / 1000}k.blocks_ms`] = Math.round(b);
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchPrivacyScale();
