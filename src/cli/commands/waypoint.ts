/**
 * `glance waypoint --trailmap DIR`: the waypoint(s) of a trailmap the screen in front satisfies;
 * `glance waypoint list --trailmap DIR`: every waypoint, its shortcuts and whether its capture satisfies it.
 * A thin adapter over the trailmap_waypoint tool; `glance goto WAYPOINT --trailmap DIR` goes to one.
 */
import { GlanceError } from '../../errors.js';
import { waypointTool } from '../../agent/tooldefs.js';
import type { ToolDef } from '../../tools/registry.js';
import { parseCommandArgs } from '../args.js';
import { renderResult } from '../output.js';
import { withContext } from './agent.js';
import type { CommandIO } from './types.js';

const USAGE = 'usage: glance waypoint [list] --trailmap DIR   (go to one: glance goto WAYPOINT --trailmap DIR)';

export async function waypointCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('waypoint', {
    args: argv,
    allowPositionals: true,
    options: { trailmap: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help === true) {
    io.stdout(renderResult({ text: USAGE }, io.json));
    return 0;
  }
  const [word, ...extra] = positionals;
  if ((word !== undefined && word !== 'list') || extra.length > 0)
    throw new GlanceError('USAGE', `unexpected argument: ${word === 'list' ? extra[0] : word}`, { hint: USAGE });
  if (values.trailmap === undefined) throw new GlanceError('USAGE', 'missing --trailmap DIR', { hint: USAGE });
  return withContext(io, waypointTool as unknown as ToolDef, { trailmap: values.trailmap, ...(word === 'list' ? { list: true } : {}) });
}
