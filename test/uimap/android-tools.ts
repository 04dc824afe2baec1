// What the APK tests share: Debian's aapt run as a reference, the Android framework's resources APK (the
// platform the tiny app is built against and an arsc every resource id of which aapt lists), the tiny app built from
// test/fixtures/apk/tiny, and a cache for what the Android tools build.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync, zipSync } from 'fflate';
import { findOnPath } from '../../src/adb/node/host.js';
import { hashTree, keepBuilt, newHash, readBuilt } from '../helpers/build-cache.js';
import { requires } from '../helpers/requires.js';
import { tempDir } from '../helpers/temp.js';

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

const tinyDir = fileURLToPath(new URL('../fixtures/apk/tiny/', import.meta.url));

/** Builds the tiny app: resources with aapt (ids read back from R.java into the smali), code with smali, zipped with fflate. */
function buildTiny(): Uint8Array {
  const tmp = tempDir('glance-tiny-');
  const gen = path.join(tmp, 'gen');
  mkdirSync(gen);
  const resApk = path.join(tmp, 'res.apk');
  run('aapt', [
    'package',
    '-f',
    '-M',
    path.join(tinyDir, 'AndroidManifest.xml'),
    '-S',
    path.join(tinyDir, 'res'),
    '-I',
    FRAMEWORK,
    '-J',
    gen,
    '-F',
    resApk,
  ]);
  const rJava = readFileSync(path.join(gen, 'R.java'), 'utf8');
  const ids = new Map<string, string>();
  let type = '';
  for (const l of rJava.split('\n')) {
    const c = /class (\w+) \{/.exec(l);
    if (c?.[1] !== undefined) type = c[1];
    const f = /int (\w+)=(0x[0-9a-f]+);/.exec(l);
    if (f?.[1] !== undefined && f[2] !== undefined) ids.set(`R_${type}_${f[1]}`, f[2]);
  }
  const smali = path.join(tmp, 'smali');
  mkdirSync(smali);
  for (const f of readdirSync(path.join(tinyDir, 'smali'))) {
    const text = readFileSync(path.join(tinyDir, 'smali', f), 'utf8').replace(/R_\w+/g, (k) => ids.get(k) ?? k);
    writeFileSync(path.join(smali, f), text);
  }
  run('smali', ['a', '-o', path.join(tmp, 'classes.dex'), smali]);
  const entries = unzipSync(readFileSync(resApk));
  entries['classes.dex'] = readFileSync(path.join(tmp, 'classes.dex'));
  return zipSync(entries);
}

/** The tiny app (test/fixtures/apk/tiny) as APK bytes, built once a machine. */
export const tinyApk = (): Uint8Array => builtOnce(tinyDir, ['aapt', 'smali'], buildTiny);
