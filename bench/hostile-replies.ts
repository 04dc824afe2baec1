// Memory and time of each reader Glance points at an outside server or file, fed a hostile reply, each read in a
// process of its own (bench/hostile-case.ts: peak RSS as the kernel counts it, the read's own time, the process's CPU):
// - WebDriverAgent, UiAutomator2 (its HTTP over a TCP stream), STF: a body that never ends;
// - a model provider: a body that never ends, and a well-formed `done` answer of 100 MB;
// - an APK of 1.6 MB whose eight dex files inflate to 200 MiB each (a zip bomb, made here);
// - a small valid reply, for the floor of such a process;
// - Redis killed by its PID while a suite is followed: the time from the kill to REDIS_UNAVAILABLE.
// Each line says the coded error the reader ended with. Run: npm run bench -- replies
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { crc32, createDeflateRaw } from 'node:zlib';
import { isGlanceError } from '../src/errors.js';
import { startLocalRedis } from '../src/farm/redis.js';
import { followSuite, liveJobs, submitSuite } from '../src/farm/suite.js';
import { repoRoot } from '../test/helpers/corpus.js';
import { findRedisServer } from '../test/helpers/requires.js';
import { tempDir } from '../test/helpers/temp.js';

// GLANCE_BENCH_CODE=DIR reads each reply with the code of another checkout (an older commit, its bench/hostile-case.ts
// and bench/peak-rss.ts copied in), for before/after figures on the same replies.
const codeRoot = process.env['GLANCE_BENCH_CODE'] ?? repoRoot;
const peakHook = pathToFileURL(join(codeRoot, 'bench/peak-rss.ts')).href;
const caseEntry = join(codeRoot, 'bench/hostile-case.ts');

interface Measured {
  outcome: string;
  peakMB: number;
  cpuS: number;
  /** The read alone (the process's start-up apart). */
  readS: number;
}

