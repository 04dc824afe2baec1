/**
 * The agent's tools, defined like the device tools (name, zod schema, annotations, handler) so the MCP server and
 * the CLI serve them the same way: app_navigate (goto), app_run_task (run), app_map (the map, focused, as text).
 */
import { z } from 'zod';
import { lib, map, src } from '../tools/params.js';
import { defineTool, type ToolDef } from '../tools/registry.js';
import { LIVE_POLICY_NAMES } from './policies/names.js';

const mapParams = { map, src, lib };

export const navigateTool = defineTool({
  name: 'app_navigate',
  title: 'Go to a screen or element',
  description:
    'Reach a screen (activity name) or an element (id or text) of the app by following its UI Map, re-planning from wherever the app lands (BACK when off the map). No model involved. Fails with NAVIGATION_FAILED naming the last screen.',
  schema: z.object({
    target: z
      .string()
      .min(1)
      .describe('activity (SettingsActivity), element id (settings_font_size) or element text; a waypoint with trailmap'),
    ...mapParams,
    trailmap: z.string().optional().describe('trailmap folder: plan over its waypoints and shortcuts instead of a UI Map'),
    maxSteps: z.number().int().min(1).max(100).optional().describe('most actions (default 12)'),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  async handler(input, ctx) {
    if (input.trailmap !== undefined)
      return (await import('./worlds/trailmap-tools.js')).navigateTrailmapHandler({ ...input, trailmap: input.trailmap }, ctx);
    return (await import('./tool-handlers.js')).navigateHandler(input, ctx);
  },
});

export const runTaskTool = defineTool({
  name: 'app_run_task',
  title: 'Do a task',
  description:
    "Do a task in the app in front, step by step (observe, decide, act), with progress per step; refused on the home screen unless `app` or `launch`. Policies: `heuristic` (no model; follows the UI Map if given), `compass` (plans on the map, asks the model only where it cannot decide), `single` (one model call per step). The model: `model`, else the server's GLANCE_MODEL. Destructive taps (delete, send, pay…) stop the run unless `yes`. An error unless the screen ends showing the task done.",
  schema: z.object({
    task: z.string().min(1).describe('the task in plain words'),
    policy: z
      .enum(LIVE_POLICY_NAMES)
      .optional()
      .describe('heuristic (no model), compass or single (model); default compass when a model is configured, else heuristic'),
    model: z
      .string()
      .optional()
      .describe('openai:MODEL, anthropic:MODEL, ollama:MODEL or http://HOST:PORT/v1#MODEL (default GLANCE_MODEL)'),
    privacy: z.boolean().optional().describe('send the model only the screen blocks it asks for, best first (CORE), and keep a ledger'),
    localModel: z
      .string()
      .optional()
      .describe(
        'with privacy: a local model (ollama:MODEL, http://HOST:PORT/v1#MODEL) that names and ranks the screen blocks; default a lexical ranker',
      ),
    cassette: z.string().optional().describe('file of model answers: replayed if it exists, else recorded'),
    replay: z.string().optional().describe('a trajectory.jsonl to repeat while the screens match; then the policy (if any) decides'),
    ...mapParams,
    app: z.string().optional().describe('package the task is about, launched when not in front (default: the app in front)'),
    launch: z
      .boolean()
      .optional()
      .describe("start the app (app, else the map's) when the home screen is in front; without it the run refuses"),
    maxSteps: z.number().int().min(1).max(200).optional().describe('most actions (default 2 × plan + 5 on a map, else 20)'),
    yes: z.boolean().optional().describe('allow destructive taps without asking'),
    out: z.string().optional().describe('folder to write trajectory.jsonl and report.html into (created if missing)'),
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  async handler(input, ctx) {
    return (await import('./tool-handlers.js')).runHandler(input, ctx);
  },
});

export const mapTool = defineTool({
  name: 'app_map',
  title: 'The app map, focused',
  description:
    "The app's UI Map as text for an agent that plans itself: its screens and how they connect; with `screen` one screen's controls; with `query` the controls whose words match, grouped under the shortest route to them.",
  schema: z.object({
    query: z
      .string()
      .optional()
      .describe('words to look for in labels and ids, loosely ("24 hour" finds "24-hour"); omitted: every screen and where it leads'),
    screen: z.string().optional().describe('a screen (SettingsActivity) whose controls to list'),
    ...mapParams,
    limit: z.number().int().min(1).max(100).optional().describe('most routes listed (default 10)'),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(input, ctx) {
    return (await import('./tool-handlers.js')).mapHandler(input, ctx);
  },
});

export const waypointTool = defineTool({
  name: 'trailmap_waypoint',
  title: 'Which waypoint',
  description:
    'Names the waypoint(s) of a trailmap the screen in front satisfies (every required selector holds, no forbidden one), or with `list` every waypoint with its shortcuts and whether its own capture satisfies it. With no match, the nearest waypoints and the checks that failed.',
  schema: z.object({
    trailmap: z.string().min(1).describe('trailmap folder (waypoints/, shortcuts/, captures/)'),
    list: z.boolean().optional().describe('list the waypoints instead of reading the screen'),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(input, ctx) {
    return (await import('./worlds/trailmap-tools.js')).waypointHandler(input, ctx);
  },
});

/** The agent's tools, listed in the catalogue after the device tools. */
export const agentTools: readonly ToolDef[] = [navigateTool, runTaskTool, mapTool, waypointTool];
