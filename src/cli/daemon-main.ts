// The daemon process client.ts starts: `node daemon-main.js SOCKET`. Exits when idle or told to stop.
import { idleMs } from './client.js';
import { serveDaemon } from './daemon.js';

const socket = process.argv[2];
if (socket === undefined) {
  process.stderr.write('usage: daemon-main SOCKET\n');
  process.exitCode = 1;
} else {
  try {
    const d = await serveDaemon({ socket, idleMs: idleMs(process.env) });
    await d.closed;
  } catch (e) {
    // Another daemon took the socket first: this one is not needed.
    if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
  }
  // Devices closed; sockets the device layer keeps (keep-alive, timers) must not hold the process.
  process.exit(0);
}
