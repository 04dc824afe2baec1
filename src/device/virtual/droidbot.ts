/**
 * DroidBot import: a DroidBot output folder (`states/*.json` + `events/*.json`, or the corpus layout
 * `screens/*.json|xml` + `screens.jsonl`) becomes a replayable app. Each recorded state is a screen; each
 * recorded event `(start_state, event on a view) → stop_state` is a transition, matched by the point lying
 * inside the event's view bounds (taps), the focused field's bounds and typed value (set_text), or the key name.
 * Actions with no recorded outcome keep the screen; VirtualPhone logs them.
 *
 * Field names follow DroidBot's output (device_state.py `state_str`, `foreground_activity`; input_event.py
 * `event_type` click / long_click / set_text / key / intent / kill_app, `view.bounds [[l,t],[r,b]]`).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { GlanceError } from '../../errors.js';
import { area, contains, walk, type UiDump } from '../../hierarchy/model.js';
import { parseDump } from '../../hierarchy/parse.js';
import { keyName } from './keys.js';
import { intentGuess } from './intents.js';
import { leavingIndex } from './leaving.js';
import { modeIndex, type RecordedMode } from './modes.js';
import { graftOffscreen } from './offscreen.js';
import { SYSTEM_PACKAGES, qualifyActivity, type ReplayAction, type ReplayHints, type Scenario, type ScreenDef } from './scenario.js';

type Box = [number, number, number, number];

interface RecordedEvent {
  type: string;
  start: string;
  stop: string;
  /** Event file name, for ordering (DroidBot names them by time). */
  tag: string;
  bounds?: Box;
  text?: string;
  key?: string;
  intent?: string;
  /** A scroll's direction as DroidBot names it: the way the content moves into view (`DOWN` = reveal below). */
  direction?: string;
  /** The view acted on: its resource id and its text (else content description). */
  view?: { id: string; label: string };
}

function invalid(dir: string, message: string): GlanceError {
  return new GlanceError('SCENARIO_INVALID', `DroidBot folder ${dir}: ${message}`, {
    hint: 'expected a DroidBot output folder with states/ (or screens/) and events/',
    context: { dir },
  });
}

function box(v: unknown): Box | undefined {
  if (!Array.isArray(v) || v.length !== 2) return undefined;
  const [a, b] = v as unknown[];
  if (!Array.isArray(a) || !Array.isArray(b)) return undefined;
  const n = [a[0], a[1], b[0], b[1]];
  return n.every((x) => typeof x === 'number') ? (n as Box) : undefined;
}

