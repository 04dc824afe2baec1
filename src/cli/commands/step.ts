// One step of a demo tour: `glance VERB ARGS…` run through the command table on a session, with the command line
// to show (as a shell reads it back) and the result as the CLI prints it.
import { shWord } from '../../device/text.js';
import { GlanceError } from '../../errors.js';
import type { ToolResult } from '../../tools/registry.js';
import type { Session, SessionCallOptions } from '../../tools/session.js';
import { commandLine, readCommand, validateCommand } from '../args.js';
import { echoed } from '../output.js';
import { commandByVerb } from '../table.js';

export async function runStep(
  args: readonly string[],
  session: Session,
  opts: SessionCallOptions & { shownSerial?: string } = {},
): Promise<{ command: string; result: ToolResult }> {
  const cmd = commandByVerb(args[0] ?? '');
  const tool = cmd && session.tools.find((t) => t.name === cmd.tool);
  if (!cmd || !tool) throw new GlanceError('INTERNAL', `demo uses unknown verb ${args[0]}`);
  const given = readCommand(cmd, tool, args.slice(1));
  const { shownSerial, ...call } = opts;
  // Shown as typed for an alias (`glance back`), else as the command that repeats the call.
  const command =
    cmd.fixed !== undefined
      ? ['glance', ...(shownSerial ? ['-s', shownSerial] : []), ...args].map(shWord).join(' ')
      : commandLine(tool.name, given, shownSerial);
  const result = echoed(cmd, { given, serial: session.serial }, await session.call(tool.name, validateCommand(cmd, tool, given), call));
  return { command, result };
}

/** The ref of the first element matching `selector` on the screen now (as `glance find` reports it). */
export async function refOf(session: Session, selector: string, what: string): Promise<string> {
  const r = await session.call('device_find', { selector });
  const ref = (r.data as { elements?: Array<{ ref?: string }> } | undefined)?.elements?.[0]?.ref;
  if (ref === undefined)
    throw new GlanceError('ELEMENT_NOT_FOUND', `${what} has no ${selector}`, { hint: `${what} changed; update the tour` });
  return ref;
}