function runCase(name: string, target: string): Promise<Measured> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', peakHook, caseEntry, name, target], { cwd: codeRoot });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) =>
    child.on('close', () => {
      const m = /PEAK_RSS_KB (\d+) CPU_MS (\d+)/.exec(stderr);
      resolve({
        outcome: stdout.trim().split('\n')[0] ?? `no output: ${stderr.slice(0, 200)}`,
        peakMB: m ? Math.round(Number(m[1]) / 1024) : NaN,
        cpuS: m ? Number(m[2]) / 1000 : NaN,
        readS: Number(/READ_MS (\d+)/.exec(stdout)?.[1] ?? NaN) / 1000,
      });
    }),
  );
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function serve(handle: Handler): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => handle(req, res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** `head`, then `total` bytes of `x` as fast as the reader takes them (or for ever), then `tail`. */
function pour(res: ServerResponse, head: string, total = Infinity, tail = ''): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write(head);
  const chunk = Buffer.alloc(64 * 1024, 0x78);
  let sent = 0;
  const pump = (): void => {
    while (!res.destroyed && sent < total) {
      const n = Math.min(chunk.length, total - sent);
      sent += n;
      if (!res.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end(tail);
  };
  pump();
}

const completionHead =
  '{"id":"c1","object":"chat.completion","created":0,"model":"gpt-4o-mini","choices":[{"index":0,"message":{"role":"assistant","content":"{\\"action\\":\\"done\\",\\"text\\":\\"';
const completionTail = '\\"}"},"finish_reason":"stop"}],"usage":{"prompt_tokens":10,"completion_tokens":10,"total_tokens":20}}';

/** `size` zero bytes deflated as a stream (this process never holds them), with their CRC-32. */
async function deflatedZeros(size: number): Promise<{ data: Buffer; crc: number }> {
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (d: Buffer) => parts.push(d));
  const done = new Promise<void>((r) => deflate.on('end', r));
  const zeros = Buffer.alloc(16 * 1024 * 1024);
  let crc = 0;
  for (let left = size; left > 0; left -= zeros.length) {
    const part = zeros.subarray(0, Math.min(zeros.length, left));
    crc = crc32(part, crc);
    if (!deflate.write(part)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return { data: Buffer.concat(parts), crc };
}

/**
 * A zip bomb: `names.length` entries, each `size` zero bytes deflated. Headers carry the true sizes, and each entry
 * alone stays under a per-entry cap: only the total and the ratio give it away.
 */
async function zipBomb(file: string, names: readonly string[], size: number): Promise<number> {
  const { data, crc } = await deflatedZeros(size);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const n of names) {
    const name = Buffer.from(n);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  const zip = Buffer.concat([...locals, dir, end]);
  writeFileSync(file, zip);
  return zip.length;
}

/** Seconds from Redis's SIGKILL to the follower's REDIS_UNAVAILABLE (the follower in this process). */
async function redisLost(bin: string): Promise<{ seconds: number; outcome: string }> {
  const redis = await startLocalRedis({ bin });
  try {
    await submitSuite(liveJobs([{ id: 'a', task: 'open settings' }], { name: 'lost', policy: 'heuristic' }), { redis: redis.url });
    let killedAt = 0;
    const outcome = await followSuite('lost', {
      redis: redis.url,
      onProgress: () => {
        if (killedAt > 0) return;
        killedAt = performance.now();
        process.kill(redis.pid, 'SIGKILL');
      },
    }).then(
      () => 'finished',
      (e: unknown) => (isGlanceError(e) ? `${e.code} ${e.message}` : `uncoded ${String(e)}`),
    );
    return { seconds: (performance.now() - killedAt) / 1000, outcome };
  } finally {
    await redis.stop();
  }
}

const line = (name: string, m: Measured): void =>
  console.log(
    `${name.padEnd(40)} peak ${String(m.peakMB).padStart(4)} MB  read ${m.readS.toFixed(2).padStart(6)} s  process cpu ${m.cpuS.toFixed(1).padStart(4)} s  → ${m.outcome}`,
  );

export async function benchHostileReplies(): Promise<Record<string, number>> {
  console.log('(each reader in its own process; wall and CPU on a shared machine, under whatever load it carries)');
  const servers: Server[] = [];
  const up = async (h: Handler): Promise<string> => {
    const s = await serve(h);
    servers.push(s.server);
    return s.url;
  };
  try {
    const figures: Record<string, number> = {};
    const measure = async (key: string, label: string, name: string, target: string): Promise<void> => {
      const m = await runCase(name, target);
      line(label, m);
      figures[`${key} peak RSS MB`] = m.peakMB;
      figures[`${key} read s`] = m.readS;
    };
    const small = await up((_req, res) => pour(res, '{"value":"', 16, '"}'));
    const endless = await up((_req, res) => pour(res, '{"value":"'));
    await measure('small reply', 'small WDA reply (floor)', 'wda', small);
    await measure('WDA endless', 'WDA: endless body', 'wda', endless);
    await measure('UIA2 endless', 'UiAutomator2: endless body', 'uia2', endless);
    await measure('STF endless', 'STF: endless body', 'stf', endless);
    const model = await up((_req, res) => pour(res, completionHead));
    await measure('model endless', 'model: endless body', 'model', `${model}/v1`);
    const big = await up((_req, res) => pour(res, completionHead, 100 * 1024 * 1024, completionTail));
    await measure('model 100 MB', 'model: a valid 100 MB done answer', 'model', `${big}/v1`);
    const apk = join(tempDir('glance-bench-replies-'), 'bomb.apk');
    const dexes = ['classes.dex', ...Array.from({ length: 7 }, (_, i) => `classes${i + 2}.dex`)];
    const bytes = await zipBomb(apk, dexes, 200 * 1024 * 1024);
    await measure('zip bomb', `APK: ${(bytes / 1024 / 1024).toFixed(1)} MB inflating to 8 × 200 MiB`, 'apk', apk);
    const bin = findRedisServer();
    if (codeRoot !== repoRoot) console.log('Redis lost while following: measured with this checkout only (it runs in this process)');
    else if (bin === undefined) console.log('Redis lost while following: skipped, no redis-server (apt-get install redis-server)');
    else {
      const lost = await redisLost(bin);
      console.log(
        `${'Redis killed while following a suite'.padEnd(40)} after the kill ${lost.seconds.toFixed(2).padStart(6)} s  → ${lost.outcome}`,
      );
      figures['Redis lost → REDIS_UNAVAILABLE s'] = lost.seconds;
    }
    return figures;
  } finally {
    for (const s of servers) s.closeAllConnections();
    for (const s of servers) s.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchHostileReplies();
