// Structural comparison of a UI map with a hand-written expected map: same activities, parts, element ids
// (as multisets of id+kind), transitions; any other key written in an expected element must match too.
import type { MapElement, MapPart, UiMap } from '../../src/uimap/index.js';

export interface ExpectedPart {
  name: string;
  elements: Partial<MapElement>[];
  trigger?: { kind: string; element?: string };
}

export interface ExpectedMap {
  package: string;
  activities: {
    name: string;
    launcher?: boolean;
    label?: string;
    aliases?: string[];
    layouts: string[];
    elements: Partial<MapElement>[];
    fragments: ExpectedPart[];
    dialogs: ExpectedPart[];
    menus: ExpectedPart[];
  }[];
  transitions: { from: string; to: string; trigger?: { kind: string; element?: string }; back?: boolean }[];
}

const key = (e: Partial<MapElement>): string => `${e.id ?? ''}${e.kind === undefined ? '' : `/${e.kind}`}`;
const sorted = (xs: string[]): string[] => [...xs].sort();

function compareElements(where: string, actual: MapElement[], expected: Partial<MapElement>[], diffs: string[]): void {
  const a = sorted(actual.map(key));
  const e = sorted(expected.map(key));
  if (JSON.stringify(a) !== JSON.stringify(e)) diffs.push(`${where}: elements ${JSON.stringify(a)} != expected ${JSON.stringify(e)}`);
  for (const exp of expected) {
    const match = actual.some((act) => Object.entries(exp).every(([k, v]) => (act as unknown as Record<string, unknown>)[k] === v));
    if (!match) diffs.push(`${where}: no element matching ${JSON.stringify(exp)}`);
  }
}

function compareParts(where: string, actual: MapPart[], expected: ExpectedPart[], diffs: string[]): void {
  const a = sorted(actual.map((p) => p.name));
  const e = sorted(expected.map((p) => p.name));
  if (JSON.stringify(a) !== JSON.stringify(e)) diffs.push(`${where}: parts ${JSON.stringify(a)} != expected ${JSON.stringify(e)}`);
  for (const p of expected) {
    const act = actual.find((x) => x.name === p.name);
    if (act === undefined) continue;
    compareElements(`${where} ${p.name}`, act.elements, p.elements, diffs);
    if (JSON.stringify(act.trigger ?? null) !== JSON.stringify(p.trigger ?? null)) {
      diffs.push(`${where} ${p.name}: trigger ${JSON.stringify(act.trigger)} != expected ${JSON.stringify(p.trigger)}`);
    }
  }
}

export function transitionKey(t: { from: string; to: string; trigger?: { kind: string; element?: string }; back?: boolean }): string {
  return `${t.from} -> ${t.to} [${t.trigger?.kind ?? ''}${t.trigger?.element === undefined ? '' : ` ${t.trigger.element}`}]${t.back === true ? ' back' : ''}`;
}

/** Differences as readable lines; empty when the map matches. */
export function compareMap(actual: UiMap, expected: ExpectedMap): string[] {
  const diffs: string[] = [];
  if (actual.package !== expected.package) diffs.push(`package ${actual.package} != ${expected.package}`);
  const names = sorted(actual.activities.map((a) => a.name));
  const expNames = sorted(expected.activities.map((a) => a.name));
  if (JSON.stringify(names) !== JSON.stringify(expNames)) diffs.push(`activities ${JSON.stringify(names)} != ${JSON.stringify(expNames)}`);
  for (const exp of expected.activities) {
    const act = actual.activities.find((a) => a.name === exp.name);
    if (act === undefined) continue;
    const w = exp.name.split('.').at(-1) ?? exp.name;
    if ((act.launcher ?? false) !== (exp.launcher ?? false)) diffs.push(`${w}: launcher ${act.launcher} != ${exp.launcher}`);
    if (act.label !== exp.label) diffs.push(`${w}: label ${act.label} != ${exp.label}`);
    if (JSON.stringify(act.aliases ?? []) !== JSON.stringify(exp.aliases ?? [])) diffs.push(`${w}: aliases differ`);
    if (JSON.stringify(sorted(act.layouts)) !== JSON.stringify(sorted(exp.layouts)))
      diffs.push(`${w}: layouts ${JSON.stringify(act.layouts)} != ${JSON.stringify(exp.layouts)}`);
    compareElements(w, act.elements, exp.elements, diffs);
    compareParts(`${w} fragments`, act.fragments, exp.fragments, diffs);
    compareParts(`${w} dialogs`, act.dialogs, exp.dialogs, diffs);
    compareParts(`${w} menus`, act.menus, exp.menus, diffs);
  }
  const at = sorted(actual.transitions.map(transitionKey));
  const et = sorted(expected.transitions.map(transitionKey));
  for (const t of et) if (!at.includes(t)) diffs.push(`missing transition ${t}`);
  for (const t of at) if (!et.includes(t)) diffs.push(`unexpected transition ${t}`);
  return diffs;
}
