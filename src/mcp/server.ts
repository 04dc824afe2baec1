/**
 * MCP server: an adapter over the tool registry (src/tools). Every registry tool with `mcp !== false` is offered
 * under its name with its zod input schema plus an optional `device` argument, and its output schema; a result
 * carries its text and, as `structuredContent`, its data. Tool failures come back as `isError` results carrying
 * the error code, hint and next tool (the model can act on them); protocol faults stay exceptions.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { errorText, toolCallText } from '../errors.js';
import { catalogue } from '../agent/catalogue.js';
import { DEFAULT_MAX_LABEL } from '../tools/params.js';
import { VERSION } from '../tools/index.js';
import type { DeviceProvider, SnapshotStore, ToolContext, ToolDef } from '../tools/registry.js';
import { createSession, type Session, type SessionCallOptions } from '../tools/session.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  ListToolsRequestSchema,
  RootsListChangedNotificationSchema,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { debug, debugEnabled, preview } from '../debug.js';
import { PathGuard, type PathUse } from './roots.js';
import { negotiateImageFormat, type ImageFormat } from './images.js';
import { structuredContent } from './structured.js';
import { listedTools, sharedParamNotes } from './tool-list.js';
import { BoundedLines, MAX_STDIO_MESSAGE_BYTES, type DroppedMessage } from './stdio-lines.js';

export const INSTRUCTIONS = [
  'Glance drives an Android device for you.',
  'Loop: device_snapshot (read the screen) → decide → act (device_tap, device_type, device_scroll, device_back…) → read the diff the action returns.',
  'Every actionable element in a snapshot starts with a short ref such as k42; pass it as `target`. Refs stay stable across snapshots while the element stays; a stale ref fails with REF_NOT_FOUND: take a new snapshot.',
  `A label cut short ends in \`…[+N]\` (N characters cut; labels are cut at ${DEFAULT_MAX_LABEL} by default): read it whole with device_find or maxLabel 0.`,
  'Use device_wait_for after actions that load, device_screenshot (marks=true) when the text is not enough.',
  'Paths (files, app sources, output folders) must lie inside the roots the user gave this server; when one is refused (PATH_NOT_ALLOWED), ask the user to add a root.',
  'Params several tools share:',
  ...sharedParamNotes(catalogue).map((n) => `- ${n}`),
].join('\n');

export interface McpOptions {
  devices: DeviceProvider;
  snapshots: SnapshotStore;
  defaultSerial: string | undefined;
  readFile(path: string): Promise<string>;
  writeFile(path: string, data: Uint8Array | string): Promise<void>;
  /** Creates an output folder a tool was asked to write into (app_run_task `out`). */
  makeDir?(path: string): Promise<void>;
  /**
   * Folders the tools' file arguments may lie in (default: the working directory). A client that offers MCP
   * roots narrows them; anything outside is refused with PATH_NOT_ALLOWED.
   */
  roots?: readonly string[];
  /** Where the server says what went wrong outside any request (the CLI: stderr); absent: nothing is said. */
  notice?(line: string): void;
  /**
   * The format of images returned when a call names none (default WebP), unless the client lists the image
   * types it takes without it (images.ts).
   */
  imageFormat?: ImageFormat;
}

type Content = { type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string };
type CallResult = { content: Content[]; structuredContent?: Record<string, unknown>; isError?: boolean };

interface RequestExtra {
  signal: AbortSignal;
  _meta?: { progressToken?: string | number | undefined } | undefined;
  sendNotification: (n: {
    method: 'notifications/progress';
    params: { progressToken: string | number; progress: number; total?: number; message?: string };
  }) => Promise<void>;
}

/** A client that sent a progress token gets notifications/progress from long tools (agent runs, per step). */
function progressOf(extra: RequestExtra): Pick<ToolContext, 'progress'> {
  const token = extra._meta?.progressToken;
  if (token === undefined) return {};
  return {
    progress: (p) => {
      void extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, ...p } }).catch(() => undefined);
    },
  };
}

