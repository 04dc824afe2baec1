// `glance mcp [--http PORT] [--token TOKEN] [--root DIR]…`: the MCP server over stdio (default) or Streamable HTTP on
// 127.0.0.1, its tools' file arguments confined to the roots.
import { mkdir } from 'node:fs/promises';
import { readTextFile, writeUserFile } from '../files.js';
import { GlanceError } from '../../errors.js';
import { IMAGE_FORMATS, type ImageFormat } from '../../mcp/images.js';
import { serveHttp, serveStdio, type McpOptions } from '../../mcp/server.js';
import { memorySnapshotStore } from '../../tools/store.js';
import { parseCommandArgs, portOption } from '../args.js';
import { createDeviceProvider } from '../../device/provider.js';
import { LONG_LIVED_BACKEND } from '../../device/uia2/select.js';
import { untilAborted } from '../io.js';
import { renderResult } from '../output.js';
import type { CommandIO } from './types.js';

function imageFormatOption(v: string | undefined): ImageFormat | undefined {
  if (v === undefined || v === '') return undefined;
  const f = IMAGE_FORMATS.find((x) => x === v.toLowerCase());
  if (f === undefined)
    throw new GlanceError('USAGE', `unknown image format "${v}"`, { hint: `--image-format takes ${IMAGE_FORMATS.join(', ')}` });
  return f;
}

export async function mcpCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values } = parseCommandArgs('mcp', {
    args: argv,
    options: {
      http: { type: 'string' },
      token: { type: 'string' },
      root: { type: 'string', multiple: true },
      'image-format': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    io.stdout(
      renderResult(
        {
          text: [
            'glance mcp [--http PORT [--token TOKEN]] [--root DIR]... [--image-format png|webp|jpeg]',
            '',
            'Serves the Glance tools over MCP. Without --http: stdio.',
            'With --http: http://127.0.0.1:PORT/mcp, every request needs `Authorization: Bearer TOKEN`',
            '(TOKEN from --token, else $GLANCE_MCP_TOKEN, else a random one printed on stderr).',
            'Files the tools read or write (from, out, map, src, lib) must lie inside a root: each --root DIR, else the',
            'working directory; over stdio a client that offers MCP roots narrows them. Else PATH_NOT_ALLOWED.',
            'Images a call names no format for are --image-format (else $GLANCE_MCP_IMAGE_FORMAT, else webp), unless',
            'the client lists the image types it takes (capabilities.experimental.images.mimeTypes) without it.',
            '',
          ].join('\n'),
        },
        io.json,
      ),
    );
    return 0;
  }
  const port = values.http === undefined ? undefined : portOption('mcp', '--http', values.http);
  const imageFormat = imageFormatOption(values['image-format'] ?? io.env['GLANCE_MCP_IMAGE_FORMAT']);
  // A server keeps its devices for many calls: it pays the UiAutomator2 server's start once (GLANCE_BACKEND wins).
  const devices = createDeviceProvider(io.env, { defaultBackend: LONG_LIVED_BACKEND });
  const opts: McpOptions = {
    devices,
    snapshots: memorySnapshotStore(),
    defaultSerial: io.serial ?? io.env['ANDROID_SERIAL'],
    readFile: readTextFile,
    writeFile: writeUserFile,
    notice: (line) => io.stderr(`${line}\n`),
    makeDir: async (p) => {
      await mkdir(p, { recursive: true });
    },
    roots: values.root ?? [],
    ...(imageFormat === undefined ? {} : { imageFormat }),
  };
  try {
    if (port === undefined) {
      await serveStdio(opts, io.signal);
      return 0;
    }
    const token = values.token ?? io.env['GLANCE_MCP_TOKEN'];
    const srv = await serveHttp({ ...opts, port, ...(token ? { token } : {}) });
    // With --json the ready line is `{ok, result: {url, token?}}` on stdout (the token only when generated).
    const ready = { url: srv.url, ...(token ? {} : { token: srv.token }) };
    if (io.json) io.stdout(renderResult({ text: '', data: ready }, true));
    else io.stderr(`glance MCP on ${srv.url}\n${token ? '' : `token: ${srv.token}\n`}`);
    await untilAborted(io.signal);
    await new Promise<void>((resolve) => srv.server.close(() => resolve()));
    return 0;
  } finally {
    await devices.close();
  }
}
