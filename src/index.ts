/**
 * glance-mobile: drive a phone in three lines.
 *
 *   const phone = await connect({ serial: '127.0.0.1:5560' }); // else ANDROID_SERIAL, else the only device
 *   const snap = await phone.snapshot();
 *   await phone.tap('b760');
 *
 * A hand-written list: what is here is the stable surface (test/api checks it against a snapshot of the built
 * declarations). Importing it loads no tokenizer, MCP SDK or image code; the rest of Glance lives in subpath
 * entries: glance-mobile/adb, /virtual, /snapshot, /tokens, /privacy, /uimap, /tools, /mcp.
 */

// The phone.
export { connect } from './phone/connect.js';
export type { ConnectOptions } from './phone/connect.js';
export type { Phone, PhoneActionOptions, PhoneCallOptions, PhoneResult, PhoneSnapshotOptions, SnapshotData } from './phone/phone.js';
export type {
  ActionOutcome,
  AssertResult,
  ClearOutcome,
  Direction,
  KeyOutcome,
  LaunchOutcome,
  ScrollOutcome,
  Settled,
  SwipeOutcome,
  TargetInfo,
  TouchKind,
  TouchOutcome,
  TypeOutcome,
  WaitResult,
} from './device/actions/index.js';
export type { DiffSummary } from './device/snap.js';

// The agent on a phone: reach a screen by the UI Map, do a task.
export { navigate, doTask } from './agent/library.js';
export type { NavigateOptions, TaskOptions, TaskResult, MapOptions, ToolRunner } from './agent/library.js';
export type { NavigationResult, NavigationStep } from './agent/navigate.js';
export type { SnapshotElement, ScreenInfo } from './snapshot/types.js';
export type { SnapshotDiff } from './snapshot/diff.js';

// Coded errors: every failure is a GlanceError with a stable code and a hint.
export { GlanceError, isGlanceError, ErrorCodes } from './errors.js';
export type { ErrorCode } from './errors.js';

// Devices: the provider that picks one from a serial, the Device interface and its ADB implementation.
export { createDeviceProvider } from './device/provider.js';
export type { AdbDeviceProvider, DeviceProvider, DeviceSummary } from './device/provider.js';
export { AdbDevice } from './device/adb-device.js';
export type { AdbDeviceOptions, AdbPort } from './device/adb-device.js';
export { adbPort } from './device/adb-port.js';
export { Uia2Device } from './device/uia2/device.js';
export type { BackendInfo, BackendName } from './device/uia2/device.js';
export type { Uia2Port, Uia2ServerOptions } from './device/uia2/server.js';
export type { CallOptions, Device, Foreground, Point, ScreenSize, ShellResult } from './device/types.js';

// Glance's own ADB client (more in glance-mobile/adb).
export { AdbClient, AdbDeviceClient } from './adb/client.js';
export { createServerTransport, connectDirect } from './adb/node/host.js';
