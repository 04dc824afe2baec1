// The virtual device: a real ADB device (over TCP) made of recorded screens. See docs/virtual.md.
export { createVirtualDevice } from './device.js';
export type { VirtualDevice, VirtualDeviceOptions, ShellRun } from './device.js';
export { startVirtualDevice } from './node/start.js';
export type { RunningVirtualDevice, StartVirtualDeviceOptions } from './node/start.js';
export { loadScenario, buildScenario, builtinScenarioDir } from './scenario.js';
export type { Scenario, ScreenDef, Transition, Trigger, Target, DisplayInfo, ReplayAction } from './scenario.js';
export { loadDroidbot } from './droidbot.js';
export { trailmapScenario } from './trailmap.js';
export { VirtualPhone } from './phone.js';
export type { LogEntry, ScreenView } from './phone.js';
export { MemFs } from './fs.js';
export type { DumpFault } from './commands/index.js';
export type { Uia2Fault } from './uia2/state.js';
export { screencapPng } from './screencap.js';
export { echoServer, httpServer, VIRTUAL_FEATURES } from './services.js';
export type { TcpHandler } from './services.js';
export { parseScript, tokenize, shQuote } from './sh.js';
