// What the APK tests share: Debian's aapt run as a reference, the Android framework's resources APK (the
// platform the tiny app is built against and an arsc every resource id of which aapt lists), and a cache for
// what the Android tools build.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findOnPath } from '../../src/adb/node/host.js';
import { requires } from '../helpers/requires.js';

export const FRAMEWORK = '/usr/share/android-framework-res/framework-res.apk';

/** Why a test that needs aapt/dexdump/smali and the framework APK skips, or false when all are there. */
export function needsFramework(): string | false {
  return (
    requires({ androidTools: true }) ||
    (existsSync(FRAMEWORK) ? false : `skipped: ${FRAMEWORK} not found (apt-get install android-framework-res)`)
  );
}

export const run = (cmd: string, args: string[]): string =>
  execFileSync(cmd, args, { maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] }).toString();

/** Every file under `dir`, sorted, as `relative path` and bytes. */
function filesUnder(dir: string, rel = ''): [string, Buffer][] {
  return readdirSync(path.join(dir, rel), { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) =>
      e.isDirectory()
        ? filesUnder(dir, path.join(rel, e.name))
        : [[path.join(rel, e.name), readFileSync(path.join(dir, rel, e.name))] as [string, Buffer]],
    );
}

/**
 * The bytes `build` makes from the files under `dir` with the named tools, kept in the temp folder under a hash
 * of everything the output depends on: the input files, the build function's own text, each tool's path, size
 * and time, and the framework APK's. The tools run once a machine (a JVM start and two processes, most of the
 * tiny app's test time); the decoders under test still read the bytes every run.
 */
export function builtOnce(dir: string, tools: string[], build: () => Uint8Array): Uint8Array {
  const h = createHash('sha256');
  for (const [rel, bytes] of filesUnder(dir)) h.update(rel).update('\0').update(bytes);
  h.update(build.toString());
  for (const file of [...tools.map((t) => findOnPath([t], process.env) ?? t), FRAMEWORK]) {
    const st = existsSync(file) ? statSync(file) : undefined;
    h.update(`${file} ${st?.size ?? -1} ${st?.mtimeMs ?? -1}`);
  }
  const cacheDir = path.join(tmpdir(), 'glance-test-builds');
  const file = path.join(cacheDir, `${h.digest('hex')}.bin`);
  if (existsSync(file)) return new Uint8Array(readFileSync(file));
  const out = build();
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(`${file}.${process.pid}`, out);
  renameSync(`${file}.${process.pid}`, file);
  return out;
}
