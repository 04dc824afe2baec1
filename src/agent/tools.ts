/**
 * The agent acts only through the tool registry, so settling, diffs and coded errors are the tools' own.
 * Every tool name and parameter the agent uses is in this one file: when the tools are renamed or reshaped,
 * this is the only place that changes.
 */
import { isGlanceError } from '../errors.js';
import type { SnapshotElement, ScreenInfo } from '../snapshot/types.js';
import { callTool } from '../tools/call.js';
import type { ToolContext } from '../tools/registry.js';
import type { ActResult, AgentAction } from './types.js';

/**
 * A fresh snapshot of the device: on-screen elements with refs, the header, and the dump kept for refs. Read with
 * off-screen elements kept, which come back apart (same refs) and out of the text: what lies beyond a fold.
 */
export async function snapshotScreen(
  ctx: ToolContext,
): Promise<{ screen: ScreenInfo; elements: SnapshotElement[]; offscreen: SnapshotElement[]; text: string }> {
  const r = await callTool('device_snapshot', { offscreen: true }, ctx);
  const data = r.data as { screen: ScreenInfo; elements: SnapshotElement[] };
  const offscreen = data.elements.filter((e) => e.offscreen === true);
  const elements = offscreen.length === 0 ? data.elements : data.elements.filter((e) => e.offscreen !== true);
  return { screen: data.screen, elements, offscreen, text: withoutRefs(r.text, new Set(offscreen.map((e) => e.ref))) };
}

/** The tree text without the lines of `refs` and of everything indented under them. */
function withoutRefs(text: string, refs: ReadonlySet<string>): string {
  if (refs.size === 0) return text;
  const out: string[] = [];
  let skipBelow: number | undefined;
  for (const line of text.split('\n')) {
    const m = /^(\s*)([a-z]\d+)\b/.exec(line);
    const indent = m?.[1]!.length ?? 0;
    if (skipBelow !== undefined && m !== null && indent > skipBelow) continue;
    skipBelow = undefined;
    if (m !== null && refs.has(m[2]!)) {
      skipBelow = indent;
      continue;
    }
    out.push(line);
  }
  return out.join('\n');
}

/** The tool call that performs an action (done and fail are not device actions). */
export function toolCall(a: AgentAction): { name: string; params: Record<string, unknown> } | undefined {
  const target = a.target === undefined ? {} : { target: a.target };
  switch (a.kind) {
    case 'tap':
      return { name: 'device_tap', params: target };
    case 'long_press':
      return { name: 'device_long_press', params: target };
    case 'type':
      return { name: 'device_type', params: { ...target, text: a.text ?? '' } };
    case 'scroll':
      return { name: 'device_scroll', params: { direction: a.direction ?? 'down', ...target } };
    case 'swipe':
      return { name: 'device_swipe', params: { direction: a.direction ?? 'left' } };
    case 'key':
      return { name: 'device_press_key', params: { key: a.key ?? 'BACK' } };
    case 'back':
      return { name: 'device_press_key', params: { key: 'BACK' } };
    case 'launch':
      return { name: 'device_launch_app', params: { app: a.app ?? '' } };
    default:
      return undefined;
  }
}

interface OutcomeData {
  changed?: boolean;
  newScreen?: boolean;
  diff?: string;
  target?: { ref?: string; label?: string };
}

/** Performs an action through its tool; a coded tool error becomes a failed result the policy can read. */
export async function performAction(a: AgentAction, ctx: ToolContext): Promise<ActResult> {
  const call = toolCall(a);
  if (call === undefined) return { ok: true, changed: false, newScreen: false, diff: '' };
  try {
    const r = await callTool(call.name, call.params, ctx);
    const o = (r.data ?? {}) as OutcomeData;
    const out: ActResult = { ok: true, changed: o.changed ?? true, newScreen: o.newScreen ?? false, diff: o.diff ?? r.text };
    if (o.target?.ref !== undefined || o.target?.label !== undefined) {
      out.element = {
        ...(o.target.ref === undefined ? {} : { ref: o.target.ref }),
        ...(o.target.label === undefined ? {} : { label: o.target.label }),
      };
    }
    return out;
  } catch (e) {
    // Aborts and internal faults are not the policy's to handle.
    if (!isGlanceError(e) || e.code === 'ABORTED' || e.code === 'INTERNAL') throw e;
    return {
      ok: false,
      changed: false,
      newScreen: false,
      diff: e.message,
      error: { code: e.code, message: e.message, ...(e.hint === undefined ? {} : { hint: e.hint }) },
    };
  }
}
