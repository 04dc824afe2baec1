/**
 * Key names → Android key codes for `glance key NAME`. Numbers from android.view.KeyEvent
 * (frameworks/base/core/java/android/view/KeyEvent.java). Accepted forms: `BACK`, `back`, `KEYCODE_BACK`, `4`.
 */
import { GlanceError } from '../errors.js';

const NAMED: ReadonlyArray<readonly [string, number]> = [
  ['SOFT_LEFT', 1],
  ['SOFT_RIGHT', 2],
  ['HOME', 3],
  ['BACK', 4],
  ['CALL', 5],
  ['ENDCALL', 6],
  ['STAR', 17],
  ['POUND', 18],
  ['DPAD_UP', 19],
  ['DPAD_DOWN', 20],
  ['DPAD_LEFT', 21],
  ['DPAD_RIGHT', 22],
  ['DPAD_CENTER', 23],
  ['VOLUME_UP', 24],
  ['VOLUME_DOWN', 25],
  ['POWER', 26],
  ['CAMERA', 27],
  ['CLEAR', 28],
  ['COMMA', 55],
  ['PERIOD', 56],
  ['ALT_LEFT', 57],
  ['ALT_RIGHT', 58],
  ['SHIFT_LEFT', 59],
  ['SHIFT_RIGHT', 60],
  ['TAB', 61],
  ['SPACE', 62],
  ['SYM', 63],
  ['EXPLORER', 64],
  ['ENVELOPE', 65],
  ['ENTER', 66],
  ['DEL', 67],
  ['GRAVE', 68],
  ['MINUS', 69],
  ['EQUALS', 70],
  ['LEFT_BRACKET', 71],
  ['RIGHT_BRACKET', 72],
  ['BACKSLASH', 73],
  ['SEMICOLON', 74],
  ['APOSTROPHE', 75],
  ['SLASH', 76],
  ['AT', 77],
  ['NUM', 78],
  ['HEADSETHOOK', 79],
  ['FOCUS', 80],
  ['PLUS', 81],
  ['MENU', 82],
  ['NOTIFICATION', 83],
  ['SEARCH', 84],
  ['MEDIA_PLAY_PAUSE', 85],
  ['MEDIA_STOP', 86],
  ['MEDIA_NEXT', 87],
  ['MEDIA_PREVIOUS', 88],
  ['MEDIA_REWIND', 89],
  ['MEDIA_FAST_FORWARD', 90],
  ['MUTE', 91],
  ['PAGE_UP', 92],
  ['PAGE_DOWN', 93],
  ['ESCAPE', 111],
  ['FORWARD_DEL', 112],
  ['CTRL_LEFT', 113],
  ['CTRL_RIGHT', 114],
  ['CAPS_LOCK', 115],
  ['MOVE_HOME', 122],
  ['MOVE_END', 123],
  ['INSERT', 124],
  ['MEDIA_PLAY', 126],
  ['MEDIA_PAUSE', 127],
  ['NUMPAD_ENTER', 160],
  ['VOLUME_MUTE', 164],
  ['APP_SWITCH', 187],
  ['BRIGHTNESS_DOWN', 220],
  ['BRIGHTNESS_UP', 221],
  ['SLEEP', 223],
  ['WAKEUP', 224],
  ['ASSIST', 219],
  ['VOICE_ASSIST', 231],
  ['CUT', 277],
  ['COPY', 278],
  ['PASTE', 279],
  ['ALL_APPS', 284],
];

/** Friendlier names people and models use for the same keys. */
const ALIASES: Readonly<Record<string, string>> = {
  RECENTS: 'APP_SWITCH',
  RECENT: 'APP_SWITCH',
  OVERVIEW: 'APP_SWITCH',
  BACKSPACE: 'DEL',
  DELETE: 'FORWARD_DEL',
  RETURN: 'ENTER',
  ESC: 'ESCAPE',
  UP: 'DPAD_UP',
  DOWN: 'DPAD_DOWN',
  LEFT: 'DPAD_LEFT',
  RIGHT: 'DPAD_RIGHT',
  CENTER: 'DPAD_CENTER',
  END: 'MOVE_END',
  VOLUMEUP: 'VOLUME_UP',
  VOLUMEDOWN: 'VOLUME_DOWN',
};

const BY_NAME = new Map<string, number>(NAMED);
for (let d = 0; d <= 9; d++) BY_NAME.set(String(d), 7 + d);
for (let i = 0; i < 26; i++) BY_NAME.set(String.fromCharCode(65 + i), 29 + i);
const BY_CODE = new Map<number, string>([...BY_NAME].map(([n, c]) => [c, n]));

/** KeyEvent.getMaxKeyCode() on recent Android is below 400; anything above is certainly a typo. */
const MAX_KEYCODE = 400;

export interface ResolvedKey {
  code: number;
  /** Canonical name without `KEYCODE_` when the code is in our table. */
  name: string | undefined;
}

/** Resolves a key name, alias, `KEYCODE_*` name or number; UNKNOWN_KEY otherwise. */
export function resolveKey(key: string): ResolvedKey {
  const k = key.trim();
  if (/^\d+$/.test(k)) {
    const code = Number(k);
    if (code > 0 && code < MAX_KEYCODE) return { code, name: BY_CODE.get(code) };
  } else {
    const upper = k
      .toUpperCase()
      .replace(/^KEYCODE_/, '')
      .replace(/[-\s]/g, '_');
    const name = ALIASES[upper] ?? ALIASES[upper.replace(/_/g, '')] ?? upper;
    const code = BY_NAME.get(name);
    if (code !== undefined) return { code, name };
  }
  throw new GlanceError('UNKNOWN_KEY', `unknown key "${key}"`, {
    hint: 'use a name such as BACK, HOME, RECENTS, ENTER, DEL, TAB, SEARCH, MENU, VOLUME_UP, DPAD_DOWN, MOVE_END, any KEYCODE_* name, or a key code number',
  });
}

/** Canonical name of a key code (`4` → `BACK`), for messages and the equivalent command line. */
export function keyLabel(code: number): string {
  return BY_CODE.get(code) ?? String(code);
}

/** The code of a canonical key name (`BACK`, `A`, `7`; no `KEYCODE_`, no aliases); undefined when unknown. */
export function codeOfKey(name: string): number | undefined {
  return BY_NAME.get(name);
}

/** The canonical name of a key code; undefined when it is not in the table. */
export function nameOfKey(code: number): string | undefined {
  return BY_CODE.get(code);
}
