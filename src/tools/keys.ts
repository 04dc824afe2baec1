// device_back and device_home: the two keys an agent reaches for most, as tools of their own (the same press as
// device_press_key BACK / HOME), so a model finds them by name instead of guessing a key code.
import { z } from 'zod';
import { pressKey } from '../device/actions/index.js';
import { actionEnv } from './actions.js';
import { outputs } from './outputs.js';
import { settleMs } from './params.js';
import { defineTool, type ToolDef } from './registry.js';
import { actionResponse } from './response.js';

function keyTool(name: string, key: 'BACK' | 'HOME', title: string, description: string): ToolDef {
  return defineTool({
    name,
    title,
    description,
    schema: z.object({ settleMs }),
    output: outputs.key,
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    async handler(input, ctx) {
      return actionResponse(await pressKey(await actionEnv(ctx, input.settleMs), key));
    },
  });
}

export const backTool = keyTool(
  'device_back',
  'BACK',
  'Go back',
  'Press BACK (closes the keyboard or a dialog, else goes to the previous screen), then return what changed.',
);
export const homeTool = keyTool('device_home', 'HOME', 'Go home', 'Press HOME (the launcher), then return what changed.');
