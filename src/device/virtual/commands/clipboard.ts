/**
 * `cmd clipboard …`: the clipboard service exists, but AOSP's ClipboardService
 * (frameworks/base/services/core/java/com/android/server/clipboard/ClipboardService.java, ClipboardImpl) implements
 * no shell command, so every verb gets Binder's default handleShellCommand (core/java/android/os/Binder.java):
 * `No shell command implementation.` on stderr and status 0. Tools that read or set the clipboard this way
 * (`get-primary-clip`, `get text`…) get exactly that from a stock Android 14 phone.
 */
import type { Command } from '../shell.js';

export const clipboard: Command = (ctx) => {
  ctx.err('No shell command implementation.\n');
  return 0;
};
