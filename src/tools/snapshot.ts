// Snapshot tools: device_snapshot, device_find and snapshot_tokens.
// Live when no --from is given: the snapshot is the device's new latest (device/latest.ts), so later refs resolve
// against it, and its refs are carried from the latest before it. A file (--from) stands alone.
import { z } from 'zod';
// Module by module rather than snapshot/index.js, so the tokenizer loads only for snapshot_tokens.
import { diffSnapshots, renderDiff } from '../snapshot/diff.js';
import { renderElements } from '../snapshot/render.js';
import { findElements } from '../snapshot/selector.js';
import { DEFAULT_MAX_LABEL, snapshotFromDump, type Snapshot, type SnapshotOptions } from '../snapshot/snapshot.js';
import { foregroundIfKnown } from '../device/actions/settle.js';
import { advanceLatest, loadLatest, loadLatestScreen, saveLatest, type LatestScreen } from '../device/latest.js';
import { sameRefs, snapshotOf, type DeviceSnapshot } from '../device/snap.js';
import type { Device } from '../device/types.js';
import { reportsBackend } from '../device/uia2/device.js';
import { parseComponent, type UiDump } from '../hierarchy/model.js';
import { privacyView } from '../privacy/index.js';
import { outputs } from './outputs.js';
import { from } from './params.js';
import { defineTool, type ToolContext, type ToolDef } from './registry.js';

const formats = ['tree', 'table', 'json', 'xml'] as const;

const viewOptions = {
  from,
  format: z.enum(formats).default('tree'),
  bounds: z.boolean().optional().describe("print each element's bounds"),
  offscreen: z.boolean().optional().describe('include elements outside the screen'),
  all: z.boolean().optional().describe('keep status/navigation bar and system windows, and list grids member by member'),
  depth: z.number().int().min(1).optional().describe('nesting levels to print; deeper content is summarised as counts'),
  scope: z.string().optional().describe('print only the subtree of this ref'),
  maxLabel: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(`cut labels at N characters (default ${DEFAULT_MAX_LABEL}; 0 = never); a cut label ends in …[+N]`),
  expand: z.string().optional().describe('list the members of a grid of look-alikes one per line: the ref of one member, or `all`'),
};

function snapshotOptions(input: {
  format?: SnapshotOptions['format'];
  bounds?: boolean | undefined;
  offscreen?: boolean | undefined;
  all?: boolean | undefined;
  depth?: number | undefined;
  scope?: string | undefined;
  maxLabel?: number | undefined;
  expand?: string | undefined;
}): SnapshotOptions {
  const o: SnapshotOptions = {};
  if (input.format) o.format = input.format;
  if (input.bounds) o.bounds = true;
  if (input.offscreen) o.offscreen = true;
  if (input.all) o.all = true;
  if (input.depth !== undefined) o.depth = input.depth;
  if (input.scope !== undefined) o.scope = input.scope;
  if (input.maxLabel !== undefined) o.maxLabel = input.maxLabel;
  if (input.expand !== undefined) o.expand = input.expand;
  return o;
}

/**
 * The snapshot to work on, with `options`: of a file when `from` is given, else of a fresh dump of the device
 * (then its new latest, refs carried from the one before).
 */
async function currentSnapshot(ctx: ToolContext, from: string | undefined, options: SnapshotOptions): Promise<Snapshot> {
  if (from !== undefined) return snapshotFromDump(await ctx.readFile(from), options);
  const device = await ctx.devices.get(ctx.serial, { signal: ctx.signal });
  const dump = await device.dump({ signal: ctx.signal });
  const snap = await advanceLatest(ctx.snapshots, device.serial, dump, await loadLatest(ctx.snapshots, device.serial));
  return snapshotFromDump(snap.uiDump(), { ...options, ...sameRefs(snap) });
}

/**
 * A live dump with the foreground package and activity filled in (uiautomator XML carries neither), so the
 * snapshot header names the screen. Asked in parallel with the dump: free next to a 1.5–3 s phone dump. It
 * becomes the device's latest snapshot, its refs carried from `shown` (the latest before it).
 */
async function liveScreen(
  ctx: ToolContext,
  device: Device,
  shown: DeviceSnapshot | undefined,
): Promise<{ snap: DeviceSnapshot; view: UiDump; source?: ReadBy }> {
  const [dump, fg] = await Promise.all([device.dump({ signal: ctx.signal }), foregroundIfKnown(device, ctx.signal)]);
  const source = reportsBackend(device) ? device.backendInfo().last : undefined;
  const foreground = fg ? `${fg.package}/${fg.activity}` : '';
  // Kept in the latest screen's record with the dump it belongs to: actions save newer dumps without it.
  const snap = snapshotOf(dump, shown?.snapshot);
  await saveLatest(ctx.snapshots, device.serial, snap, foreground);
  return { snap, view: withForeground(snap.uiDump(), foreground), ...(source === undefined ? {} : { source }) };
}

/** Which backend read the screen (UiAutomator2 server or `uiautomator dump`) and how long it took. */
type ReadBy = { backend: 'uia2' | 'dump'; ms: number };

/** The device's latest dump, with its activity when it was read for exactly that dump. */
const rememberedScreen = (latest: LatestScreen): UiDump => withForeground(latest.snap.uiDump(), latest.foreground ?? '');

