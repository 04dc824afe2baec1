/**
 * Wire tracing: `GLANCE_DEBUG=adb` (ADB packets and adb server requests), `virtual` (the virtual device's
 * services and shell commands), `mcp` (JSON-RPC messages), `model` (model calls and
 * the AI SDK's warnings), a comma list of them, or `*` for all. One line per
 * event on stderr, prefixed `glance:AREA`. Every layer may import this module; it is the one place outside
 * cli/ that writes to the process's stderr, so library code traces through it and never through console.
 */

export type DebugArea = 'adb' | 'virtual' | 'mcp' | 'model';

const AREAS: readonly DebugArea[] = ['adb', 'virtual', 'mcp', 'model'];

/** The areas a GLANCE_DEBUG value names; unknown names are ignored, as DEBUG-style variables do. */
export function parseDebugAreas(spec: string | undefined): ReadonlySet<DebugArea> {
  const words = (spec ?? '')
    .split(/[\s,]+/)
    .map((w) => w.trim().toLowerCase())
    .filter((w) => w.length > 0);
  if (words.includes('*') || words.includes('all')) return new Set(AREAS);
  return new Set(AREAS.filter((a) => words.includes(a)));
}

let cachedSpec: string | undefined;
let cachedAreas: ReadonlySet<DebugArea> = new Set();

/** Whether `area` is traced; reads GLANCE_DEBUG each time (cheap), so a test or host may set it late. */
export function debugEnabled(area: DebugArea): boolean {
  const spec = process.env['GLANCE_DEBUG'];
  if (spec !== cachedSpec) {
    cachedSpec = spec;
    cachedAreas = parseDebugAreas(spec);
  }
  return cachedAreas.has(area);
}

/** Writes `glance:AREA MESSAGE` to stderr when the area is on; `message` is only built then. */
export function debug(area: DebugArea, message: () => string): void {
  if (!debugEnabled(area)) return;
  process.stderr.write(`glance:${area} ${message()}\n`);
}

/** A short, escaped, quoted view of bytes or text: printable ASCII as is, the rest as \n, \0, \xNN; long input cut. */
export function preview(data: Uint8Array | string, max = 48): string {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  let out = '';
  for (const b of bytes.subarray(0, max)) {
    if (b === 0x0a) out += '\\n';
    else if (b === 0x0d) out += '\\r';
    else if (b === 0x09) out += '\\t';
    else if (b === 0x00) out += '\\0';
    else if (b === 0x22 || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
    else out += `\\x${b.toString(16).padStart(2, '0')}`;
  }
  return `"${out}"${bytes.length > max ? `…(+${bytes.length - max} B)` : ''}`;
}
