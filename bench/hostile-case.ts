// One hostile reply read in a process of its own, so its peak resident set (bench/peak-rss.ts, preloaded) is the
// reader's: `node --import tsx --import ./bench/peak-rss.ts bench/hostile-case.ts CASE URL|FILE`. Prints the
// coded error the reader ended with (`CODE message`), or `ok` when it accepted the reply, then `READ_MS n`: the
// time of the read itself, without the process's start-up.
import { dialTcp } from '../src/adb/node/socket-stream.js';
import { AiSdkProvider } from '../src/agent/providers/ai-sdk.js';
import { parseModelSpec } from '../src/agent/providers/spec.js';
import { Uia2Http } from '../src/device/uia2/http.js';
import { WdaClient } from '../src/device/wda/client.js';
import { isGlanceError } from '../src/errors.js';
import { leaseStfDevice } from '../src/farm/stf.js';
import { mapApk } from '../src/uimap/apk/index.js';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const cases: Record<string, (target: string) => Promise<unknown>> = {
  wda: (url) => new WdaClient(url).request('GET', '/source', undefined),
  uia2: (url) => {
    const { hostname, port } = new URL(url);
    return new Uia2Http(() => dialTcp({ host: hostname, port: Number(port) }), 60_000).call('GET', '/session/s/source', undefined);
  },
  model: (url) =>
    new AiSdkProvider(parseModelSpec('openai:gpt-4o-mini', { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: url }), { maxRetries: 0 }).ask({
      role: 'step',
      promptId: 'bench.step@1',
      system: 's',
      prompt: 'p',
      schema: z.object({ action: z.string(), text: z.string().nullable() }),
    }),
  stf: (url) => leaseStfDevice({ url, token: 't', serial: 'emulator-5554' }),
  apk: async (file) => mapApk(readFileSync(file)),
};

const [name, target] = process.argv.slice(2);
const run = name === undefined ? undefined : cases[name];
if (run === undefined || target === undefined) {
  process.stderr.write(`usage: hostile-case.ts ${Object.keys(cases).join('|')} URL|FILE\n`);
  process.exitCode = 2;
} else {
  const started = performance.now();
  try {
    await run(target);
    process.stdout.write('ok\n');
  } catch (e) {
    process.stdout.write(isGlanceError(e) ? `${e.code} ${e.message.split('\n')[0]}\n` : `uncoded ${String(e)}\n`);
  }
  process.stdout.write(`READ_MS ${Math.round(performance.now() - started)}\n`);
}
