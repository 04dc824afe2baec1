// What the APK tests share: Debian's aapt run as a reference, the Android framework's resources APK (the
// platform the tiny app is built against and an arsc every resource id of which aapt lists), and a cache for
// what the Android tools build.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { findOnPath } from '../../src/adb/node/host.js';
import { hashTree, keepBuilt, newHash, readBuilt } from '../helpers/build-cache.js';
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

/**
 * The bytes `build` makes from the files under `dir` with the named tools, kept in the temp folder under a hash
 * of everything the output depends on: the input files, the build function's own text, each tool's path, size
 * and time, and the framework APK's. The tools run once a machine (a JVM start and two processes, most of the
 * tiny app's test time); the decoders under test still read the bytes every run.
 */
export function builtOnce(dir: string, tools: string[], build: () => Uint8Array): Uint8Array {
  const h = hashTree(newHash(), dir).update(build.toString());
  for (const file of [...tools.map((t) => findOnPath([t], process.env) ?? t), FRAMEWORK]) {
    const st = existsSync(file) ? statSync(file) : undefined;
    h.update(`${file} ${st?.size ?? -1} ${st?.mtimeMs ?? -1}`);
  }
  const name = `${h.digest('hex')}.bin`;
  const kept = readBuilt('glance-test-builds', name);
  if (kept !== undefined) return new Uint8Array(kept);
  const out = build();
  keepBuilt('glance-test-builds', name, out);
  return out;
}
