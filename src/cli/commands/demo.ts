/**
 * `glance demo`: the 30-second tour. Starts the built-in demo phone in this process, reaches it with Glance's
 * own direct ADB transport (no adb binary or server needed) and runs real registry tools on it, printing each
 * as the `glance` command a user would type: a snapshot, a tap by ref, typing into a field, the diffs, a task done
 * by the agent (heuristic policy, no model) and a goto by the UI Map shipped with the demo app.
 */
import { isAbsolute, join, relative } from 'node:path';
import { catalogue } from '../../agent/catalogue.js';
import { createDeviceProvider } from '../../device/provider.js';
import { builtinScenarioDir, startVirtualDevice } from '../../device/virtual/index.js';
import { createSession } from '../../tools/session.js';
import { parseCommandArgs } from '../args.js';
import { renderResult } from '../output.js';
import { callFiles } from '../session.js';
import { refOf, runStep } from './step.js';
import type { CommandIO } from './types.js';

/** A shipped file as the user can type it: relative to the working folder when it lies inside it. */
function shownPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}

export async function demoCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values } = parseCommandArgs('demo', {
    args: argv,
    options: { help: { type: 'boolean' }, ios: { type: 'boolean' } },
    strict: true,
  });
  if (values.ios === true && values.help !== true) return (await import('./demo-ios.js')).demoIos(io);
  if (values.help) {
    io.stdout(
      renderResult(
        {
          text: 'glance demo\n\nStarts the built-in demo phone in-process, connects to it with the direct ADB transport and\nshows a snapshot, a tap by ref, typing and the diffs, a task done by the agent and a goto by the UI Map.\n\nglance demo --ios: the same on a virtual iPhone (a WebDriverAgent server over a trailmap).\n',
        },
        io.json,
      ),
    );
    return 0;
  }
  const running = await startVirtualDevice({ scenario: 'demo', signal: io.signal });
  const session = createSession({
    devices: createDeviceProvider({ ...io.env, GLANCE_DIRECT: undefined }),
    tools: catalogue,
    serial: `direct:127.0.0.1:${running.port}`,
    files: callFiles(io, { toStdout: false }),
    env: io.env,
    ownsDevices: true,
  });
  const ref = (selector: string): Promise<string> => refOf(session, selector, 'the demo app');
  // With --json the tour is one `{ok, result: {port, steps}}` object, each step the command and its result.
  const steps: { note: string; command: string; result: unknown }[] = [];
  const say = (text: string): void => {
    if (!io.json) io.stdout(text);
  };
  const step = async (args: string[], note: string): Promise<void> => {
    const { command, result: r } = await runStep(args, session, { signal: io.signal });
    say(`\n# ${note}\n$ ${command}\n`);
    say(renderResult(r, false));
    steps.push({ note, command, result: r.data ?? { text: r.text } });
  };
  try {
    say(
      `Glance demo: a virtual Android phone is listening on 127.0.0.1:${running.port} (the "Glance Notes" app).\n` +
        `Glance reaches it over its own ADB transport; each step below is the command you would type\n` +
        `(against a real phone, or this one with -s direct:127.0.0.1:${running.port}).\n`,
    );
    await step(['ui'], 'Read the screen: one line per element, each with a short stable ref');
    await step(['tap', await ref('[text~=Groceries]')], 'Open a note by its ref; the reply is what changed on screen');
    await step(['back'], 'Go back');
    await step(['tap', await ref('#action_search, [desc~=Search]')], 'Open search');
    await step(['type', await ref(':editable'), 'lisbon trip'], 'Type into the field (byte-exact, any ASCII)');
    await step(['ui', '--format', 'table'], 'The same screen as a flat table');
    await step(['back'], 'Leave the search');
    const map = shownPath(join(builtinScenarioDir('demo'), 'uimap.json'));
    await step(['run', 'open the settings', '--map', map], 'Do a task with the agent: observe, decide, act (heuristic policy, no model)');
    await step(['goto', 'AboutActivity', '--map', map], "Go to a screen by the app's UI Map, re-planning after every hop (no model)");
    say(
      `\nNext: \`glance virtual --port 5560\` in another terminal, then \`adb connect 127.0.0.1:5560\` and\n` +
        `\`glance -s 127.0.0.1:5560 ui\` — or point \`glance mcp\` at it from your agent. \`glance help\` lists every command.\n`,
    );
    if (io.json) io.stdout(renderResult({ text: '', data: { port: running.port, steps } }, true));
    return 0;
  } finally {
    await session.close();
    await running.close();
  }
}
