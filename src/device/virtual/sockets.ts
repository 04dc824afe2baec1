/**
 * The device's listening TCP sockets: what `adb forward` / `tcp:PORT` streams reach (the handler), and who
 * holds each one (the owner's uid, as `/proc/net/tcp{,6}` reports it). One listener per port, as the kernel
 * allows without SO_REUSEPORT: a second bind is refused until the first closes.
 */
import { procNetTcp, procNetTcp6, type Listener } from './procnet.js';
import type { TcpHandler } from './services.js';

export class DeviceSockets {
  /** Port → handler, what the device's `tcp:PORT` service connects to. */
  readonly handlers = new Map<number, TcpHandler>();
  private readonly owners = new Map<number, Listener>();
  /** Socket inodes count up as a kernel's do; the value itself means nothing to a reader. */
  private inode = 48_211;

  /** Serves `port` with `handler`, held by `uid` (replacing whoever held it: the test or scenario says so). */
  listen(port: number, handler: TcpHandler, uid: number, family: Listener['family'] = 'tcp6'): void {
    this.handlers.set(port, handler);
    this.owners.set(port, { port, uid, family, inode: this.inode++ });
  }

  close(port: number): void {
    this.handlers.delete(port);
    this.owners.delete(port);
  }

  /** Who listens on `port` now, if anyone. */
  owner(port: number): Listener | undefined {
    return this.owners.get(port);
  }

  tcp(): string {
    return procNetTcp(this.sorted());
  }

  tcp6(): string {
    return procNetTcp6(this.sorted());
  }

  private sorted(): Listener[] {
    return [...this.owners.values()].sort((a, b) => a.inode - b.inode);
  }
}
