// device_wait_for and device_assert: checks on the screen that poll or fail with a coded error.
import { z } from 'zod';
import { assertSelector, waitFor, waitIdle } from '../device/actions/index.js';
import { GlanceError } from '../errors.js';
import { actionEnv } from './actions.js';
import { outputs } from './outputs.js';
import { defineTool } from './registry.js';
import { respond } from './response.js';

export const waitTool = defineTool({
  name: 'device_wait_for',
  title: 'Wait for the screen',
  description:
    'Wait until text (visible text or description, case-insensitive) or a selector is on screen, or gone with `gone`; or until the screen stops changing with `idle`. Give exactly one of text, selector and idle. Times out with an error (default 10 s).',
  schema: z.object({
    text: z.string().optional().describe('text to wait for'),
    selector: z.string().optional().describe('selector (or ref) to wait for'),
    idle: z.boolean().optional().describe('wait until two consecutive snapshots are identical'),
    gone: z.boolean().optional().describe('wait until it is no longer on screen'),
    timeout: z.number().int().min(1).max(600_000).optional().describe('give up after N ms (default 10000)'),
  }),
  output: outputs.wait,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(input, ctx) {
    const e = await actionEnv(ctx);
    const timeoutMs = input.timeout ?? 10_000;
    if (input.idle) {
      if (input.text !== undefined || input.selector !== undefined) {
        throw new GlanceError('USAGE', 'wait takes one of text, selector or idle', { hint: 'idle waits for the screen to stop changing' });
      }
      const s = await waitIdle(e, timeoutMs);
      return respond({ idle: true, ms: s.ms, dumps: s.dumps }).text(`idle after ${s.ms} ms (${s.dumps} dumps)`).build();
    }
    const r = await waitFor(e, { text: input.text, selector: input.selector, gone: input.gone ?? false, timeoutMs });
    const what = input.text !== undefined ? JSON.stringify(input.text) : input.selector!;
    return respond({ ...r })
      .text(`${what} ${input.gone ? 'gone' : 'appeared'} after ${r.ms} ms${r.refs.length > 0 ? ` (${r.refs.join(', ')})` : ''}`)
      .build();
  },
});

export const assertTool = defineTool({
  name: 'device_assert',
  title: 'Assert an element',
  description:
    'Check that a selector matches on the current screen (exactly `count` elements when given); fails with ASSERTION_FAILED otherwise.',
  schema: z.object({
    selector: z.string().min(1).describe('selector (or ref) that must match'),
    count: z.number().int().min(0).optional().describe('exact number of matches expected'),
  }),
  output: outputs.assert,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(input, ctx) {
    const r = await assertSelector(await actionEnv(ctx), input.selector, input.count);
    return respond({ ...r })
      .text(`ok: ${r.count} match${r.count === 1 ? '' : 'es'} (${r.refs.join(', ') || 'none'})`)
      .build();
  },
});
