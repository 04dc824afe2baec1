// Reading the files a user names (--from, --diff, --map …); the file system's errno becomes a coded error through
// errors.ts's fileError, so a missing, unreadable or directory path is the user's to fix, never an INTERNAL bug.
import { mkdtemp, open, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileError, GlanceError } from '../errors.js';

/**
 * Largest input read whole (a file or standard input): real dumps are under 2 MiB, a UI Map a few MiB. Without a
 * bound `--from /dev/zero` grew the process to hundreds of MiB before failing inside the string code.
 */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

export function inputTooLarge(what: string): GlanceError {
  return new GlanceError('INPUT_TOO_LARGE', `${what} is larger than ${MAX_INPUT_BYTES / (1024 * 1024)} MiB`, {
    hint: 'name a screen dump or a saved snapshot, not a device file or a stream without end',
    context: { maxBytes: MAX_INPUT_BYTES },
  });
}

/** Collects chunks up to MAX_INPUT_BYTES, then fails with INPUT_TOO_LARGE. */
export async function readBounded(chunks: AsyncIterable<Uint8Array>, what: string): Promise<string> {
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const c of chunks) {
    total += c.length;
    if (total > MAX_INPUT_BYTES) throw inputTooLarge(what);
    parts.push(c);
  }
  return Buffer.concat(parts).toString('utf8');
}

/** The whole file as UTF-8 text (at most MAX_INPUT_BYTES), failures as coded errors. */
export async function readTextFile(path: string, named = path): Promise<string> {
  try {
    const handle = await open(path, 'r');
    try {
      return await readBounded(handle.createReadStream({ autoClose: false }), path);
    } finally {
      await handle.close();
    }
  } catch (e) {
    throw fileError(e, named);
  }
}

/**
 * Writes a file the user named; a missing folder, a directory or a read-only place is a coded error.
 * `named` is the path as the user wrote it (for messages), when `path` was resolved from it.
 */
export async function writeUserFile(path: string, data: Uint8Array | string, named = path): Promise<void> {
  try {
    await writeFile(path, data);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException | undefined)?.code;
    if (code === undefined) throw e;
    const why = code === 'ENOENT' ? 'its folder does not exist' : code === 'EISDIR' ? 'it is a directory' : code;
    throw new GlanceError('OUTPUT_UNWRITABLE', `cannot write ${named}: ${why}`, {
      hint: 'name a file in a folder that exists and that you can write to',
      context: { path: named, errno: code },
      cause: e,
    });
  }
}

/**
 * Keeps an image the caller named no file for (a terminal shows no image): in a new private folder under the
 * temp directory ($TMPDIR of the call), so no other user can have put a file or a link at that path first.
 * Answers the file's path.
 */
export async function keepTempImage(
  env: Readonly<Record<string, string | undefined>>,
  data: Uint8Array,
  format: 'png' | 'webp' | 'jpeg',
): Promise<string> {
  const base = env['TMPDIR'] || tmpdir();
  let dir: string;
  try {
    dir = await mkdtemp(join(base, 'glance-'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException | undefined)?.code;
    if (code === undefined) throw e;
    throw new GlanceError('OUTPUT_UNWRITABLE', `cannot keep the image under ${base}: ${code}`, {
      hint: 'name a file for it (glance screenshot FILE), or set TMPDIR to a folder you can write to',
      context: { path: base, errno: code },
      cause: e,
    });
  }
  const path = join(dir, `screenshot.${format === 'jpeg' ? 'jpg' : format}`);
  await writeUserFile(path, data);
  return path;
}