function readJson(path: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

interface Loaded {
  dump: UiDump;
  offscreen?: number[];
}

/** The XML screen, with the off-screen content its DroidBot JSON twin holds when the two agree. */
function loadPair(xmlPath: string, jsonPath: string | undefined): Loaded {
  const dump = parseDump(readFileSync(xmlPath, 'utf8'));
  if (jsonPath === undefined || !existsSync(jsonPath)) return { dump };
  let twin: UiDump;
  try {
    twin = parseDump(readFileSync(jsonPath, 'utf8'));
  } catch {
    // The XML alone is a faithful screen; the twin only adds what lies beyond the fold.
    return { dump };
  }
  return graftOffscreen(dump, twin) ?? { dump };
}

interface StateFile {
  name: string;
  stateStr: string;
  activity: string;
  load: () => Loaded;
  width: number;
  height: number;
}

function readStates(dir: string): StateFile[] {
  const out: StateFile[] = [];
  const index = join(dir, 'screens.jsonl');
  if (existsSync(index)) {
    // Corpus layout: screens.jsonl names each state's JSON and its uiautomator-XML twin.
    for (const line of readFileSync(index, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const row = JSON.parse(line) as {
        xml?: string;
        droidbot?: string;
        state_str?: string;
        activity?: string;
        width?: number;
        height?: number;
      };
      const file = row.xml ?? row.droidbot;
      if (file === undefined || row.state_str === undefined) continue;
      out.push({
        name: basename(file).replace(/\.(xml|json)$/, ''),
        stateStr: row.state_str,
        activity: row.activity ?? '',
        load: () =>
          row.xml !== undefined
            ? loadPair(join(dir, row.xml), row.droidbot === undefined ? undefined : join(dir, row.droidbot))
            : { dump: parseDump(readFileSync(join(dir, file), 'utf8')) },
        width: row.width ?? 1080,
        height: row.height ?? 1920,
      });
    }
    return out;
  }
  const statesDir = existsSync(join(dir, 'states')) ? join(dir, 'states') : join(dir, 'screens');
  if (!existsSync(statesDir)) return out;
  for (const f of readdirSync(statesDir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const path = join(statesDir, f);
    const json = readJson(path);
    if (json === undefined || typeof json.state_str !== 'string') continue;
    out.push({
      name: f.replace(/\.json$/, ''),
      stateStr: json.state_str,
      activity: typeof json.foreground_activity === 'string' ? json.foreground_activity : '',
      load: () => ({ dump: parseDump(readFileSync(path, 'utf8')) }),
      width: typeof json.width === 'number' ? json.width : 1080,
      height: typeof json.height === 'number' ? json.height : 1920,
    });
  }
  return out;
}

function readEvents(dir: string): RecordedEvent[] {
  const eventsDir = join(dir, 'events');
  if (!existsSync(eventsDir)) return [];
  const out: RecordedEvent[] = [];
  for (const f of readdirSync(eventsDir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const json = readJson(join(eventsDir, f));
    const ev = json?.event as Record<string, unknown> | undefined;
    if (json === undefined || ev === undefined || typeof json.start_state !== 'string' || typeof json.stop_state !== 'string') continue;
    const view = ev.view as Record<string, unknown> | undefined;
    const r: RecordedEvent = { type: String(ev.event_type), start: json.start_state, stop: json.stop_state, tag: f };
    const b = box(view?.bounds);
    if (b !== undefined) r.bounds = b;
    if (typeof ev.text === 'string') r.text = ev.text;
    const key = typeof ev.name === 'string' ? keyName(ev.name) : undefined;
    if (key !== undefined) r.key = key;
    if (typeof ev.intent === 'string') r.intent = ev.intent;
    if (typeof ev.direction === 'string') r.direction = ev.direction.toUpperCase();
    const str = (v: unknown): string => (typeof v === 'string' ? v : '');
    if (view !== undefined) r.view = { id: str(view.resource_id), label: str(view.text) || str(view.content_description) };
    out.push(r);
  }
  return out;
}

/** `event_2023-07-06_233355.json` → epoch seconds (DroidBot names events by local time; only gaps matter). */
function tagTime(tag: string): number | undefined {
  const m = /(\d{4})-(\d\d)-(\d\d)_(\d\d)(\d\d)(\d\d)/.exec(tag);
  if (m === null) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s) / 1000;
}

/** Recorded sessions are minutes long: an event this soon after the previous one continues the same session. */
const SESSION_GAP_S = 600;

/**
 * Picks among recorded events for the same action. The same tap can have had different outcomes (content
 * changed between sessions). Every event that led to where the replay is now is a hypothesis about which
 * session it follows; the candidate recorded soonest after any of them continues a session, so it wins.
 * Otherwise the most frequent outcome (ties: the latest recording).
 */
function choose(events: readonly RecordedEvent[], previous: readonly string[]): RecordedEvent | undefined {
  const prev = previous.map(tagTime).filter((t): t is number => t !== undefined);
  let best: RecordedEvent | undefined;
  let bestGap = Infinity;
  for (const e of events) {
    const t = tagTime(e.tag);
    if (t === undefined) continue;
    for (const p of prev) {
      const gap = t - p;
      if (gap > 0 && gap <= SESSION_GAP_S && gap < bestGap) {
        best = e;
        bestGap = gap;
      }
    }
  }
  return best ?? likeliest(events);
}

/** The most frequent stop state among events (ties: the latest recording wins). */
function likeliest(events: readonly RecordedEvent[]): RecordedEvent | undefined {
  const count = new Map<string, number>();
  for (const e of events) count.set(e.stop, (count.get(e.stop) ?? 0) + 1);
  let best: RecordedEvent | undefined;
  for (const e of events) {
    if (
      best === undefined ||
      count.get(e.stop)! > count.get(best.stop)! ||
      (count.get(e.stop) === count.get(best.stop) && e.tag > best.tag)
    )
      best = e;
  }
  return best;
}

interface Replayed {
  to: string;
  events: string[];
}

/** Loads a DroidBot output folder as a replayable scenario. */
export function loadDroidbot(dirIn: string): Scenario {
  const dir = resolve(dirIn);
  const states = readStates(dir);
  if (states.length === 0) throw invalid(dir, 'no states found');
  const events = readEvents(dir);

  const byStateStr = new Map<string, string>();
  const screens = new Map<string, ScreenDef>();
  const failures: string[] = [];
  const fileAliases = new Map<string, string>();
  for (const s of states) {
    const known = byStateStr.get(s.stateStr);
    if (known !== undefined) {
      // The same screen recorded again: one canonical copy, the file name stays an alias (it dates a session).
      fileAliases.set(s.name, known);
      continue;
    }
    let loaded: Loaded;
    try {
      loaded = s.load();
    } catch (e) {
      failures.push(`${s.name}: ${e instanceof Error ? e.message : String(e)}`);
      continue;
    }
    byStateStr.set(s.stateStr, s.name);
    const [pkg = ''] = s.activity.split('/');
    const def: ScreenDef = { name: s.name, activity: s.activity === '' ? `${pkg}/` : qualifyActivity(pkg, s.activity), dump: loaded.dump };
    if (loaded.offscreen !== undefined) def.offscreen = loaded.offscreen;
    screens.set(s.name, def);
  }
  if (screens.size === 0) throw invalid(dir, `no state could be read (${failures.slice(0, 3).join('; ')})`);

  // The app under test: the package the recorded `am start` intents launch, else the most common foreground.
  const intents = events.filter((e) => e.type === 'intent' && e.intent !== undefined && /\bam start\b/.test(e.intent));
  const component = intents.map((e) => /([\w.]+\/[\w.$]+)/.exec(e.intent!)?.[1]).find((c) => c !== undefined);
  const pkgCount = new Map<string, number>();
  for (const s of screens.values()) {
    const p = s.activity.split('/')[0]!;
    if (!/launcher/.test(p)) pkgCount.set(p, (pkgCount.get(p) ?? 0) + 1);
  }
  const pkg = component?.split('/')[0] ?? [...pkgCount].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'unknown.app';
  const launched = likeliest(
    intents.filter((e) => byStateStr.has(e.stop) && screens.get(byStateStr.get(e.stop)!)!.activity.startsWith(`${pkg}/`)),
  );
  const start =
    (launched !== undefined ? byStateStr.get(launched.stop) : undefined) ??
    [...screens.values()].find((s) => s.activity.startsWith(`${pkg}/`))?.name ??
    screens.keys().next().value!;
  const first = states[0]!;

  // Replay index: start screen → its recorded events (only those whose stop state was recorded too).
  const from = new Map<string, RecordedEvent[]>();
  for (const e of events) {
    const a = byStateStr.get(e.start);
    if (a === undefined || !byStateStr.has(e.stop)) continue;
    let list = from.get(a);
    if (list === undefined) from.set(a, (list = []));
    list.push(e);
  }
  const outcome = (e: RecordedEvent | undefined, among: readonly RecordedEvent[]): Replayed | undefined => {
    if (e === undefined) return undefined;
    const events = among.filter((o) => o.stop === e.stop).map((o) => o.tag);
    // A recorded self-loop: the action did nothing visible; keep the live screen (and its focus/edits).
    return { to: e.stop === e.start ? '@stay' : byStateStr.get(e.stop)!, events };
  };
  const pick = (candidates: readonly RecordedEvent[], previous: readonly string[], hints: ReplayHints): Replayed | undefined => {
    const stops = [...new Set(candidates.map((e) => e.stop))];
    if (stops.length > 1 && hints.prefer !== undefined) {
      // Two recordings of the same action disagree: the caller knows which outcome its task expects.
      const names = stops.map((s) => (s === candidates[0]!.start ? '@stay' : byStateStr.get(s)!));
      const want = hints.prefer(names);
      const i = want === undefined ? -1 : names.indexOf(want);
      if (i >= 0) return outcome(likeliest(candidates.filter((e) => e.stop === stops[i])), candidates);
    }
    return outcome(choose(candidates, previous), candidates);
  };
  // Screens the recording reached from `screen` by typing into it: the same screen with other field values.
  const typedVariants = (screen: string): string[] => [
    ...new Set((from.get(screen) ?? []).filter((e) => e.type === 'set_text' && e.stop !== e.start).map((e) => byStateStr.get(e.stop)!)),
  ];
  const replay = (screen: string, action: ReplayAction, previous: readonly string[], hints: ReplayHints = {}): Replayed | undefined => {
    const own = replayOn(screen, action, previous, hints);
    if ((own !== undefined && own.to !== '@stay') || hints.local !== true || action.kind === 'text') return own;
    // Edits made without a recorded event: what was recorded after typing on this screen answers the next action
    // (a recorded no-op on the untyped screen, such as a back that only hid the keyboard, yields to it).
    for (const v of typedVariants(screen)) {
      const r = replayOn(v, action, previous, hints);
      if (r !== undefined && r.to !== '@stay') return r;
    }
    return own;
  };
  const replayOn = (screen: string, action: ReplayAction, previous: readonly string[], hints: ReplayHints): Replayed | undefined => {
    const list = from.get(screen) ?? [];
    if (action.kind === 'key')
      return pick(
        list.filter((e) => e.type === 'key' && e.key === action.key),
        previous,
        hints,
      );
    if (action.kind === 'text') {
      const typed = list.filter((e) => e.type === 'set_text' && e.text === action.value);
      const b = action.bounds;
      if (b === undefined) return pick(typed, previous, hints);
      // The recorded view is the focused field: same bounds, or (the JSON and the dump clip differently) one
      // whose bounds hold the field's centre.
      const same = typed.filter((e) => e.bounds !== undefined && e.bounds.every((v, i) => v === b[i]));
      const cx = (b[0] + b[2]) / 2;
      const cy = (b[1] + b[3]) / 2;
      const near = typed.filter((e) => e.bounds !== undefined && contains(e.bounds, cx, cy));
      return pick(same.length > 0 ? same : near.length > 0 ? near : typed.length === 1 ? typed : [], previous, hints);
    }
    if (action.kind === 'scroll') {
      // The finger moves against the content: a swipe up scrolls DOWN.
      const want = { up: 'DOWN', down: 'UP', left: 'RIGHT', right: 'LEFT' }[action.direction];
      const scrolls = list.filter(
        (e) => e.type === 'scroll' && e.direction === want && (e.bounds === undefined || contains(e.bounds, action.x, action.y)),
      );
      return pick(scrolls, previous, hints);
    }
    const kinds = action.kind === 'long' ? ['long_click'] : ['click', 'touch'];
    const hits = list.filter((e) => kinds.includes(e.type) && e.bounds !== undefined && contains(e.bounds, action.x, action.y));
    if (hits.length === 0) return undefined;
    // The innermost recorded view under the point wins, as the touch would have gone to it.
    const smallest = Math.min(...hits.map((e) => area(e.bounds!)));
    return pick(
      hits.filter((e) => area(e.bounds!) === smallest),
      previous,
      hints,
    );
  };

  const activityOf = (stateStr: string): string | undefined => screens.get(byStateStr.get(stateStr) ?? '')?.activity;
  const leaves = leavingIndex(
    events.flatMap((e) => {
      const to = activityOf(e.stop);
      if (e.type !== 'click' || e.view === undefined || to === undefined || !activityOf(e.start)?.startsWith(`${pkg}/`)) return [];
      const other = pkgOf(to);
      return [{ ...e.view, to, foreign: other !== pkg && !/launcher/.test(other) }];
    }),
    // An app that records its own call screen is the phone app: its call buttons stay in it.
    intentGuess({
      ownsCalls: [...screens.values()].some((s) => s.activity.startsWith(`${pkg}/`) && /Call/.test(s.activity.split('/')[1]!)),
    }),
  );

  const modes = modeIndex(recordedModes(events, (s) => screens.get(byStateStr.get(s) ?? ''), pkg));

  const label = (pkg.split('.').pop() ?? pkg).replace(/^./, (c) => c.toUpperCase());
  return {
    name: basename(dir),
    package: pkg,
    label,
    launcher: component !== undefined ? qualifyActivity(pkg, component) : screens.get(start)!.activity,
    start,
    display: { width: first.width, height: first.height, density: 420 },
    systemBars: false,
    packages: [...new Set([...SYSTEM_PACKAGES, pkg])],
    device: { model: 'Glance Virtual Device', product: 'glance_droidbot', sdk: 30, release: '11' },
    screens,
    transitions: [],
    tcp: new Map(),
    dir,
    aliases: new Map([...byStateStr, ...fileAliases]),
    replay,
    leaves,
    modes,
  };
}

/**
 * Recorded long-presses that opened another screen of the app (a selection mode, a row menu), with the view
 * pressed: the node of the start screen with the event's bounds (the innermost, as the touch went to it).
 */
function recordedModes(
  events: readonly RecordedEvent[],
  screenOf: (stateStr: string) => ScreenDef | undefined,
  pkg: string,
): RecordedMode[] {
  const out: RecordedMode[] = [];
  for (const e of events) {
    const start = screenOf(e.start);
    const stop = screenOf(e.stop);
    const b = e.bounds;
    if (e.type !== 'long_click' || b === undefined || start === undefined || stop === undefined || start === stop) continue;
    if (!start.activity.startsWith(`${pkg}/`) || !stop.activity.startsWith(`${pkg}/`)) continue;
    let row = -1;
    let i = 0;
    for (const { node } of walk(start.dump.roots)) {
      if (node.bounds.every((v, k) => v === b[k])) row = i;
      i++;
    }
    if (row >= 0) out.push({ start, stop, row });
  }
  return out;
}

const pkgOf = (activity: string): string => activity.split('/')[0] ?? '';
