// Typing into a field and clearing one. Values are read back from the raw dump: snapshot labels are trimmed
// and cut, a field's value must not be.
import { walk, type UiNode } from '../../hierarchy/model.js';
import type { SnapshotElement } from '../../snapshot/types.js';
import type { DeviceSnapshot } from '../snap.js';
import { latest, type ActionEnv } from './env.js';
import type { ClearOutcome, TypeOutcome } from './outcome.js';
import { finish, settledDiff } from './settle.js';
import { resolveInView } from './into-view.js';
import { describeTarget, type Resolved } from './target.js';

const KEY_MOVE_END = 123;
const KEY_DEL = 67;
const KEY_FORWARD_DEL = 112;
const KEY_ENTER = 66;

/**
 * Keys that empty a field of `n` characters wherever the tap left the cursor (Android puts it at the touched
 * character): to the end of the line, n × DEL back, n × FORWARD_DEL for what a multi-line field has after it.
 */
function clearKeys(n: number): number[] {
  return [KEY_MOVE_END, ...Array<number>(n).fill(KEY_DEL), ...Array<number>(n).fill(KEY_FORWARD_DEL)];
}

/** The dumped node behind an element (same bounds, editable preferred), for its raw value. */
function rawNode(snap: DeviceSnapshot, el: SnapshotElement): UiNode | undefined {
  let best: UiNode | undefined;
  for (const { node } of walk(snap.uiDump().roots)) {
    const b = node.bounds;
    if (b[0] === el.bounds[0] && b[1] === el.bounds[1] && b[2] === el.bounds[2] && b[3] === el.bounds[3]) {
      if (node.editable) return node;
      best ??= node;
    }
  }
  return best;
}

/** Characters currently in a field (an empty field dumps its hint as its text on API 26+). */
function fieldLength(n: UiNode | undefined): number {
  if (!n) return 0;
  if (n.text === '' || (n.hint !== '' && n.text === n.hint)) return 0;
  return [...n.text].length;
}

export interface TypeOptions {
  /** The field (ref, selector or X,Y); omitted: the focused field. */
  target?: string | undefined;
  text: string;
  append?: boolean;
  submit?: boolean;
}

/**
 * Types text. With a target: taps it to focus, clears it unless `append` (see clearKeys; appending moves the
 * cursor to the end instead), types; without: types into the focused field. `submit` presses ENTER after.
 */
export async function typeInto(env: ActionEnv, o: TypeOptions): Promise<TypeOutcome> {
  const call = { signal: env.signal };
  let r: Resolved | undefined;
  if (o.target !== undefined) {
    r = await resolveInView(env, o.target);
    await env.device.tap(r.point, call);
    const n = !o.append && r.element ? fieldLength(rawNode(r.before, r.element)) : 0;
    // Appending: the tap put the cursor where the finger was, so move it to the end first.
    await env.device.keys(n > 0 ? clearKeys(n) : [KEY_MOVE_END], call);
  }
  const before = r?.before ?? (await latest(env));
  await env.device.typeText(o.text, call);
  if (o.submit) await env.device.key(KEY_ENTER, call);
  const { after, ...settled } = await finish(env, before);
  const out: TypeOutcome = { action: 'type', ...(r ? { target: describeTarget(r), point: r.point } : {}), ...settled };
  const ref = r?.element?.ref;
  const now =
    ref !== undefined
      ? after.elements.find((e) => e.ref === ref)
      : after.elements.find((e) => e.states.includes('focused') && e.actions.includes('type'));
  if (now) {
    const raw = rawNode(after, now);
    // A password field shows one mask character per character typed: its count confirms the typing, the text
    // itself is never read back.
    if (now.states.includes('password') || raw?.password === true) {
      out.password = true;
      out.length = fieldLength(raw);
    } else out.value = raw && fieldLength(raw) > 0 ? raw.text : '';
  }
  return out;
}

/** Empties a field: focus it, MOVE_END, DEL per character. */
export async function clearField(env: ActionEnv, target: string): Promise<ClearOutcome> {
  const r = await resolveInView(env, target);
  const call = { signal: env.signal };
  await env.device.tap(r.point, call);
  const n = r.element ? fieldLength(rawNode(r.before, r.element)) : 0;
  if (n > 0) await env.device.keys(clearKeys(n), call);
  return { action: 'clear', target: describeTarget(r), point: r.point, deleted: n, ...(await settledDiff(env, r.before)) };
}
