/**
 * Each package's Linux uid, as Android gives them (frameworks/base/core/java/android/os/Process.java): packages
 * of the system image that share `android.uid.system` run as 1000, the shell package as 2000, every other app
 * gets its own uid from the application range (FIRST_APPLICATION_UID 10000), kept across updates and freed on
 * uninstall. `pm list packages -U`, `/proc/net/tcp` and `dumpsys package` read them from here.
 */
const SHARED: ReadonlyMap<string, number> = new Map([
  ['android', 1000],
  ['com.android.settings', 1000],
  ['com.android.providers.settings', 1000],
  ['com.android.shell', 2000],
]);

export class PackageUids {
  private readonly uids = new Map<string, number>();
  /** Phones have used up some ids by the time a test installs anything; start past them. */
  private next = 10_100;

  /** The package's uid, given now when it has none yet. */
  uidOf(pkg: string): number {
    const fixed = SHARED.get(pkg);
    if (fixed !== undefined) return fixed;
    let uid = this.uids.get(pkg);
    if (uid === undefined) {
      uid = this.next++;
      this.uids.set(pkg, uid);
    }
    return uid;
  }

  /** An uninstalled package's uid is not reused for it: a reinstall gets a new one. */
  forget(pkg: string): void {
    this.uids.delete(pkg);
  }
}
