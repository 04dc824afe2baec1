// The virtual iOS device: a WebDriverAgent HTTP server over a trailmap (captures as screens, shortcuts as
// transitions), for tests, demos and agent worlds with no Mac.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GlanceError } from '../../../errors.js';
import { loadTrailmap, type Trailmap } from '../../../trailmap/index.js';
import { startWdaServer, type RunningWdaServer } from './server.js';
import { TrailmapWorld } from './world.js';

export { TrailmapWorld } from './world.js';
export type { WorldEvent } from './world.js';
export { startWdaServer, wdaServer, WdaRoutes, VIRTUAL_SCALE } from './server.js';
export type { RunningWdaServer, WdaServerOptions } from './server.js';

/** The trailmap `glance demo --ios` ships with (an authored notes app). */
export function builtinIosTrailmapDir(): string {
  // src/device/virtual/wda/ (or dist/src/… once built): walk up to package.json.
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 7 && !existsSync(join(dir, 'package.json')); i++) dir = dirname(dir);
  return join(dir, 'assets', 'trailmaps', 'demo-ios');
}

/** The default first screen: the waypoint most shortcuts leave from (a map's hub), among those with a capture. */
export function defaultStart(map: Trailmap): string {
  const out = new Map<string, number>();
  for (const s of map.shortcuts) if (map.captures.has(s.from)) out.set(s.from, (out.get(s.from) ?? 0) + 1);
  const best = [...out].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? [...map.captures.keys()][0];
  if (best === undefined)
    throw new GlanceError('TRAILMAP_INVALID', `no captures in ${map.dir}`, { hint: 'a trailmap needs captures/*.json' });
  return best;
}

export interface StartVirtualIosOptions {
  trailmap: string | Trailmap;
  start?: string;
  port?: number;
}

/** Loads the trailmap and serves it as WDA on 127.0.0.1:PORT. */
export async function startVirtualIos(o: StartVirtualIosOptions): Promise<RunningWdaServer> {
  const map = typeof o.trailmap === 'string' ? await loadTrailmap(o.trailmap) : o.trailmap;
  const start = o.start ?? defaultStart(map);
  if (!map.captures.has(start)) {
    throw new GlanceError('USAGE', `no capture for waypoint "${start}"`, {
      hint: `waypoints with captures: ${[...map.captures.keys()].slice(0, 5).join(', ')}…`,
    });
  }
  return startWdaServer(new TrailmapWorld(map, start), o.port === undefined ? {} : { port: o.port });
}
