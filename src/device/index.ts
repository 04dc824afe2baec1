// The device layer's public surface (explicit exports; docs/device.md describes each). The virtual device has
// its own: src/device/virtual/index.ts.
export type { CallOptions, Device, Foreground, Point, ScreenSize, ShellResult } from './types.js';
export {
  AdbDevice,
  ADB_KEYBOARD_IME,
  extractDumpXml,
  parseForeground,
  parsePackages,
  parseWm,
  isPackageOrComponent,
} from './adb-device.js';
export type { AdbPort, AdbDeviceOptions } from './adb-device.js';
export { adbPort, splitLegacyExit } from './adb-port.js';
export {
  assertSelector,
  clearField,
  clearSwipePath,
  fresh,
  latest,
  launchApp,
  pressKey,
  resolveOnDevice,
  scroll,
  settle,
  swipe,
  swipePath,
  touch,
  typeInto,
  waitFor,
  waitIdle,
} from './actions/index.js';
export type {
  ActionEnv,
  ActionOutcome,
  AssertResult,
  ClearOutcome,
  Direction,
  DumpStore,
  KeyOutcome,
  LaunchOutcome,
  Resolved,
  ScrollOutcome,
  ScrollOptions,
  SettleResult,
  SwipeOptions,
  SwipeOutcome,
  TargetInfo,
  TouchKind,
  TouchOutcome,
  TypeOptions,
  TypeOutcome,
  WaitOptions,
  WaitResult,
} from './actions/index.js';
export { touchPoint, dragRegion, subtract } from './geometry.js';
export type { TouchPoint, Rect } from './geometry.js';
export { resolveKey, keyLabel } from './keys.js';
export type { ResolvedKey } from './keys.js';
export { planTyping, typingCommands, shQuote, shWord, isAsciiTypable, androidInputText } from './text.js';
export type { TypeStep } from './text.js';
export { snapshotOf, diffText } from './snap.js';
export type { DeviceSnapshot, DiffSummary } from './snap.js';
export { isDiagnosable, renderDoctor, stateAdvice } from './doctor.js';
export type { Diagnosable, DoctorCheck } from './doctor.js';
