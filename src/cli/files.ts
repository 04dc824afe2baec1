// Reading the files a user names (--from, --diff, --map …): the one place where the file system's errno becomes
// a coded error, so a missing, unreadable or directory path is the user's to fix, never an INTERNAL bug.
import { readFile } from 'node:fs/promises';
import { GlanceError } from '../errors.js';

/** The GlanceError for a failed read of `path`; anything that is not a file-system error passes through. */
export function fileError(e: unknown, path: string): unknown {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const context = { path };
  switch (code) {
    case 'ENOENT':
      return new GlanceError('FILE_NOT_FOUND', `no such file: ${path}`, {
        hint: 'check the path (relative paths start at the current directory)',
        context,
        cause: e,
      });
    case 'ENOTDIR':
      return new GlanceError('FILE_NOT_FOUND', `no such file: ${path} (a part of the path is not a directory)`, {
        hint: 'check the path',
        context,
        cause: e,
      });
    case 'EISDIR':
      return new GlanceError('USAGE', `${path} is a directory, not a file`, { hint: 'name a file, not a folder', context, cause: e });
    case 'EACCES':
    case 'EPERM':
      return new GlanceError('INPUT_UNREADABLE', `cannot read ${path}: permission denied`, {
        hint: 'check the file permissions, or copy it somewhere readable',
        context,
        cause: e,
      });
    case 'ELOOP':
    case 'ENAMETOOLONG':
      return new GlanceError('USAGE', `cannot open ${path} (${code})`, { hint: 'check the path', context, cause: e });
    default:
      return e;
  }
}

/** The whole file as UTF-8 text, failures as coded errors. */
export async function readTextFile(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    throw fileError(e, path);
  }
}
