// The virtual iOS device: a WebDriverAgent HTTP server over a trailmap (captures as screens, shortcuts as
// transitions), for tests, demos and agent worlds with no Mac.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GlanceError } from '../../../errors.js';
import { defaultStart, loadTrailmap, type Trailmap } from '../../../trailmap/index.js';
import { startWdaServer, type RunningWdaServer } from './server.js';
import { TrailmapWorld } from './world.js';

export { defaultStart } from '../../../trailmap/index.js';
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
