import type { CliIO } from '../io.js';

export interface CommandIO extends CliIO {
  /** The global --json switch: print one `{ok, result}` object (output.ts renderResult). */
  json: boolean;
  serial: string | undefined;
}

/** A CLI command that is not a registry tool (servers, file-to-file jobs). */
export interface Command {
  summary: string;
  /** The command has an option named --json of its own; after the verb, `--json` is passed to it. */
  ownsJson?: boolean;
  /** Returns the exit status; errors are thrown (GlanceError) and printed by main.ts. */
  run(argv: string[], io: CommandIO): Promise<number>;
}
