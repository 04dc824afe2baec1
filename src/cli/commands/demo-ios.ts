// `glance demo --ios`: the tour on a virtual iPhone — a WebDriverAgent server over the built-in notes trailmap,
// driven through the same registry tools a user types (`-s wda:URL`): snapshot, tap by ref, back, typing.
import { catalogue } from '../../agent/catalogue.js';
import { createDeviceProvider } from '../../device/provider.js';
import { builtinIosTrailmapDir, startVirtualIos } from '../../device/virtual/wda/index.js';
import { createSession } from '../../tools/session.js';
import { renderResult } from '../output.js';
import { callFiles } from '../session.js';
import { refOf, runStep } from './step.js';
import type { CommandIO } from './types.js';

export async function demoIos(io: CommandIO): Promise<number> {
  const running = await startVirtualIos({ trailmap: builtinIosTrailmapDir() });
  const serial = `wda:${running.url}`;
  const session = createSession({
    devices: createDeviceProvider({ ...io.env, GLANCE_WDA_URL: undefined }),
    tools: catalogue,
    serial,
    files: callFiles(io, { toStdout: false }),
    env: io.env,
    ownsDevices: true,
  });
  const steps: { note: string; command: string; result: unknown }[] = [];
  const say = (text: string): void => {
    if (!io.json) io.stdout(text);
  };
  const ref = (selector: string): Promise<string> => refOf(session, selector, 'the iOS demo');
  const step = async (args: string[], note: string): Promise<void> => {
    const { command, result: r } = await runStep(args, session, { signal: io.signal, shownSerial: serial });
    say(`\n# ${note}\n$ ${command}\n`);
    say(renderResult(r, false));
    steps.push({ note, command, result: r.data ?? { text: r.text } });
  };
  try {
    say(
      `Glance demo (iOS): a virtual iPhone serves the WebDriverAgent API on ${running.url} (the "Glance Notes" app,\n` +
        `made of a trailmap's captured screens). Each step is the command you would type against a real iPhone.\n`,
    );
    await step(['ui'], 'Read the screen: iOS names, no status bar or scroll indicators, short stable refs');
    await step(['tap', await ref('[label~=Groceries]')], 'Open a note by its ref');
    await step(['key', 'BACK'], 'Back (the edge-swipe gesture)');
    await step(['type', await ref(':editable'), 'lisbon'], 'Type into the search field');
    say(`\nNext: \`glance virtual --ios --trailmap DIR\` serves any trailmap; \`glance -s wda:URL ui\` reads a real iPhone's WDA.\n`);
    if (io.json) io.stdout(renderResult({ text: '', data: { url: running.url, steps } }, true));
    return 0;
  } finally {
    await session.close();
    await running.close();
  }
}
