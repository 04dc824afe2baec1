/**
 * Cost against screen size: a synthetic list screen (rows of a clickable layout holding a title and a summary,
 * every row on screen) of 1k to 64k nodes, `snapshotFromDump` beside `blocksFromDump` on the same dump (blocks
 * include a snapshot of their own). Web views and long lists reach thousands of nodes.
 *
 * Wall and CPU time (median of 7 runs, 3 at 64k). Run alone: `node --import tsx bench/privacy-scale.ts`.
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

interface Cost {
  wall: number;
  cpu: number;
}

/** Median wall and CPU milliseconds (this process, all threads: GC included) of `times` runs. */
function timed(run: () => unknown, times: number): Cost {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < times; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    run();
    wall.push(performance.now() - t);
    const u = process.cpuUsage(c);
    cpu.push((u.user + u.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

/**
 * The machine may be shared: wall time then measures the neighbours too. CPU time (user + system of this
 * process) is the steadier figure, and the ratio is given for both.
 */
export async function benchPrivacyScale(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const cols = ['nodes', 'snapshot wall', 'cpu', 'blocks wall', 'cpu', 'ratio wall', 'cpu'];
  console.log(cols.map((c, i) => (i === 0 ? c.padEnd(7) : c.padStart(i % 2 === 1 ? 14 : 6))).join(' '));
  for (const n of [1000, 4000, 16000, 64000]) {
    const d = listScreen(n);
    const times = n >= 64000 ? 3 : 7;
    // Warm-up: JIT and the stem cache, as on a device where the same app's screens follow each other.
    blocksFromDump(d, 'open row 5');
    snapshotFromDump(d);
    const s = timed(() => snapshotFromDump(d), times);
    const b = timed(() => blocksFromDump(d, 'open row 5'), times);
    const row = [s.wall, s.cpu, b.wall, b.cpu].map((v) => v.toFixed(0));
    const ratio = [b.wall / s.wall, b.cpu / s.cpu].map((v) => v.toFixed(2));
    console.log([String(n).padEnd(7), ...[...row, ...ratio].map((v, i) => v.padStart(i % 2 === 0 ? 14 : 6))].join(' '));
    const k = `scale.${n / 1000}k`;
    out[`${k}.snapshot_ms`] = Math.round(s.wall);
    out[`${k}.snapshot_cpu_ms`] = Math.round(s.cpu);
    out[`${k}.blocks_ms`] = Math.round(b.wall);
    out[`${k}.blocks_cpu_ms`] = Math.round(b.cpu);
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchPrivacyScale();
