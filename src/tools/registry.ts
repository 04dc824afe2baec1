/**
 * Tools are data: each is defined once — name, description, zod input schema, annotations,
 * handler — and the CLI (src/cli) and the MCP server (src/mcp) are adapters over this list, so the two
 * front-ends cannot drift. `scripts/docs.ts` renders the README's tool table from it.
 */
import type { z } from 'zod';
import type { DeviceProvider } from '../device/provider.js';

export type { DeviceProvider };

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ToolImage {
  data: Uint8Array;
  mimeType: 'image/png';
}

/** What a tool hands back to either front-end. */
export interface ToolResult {
  /** Text for a person or a model (what the CLI prints without --json). */
  text: string;
  /** Structured result (what `--json` prints under `result`). */
  data?: unknown;
  images?: ToolImage[];
  /** CLI exit status when not 0 although the call succeeded (e.g. `assert` that failed is an error instead). */
  exitCode?: number;
}

/** Where the latest snapshot of each device is kept, so a ref from `glance ui` resolves in `glance tap`. */
export interface SnapshotStore {
  load(key: string): Promise<string | undefined>;
  save(key: string, dump: string): Promise<void>;
}

export interface ToolContext {
  signal: AbortSignal;
  /** Serial chosen by `-s` / the `device` argument (undefined: let the provider decide). */
  serial: string | undefined;
  devices: DeviceProvider;
  snapshots: SnapshotStore;
  /** Reads a file the user named (`-` is standard input on the CLI). */
  readFile(path: string): Promise<string>;
  writeFile(path: string, data: Uint8Array | string): Promise<void>;
}

export interface ToolCli {
  /** The CLI verb (`ui`, `tap`, `long-press`…). */
  verb: string;
  /** Schema keys filled from positional arguments, in order. */
  positionals?: readonly string[];
  /** When true, the last positional takes every remaining argument joined by spaces. */
  restJoined?: boolean;
  /** Single-letter aliases for flags: `{ n: 'count' }`. */
  short?: Readonly<Record<string, string>>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ToolDef<S extends z.ZodObject<any> = z.ZodObject<any>> {
  name: string;
  title: string;
  description: string;
  schema: S;
  annotations: ToolAnnotations;
  /** CLI mapping; absent for tools that only make sense over MCP. */
  cli?: ToolCli;
  /** Offered over MCP (default true). */
  mcp?: boolean;
  handler(input: z.output<S>, ctx: ToolContext): Promise<ToolResult>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function defineTool<S extends z.ZodObject<any>>(def: ToolDef<S>): ToolDef<S> {
  return def;
}
