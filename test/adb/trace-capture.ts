// GLANCE_DEBUG=adb in this process: the trace lines `body` writes, read off process.stderr (the only place
// src/debug.ts writes), with the variable and the stream restored afterwards whatever happens.
export async function captureAdbTrace(body: () => Promise<void>): Promise<string[]> {
  const savedSpec = process.env.GLANCE_DEBUG;
  const savedWrite = process.stderr.write;
  let text = '';
  process.env.GLANCE_DEBUG = 'adb';
  process.stderr.write = ((chunk: string | Uint8Array) => {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }) as typeof process.stderr.write;
  try {
    await body();
  } finally {
    process.stderr.write = savedWrite;
    if (savedSpec === undefined) delete process.env.GLANCE_DEBUG;
    else process.env.GLANCE_DEBUG = savedSpec;
  }
  return text
    .split('\n')
    .filter((l) => l.startsWith('glance:adb '))
    .map((l) => l.slice('glance:adb '.length));
}
