/**
 * W3C actions (`POST /session/:id/actions`) on the virtual phone. Each pointer source's down…up stretch becomes
 * one touch gesture, classified as `input swipe` does on the phone (a still touch is a tap, or a long press when
 * held 500 ms or more; a moving one a swipe over the time it took). Key sources type their characters, with the
 * WebDriver codes for backspace and enter mapped to Android keys.
 */
import type { VirtualPhone } from '../phone.js';
import { Uia2HttpError } from './state.js';

type Body = Record<string, unknown>;

/** WebDriver special keys (the Unicode private-use codes of the spec) that a text field understands. */
const WEBDRIVER_KEYS: Record<string, string> = {
  '\uE003': 'DEL',
  '\uE006': 'ENTER',
  '\uE007': 'ENTER',
  '\uE00C': 'ESCAPE',
  '\uE011': 'MOVE_HOME',
  '\uE010': 'MOVE_END',
  '\uE012': 'DPAD_LEFT',
  '\uE014': 'DPAD_RIGHT',
  '\uE017': 'FORWARD_DEL',
};

const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

function pointer(phone: VirtualPhone, items: Body[]): void {
  let x = 0;
  let y = 0;
  let down: { x: number; y: number } | undefined;
  let heldMs = 0;
  for (const a of items) {
    switch (a['type']) {
      case 'pointerMove':
        if (down !== undefined) heldMs += num(a['duration'], 0);
        x = num(a['x'], x);
        y = num(a['y'], y);
        break;
      case 'pointerDown':
        down = { x, y };
        heldMs = 0;
        break;
      case 'pause':
        if (down !== undefined) heldMs += num(a['duration'], 0);
        break;
      case 'pointerUp':
        if (down === undefined) break;
        phone.swipe(down, { x, y }, heldMs);
        down = undefined;
        break;
      default:
        throw new Uia2HttpError('invalid argument', `Unsupported pointer action type '${String(a['type'])}'`);
    }
  }
}

function keys(phone: VirtualPhone, items: Body[]): void {
  let typed = '';
  const flush = (): void => {
    if (typed === '') return;
    const current = phone.editValue(undefined);
    if (current !== undefined) phone.setText(undefined, current + typed);
    typed = '';
  };
  for (const a of items) {
    if (a['type'] !== 'keyDown' || typeof a['value'] !== 'string') continue;
    const special = WEBDRIVER_KEYS[a['value']];
    if (special === undefined) typed += a['value'];
    else {
      flush();
      phone.key(special);
    }
  }
  flush();
}

export function performActions(phone: VirtualPhone, body: Body): void {
  const sources = body['actions'];
  if (!Array.isArray(sources)) throw new Uia2HttpError('invalid argument', "'actions' must be an array");
  for (const src of sources as Body[]) {
    const items = Array.isArray(src['actions']) ? (src['actions'] as Body[]) : [];
    if (src['type'] === 'pointer') pointer(phone, items);
    else if (src['type'] === 'key') keys(phone, items);
    else if (src['type'] !== 'none') throw new Uia2HttpError('invalid argument', `Unsupported action source type '${String(src['type'])}'`);
  }
}
