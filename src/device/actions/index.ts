// Device actions above the Device interface, one file per concern. Transport-agnostic: everything goes
// through `Device`, so tests run them over the virtual device in-process and the tools over AdbDevice.
export { fresh, latest } from './env.js';
export type { ActionEnv, DumpStore } from './env.js';
export { describeTarget, resolveOnDevice } from './target.js';
export type { Resolved } from './target.js';
export { finish, foregroundIfKnown, settle } from './settle.js';
export type { SettleResult } from './settle.js';
export { touch } from './touch.js';
export type { TouchOptions } from './touch.js';
export { clearField, typeInto } from './type.js';
export type { TypeOptions } from './type.js';
export { pressKey } from './key.js';
export { clearSwipePath, swipe, swipePath } from './swipe.js';
export type { SwipeOptions } from './swipe.js';
export { scroll } from './scroll.js';
export type { ScrollOptions } from './scroll.js';
export { waitFor, waitIdle } from './wait.js';
export type { WaitOptions, WaitResult } from './wait.js';
export { assertSelector } from './assert.js';
export type { AssertResult } from './assert.js';
export { launchApp } from './launch.js';
export { otherScrollables, tappableNear } from './nearby.js';
export type {
  ActionOutcome,
  ClearOutcome,
  Direction,
  ElementHint,
  KeyOutcome,
  LaunchOutcome,
  ScrollOutcome,
  Settled,
  SwipeOutcome,
  TargetInfo,
  TouchKind,
  TouchOutcome,
  TypeOutcome,
} from './outcome.js';
