/**
 * Tools are data: each is defined once — name, description, zod input and output schemas, annotations,
 * handler — and the CLI (src/cli), the MCP server (src/mcp) and the library are adapters over this list, so the
 * front-ends cannot drift. Tools take only semantic params (`target`, `text`, `until`…): verbs, positional
 * words and flags belong to the CLI's command table.
 */
import type { z } from 'zod';
import type { NextStep } from '../errors.js';
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
  mimeType: 'image/png' | 'image/webp' | 'image/jpeg';
}

/** What a tool hands back to every front-end (built with tools/response.ts). */
export interface ToolResult {
  /** Text for a person or a model (what the CLI prints without --json). */
  text: string;
  /** Structured result: `--json` prints it under `result`, MCP returns it as `structuredContent`. */
  data?: Record<string, unknown> | readonly unknown[];
  images?: ToolImage[];
  /**
   * The params that repeat this call, when they differ from the ones given (a key name in its canonical
   * spelling): what the CLI prints as the equivalent command and what a recorded trajectory replays.
   */
  replay?: Record<string, unknown>;
  /** A follow-up worth suggesting (rendered by each front-end: a command on the CLI, a tool name over MCP). */
  next?: NextStep;
  /** CLI exit status when not 0 although the call succeeded (e.g. `assert` that failed is an error instead). */
  exitCode?: number;
}

/** Where the latest snapshot of each device is kept, so a ref from one snapshot resolves in the next action. */
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
  /**
   * Where paths named in params may lie (the MCP server confines them to its roots): the real path to use, or a
   * PATH_NOT_ALLOWED error. readFile and writeFile check through it already; tools that hand a folder to other
   * code (a source tree to map) call it themselves. Absent: anywhere the user can reach.
   */
  allowPath?(path: string, use: 'read' | 'write'): Promise<string>;
  /**
   * Keeps an image the caller named no file for, where a front-end cannot show images (the CLI): writes it to a
   * new file of its choosing and answers that file's path. Absent (MCP, the library): the image is returned.
   */
  keepImage?(data: Uint8Array, format: 'png' | 'webp' | 'jpeg'): Promise<string>;
  /**
   * The image format the caller's client takes best, for an image returned when the call names no format nor
   * file (MCP: negotiated with the client, or the server's default); absent: WebP.
   */
  imageFormat?: 'png' | 'webp' | 'jpeg';
  /** Creates a folder the user named for a tool's output files (and its parents); absent: folders must exist. */
  makeDir?: (path: string) => Promise<void>;
  /** Progress of a long call (agent runs report each step): MCP sends it as progress notifications. */
  progress?: (p: ToolProgress) => void;
  /** Environment for settings a tool reads (model names, keys); absent: the process's. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Folder where UI Maps built from source are cached between calls; absent: built per call. */
  cacheDir?: string;
}

export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
  /** A status the next one replaces (how far a long analysis is), not an event worth keeping (a run's step). */
  transient?: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ToolDef<S extends z.ZodObject<any> = z.ZodObject<any>> {
  name: string;
  title: string;
  description: string;
  schema: S;
  /**
   * What of `data` an MCP client gets as `structuredContent`: the data is cut to this shape (fields it does not
   * name are left to the text). Every successful result conforms to it.
   */
  output?: z.ZodObject;
  /**
   * List `output` as the MCP `outputSchema`: for tools whose result a host reads as data (serials, counts,
   * geometry) rather than as text. Every listed schema is read by the host before the first call, so it is not the
   * default.
   */
  listOutput?: boolean;
  annotations: ToolAnnotations;
  /** Offered over MCP (default true). */
  mcp?: boolean;
  handler(input: z.output<S>, ctx: ToolContext): Promise<ToolResult>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function defineTool<S extends z.ZodObject<any>>(def: ToolDef<S>): ToolDef<S> {
  return def;
}
