/**
 * An Android trailmap as a virtual device's app: each waypoint with a capture is a screen, and the shortcuts are
 * its transitions. A tap, long press, typed text or BACK that performs a shortcut's tool from the waypoint on
 * screen shows the shortcut's target (the phone asks through the scenario's replay hook, as it does for DroidBot
 * recordings); swipe shortcuts are plain swipe transitions. Anything else does what it does on any screen.
 */
import { GlanceError } from '../../errors.js';
import { walk } from '../../hierarchy/model.js';
import { defaultStart, shortcutTaken, type Trailmap, type UiAction } from '../../trailmap/index.js';
import { SYSTEM_PACKAGES, type ReplayAction, type Scenario, type ScreenDef, type Transition } from './scenario.js';

function uiAction(a: ReplayAction): UiAction | undefined {
  switch (a.kind) {
    case 'tap':
      return { kind: 'tap', x: a.x, y: a.y };
    case 'long':
      return { kind: 'longPress', x: a.x, y: a.y };
    case 'text':
      return { kind: 'type', text: a.value };
    case 'key':
      return a.key === 'BACK' ? { kind: 'back' } : undefined;
  }
}

/** The scenario a virtual Android device runs for a trailmap (start: a waypoint id, default the map's hub). */
export function trailmapScenario(map: Trailmap, start?: string): Scenario {
  const pkg = map.appIds.android?.[0] ?? 'com.example.trailmap';
  const activity = `${pkg}/${pkg}.MainActivity`;
  const screens = new Map<string, ScreenDef>();
  for (const [id, capture] of map.captures) {
    if ((capture.dump.platform ?? 'android') !== 'android') continue;
    const dump = structuredClone(capture.dump);
    for (const { node } of walk(dump.roots)) if (node.pkg === '') node.pkg = pkg;
    screens.set(id, { name: id, activity, dump });
  }
  const first = start ?? defaultStart({ ...map, captures: new Map([...map.captures].filter(([id]) => screens.has(id))) });
  const firstScreen = screens.get(first);
  if (firstScreen === undefined) {
    throw new GlanceError('USAGE', `no Android capture for waypoint "${first}"`, {
      hint: `waypoints with Android captures: ${[...screens.keys()].slice(0, 5).join(', ') || 'none'}`,
    });
  }
  const transitions: Transition[] = [];
  for (const s of map.shortcuts) {
    const tool = s.tools[0];
    const dir = String(tool?.params['direction'] ?? '').toLowerCase();
    if (s.tools.length !== 1 || tool?.name !== 'swipe' || !screens.has(s.from) || !screens.has(s.to)) continue;
    if (dir === 'up' || dir === 'down' || dir === 'left' || dir === 'right')
      transitions.push({ from: s.from, on: { swipe: dir }, to: s.to, replace: true });
  }
  const replay = (screen: string, action: ReplayAction): { to: string; events: string[] } | undefined => {
    const def = screens.get(screen);
    const a = uiAction(action);
    if (def === undefined || a === undefined) return undefined;
    const taken = shortcutTaken(map, screen, a, def.dump);
    return taken === undefined || !screens.has(taken.to) ? undefined : { to: taken.to, events: [taken.id] };
  };
  const { width, height } = firstScreen.dump;
  return {
    name: map.name ?? pkg,
    package: pkg,
    label: map.name ?? pkg,
    launcher: activity,
    start: first,
    display: { width: width || 1080, height: height || 2400, density: 420 },
    systemBars: false,
    packages: [...new Set([...SYSTEM_PACKAGES, pkg])],
    device: { model: 'Glance Virtual Device', product: 'glance_trailmap', sdk: 34, release: '14' },
    screens,
    transitions,
    tcp: new Map(),
    ...(map.dir === '' ? {} : { dir: map.dir }),
    replay,
  };
}
