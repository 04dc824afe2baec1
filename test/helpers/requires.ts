// What a test needs from the machine beyond Node: the recorded-screen corpus CI places beside the repository,
// the Debian `adb`, a Chromium, a `redis-server`. `requires(...)` is the `skip` option of a describe or test:
// when something is missing the suite is skipped with one line saying what and how to get it, so `npm test`
// passes on a machine with Node and nothing else; with CI set it throws instead, because CI must run everything.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname } from 'node:path';
import { findAdbBinary, findOnPath } from '../../src/adb/node/host.js';
import { corpusDir } from './corpus.js';

export interface Needs {
  /** The read-only corpus directory beside the repository (`../shared/corpus`). */
  shared?: boolean;
  /** An `adb` binary (ADB_PATH, ANDROID_HOME/platform-tools, PATH). */
  adb?: boolean;
  /** A Chromium or Chrome binary (CHROMIUM_PATH, PATH). */
  chromium?: boolean;
  /** A `redis-server` binary (REDIS_SERVER_PATH, PATH). */
  redis?: boolean;
  /** Debian's Android tools: `aapt`, `dexdump`, `smali` (APK decoder references and test APK builds). */
  androidTools?: boolean;
  /** The optional npm package `sharp` (the fast WebP and PNG encoder); `npm install` brings it. */
  sharp?: boolean;
}

type Env = Readonly<Record<string, string | undefined>>;

function resolves(pkg: string): boolean {
  try {
    createRequire(import.meta.url).resolve(pkg);
    return true;
  } catch {
    return false;
  }
}

const explicit = (path: string | undefined): string | undefined =>
  path && findOnPath([basename(path)], { PATH: dirname(path) }) ? path : undefined;

export const findChromium = (env: Env = process.env): string | undefined =>
  explicit(env.CHROMIUM_PATH) ?? findOnPath(['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'], env);

export const findRedisServer = (env: Env = process.env): string | undefined =>
  explicit(env.REDIS_SERVER_PATH) ?? findOnPath(['redis-server'], env);

/** Each need: how to tell it is there, and the line that says what is missing and how to get it. */
const CHECKS: Record<keyof Needs, { present: () => boolean; missing: string }> = {
  shared: { present: () => existsSync(corpusDir), missing: '../shared/corpus not found (CI provides it beside the repo)' },
  adb: { present: () => findAdbBinary() !== undefined, missing: 'adb not found (apt-get install adb, or set ADB_PATH)' },
  chromium: { present: () => findChromium() !== undefined, missing: 'chromium not found (apt-get install chromium, or set CHROMIUM_PATH)' },
  androidTools: {
    present: () => ['aapt', 'dexdump', 'smali'].every((t) => findOnPath([t], process.env) !== undefined),
    missing: 'aapt, dexdump or smali not found (apt-get install aapt dexdump libsmali-java android-framework-res)',
  },
  sharp: {
    present: () => resolves('sharp'),
    missing: 'the optional package sharp is not installed (npm install, without --omit=optional)',
  },
  redis: {
    present: () => findRedisServer() !== undefined,
    missing: 'redis-server not found (apt-get install redis-server, or set REDIS_SERVER_PATH)',
  },
};

/** True when CI is set to anything but an explicit no. */
export const inCI = (env: Env = process.env): boolean => env.CI !== undefined && !['', '0', 'false'].includes(env.CI.toLowerCase());

/**
 * The `skip` option for a suite or test that needs `needs`: false when everything is there, else the one line
 * the reporter prints. Under CI a missing need throws, so the file fails instead of passing quietly.
 */
export function requires(needs: Needs, env: Env = process.env): false | string {
  const missing = (Object.keys(CHECKS) as (keyof Needs)[])
    .filter((k) => needs[k] === true && !CHECKS[k].present())
    .map((k) => CHECKS[k].missing);
  if (missing.length === 0) return false;
  if (inCI(env)) throw new Error(`CI is set, so nothing may be skipped: ${missing.join('; ')}`);
  return `skipped: ${missing.join('; ')}`;
}

/** The adb binary, for tests that already declared `requires({ adb: true })`. */
export function adbPath(): string {
  const adb = findAdbBinary();
  if (adb === undefined) throw new Error(CHECKS.adb.missing);
  return adb;
}

/** The Chromium binary, for tests that already declared `requires({ chromium: true })`. */
export function chromiumPath(): string {
  const bin = findChromium();
  if (bin === undefined) throw new Error(CHECKS.chromium.missing);
  return bin;
}

/** The redis-server binary, for tests that already declared `requires({ redis: true })`. */
export function redisServerPath(): string {
  const bin = findRedisServer();
  if (bin === undefined) throw new Error(CHECKS.redis.missing);
  return bin;
}

/** Flags for headless Chromium in tests: no sandbox (containers), no GPU, no network chatter of its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
