/**
 * Cost against screen size: a synthetic list screen (rows of a clickable layout holding a title and a summary,
 * every row on screen) of 1k to 64k nodes, `snapshotFromDump` beside `blocksFromDump` on the same dump (blocks
 * include a snapshot of their own). Web views and long lists reach thousands of nodes.
 *
 * Wall and CPU time (median of 7 runs, 3 at 64k; snapshot and blocks runs alternate, so both see the same load),
 * CPU µs per node, and the lowest CPU of the runs (the one the machine's neighbours disturbed least).
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

interface Cost {
  wall: number;
  cpu: number;
  /** The lowest CPU of the runs. */
  cpuMin: number;
}

/**
 * Median wall and CPU milliseconds (this process, all threads: GC included) of `times` runs of each of `a` and
 * `b`, run in turn (a, b, a, b…) so that a neighbour's burst weighs on both alike.
 */
function timedPair(a: () => unknown, b: () => unknown, times: number): [Cost, Cost] {
  const runs = [a, b].map(() => ({ wall: [] as number[], cpu: [] as number[] }));
  for (let i = 0; i < times; i++)
    [a, b].forEach((run, k) => {
      const c = process.cpuUsage();
      const t = performance.now();
      run();
      runs[k]!.wall.push(performance.now() - t);
      const u = process.cpuUsage(c);
      runs[k]!.cpu.push((u.user + u.system) / 1000);
    });
  const cost = (r: { wall: number[]; cpu: number[] }): Cost => ({ wall: median(r.wall), cpu: median(r.cpu), cpuMin: Math.min(...r.cpu) });
  return [cost(runs[0]!), cost(runs[1]!)];
}

/**
 * The machine may be shared: wall time then measures the neighbours too. CPU time (user + system of this
 * process) is the steadier figure, and the ratio is given for both; the lowest CPU of the runs is steadier still.
 */
export async function benchPrivacyScale(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const cols = [
    'nodes',
    'snapshot wall',
    'cpu',
    'µs/node',
    'blocks wall',
    'cpu',
    'ratio wall',
    'cpu',
    'cpu min: snapshot',
    'blocks',
    'ratio',
  ];
  const widths = [7, 14, 6, 8, 12, 6, 11, 6, 18, 7, 6];
  const line = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' ');
  console.log(line(cols));
  for (const n of [1000, 4000, 16000, 64000]) {
    const d = listScreen(n);
    const times = n >= 64000 ? 3 : 7;
    // Warm-up: JIT and the stem cache, as on a device where the same app's screens follow each other.
    blocksFromDump(d, 'open row 5');
    snapshotFromDump(d);
    const [s, b] = timedPair(
      () => snapshotFromDump(d),
      () => blocksFromDump(d, 'open row 5'),
      times,
    );
    const perNode = (1000 * s.cpu) / n;
    console.log(
      line([
        String(n),
        s.wall.toFixed(0),
        s.cpu.toFixed(0),
        perNode.toFixed(1),
        b.wall.toFixed(0),
        b.cpu.toFixed(0),
        (b.wall / s.wall).toFixed(2),
        (b.cpu / s.cpu).toFixed(2),
        s.cpuMin.toFixed(0),
        b.cpuMin.toFixed(0),
        (b.cpuMin / s.cpuMin).toFixed(2),
      ]),
    );
    const k = `scale.${n / 1000}k`;
    out[`${k}.snapshot_ms`] = Math.round(s.wall);
    out[`${k}.snapshot_cpu_ms`] = Math.round(s.cpu);
    out[`${k}.snapshot_cpu_us_per_node`] = Math.round(perNode * 10) / 10;
    out[`${k}.blocks_ms`] = Math.round(b.wall);
    out[`${k}.blocks_cpu_ms`] = Math.round(b.cpu);
    out[`${k}.blocks_over_snapshot_cpu`] = Math.round((100 * b.cpu) / s.cpu) / 100;
    out[`${k}.snapshot_cpu_min_ms`] = Math.round(s.cpuMin);
    out[`${k}.blocks_cpu_min_ms`] = Math.round(b.cpuMin);
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchPrivacyScale();
