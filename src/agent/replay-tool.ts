/**
 * app_replay: a run recorded with `out` (its trajectory.jsonl) read back. Without `run` it re-renders the report
 * from the trajectory (no device); with `run` it repeats the run on the device through app_run_task, the recorded
 * steps standing in for the policy while the screens match. A file job for the CLI and the library: not offered
 * over MCP, where a host has no use for a folder a run wrote on this machine.
 */
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { defineTool } from '../tools/registry.js';
import { runTaskTool } from './tooldefs.js';

export const replayTool = defineTool({
  name: 'app_replay',
  title: 'Replay a recorded run',
  description:
    'A run recorded with `out`: re-render its report.html from trajectory.jsonl, or with `run` repeat the recorded steps on the device while the screens match; from the first that differs the policy decides (without one the run fails there).',
  schema: runTaskTool.schema.omit({ task: true, replay: true }).extend({
    trajectory: z.string().min(1).describe('the folder a run wrote with `out`, or its trajectory.jsonl'),
    run: z.boolean().optional().describe('repeat the run on the device (default: only re-render the report)'),
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  mcp: false,
  async handler(input, ctx) {
    const [{ trajectoryOf }, { renderReportHtml }] = await Promise.all([import('./policies/replay.js'), import('./report.js')]);
    const { trajectory: arg, run, ...rest } = input;
    const named = arg.endsWith('.jsonl');
    const dir = named ? dirname(arg) : arg;
    const file = named ? arg : join(dir, 'trajectory.jsonl');
    const recorded = trajectoryOf(await ctx.readFile(file), file);
    const t = recorded.trajectory;
    if (run !== true) {
      const out = rest.out ?? dir;
      await ctx.makeDir?.(out);
      const report = join(out, 'report.html');
      await ctx.writeFile(report, renderReportHtml(t, recorded));
      return {
        text: `${t.outcome}: ${t.task} (${t.policy}, ${t.steps.length} steps) → ${report}`,
        data: { outcome: t.outcome, task: t.task, steps: t.steps.length, report },
      };
    }
    const params = runTaskTool.schema.parse({ maxSteps: Math.max(t.steps.length, 1), ...rest, task: t.task, replay: file });
    return runTaskTool.handler(params, ctx);
  },
});
