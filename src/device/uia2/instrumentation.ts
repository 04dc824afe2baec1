/**
 * The `am instrument -w …` shell stream that runs the UiAutomator2 server: held open for the server's life
 * (the server dies with it, and its end tells Glance the server is gone). Shell v2 reports an exit packet;
 * the legacy shell just ends. What it printed is kept (bounded) for the error that says why it stopped.
 */
import { ShellId, ShellPacketDecoder } from '../../adb/shell-protocol.js';
import type { ByteStream } from '../../adb/stream.js';
import type { CallOptions } from '../types.js';
import { UIA2_INSTRUMENTATION } from './protocol.js';

/** What the running instrumentation needs from the device connection. */
export interface StreamPort {
  open(service: string, opts?: CallOptions): Promise<ByteStream>;
  features(opts?: CallOptions): Promise<string[]>;
}

/** Kept output of the instrumentation (its last words say why it ended). */
const MAX_OUTPUT = 16 * 1024;

/** `-e disableAnalytics true`: the server's own analytics stay off (the driver passes the same). */
export const INSTRUMENT_COMMAND = `am instrument -w -e disableAnalytics true ${UIA2_INSTRUMENTATION}`;

export interface Ended {
  exitCode: number | undefined;
  output: string;
}

export class Instrumentation {
  /** Resolves when the instrumentation ended (never rejects). */
  readonly ended: Promise<Ended>;
  private done = false;
  private output = '';

  private constructor(
    private readonly stream: ByteStream,
    v2: boolean,
  ) {
    this.ended = this.watch(v2);
  }

  static async start(port: StreamPort, opts: CallOptions): Promise<Instrumentation> {
    const v2 = (await port.features(opts)).includes('shell_v2');
    const stream = await port.open(`${v2 ? 'shell,v2,raw:' : 'shell:'}${INSTRUMENT_COMMAND}`, opts);
    return new Instrumentation(stream, v2);
  }

  get alive(): boolean {
    return !this.done;
  }

  /** What it printed so far (its tail). */
  get printed(): string {
    return this.output;
  }

  private keep(text: string): void {
    this.output = (this.output + text).slice(-MAX_OUTPUT);
  }

  private async watch(v2: boolean): Promise<Ended> {
    const decoder = new ShellPacketDecoder();
    const text = new TextDecoder();
    let exitCode: number | undefined;
    try {
      for (;;) {
        const chunk = await this.stream.read();
        if (chunk === null) break;
        if (!v2) {
          this.keep(text.decode(chunk, { stream: true }));
          continue;
        }
        for (const p of decoder.push(chunk)) {
          if (p.id === ShellId.stdout || p.id === ShellId.stderr) this.keep(text.decode(p.data));
          else if (p.id === ShellId.exit) exitCode = p.data[0] ?? 0;
        }
        if (exitCode !== undefined) break;
      }
    } catch (e) {
      this.keep(`\n(stream failed: ${e instanceof Error ? e.message : String(e)})`);
    }
    this.done = true;
    this.stream.close();
    return { exitCode, output: this.output };
  }

  /** Closes the stream: the `am` process ends and the instrumentation with it. */
  close(): void {
    this.stream.close();
  }
}
