// Public library API. Explicit exports only: what is listed here is the stable surface.
export { GlanceError, isGlanceError, exitCodeFor, ErrorCodes } from './errors.js';
export type { ErrorCode } from './errors.js';

// Hierarchy: every dump format → one UiNode model.
export { parseDump } from './hierarchy/parse.js';
export { toUiautomatorXml } from './hierarchy/xml.js';
export { walk } from './hierarchy/model.js';
export type { UiNode, UiDump, Bounds, DumpFormat } from './hierarchy/model.js';

// Snapshots: compact views with stable refs, diffs, selectors.
export {
  snapshotFromDump,
  resolveRef,
  resolveTarget,
  diffSnapshots,
  renderDiff,
  findElements,
  parseSelector,
  isRefLike,
  tokenReport,
} from './snapshot/index.js';
export type {
  Snapshot,
  SnapshotOptions,
  SnapshotFormat,
  SnapshotDiff,
  SnapshotElement,
  ScreenInfo,
  SnapshotJson,
  Action,
  State,
} from './snapshot/index.js';

// Privacy mode.
export { blocksFromDump, PrivacySession, privacyView } from './privacy/index.js';

// Devices: the Device interface, the ADB implementation, the virtual device.
export type { Device, CallOptions, ShellResult } from './device/types.js';
export { AdbDevice } from './device/adb-device.js';
export { AdbClient, createServerTransport, connectDirect, listenDevice } from './adb/index.js';
export { startVirtualDevice, createVirtualDevice, loadScenario } from './device/virtual/index.js';

// Tools (one registry behind the CLI and the MCP server) and the MCP server itself.
export { allTools, defineTool } from './tools/index.js';
export type { ToolDef, ToolContext, ToolResult } from './tools/index.js';
export { createMcpServer } from './mcp/server.js';

// UI Map from app source.
export { mapDirectory, mapProject, findPaths, findPathsByText, searchElements, shortestPath, renderMapHtml } from './uimap/index.js';
export type {
  UiMap,
  MapActivity,
  MapElement,
  MapPart,
  MapTransition,
  MapTrigger,
  MapWarning,
  UiPath,
  PathStep,
  PathTarget,
  ElementHit,
  MapDirectoryOptions,
} from './uimap/index.js';
