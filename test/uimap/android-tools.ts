// What the APK tests share: Debian's aapt run as a reference, and the Android framework's resources APK (the
// platform the tiny app is built against and an arsc every resource id of which aapt lists).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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
