/**
 * uimap_build and uimap_path: the UI Map as file jobs for the CLI (`glance map …`, `glance map path …`) and the
 * library. Build a map from an app's source or APK (and write it, its HTML view, the planner's text of it or the
 * transitions it could not tie to a control), or plan a route over a map file. Not offered over MCP: app_map and
 * app_navigate are what an agent there asks of a map.
 */
import { z } from 'zod';
import { GlanceError } from '../errors.js';
import { defineTool, type ToolContext, type ToolResult } from '../tools/registry.js';

const buildSchema = z.object({
  source: z.string().min(1).describe("the app's source folder (Gradle project or module) or its .apk file"),
  lib: z.array(z.string()).optional().describe('library source folders the app uses (e.g. Simple-Commons)'),
  out: z.string().optional().describe('file to write the map JSON to (`-`: standard output); without it the map is in the data'),
  html: z.string().optional().describe('file to write the map as an HTML page (screens and transitions drawn)'),
  enrich: z
    .boolean()
    .optional()
    .describe(
      "ask a model for each screen's summary and its controls' effects (needs the map written to a file: the answers are cached beside it)",
    ),
  model: z.string().optional().describe('the model for enrich (default GLANCE_MODEL)'),
  text: z.boolean().optional().describe("answer the map as the planner's prompt shows it (with task and budget)"),
  task: z.string().optional().describe('with text: the task the planner text is shaped for'),
  budget: z.number().int().min(50).max(200_000).optional().describe('with text: most o200k tokens of planner text'),
  hidden: z.boolean().optional().describe('answer the transitions the analysis could not tie to a control or follow, by kind'),
});

export const mapBuildTool = defineTool({
  name: 'uimap_build',
  title: 'Map an app',
  description:
    "Static analysis of an app's source tree or APK into its UI Map: screens, their controls and where each leads, dialogs, transitions. Writes the map JSON (and an HTML view), or answers the planner's text of it or the transitions it could not place.",
  schema: buildSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  mcp: false,
  async handler(input, ctx) {
    return buildHandler(input, ctx);
  },
});

export const mapPathTool = defineTool({
  name: 'uimap_path',
  title: 'Route over a map',
  description:
    'The shortest routes in a UI Map file to a screen, an element, or an element whose words match, each as the controls to act on in order.',
  schema: z.object({
    map: z.string().min(1).describe('UI Map JSON file (as uimap_build writes it)'),
    to: z.string().optional().describe('the activity (simple or full name) or element id to reach'),
    text: z.string().optional().describe('instead of to: words shown on the element to reach'),
    from: z.string().optional().describe('the activity to start from (default: the launcher)'),
    json: z.boolean().optional().describe('answer the routes as JSON text instead of words'),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  mcp: false,
  async handler(input, ctx) {
    const { pathHandler } = await import('./map-build.js');
    return pathHandler(input, ctx);
  },
});

function usage(message: string): GlanceError {
  return new GlanceError('USAGE', message, {
    hint: 'the options of a map build are described with it',
    next: { tool: 'uimap_build', help: true },
  });
}

/** Options that only mean something together are checked before the (slow) analysis starts. */
function checkBuild(input: z.infer<typeof buildSchema>): void {
  if (input.hidden === true && input.text === true) throw usage('hidden and text are different reports: give one');
  if ((input.task !== undefined || input.budget !== undefined) && input.text !== true)
    throw usage('task and budget shape the planner text: give text');
  if (input.model !== undefined && input.enrich !== true) throw usage('model names the model for enrich');
  if (input.enrich === true && (input.out === undefined || input.out === '-'))
    throw usage('enrich keeps its answers beside the map: give the map a file (out)');
}

async function buildHandler(input: z.infer<typeof buildSchema>, ctx: ToolContext): Promise<ToolResult> {
  checkBuild(input);
  const { buildHandler: build } = await import('./map-build.js');
  return build(input, ctx);
}

export const mapTools = [mapBuildTool, mapPathTool];
export type MapBuildInput = z.infer<typeof buildSchema>;
