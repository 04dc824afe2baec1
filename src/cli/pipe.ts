// What the CLI does when the reader of its output goes away (`glance ui | head -1`). Node ignores SIGPIPE, so a
// write to a closed pipe fails with EPIPE and, unhandled, prints a stack trace; Unix tools end quietly instead.
// Built-ins only: the daemon client loads this before anything else.

/** The status a shell reports for a process that SIGPIPE ended (128 + 13). */
export const CLOSED_PIPE_STATUS = 141;

const watched = new WeakSet<NodeJS.WritableStream>();

/**
 * Ends the process quietly with CLOSED_PIPE_STATUS when `stream` (stdout, stderr) finds its reader gone; other
 * stream errors stay as fatal as they were. Watching a stream twice adds nothing.
 */
export function endOnClosedPipe(stream: NodeJS.WritableStream, exit: (status: number) => void = (s) => process.exit(s)): void {
  if (watched.has(stream)) return;
  watched.add(stream);
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    exit(CLOSED_PIPE_STATUS);
  });
}
