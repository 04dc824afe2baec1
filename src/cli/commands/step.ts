// One step of a demo tour: `glance VERB ARGS…` run through the command table on a tool context, with the
// command line to show (as a shell reads it back) and the result as the CLI prints it.
import { shWord } from '../../device/text.js';
import { GlanceError } from '../../errors.js';
import { toolByName } from '../../tools/index.js';
import type { ToolContext, ToolResult } from '../../tools/registry.js';
import { commandLine, readCommand, validateCommand } from '../args.js';
import { echoed } from '../output.js';
import { commandByVerb } from '../table.js';

export async function runStep(
  args: readonly string[],
  ctx: ToolContext,
  shownSerial?: string,
): Promise<{ command: string; result: ToolResult }> {
  const cmd = commandByVerb(args[0] ?? '');
  const tool = cmd && toolByName(cmd.tool);
  if (!cmd || !tool) throw new GlanceError('INTERNAL', `demo uses unknown verb ${args[0]}`);
  const given = readCommand(cmd, tool, args.slice(1));
  // Shown as typed for an alias (`glance back`), else as the command that repeats the call.
  const command =
    cmd.fixed !== undefined
      ? ['glance', ...(shownSerial ? ['-s', shownSerial] : []), ...args].map(shWord).join(' ')
      : commandLine(tool.name, given, shownSerial);
  const result = echoed(cmd, { given, serial: ctx.serial }, await tool.handler(validateCommand(cmd, tool, given), ctx));
  return { command, result };
}
