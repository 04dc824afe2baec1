// A node:test reporter that writes one JSON object: `times`, each test file → the milliseconds its process ran
// (load, tests and hooks), and the run's totals (`pass`, `fail`, `cancelled`, `skipped`) from the runner's closing summary. The
// runner (scripts/test.js) keeps the times to start the longest files first and to name the slowest ones, and
// prints the totals.
// A file's time is the duration the runner measured for the file itself (its `test:complete` event, named by its
// path); a file run in a group has none, and its time is its outermost tests' sum. The time between a file's first
// and last reported event is no measure: the runner reports files in order, so the events of a file that ran
// beside a longer one arrive only once that one is done.
export default async function* times(source) {
  const out = {};
  const totals = {};
  // For files run in a group (scripts/test-groups.mjs), which have no process of their own: the sum of their
  // outermost tests' durations (their least nested events), file → { nesting, ms }.
  const tests = {};
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.name !== event.data.file) {
      const { file, nesting } = event.data;
      const d = event.data.details?.duration_ms;
      const t = (tests[file] ??= { nesting: Infinity, ms: 0 });
      if (typeof d === 'number' && nesting < t.nesting) Object.assign(t, { nesting, ms: d });
      else if (typeof d === 'number' && nesting === t.nesting) t.ms += d;
    }
    // The closing summary: top-level diagnostics such as "pass 13".
    if (event.type === 'test:diagnostic' && event.data.nesting === 0) {
      const m = /^(pass|fail|cancelled|skipped) (\d+)$/.exec(event.data.message);
      if (m !== null) totals[m[1]] = Number(m[2]);
    }
    const file = event.data?.file;
    const ms = event.data?.details?.duration_ms;
    if (event.type === 'test:complete' && event.data.name === file && typeof ms === 'number') out[file] = Math.round(ms);
  }
  for (const [file, t] of Object.entries(tests)) if (file !== undefined && !(file in out)) out[file] = Math.round(t.ms);
  yield `${JSON.stringify({ times: out, ...totals })}\n`;
}
