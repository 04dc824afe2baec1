/**
 * `/proc/net/tcp` and `/proc/net/tcp6` as the Linux kernel prints them (net/ipv4/tcp_ipv4.c tcp4_seq_show and
 * get_tcp4_sock, net/ipv6/tcp_ipv6.c tcp6_seq_show and get_tcp6_sock): one row per socket, addresses as the
 * kernel's 32-bit words in hex (so 127.0.0.1 reads 0100007F on a little-endian phone), ports in hex, state 0A
 * for LISTEN, and the owner's uid. The virtual device lists its listening sockets only: that is what a
 * client asks these files (who listens on a port), and a phone's established connections vary anyway.
 */

/** A listening socket on the device. */
export interface Listener {
  port: number;
  /** The uid of the app (or system user) whose process holds the socket. */
  uid: number;
  /** `::` (any address, both families, what a Java ServerSocket binds) or 127.0.0.1. */
  family: 'tcp6' | 'tcp';
  inode: number;
}

const hex = (n: number, width: number): string => n.toString(16).toUpperCase().padStart(width, '0');

/** The tail every LISTEN row shares: queues, no timer, no retransmits, then uid, timeout, inode, refcount… */
function tail(l: Listener): string {
  return `0A 00000000:00000000 00:00000000 00000000 ${String(l.uid).padStart(5)} ${'0'.padStart(8)} ${l.inode} 1 0000000000000000 100 0 0 10 0`;
}

/** tcp4 rows are padded to 149 characters (seq_setwidth(TMPSZ - 1) and seq_pad). */
const pad4 = (line: string): string => `${line.padEnd(149)}\n`;

export function procNetTcp(listeners: readonly Listener[]): string {
  const rows = listeners.filter((l) => l.family === 'tcp');
  let out = pad4('  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode');
  rows.forEach((l, i) => {
    out += pad4(`${String(i).padStart(4)}: 0100007F:${hex(l.port, 4)} 00000000:0000 ${tail(l)}`);
  });
  return out;
}

export function procNetTcp6(listeners: readonly Listener[]): string {
  const zero = '0'.repeat(32);
  let out =
    '  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n';
  listeners
    .filter((l) => l.family === 'tcp6')
    .forEach((l, i) => {
      out += `${String(i).padStart(4)}: ${zero}:${hex(l.port, 4)} ${zero}:0000 ${tail(l)}\n`;
    });
  return out;
}
