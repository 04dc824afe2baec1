// A node:test reporter that writes one JSON object: each test file → milliseconds from the moment the runner
// started its process to the file's last reported event (load, tests and hooks; not the process's exit). The
// runner (scripts/test.js) keeps these to start the longest files first and to name the slowest ones.
export default async function* times(source) {
  const started = new Map();
  const last = new Map();
  for await (const event of source) {
    const file = event.data?.file;
    if (typeof file !== 'string') continue;
    const now = Date.now();
    // The file's own entry (named by its path) is dequeued when its process starts.
    if (event.type === 'test:dequeue' && event.data.name === file && !started.has(file)) started.set(file, now);
    last.set(file, now);
  }
  const out = {};
  for (const [file, end] of last) out[file] = end - (started.get(file) ?? end);
  yield `${JSON.stringify(out)}\n`;
}
