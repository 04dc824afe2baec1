// A node:test reporter that writes one JSON object: `times`, each test file → milliseconds from the moment the
// runner started its process to the file's last reported event (load, tests and hooks; not the process's exit),
// and the run's totals (`pass`, `fail`, `skipped`) from the runner's closing summary. The runner (scripts/test.js)
// keeps the times to start the longest files first and to name the slowest ones, and prints the totals.
export default async function* times(source) {
  const started = new Map();
  const last = new Map();
  const totals = {};
  for await (const event of source) {
    // The closing summary: top-level diagnostics such as "pass 13".
    if (event.type === 'test:diagnostic' && event.data.nesting === 0) {
      const m = /^(pass|fail|skipped) (\d+)$/.exec(event.data.message);
      if (m !== null) totals[m[1]] = Number(m[2]);
    }
    const file = event.data?.file;
    if (typeof file !== 'string') continue;
    const now = Date.now();
    // The file's own entry (named by its path) is dequeued when its process starts.
    if (event.type === 'test:dequeue' && event.data.name === file && !started.has(file)) started.set(file, now);
    last.set(file, now);
  }
  const out = {};
  for (const [file, end] of last) out[file] = end - (started.get(file) ?? end);
  yield `${JSON.stringify({ times: out, ...totals })}\n`;
}
