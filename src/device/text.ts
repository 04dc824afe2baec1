/**
 * Byte-exact typing through `input text`. Three device-side facts shape the plan (checked on devices, and in
 * frameworks/base/cmds/input/src/com/android/commands/input/Input.java `sendText`):
 *  1. the command runs through `sh -c`, so the argument is single-quoted (a `'` becomes `'\''`);
 *  2. Android turns every `%s` into a space and offers no escape, so spaces are sent as `%s` and a literal
 *     `%` followed by `s` is split over two `input text` calls (`…%` then `s…`);
 *  3. only printable ASCII maps onto key events; `\n` and `\t` are sent as ENTER / TAB key presses, and any
 *     other character needs another route (the ADB Keyboard IME, see AdbDevice.typeText and docs/device.md).
 * Pure: no I/O.
 */
import { GlanceError } from '../errors.js';

export type TypeStep = { kind: 'text'; arg: string } | { kind: 'key'; code: number };

const KEY_ENTER = 66;
const KEY_TAB = 61;

/** True when every character can go through `input text` (printable ASCII, newline, tab). */
export function isAsciiTypable(text: string): boolean {
  return /^[\x20-\x7e\n\t]*$/.test(text);
}

/** Splits text into `input text` arguments (already %s-encoded) and key presses. */
export function planTyping(text: string): TypeStep[] {
  if (!isAsciiTypable(text)) {
    const bad = [...text].find((c) => !/[\x20-\x7e\n\t]/.test(c)) ?? '';
    throw new GlanceError(
      'TEXT_NOT_TYPABLE',
      `\`input text\` cannot type ${JSON.stringify(bad)} (U+${(bad.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')})`,
      {
        hint: 'only printable ASCII goes through `input text`; for other characters install and enable the ADB Keyboard IME (see docs/device.md)',
      },
    );
  }
  const steps: TypeStep[] = [];
  let chunk = '';
  const flush = (): void => {
    if (chunk !== '') steps.push({ kind: 'text', arg: chunk });
    chunk = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n' || c === '\t') {
      flush();
      steps.push({ kind: 'key', code: c === '\n' ? KEY_ENTER : KEY_TAB });
    } else if (c === ' ') {
      chunk += '%s';
    } else if (c === '%' && text[i + 1] === 's') {
      // A literal "%s" would become a space: end this call after the `%`, the `s` opens the next one.
      chunk += '%';
      flush();
    } else {
      chunk += c;
    }
  }
  flush();
  return steps;
}

/** What Android's `input text` does to its argument (used by tests to check the plan round-trips). */
export function androidInputText(arg: string): string {
  return arg.replace(/%s/g, ' ');
}

/** Quotes a word for POSIX sh: single quotes, with `'` written as `'\''`. */
export function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * Quotes a word for POSIX sh only when it needs it, for command lines people read and paste. `#` is not in
 * the bare set: at the start of a word it begins a comment (`glance tap #login` would lose its target).
 */
export function shWord(s: string): string {
  return s !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : shQuote(s);
}

/**
 * Shell command lines for the steps, each below `maxLength` bytes where possible (old devices cap a service
 * name at 4 KiB, adb/transport.h MAX_PAYLOAD_V1), consecutive steps joined with `&&`.
 */
export function typingCommands(steps: readonly TypeStep[], maxLength = 3000): string[] {
  const cmds: string[] = [];
  let cur = '';
  const add = (part: string): void => {
    if (cur !== '' && cur.length + 4 + part.length > maxLength) {
      cmds.push(cur);
      cur = '';
    }
    cur = cur === '' ? part : `${cur} && ${part}`;
  };
  for (const s of steps) {
    if (s.kind === 'key') {
      add(`input keyevent ${s.code}`);
      continue;
    }
    // Long text: split the argument itself, never inside a `%s` pair; quoting can grow it 4x (`'` → `'\''`).
    let arg = s.arg;
    const room = Math.max(8, Math.floor((maxLength - 20) / 4));
    while (arg.length > 0) {
      let n = Math.min(arg.length, room);
      if (n < arg.length && arg[n - 1] === '%') n--;
      add(`input text ${shQuote(arg.slice(0, n))}`);
      arg = arg.slice(n);
    }
  }
  if (cur !== '') cmds.push(cur);
  return cmds;
}