/** `args` arrive validated against the tool's schema (plus `device`) by the SDK, which answers bad ones itself. */
async function callTool(session: Session, tool: ToolDef, args: Record<string, unknown>, opts: SessionCallOptions): Promise<CallResult> {
  const { device: _device, ...input } = args;
  try {
    const r = await session.call(tool.name, input, opts);
    const text = r.next === undefined ? r.text : `${r.text}\nnext: ${toolCallText(r.next)}`;
    const content: Content[] = [{ type: 'text', text }];
    for (const img of r.images ?? [])
      content.push({ type: 'image', data: Buffer.from(img.data).toString('base64'), mimeType: img.mimeType });
    if (r.exitCode) return { content, isError: true };
    const structured = structuredContent(tool, r.data);
    return structured === undefined ? { content } : { content, structuredContent: structured };
  } catch (e) {
    return { content: [{ type: 'text', text: errorText(e) }], isError: true };
  }
}

/**
 * The server's path guard, kept up to date with the client's roots when it offers them (asked once initialised and
 * again on every roots/list_changed); a tool call waits for the latest answer.
 */
function guardRoots(server: McpServer, roots: readonly string[]): () => Promise<PathGuard> {
  const guard = PathGuard.create(roots);
  let ready: Promise<PathGuard> = guard;
  const refresh = (): void => {
    if (server.server.getClientCapabilities()?.roots === undefined) return;
    ready = guard.then(async (g) => {
      try {
        const { roots: offered } = await server.server.listRoots();
        await g.setClientRoots(offered.map((r) => r.uri));
      } catch (e) {
        // A client that announces roots but cannot list them keeps the server's own roots.
        debug('mcp', () => `roots/list failed: ${errorText(e)}`);
      }
      return g;
    });
  };
  server.server.oninitialized = refresh;
  server.server.setNotificationHandler(RootsListChangedNotificationSchema, () => refresh());
  return () => ready;
}

/** File access through the guard: the checked real path is the one read, written or created. */
function confinedFiles(
  opts: McpOptions,
  guard: () => Promise<PathGuard>,
): Pick<ToolContext, 'readFile' | 'writeFile' | 'makeDir' | 'allowPath'> {
  const allowPath = async (p: string, use: PathUse): Promise<string> => (await guard()).allow(p, use);
  const makeDir = opts.makeDir;
  return {
    allowPath,
    readFile: async (p) => opts.readFile(await allowPath(p, 'read')),
    writeFile: async (p, data) => opts.writeFile(await allowPath(p, 'write'), data),
    ...(makeDir === undefined ? {} : { makeDir: async (p: string) => makeDir(await allowPath(p, 'write')) }),
  };
}

export function createMcpServer(opts: McpOptions): McpServer {
  const server = new McpServer({ name: 'glance', version: VERSION }, { instructions: INSTRUCTIONS });
  const session = createSession({
    devices: opts.devices,
    tools: catalogue,
    snapshots: opts.snapshots,
    files: confinedFiles(opts, guardRoots(server, opts.roots ?? [])),
    ...(opts.defaultSerial === undefined ? {} : { serial: opts.defaultSerial }),
  });
  for (const tool of session.tools) {
    if (tool.mcp === false) continue;
    const schema = tool.schema.extend({ device: z.string().optional() });
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: schema,
        ...(tool.output === undefined ? {} : { outputSchema: tool.output }),
        annotations: tool.annotations,
      },
      async (args: Record<string, unknown>, extra: RequestExtra) =>
        callTool(session, tool, args, {
          signal: extra.signal,
          serial: typeof args['device'] === 'string' ? args['device'] : opts.defaultSerial,
          imageFormat: negotiateImageFormat(server.server.getClientCapabilities(), opts.imageFormat ?? 'webp'),
          ...progressOf(extra),
        }),
    );
  }
  // The SDK answers tools/list with its own rendering of the zod schemas; this one says shared params once and
  // leaves out what a model gains nothing from (tool-list.ts). Registered after the tools, so it replaces the SDK's.
  const tools = listedTools(session.tools);
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  return server;
}

