/**
 * Loads a trailmap folder: every `*.waypoint.yaml` and `*.shortcut.yaml` below it (the header's list of paths is
 * not trusted: published maps move files) and every capture in `captures/`.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { GlanceError } from '../errors.js';
import type { Capture, Trailmap, Waypoint } from './model.js';
import { parseCapture, parseHeader, parseShortcut, parseWaypoint } from './parse.js';

async function filesBelow(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else out.push(p);
    }
  };
  await walk(dir);
  return out.sort();
}

export async function loadTrailmap(dir: string): Promise<Trailmap> {
  let files: string[];
  try {
    files = await filesBelow(dir);
  } catch (e) {
    throw new GlanceError('INPUT_UNREADABLE', `cannot read the trailmap folder ${dir}`, {
      hint: 'pass the folder that holds waypoints/, shortcuts/ and captures/',
      cause: e,
    });
  }
  const waypoints: Waypoint[] = [];
  const shortcuts = [];
  const captures = new Map<string, Capture>();
  let header: Pick<Trailmap, 'appIds' | 'name'> = { appIds: {} };
  for (const f of files) {
    const name = relative(dir, f);
    if (name === 'trailmap.yaml' || name === 'trailmap.yml') header = parseHeader(await readFile(f, 'utf8'), name);
    else if (f.endsWith('.waypoint.yaml') || f.endsWith('.waypoint.yml')) waypoints.push(...parseWaypoint(await readFile(f, 'utf8'), name));
    else if (f.endsWith('.shortcut.yaml') || f.endsWith('.shortcut.yml')) shortcuts.push(parseShortcut(await readFile(f, 'utf8'), name));
    else if (name.startsWith('captures') && f.endsWith('.json')) {
      const c = parseCapture(await readFile(f, 'utf8'), name);
      if (!captures.has(c.waypointId)) captures.set(c.waypointId, c);
    }
  }
  if (waypoints.length === 0 && captures.size === 0) {
    throw new GlanceError('TRAILMAP_INVALID', `no waypoints or captures in ${dir}`, {
      hint: 'pass the folder that holds waypoints/, shortcuts/ and captures/',
    });
  }
  return { dir, waypoints, shortcuts, captures, ...header };
}
