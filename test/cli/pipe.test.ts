// A reader that leaves early (`glance ui | head -1`) ends the CLI quietly with SIGPIPE's shell status, instead of
// an unhandled EPIPE and a stack trace.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { CLOSED_PIPE_STATUS, endOnClosedPipe } from '../../src/cli/pipe.js';
import { devArgs } from '../helpers/cli.js';
import { repoRoot } from '../helpers/corpus.js';

function pipeError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`write ${code}`), { code });
}

describe('endOnClosedPipe', () => {
  test('EPIPE ends with status 141; any other stream error stays fatal; watching twice adds nothing', () => {
    const stream = new EventEmitter() as unknown as NodeJS.WritableStream;
    const exits: number[] = [];
    endOnClosedPipe(stream, (s) => exits.push(s));
    endOnClosedPipe(stream, (s) => exits.push(s));
    assert.equal((stream as unknown as EventEmitter).listenerCount('error'), 1);
    stream.emit('error', pipeError('EPIPE'));
    assert.deepEqual(exits, [CLOSED_PIPE_STATUS]);
    assert.equal(CLOSED_PIPE_STATUS, 128 + 13);
    assert.throws(() => stream.emit('error', pipeError('EIO')), /write EIO/);
    assert.deepEqual(exits, [CLOSED_PIPE_STATUS]);
  });

  test('a glance process whose reader is gone exits 141 with nothing on stderr', async () => {
    const child = spawn(process.execPath, [...devArgs, '--help'], {
      cwd: repoRoot,
      env: { ...process.env, GLANCE_NO_DAEMON: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Closed before the child has even started: its first write finds no reader.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const status = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    assert.equal(stderr, '');
    assert.equal(status, CLOSED_PIPE_STATUS);
  });
});
