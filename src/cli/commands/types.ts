import type { CliIO } from '../io.js';

export interface CommandIO extends CliIO {
  json: boolean;
  serial: string | undefined;
}

/** A CLI command that is not a registry tool (servers, file-to-file jobs). */
export interface Command {
  summary: string;
  run(argv: string[], io: CommandIO): Promise<number>;
}
