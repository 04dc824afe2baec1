/**
 * glance-mobile/adb: Glance's own ADB client and device endpoint, no adb binary needed except to start a server.
 *
 *   const client = new AdbClient(createServerTransport());      // 127.0.0.1:$ANDROID_ADB_SERVER_PORT or 5037
 *   const phone = await client.device({ serial });              // else ANDROID_SERIAL via envSerial, else the only one
 *   const { stdout, exitCode } = await phone.shell('getprop ro.product.model');
 *
 * A hand-written list of the supported surface; the wire-protocol internals stay inside.
 */
export { AdbClient, AdbDeviceClient } from '../adb/client.js';
export type { DeviceSelection, PushOptions, ShellOptions, ShellOutput } from '../adb/client.js';
export type { CallOptions } from '../adb/call.js';
export type { AdbTransport, DeviceInfo } from '../adb/transport.js';
export { AdbServerClient } from '../adb/server-transport.js';
export type { ForwardEntry } from '../adb/server-transport.js';
export { DirectTransport } from '../adb/direct-transport.js';
export { connectInMemory } from '../adb/in-memory.js';
export type { InMemoryOptions } from '../adb/in-memory.js';
export {
  adbServerPort,
  connectDirect,
  createServerTransport,
  DEFAULT_ADB_SERVER_PORT,
  findAdbBinary,
  loadAdbKey,
  startAdbServer,
} from '../adb/node/host.js';
export type { DirectOptions, ServerTransportOptions } from '../adb/node/host.js';
// Device side: serve your own services as an ADB device (`adb connect 127.0.0.1:PORT` reaches it).
export { listenDevice } from '../adb/node/listen.js';
export type { DeviceListener, ListenDeviceOptions } from '../adb/node/listen.js';
export type { DeviceBanner, DeviceServices, ServiceIO, ServiceSession } from '../adb/services.js';
export type { ShellRunner, SyncFileSystem } from '../adb/device-services.js';