/** A copy of a parsed dump naming the foreground `package/activity` (the parse itself is shared, so not changed). */
function withForeground(ui: UiDump, fg: string): UiDump {
  const c = parseComponent(fg);
  return c === undefined ? ui : { ...ui, package: c.package, activity: c.activity };
}

export const snapshotTool = defineTool({
  name: 'device_snapshot',
  title: 'Read the screen',
  description:
    'A compact snapshot of the screen: every actionable element with a stable ref (pass it as `target` to actions), only positive states; a grid of look-alikes is one line (`b7…b40 #day [42 in 6×7 grid]`: reach a member with `#day:cell(2, 3)` or `:nth(i)`). `diff` shows only what changed. ' +
    `Labels over ${DEFAULT_MAX_LABEL} characters are cut, ending in \`…[+N]\` (N characters cut): maxLabel 0 or device_find shows them whole.`,
  schema: z.object({
    ...viewOptions,
    diff: z
      .string()
      .optional()
      .describe("compare with this earlier dump file, or `last` for this device's previous snapshot; prints only what changed"),
    privacy: z
      .string()
      .optional()
      .describe('privacy mode: show only the screen block most relevant to this task, and one line on what was withheld'),
  }),
  output: outputs.snapshot,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(input, ctx) {
    const options = snapshotOptions(input);
    let previous: Snapshot | undefined;
    if (input.diff !== undefined && input.diff !== 'last') previous = snapshotFromDump(await ctx.readFile(input.diff), options);
    let dump: string;
    let view: string | UiDump;
    let source: ReadBy | undefined;
    // Another view of a live dump takes the refs the device's latest snapshot has (none carried for a file).
    let refs: Pick<SnapshotOptions, 'previous'> = {};
    if (input.from !== undefined) {
      dump = view = await ctx.readFile(input.from);
    } else {
      const device = await ctx.devices.get(ctx.serial, { signal: ctx.signal });
      const latest = await loadLatestScreen(ctx.snapshots, device.serial);
      const shown = latest?.snap;
      const remembered = input.diff === 'last' && latest !== undefined ? rememberedScreen(latest) : undefined;
      let snap: DeviceSnapshot;
      ({ snap, view, source } = await liveScreen(ctx, device, shown));
      dump = snap.dump;
      refs = sameRefs(snap);
      if (remembered !== undefined) {
        previous = snapshotFromDump(remembered, { ...options, ...sameRefs(shown!) });
        // Compare like with like: when the earlier activity is unknown, leave it out of the new side too.
        if (remembered.activity === undefined) view = snap.uiDump();
      }
    }
    if (input.privacy !== undefined) {
      const text = privacyView(dump, input.privacy, refs);
      return { text, data: { privacy: text } };
    }
    const snap = snapshotFromDump(view, { ...options, ...refs });
    const data = { screen: snap.screen, elements: snap.elements, ...(source === undefined ? {} : { source }) };
    if (input.diff !== undefined) {
      const diff = diffSnapshots(previous, snap);
      return { text: renderDiff(diff), data: { ...data, diff } };
    }
    return { text: snap.text, data };
  },
});

export const findTool = defineTool({
  name: 'device_find',
  title: 'Find elements',
  description:
    'Elements matching a selector, with their refs and whole labels. Grammar: Class, #id, [text=…], [text~=…], [desc=…], :has-text("…"), :clickable :checked :enabled :focused :selected :scrollable :editable, :below(S) :above(S) :right-of(S) :left-of(S) :near(S, PX) :in(S), :cell(ROW, COL) in a grid of look-alikes, :nth(I) (1 = first, -1 = last), "," for OR.',
  schema: z.object({
    selector: z.string().min(1).describe('selector, e.g. Button:has-text("Save") or #search'),
    from: viewOptions.from,
    all: viewOptions.all,
    offscreen: viewOptions.offscreen,
  }),
  output: outputs.find,
  listOutput: true,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(input, ctx) {
    const snap = await currentSnapshot(ctx, input.from, snapshotOptions(input));
    const found = findElements(snap, input.selector);
    return {
      // Labels whole: this is where an agent reads what a snapshot cut.
      text:
        found.length === 0 ? `no element matches ${input.selector}` : renderElements(found, { bounds: false, maxLabel: 0 }, snap.elements),
      data: { count: found.length, elements: found },
      ...(found.length === 0 ? { exitCode: 2 } : {}),
    };
  },
});

export const tokensTool = defineTool({
  name: 'snapshot_tokens',
  title: 'Count tokens per format',
  description: 'Bytes and tokens (o200k_base and cl100k_base) of the raw dump and of each snapshot format.',
  schema: z.object({ from: z.string().describe('a saved dump file (- for stdin)') }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  mcp: false,
  async handler(input, ctx) {
    const { tokenReport } = await import('../snapshot/tokens.js');
    const report = tokenReport(await ctx.readFile(input.from));
    const rows = report.map(
      (r) =>
        `${r.format.padEnd(8)} ${String(r.bytes).padStart(7)} B ${String(r.o200k).padStart(6)} o200k ${String(r.cl100k).padStart(6)} cl100k`,
    );
    return { text: ['format     bytes     tokens (o200k, cl100k)', ...rows].join('\n'), data: report };
  },
});

export const snapshotTools: ToolDef[] = [snapshotTool, findTool, tokensTool];
