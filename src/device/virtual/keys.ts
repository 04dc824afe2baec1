/**
 * How the virtual device's `input keyevent` reads its arguments, over the same KeyEvent table Glance's host
 * side resolves key names with (device/keys.ts), so every key `glance key` sends is one the device knows.
 */
import { codeOfKey, nameOfKey } from '../keys.js';

/** KEYCODE_UNKNOWN: `input` accepts it, Glance never sends it, so it lives only here. */
const UNKNOWN = 'UNKNOWN';

/**
 * Resolves what `input keyevent` was given: a number, `KEYCODE_NAME` or (API 29+ also accepts) `NAME`.
 * Returns the canonical name without the prefix (`BACK`), or undefined when unknown.
 */
export function keyName(arg: string): string | undefined {
  if (/^\d+$/.test(arg)) return Number(arg) === 0 ? UNKNOWN : nameOfKey(Number(arg));
  const name = arg.toUpperCase().replace(/^KEYCODE_/, '');
  return name === UNKNOWN || codeOfKey(name) !== undefined ? name : undefined;
}

const PRINTING: Readonly<Record<string, string>> = {
  SPACE: ' ',
  COMMA: ',',
  PERIOD: '.',
  MINUS: '-',
  EQUALS: '=',
  LEFT_BRACKET: '[',
  RIGHT_BRACKET: ']',
  BACKSLASH: '\\',
  SEMICOLON: ';',
  APOSTROPHE: "'",
  SLASH: '/',
  AT: '@',
  PLUS: '+',
  STAR: '*',
  POUND: '#',
  GRAVE: '`',
  TAB: '\t',
};

/** The character a key types into a focused text field, if it is a printing key. */
export function keyChar(name: string): string | undefined {
  if (/^[A-Z]$/.test(name)) return name.toLowerCase();
  if (/^\d$/.test(name)) return name;
  return PRINTING[name];
}
