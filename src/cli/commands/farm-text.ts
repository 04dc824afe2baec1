/** The farm's reports and status as text. Pure. */
import type { FarmFigures, FarmLiveReport } from '../../farm/aggregate.js';
import type { FarmStatus } from '../../farm/status.js';

export function renderFarmReport(f: FarmFigures, live?: FarmLiveReport): string {
  const lines: string[] = [];
  if (live !== undefined) {
    lines.push(
      `policy ${live.policy}: ${
        Object.entries(live.outcomes)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ') || 'no episodes'
      }`,
    );
    for (const t of live.tasks)
      lines.push(`  ${t.job.padEnd(40)} ${String(t.outcome ?? '-').padEnd(9)} ${String(t.steps).padStart(3)} steps  ${t.device}`);
  }
  const devices = Object.entries(f.devices)
    .map(([d, n]) => `${d} ${n}`)
    .join(', ');
  lines.push(
    `farm: suite ${f.suite}, ${f.completed}/${f.episodes} episodes in ${f.wallSeconds.toFixed(2)} s (episodes themselves ${f.episodeSeconds.toFixed(2)} s, worker overhead ${f.workerOverheadMs.toFixed(0)} ms each)`,
    `devices: ${devices || 'none'}; retries ${f.retries}, stalls ${f.stalls}, failed ${f.failed.length}`,
  );
  for (const x of f.failed) lines.push(`  failed ${x.job}: ${x.error.split('\n')[0]}`);
  return lines.join('\n');
}

export function renderStatus(s: FarmStatus): string {
  const lines = ['queues:'];
  for (const [q, counts] of Object.entries(s.queues)) {
    const nonzero = Object.entries(counts).filter(([, n]) => n > 0);
    lines.push(`  ${q.padEnd(20)} ${nonzero.map(([k, n]) => `${k} ${n}`).join(', ') || 'empty'}`);
  }
  lines.push(`devices:${s.devices.length === 0 ? ' none' : ''}`);
  for (const d of s.devices) {
    const what = d.health === 'ok' ? (d.job === undefined ? 'idle' : `running ${d.job}`) : `UNHEALTHY: ${d.reason ?? ''}`;
    lines.push(`  ${d.device.padEnd(20)} ${d.queue.padEnd(16)} ${what} (${d.completed} done, ${d.faults} faults)`);
  }
  lines.push(`suites:${s.suites.length === 0 ? ' none' : ''}`);
  for (const x of s.suites)
    lines.push(`  ${x.suite.padEnd(40)} ${x.state.padEnd(16)} ${x.done}/${x.total}${x.failed > 0 ? ` (${x.failed} failed)` : ''}`);
  return lines.join('\n');
}
