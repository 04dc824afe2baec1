/**
 * The sending half of one multiplexed ADB stream, the same on both ends of the transport (direct-transport.ts
 * on the host, device-endpoint.ts on the device): writes go out in order, cut into WRTE payloads no larger
 * than the negotiated max payload, each waiting for the peer's OKAY (protocol.txt: "the remote side must send
 * OKAY before another WRTE").
 */

export interface WrteSenderOptions {
  /** The max payload negotiated in CNXN. */
  maxPayload: number;
  /** Sends one WRTE packet with this payload. */
  send: (payload: Uint8Array) => Promise<void>;
  /** The error the next chunk fails with once the stream is closed; undefined while it is open. */
  closedError: () => Error | undefined;
  /** Writes start only after this (the device holds them until its OKAY to the OPEN is out). */
  after?: Promise<void>;
}

export class WrteSender {
  private chain: Promise<void>;
  private waiter: { resolve: () => void; reject: (e: unknown) => void } | undefined;

  constructor(private readonly options: WrteSenderOptions) {
    this.chain = options.after ?? Promise.resolve();
  }

  /** Resolves when every chunk of `data` was acknowledged; rejects when the stream closed first. */
  write(data: Uint8Array): Promise<void> {
    const done = this.chain.then(() => this.writeAll(data));
    this.chain = done.catch(() => undefined);
    return done;
  }

  /** Resolves (never rejects) once every write queued so far has finished or failed. */
  drained(): Promise<void> {
    return this.chain;
  }

  /** The peer's OKAY to our last WRTE. */
  okay(): void {
    const w = this.waiter;
    this.waiter = undefined;
    w?.resolve();
  }

  /** Fails the write waiting for an OKAY (the stream or the connection closed). */
  fail(error: unknown): void {
    const w = this.waiter;
    this.waiter = undefined;
    w?.reject(error);
  }

  private async writeAll(data: Uint8Array): Promise<void> {
    const max = this.options.maxPayload;
    for (let at = 0; at < data.length; at += max) {
      const closed = this.options.closedError();
      if (closed) throw closed;
      // adb 29.0.6 silently drops a WRTE over the negotiated max payload and the client then hangs: chunk.
      // Armed before sending: the OKAY may be handled before the write's own callback.
      const acked = new Promise<void>((resolve, reject) => (this.waiter = { resolve, reject }));
      // fail() may run while send() is still pending (the connection dropped under a full socket); the rejection
      // must not surface as an unhandled one when send() then fails and nobody awaits `acked`.
      acked.catch(() => undefined);
      try {
        await this.options.send(data.subarray(at, Math.min(at + max, data.length)));
      } catch (e) {
        // Nothing went out, so no OKAY will come; a later fail() must not reject a promise nobody awaits.
        this.waiter = undefined;
        throw e;
      }
      await acked;
    }
  }
}
