/**
 * Trailmap files → the model: `*.waypoint.yaml`, `*.shortcut.yaml` (YAML, read with the `yaml` library) and
 * `captures/*.json` (a hierarchy with its waypoint id). Pure: loading from a folder is load.ts.
 */
import { parse as parseYaml } from 'yaml';
import { GlanceError } from '../errors.js';
import type { Platform } from '../hierarchy/model.js';
import { parseDump } from '../hierarchy/parse.js';
import type { Capture, NodeSelector, Shortcut, ToolCall, Trailmap, Waypoint, WaypointCheck } from './model.js';

function invalid(file: string, message: string): GlanceError {
  return new GlanceError('TRAILMAP_INVALID', `${file}: ${message}`, {
    hint: 'a trailmap holds waypoints/*.waypoint.yaml, shortcuts/*.shortcut.yaml and captures/*.json in the Trailblaze format',
    context: { file },
  });
}

function readYaml(text: string, file: string): Record<string, unknown> {
  let v: unknown;
  try {
    v = parseYaml(text);
  } catch (e) {
    throw invalid(file, `not YAML: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw invalid(file, 'expected a mapping at the top');
  return v as Record<string, unknown>;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const REGEX_KEYS = new Set([
  'resourceIdRegex',
  'textRegex',
  'contentDescriptionRegex',
  'accessibilityTextRegex',
  'classNameRegex',
  'hintTextRegex',
]);
const FLAG_KEYS = new Set(['isClickable', 'isEnabled', 'selected', 'focused', 'checked']);

/** Platform wrappers a selector may sit in (`iosMaestro:`, `androidAccessibility:`, …): one level is unwrapped. */
const WRAPPERS = /^(ios|android|web|compose)[A-Za-z]*$/;

/** A selector object, with or without its platform wrapper; unknown keys are errors, never ignored. */
export function parseNodeSelector(v: unknown, file: string): NodeSelector {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw invalid(file, 'a selector is not a mapping');
  let o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length === 1 && WRAPPERS.test(keys[0]!) && typeof o[keys[0]!] === 'object') o = o[keys[0]!] as Record<string, unknown>;
  const sel: NodeSelector = {};
  for (const [k, val] of Object.entries(o)) {
    if (REGEX_KEYS.has(k)) {
      if (typeof val !== 'string') throw invalid(file, `${k} must be a string`);
      (sel as Record<string, unknown>)[k] = val;
    } else if (FLAG_KEYS.has(k)) {
      if (typeof val !== 'boolean') throw invalid(file, `${k} must be true or false`);
      (sel as Record<string, unknown>)[k] = val;
    } else if (k === 'childOf') sel.childOf = parseNodeSelector(val, file);
    else if (k === 'minCount') {
      if (typeof val !== 'number' || !Number.isInteger(val) || val < 0) throw invalid(file, 'minCount must be a whole number');
      sel.minCount = val;
    } else throw invalid(file, `unknown selector key "${k}"`);
  }
  return sel;
}

function checks(v: unknown, file: string): WaypointCheck[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw invalid(file, 'required/forbidden must be lists');
  return v.map((item) => {
    const o = (item ?? {}) as Record<string, unknown>;
    return { description: str(o['description']), selector: parseNodeSelector(o['selector'], file) };
  });
}

/** One `*.waypoint.yaml`: `{id, description, ios|android: {required, forbidden}}` → one waypoint per platform. */
export function parseWaypoint(text: string, file = 'waypoint'): Waypoint[] {
  const y = readYaml(text, file);
  const id = str(y['id']);
  if (id === '') throw invalid(file, 'no id');
  const out: Waypoint[] = [];
  for (const platform of ['ios', 'android'] as const satisfies readonly Platform[]) {
    const section = y[platform];
    if (section === undefined) continue;
    const s = (section ?? {}) as Record<string, unknown>;
    out.push({
      id,
      description: str(y['description']).trim(),
      platform,
      required: checks(s['required'], file),
      forbidden: checks(s['forbidden'], file),
    });
  }
  if (out.length === 0) throw invalid(file, 'no ios or android section');
  return out;
}

/** One `*.shortcut.yaml`: `{id, description, shortcut: {from, to}, tools: [{name: params}]}`. */
export function parseShortcut(text: string, file = 'shortcut'): Shortcut {
  const y = readYaml(text, file);
  const sc = (y['shortcut'] ?? {}) as Record<string, unknown>;
  const from = str(sc['from']);
  const to = str(sc['to']);
  if (from === '' || to === '') throw invalid(file, 'shortcut.from and shortcut.to are required');
  const rawTools = y['tools'];
  if (!Array.isArray(rawTools) || rawTools.length === 0) throw invalid(file, 'tools must be a non-empty list');
  const tools: ToolCall[] = rawTools.map((t) => {
    if (typeof t === 'string') return { name: t, params: {} };
    const entries = typeof t === 'object' && t !== null ? Object.entries(t as Record<string, unknown>) : [];
    if (entries.length !== 1) throw invalid(file, 'each tool is one `name: {params}` entry');
    const [name, params] = entries[0]!;
    return { name, params: typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {} };
  });
  return { id: str(y['id']) || file, description: str(y['description']).trim(), from, to, tools };
}

/** One capture file: `{waypointId, viewHierarchy, deviceWidth, deviceHeight}` (any hierarchy Glance reads). */
export function parseCapture(text: string, file = 'capture'): Capture {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw invalid(file, `not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  const waypointId = str((v as { waypointId?: unknown } | null)?.waypointId);
  if (waypointId === '') throw invalid(file, 'no waypointId');
  return { waypointId, file, dump: parseDump(text) };
}

/** The header (`trailmap.yaml`): the app's display name and its ids per platform. */
export function parseHeader(text: string, file = 'trailmap.yaml'): Pick<Trailmap, 'appIds' | 'name'> {
  const y = readYaml(text, file);
  const target = (y['target'] ?? {}) as Record<string, unknown>;
  const platforms = (target['platforms'] ?? {}) as Record<string, unknown>;
  const appIds: Trailmap['appIds'] = {};
  for (const p of ['ios', 'android'] as const) {
    const ids = ((platforms[p] ?? {}) as Record<string, unknown>)['app_ids'];
    if (Array.isArray(ids)) appIds[p] = ids.filter((i): i is string => typeof i === 'string');
  }
  const name = str(target['display_name']) || str(y['id']);
  return { appIds, ...(name === '' ? {} : { name }) };
}