export async function serveStdio(opts: McpOptions, signal: AbortSignal): Promise<void> {
  const server = createMcpServer(opts);
  const lines = new BoundedLines((d) => void answerDropped(transport, d, opts.notice));
  process.stdin.pipe(lines);
  const transport = new StdioServerTransport(lines, process.stdout);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.connect(transport);
  // Lines that are not JSON-RPC are dropped by the SDK without an answer: say so rather than nothing.
  server.server.onerror = (e) => opts.notice?.(`mcp server: ${e.message}`);
  traceMessages(transport);
  await closed;
  process.stdin.unpipe(lines);
  await server.close();
}

/** A request dropped for its size gets a JSON-RPC error (when its id could be read) and a line on the notice channel. */
async function answerDropped(transport: Transport, d: DroppedMessage, notice: McpOptions['notice']): Promise<void> {
  const mib = MAX_STDIO_MESSAGE_BYTES / (1024 * 1024);
  const id = d.id === undefined ? '' : ` (request id ${JSON.stringify(d.id)})`;
  notice?.(`mcp server: dropped a message of ${d.bytes} bytes${id}: messages over ${mib} MiB are refused; still serving`);
  if (d.id === undefined) return;
  await transport.send({
    jsonrpc: '2.0',
    id: d.id,
    error: {
      code: ErrorCode.InvalidRequest,
      message: `message of ${d.bytes} bytes is over the ${mib} MiB limit of this stdio server`,
      data: { code: 'INPUT_TOO_LARGE', maxBytes: MAX_STDIO_MESSAGE_BYTES },
    },
  });
}

/** GLANCE_DEBUG=mcp: one line per JSON-RPC message in (<) and out (>), wrapped around the connected transport. */
function traceMessages(transport: Transport): void {
  if (!debugEnabled('mcp')) return;
  const line = (arrow: string, m: JSONRPCMessage): string => {
    const o = m as { id?: string | number; method?: string; params?: unknown; result?: unknown; error?: unknown };
    const kind = o.method !== undefined ? (o.id !== undefined ? 'request' : 'notification') : o.error !== undefined ? 'error' : 'result';
    const body = JSON.stringify(o.params ?? o.result ?? o.error ?? {});
    return [arrow, kind, o.id, o.method, `${body.length} B`, preview(body, 160)].filter((x) => x !== undefined).join(' ');
  };
  const receive = transport.onmessage;
  transport.onmessage = (message, extra) => {
    debug('mcp', () => line('<', message));
    receive?.(message, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    debug('mcp', () => line('>', message));
    return send(message, options);
  };
}

/**
 * A browser page on another site can reach 127.0.0.1 through a DNS name it controls (DNS rebinding): the server
 * answers only requests addressed to a loopback name, and no page from another origin.
 */
function sameHost(req: IncomingMessage, port: number): boolean {
  const local = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  if (!local.has(req.headers.host ?? '')) return false;
  const origin = req.headers.origin;
  return origin === undefined || [...local].some((h) => origin === `http://${h}`);
}

function authorised(req: IncomingMessage, token: string): boolean {
  const got = Buffer.from(req.headers.authorization ?? '');
  const want = Buffer.from(`Bearer ${token}`);
  return got.length === want.length && timingSafeEqual(got, want);
}

/**
 * Streamable HTTP on 127.0.0.1 only, stateless (a fresh server per request, sharing devices and the snapshot
 * store), every request authenticated with a bearer token.
 */
export async function serveHttp(
  opts: McpOptions & { port: number; token?: string },
): Promise<{ server: Server; port: number; token: string; url: string }> {
  const token = opts.token ?? randomBytes(18).toString('base64url');
  let port = opts.port;
  const http = createServer((req, res) => {
    if (!sameHost(req, port)) {
      res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'forbidden host or origin' }));
      return;
    }
    if (!authorised(req, token)) {
      res
        .writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' })
        .end(JSON.stringify({ error: 'unauthorized' }));
      return;
    }
    if (!req.url?.startsWith('/mcp')) {
      res.writeHead(404).end();
      return;
    }
    const server = createMcpServer(opts);
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    server
      .connect(transport)
      .then(() => traceMessages(transport))
      .then(() => transport.handleRequest(req, res))
      .catch((e: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: errorText(e) }));
      });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const addr = http.address();
  port = typeof addr === 'object' && addr ? addr.port : opts.port;
  return { server: http, port, token, url: `http://127.0.0.1:${port}/mcp` };
}
