// The UiAutomator2 server's APKs as the tests install them. The server APK is 18 MB, and each test starts a fresh
// phone that installs it: pushing it through ADB was most of a test's time (and of every mutant's that such a
// test covers). The virtual phone reads only an APK's manifest (package, version, instrumentation), so tests push
// a copy of the server APK holding just its manifest, made once per process from the installed package. The test
// APK (its instrumentation, 0.2 MB) goes as it is. The CLI tests, which spawn `glance`, still install the real ones.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { findUia2Apks, type Uia2Apks } from '../../src/device/uia2/package.js';
import { tempDir } from '../helpers/temp.js';

let slim: Promise<Uia2Apks | undefined> | undefined;

/** The installed server's APKs with the server APK cut to its manifest; undefined when the package is missing. */
export function slimUia2Apks(): Promise<Uia2Apks | undefined> {
  slim ??= (async () => {
    const real = await findUia2Apks();
    if (real === undefined) return undefined;
    const entries = unzipSync(await real.read(real.serverApk), { filter: (f) => f.name === 'AndroidManifest.xml' });
    const manifest = entries['AndroidManifest.xml'];
    if (manifest === undefined) throw new Error(`${real.serverApk} has no AndroidManifest.xml`);
    const serverApk = join(tempDir('glance-uia2-apk-'), 'server-manifest-only.apk');
    await writeFile(serverApk, zipSync({ 'AndroidManifest.xml': manifest }));
    return { version: real.version, serverApk, testApk: real.testApk, read: async (p) => new Uint8Array(await readFile(p)) };
  })();
  return slim;
}
