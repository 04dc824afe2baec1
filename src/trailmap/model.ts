/**
 * A trailmap: named screens (waypoints, each defined by required and forbidden node selectors), one captured
 * hierarchy per waypoint, and shortcuts (tool calls that move from one waypoint to another). The format is
 * Trailblaze's; this is the data model every part of Glance uses it through (the virtual iOS device, trailmap
 * worlds, `goto`).
 */
import type { Platform, UiDump } from '../hierarchy/model.js';

/**
 * One node selector, as a waypoint or a shortcut writes it under `iosMaestro` / `androidAccessibility`.
 * Regexes are Java syntax (inline flags such as `(?i)` at the start) and match anywhere in the value.
 */
export interface NodeSelector {
  resourceIdRegex?: string;
  textRegex?: string;
  contentDescriptionRegex?: string;
  accessibilityTextRegex?: string;
  classNameRegex?: string;
  hintTextRegex?: string;
  isClickable?: boolean;
  isEnabled?: boolean;
  selected?: boolean;
  focused?: boolean;
  checked?: boolean;
  /** Some ancestor of the node matches this selector. */
  childOf?: NodeSelector;
  /** At least this many nodes match (default 1). */
  minCount?: number;
}

export interface WaypointCheck {
  description: string;
  selector: NodeSelector;
}

export interface Waypoint {
  id: string;
  description: string;
  platform: Platform;
  required: WaypointCheck[];
  forbidden: WaypointCheck[];
}

/** One tool call of a shortcut: `{tapOnElementWithText: {text: Edit}}` → name and params. */
export interface ToolCall {
  name: string;
  params: Record<string, unknown>;
}

export interface Shortcut {
  id: string;
  description: string;
  from: string;
  to: string;
  tools: ToolCall[];
}

export interface Capture {
  waypointId: string;
  /** File name inside `captures/`. */
  file: string;
  dump: UiDump;
}

export interface Trailmap {
  /** Folder it was loaded from ('' when built in memory). */
  dir: string;
  waypoints: Waypoint[];
  shortcuts: Shortcut[];
  /** One capture per waypoint id (the first file when several name the same waypoint). */
  captures: Map<string, Capture>;
  /** App ids per platform from the header (`trailmap.yaml` target.platforms.*.app_ids), when it names them. */
  appIds: Partial<Record<Platform, string[]>>;
  /** The header's display name of the app, when given. */
  name?: string;
}
