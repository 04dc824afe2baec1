// `glance demo --ios`: the tour on a virtual iPhone — a WebDriverAgent server over the built-in notes trailmap,
// driven through the same registry tools a user types (`-s wda:URL`): snapshot, tap by ref, back, typing.
import { readFile, writeFile } from 'node:fs/promises';
import { createDeviceProvider } from '../../device/provider.js';
import { builtinIosTrailmapDir, startVirtualIos } from '../../device/virtual/wda/index.js';
import { GlanceError } from '../../errors.js';
import { findElements } from '../../snapshot/selector.js';
import { loadLatest } from '../../device/latest.js';
import { snapshotOf } from '../../device/snap.js';
import type { ToolContext } from '../../tools/registry.js';
import { memorySnapshotStore } from '../../tools/store.js';
import { renderResult } from '../output.js';
import { runStep } from './step.js';
import type { CommandIO } from './types.js';

export async function demoIos(io: CommandIO): Promise<number> {
  const running = await startVirtualIos({ trailmap: builtinIosTrailmapDir() });
  const serial = `wda:${running.url}`;
  const provider = createDeviceProvider({ ...io.env, GLANCE_WDA_URL: undefined });
  const ctx: ToolContext = {
    signal: io.signal,
    serial,
    devices: provider,
    snapshots: memorySnapshotStore(),
    readFile: (p) => readFile(p, 'utf8'),
    writeFile: (p, d) => writeFile(p, d),
  };
  const steps: { note: string; command: string; result: unknown }[] = [];
  const say = (text: string): void => {
    if (!io.json) io.stdout(text);
  };
  const refOf = async (selector: string): Promise<string> => {
    const device = await ctx.devices.get(serial, { signal: io.signal });
    // A new look at the screen, with the refs it would show after the steps before (carried from their latest).
    const shown = (await loadLatest(ctx.snapshots, serial))?.snapshot;
    const el = findElements(snapshotOf(await device.dump({ signal: io.signal }), shown).snapshot, selector)[0];
    if (!el)
      throw new GlanceError('INTERNAL', `the iOS demo has no ${selector}`, { hint: 'the demo trailmap changed; update demo-ios.ts' });
    return el.ref;
  };
  const step = async (args: string[], note: string): Promise<void> => {
    const { command, result: r } = await runStep(args, ctx, serial);
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
    await step(['tap', await refOf('[label~=Groceries]')], 'Open a note by its ref');
    await step(['key', 'BACK'], 'Back (the edge-swipe gesture)');
    await step(['type', await refOf(':editable'), 'lisbon'], 'Type into the search field');
    say(`\nNext: \`glance virtual --ios --trailmap DIR\` serves any trailmap; \`glance -s wda:URL ui\` reads a real iPhone's WDA.\n`);
    if (io.json) io.stdout(renderResult({ text: '', data: { url: running.url, steps } }, true));
    return 0;
  } finally {
    await provider.close();
    await running.close();
  }
}
