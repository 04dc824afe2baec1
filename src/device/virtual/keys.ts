/**
 * Android key codes the virtual device understands, with the names `input keyevent` accepts.
 * Numbers from android.view.KeyEvent (frameworks/base/core/java/android/view/KeyEvent.java).
 */

const NAMED: ReadonlyArray<[string, number]> = [
  ['UNKNOWN', 0], ['SOFT_LEFT', 1], ['SOFT_RIGHT', 2], ['HOME', 3], ['BACK', 4], ['CALL', 5], ['ENDCALL', 6],
  ['STAR', 17], ['POUND', 18], ['DPAD_UP', 19], ['DPAD_DOWN', 20], ['DPAD_LEFT', 21], ['DPAD_RIGHT', 22],
  ['DPAD_CENTER', 23], ['VOLUME_UP', 24], ['VOLUME_DOWN', 25], ['POWER', 26], ['CAMERA', 27], ['CLEAR', 28],
  ['COMMA', 55], ['PERIOD', 56], ['ALT_LEFT', 57], ['ALT_RIGHT', 58], ['SHIFT_LEFT', 59], ['SHIFT_RIGHT', 60],
  ['TAB', 61], ['SPACE', 62], ['SYM', 63], ['EXPLORER', 64], ['ENVELOPE', 65], ['ENTER', 66], ['DEL', 67],
  ['GRAVE', 68], ['MINUS', 69], ['EQUALS', 70], ['LEFT_BRACKET', 71], ['RIGHT_BRACKET', 72], ['BACKSLASH', 73],
  ['SEMICOLON', 74], ['APOSTROPHE', 75], ['SLASH', 76], ['AT', 77], ['NUM', 78], ['HEADSETHOOK', 79], ['FOCUS', 80],
  ['PLUS', 81], ['MENU', 82], ['NOTIFICATION', 83], ['SEARCH', 84], ['MEDIA_PLAY_PAUSE', 85], ['MEDIA_STOP', 86],
  ['MEDIA_NEXT', 87], ['MEDIA_PREVIOUS', 88], ['MUTE', 91], ['PAGE_UP', 92], ['PAGE_DOWN', 93], ['ESCAPE', 111],
  ['FORWARD_DEL', 112], ['CTRL_LEFT', 113], ['CTRL_RIGHT', 114], ['CAPS_LOCK', 115], ['MOVE_HOME', 122],
  ['MOVE_END', 123], ['INSERT', 124], ['NUMPAD_ENTER', 160], ['VOLUME_MUTE', 164], ['APP_SWITCH', 187],
  ['SLEEP', 223], ['WAKEUP', 224], ['CUT', 277], ['COPY', 278], ['PASTE', 279],
];

const BY_NAME = new Map<string, number>(NAMED);
const BY_CODE = new Map<number, string>(NAMED.map(([n, c]) => [c, n]));
for (let d = 0; d <= 9; d++) {
  BY_NAME.set(String(d), 7 + d);
  BY_CODE.set(7 + d, String(d));
}
for (let i = 0; i < 26; i++) {
  const letter = String.fromCharCode(65 + i);
  BY_NAME.set(letter, 29 + i);
  BY_CODE.set(29 + i, letter);
}

/**
 * Resolves what `input keyevent` was given: a number, `KEYCODE_NAME` or (API 29+ also accepts) `NAME`.
 * Returns the canonical name without the prefix (`BACK`), or undefined when unknown.
 */
export function keyName(arg: string): string | undefined {
  if (/^\d+$/.test(arg)) return BY_CODE.get(Number(arg));
  const name = arg.toUpperCase().replace(/^KEYCODE_/, '');
  return BY_NAME.has(name) ? name : undefined;
}

export function keyCode(name: string): number | undefined {
  return BY_NAME.get(name);
}

/** The character a key types into a focused text field, if it is a printing key. */
export function keyChar(name: string): string | undefined {
  if (/^[A-Z]$/.test(name)) return name.toLowerCase();
  if (/^\d$/.test(name)) return name;
  const map: Record<string, string> = {
    SPACE: ' ', COMMA: ',', PERIOD: '.', MINUS: '-', EQUALS: '=', LEFT_BRACKET: '[', RIGHT_BRACKET: ']',
    BACKSLASH: '\\', SEMICOLON: ';', APOSTROPHE: "'", SLASH: '/', AT: '@', PLUS: '+', STAR: '*', POUND: '#', GRAVE: '`', TAB: '\t',
  };
  return map[name];
}
