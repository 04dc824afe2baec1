// Trailmaps (Trailblaze's waypoints, captures and shortcuts): load a folder, tell which waypoints a screen is,
// turn user actions into shortcut transitions and back. Used by the virtual iOS device and trailmap worlds.
//
//   const map = await loadTrailmap(dir);                      // waypoints, shortcuts, captures (UiDump each)
//   waypointsOf(dump, map.waypoints)                          // ids of the waypoints a screen satisfies
//   checkWaypoint(dump, waypoint)                             // {ok, missing, present}: why (not)
//   shortcutTaken(map, fromId, {kind:'tap', x, y}, dump)      // the shortcut a user action performs, if any
//   actionFor(shortcut.tools[0], dump)                        // the action that performs a tool on a screen
export type { Capture, NodeSelector, Shortcut, ToolCall, Trailmap, Waypoint, WaypointCheck } from './model.js';
export { javaRegex, selectNodes, selectorHolds, checkWaypoint, waypointsOf } from './match.js';
export type { WaypointVerdict } from './match.js';
export { parseWaypoint, parseShortcut, parseCapture, parseNodeSelector, parseHeader } from './parse.js';
export { loadTrailmap } from './load.js';
export { placedNodes, toolTargets, toolPerformed, actionFor, scrollTowards, shortcutsFrom, shortcutTaken } from './transitions.js';
export type { UiAction, SwipeDirection } from './transitions.js';
export { waypointConsistency, reachable, shortestRoute, defaultStart } from './graph.js';
export type { Consistency, RouteOptions } from './graph.js';
