/**
 * glance-mobile/virtual: a virtual Android device made of recorded screens, that the real adb (and Glance) talk to.
 *
 *   const vd = await startVirtualDevice({ port: 0 });   // the demo scenario; `adb connect 127.0.0.1:${vd.port}`
 */
export { createVirtualDevice } from '../device/virtual/device.js';
export type { ShellRun, VirtualDevice, VirtualDeviceOptions } from '../device/virtual/device.js';
export { startVirtualDevice } from '../device/virtual/node/start.js';
export type { RunningVirtualDevice, StartVirtualDeviceOptions } from '../device/virtual/node/start.js';
export { buildScenario, builtinScenarioDir, loadScenario } from '../device/virtual/scenario.js';
export type { DisplayInfo, ReplayAction, Scenario, ScreenDef, Target, Transition, Trigger } from '../device/virtual/scenario.js';
export { loadDroidbot } from '../device/virtual/droidbot.js';
