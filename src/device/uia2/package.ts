/**
 * The server APKs come from the npm package `appium-uiautomator2-server` (Apache-2.0; both signed APKs inside,
 * no install script, no download), an optional dependency: without it Glance runs on `uiautomator dump`.
 */
import { readFile } from 'node:fs/promises';

export interface Uia2Apks {
  /** The server's versionName (`10.6.6`), what `dumpsys package` reports once it is installed. */
  version: string;
  /** Absolute paths of the server APK and its instrumentation (test) APK. */
  serverApk: string;
  testApk: string;
  read(path: string): Promise<Uint8Array>;
}

/** The package name, in a variable so TypeScript does not need the optional package's types to build. */
const PACKAGE = 'appium-uiautomator2-server';

/** The installed package's APKs, or undefined when the optional dependency is missing. */
export async function findUia2Apks(): Promise<Uia2Apks | undefined> {
  try {
    const m = (await import(PACKAGE)) as { version?: unknown; SERVER_APK_PATH?: unknown; TEST_APK_PATH?: unknown };
    if (typeof m.version !== 'string' || typeof m.SERVER_APK_PATH !== 'string' || typeof m.TEST_APK_PATH !== 'string') return undefined;
    return { version: m.version, serverApk: m.SERVER_APK_PATH, testApk: m.TEST_APK_PATH, read: (p) => readFile(p) };
  } catch {
    return undefined;
  }
}
