/**
 * GLANCE_DEBUG=adb for the device protocol: wraps a ByteStream that carries ADB packets and logs each packet
 * as it is written or read (who, direction, command, args, length, a payload preview). A second decoder per
 * direction reads the same bytes, so the protocol code itself is untouched; with tracing off the stream is
 * returned as it is.
 */
import { debug, debugEnabled, preview } from '../debug.js';
import { commandName, PacketDecoder, type AdbPacket } from './packet.js';
import type { ByteStream } from './stream.js';

/** `who` names this end: `host` (our client) or `device` (our device endpoint). */
export function tracePackets(stream: ByteStream, who: 'host' | 'device'): ByteStream {
  if (!debugEnabled('adb')) return stream;
  const log = (arrow: '>' | '<', decoder: PacketDecoder | undefined, chunk: Uint8Array): PacketDecoder | undefined => {
    if (decoder === undefined) return undefined;
    try {
      for (const p of decoder.push(chunk)) debug('adb', () => `${who} ${arrow} ${describePacket(p)}`);
      return decoder;
    } catch (e) {
      debug(
        'adb',
        () => `${who} ${arrow} undecodable bytes, tracing of this direction stops: ${e instanceof Error ? e.message : String(e)}`,
      );
      return undefined;
    }
  };
  // Large enough for any payload a peer may announce; the real decoder enforces the negotiated limit.
  let sent: PacketDecoder | undefined = new PacketDecoder({ maxPayload: 16 * 1024 * 1024 });
  let received: PacketDecoder | undefined = new PacketDecoder({ maxPayload: 16 * 1024 * 1024 });
  return {
    write(data) {
      sent = log('>', sent, data);
      return stream.write(data);
    },
    async read() {
      const chunk = await stream.read();
      if (chunk !== null) received = log('<', received, chunk);
      return chunk;
    },
    close: () => stream.close(),
  };
}

/** `OPEN 1 0 13 B "shell:ls\0"`: command, arg0, arg1, payload length and preview. */
export function describePacket(p: AdbPacket): string {
  const body = p.payload.length > 0 ? ` ${preview(p.payload)}` : '';
  return `${commandName(p.command)} ${p.arg0 >>> 0} ${p.arg1 >>> 0} ${p.payload.length} B${body}`;
}
