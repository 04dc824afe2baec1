/**
 * `goto`: reach a screen (a map activity) or an element (id or text on the map) without a model. Each hop
 * observes, localises the screen on the map, plans the shortest route from wherever the app actually is, and
 * acts on the next transition's trigger found on screen (by id or text; the overflow menu when the trigger is a
 * menu item it hides). Off the map, in an unexpected dialog or with no trigger on screen it presses BACK, and it
 * re-plans after every hop. It stops when the target is on screen, or fails naming the last screen.
 */
import { GlanceError } from '../errors.js';
import type { SnapshotElement } from '../snapshot/types.js';
import type { Goal, Planner } from './planner.js';
import { isDialog, isMore, labelOf, showsMapElement } from './screen.js';
import type { AgentAction, Observation } from './types.js';
import type { World } from './world.js';

export interface NavigateOptions {
  /** Most actions before giving up (default 12). */
  maxSteps?: number;
  signal?: AbortSignal;
  onStep?: (step: NavigationStep) => void;
}

export interface NavigationStep {
  /** Map activity the step was taken on (undefined: off the map). */
  from: string | undefined;
  action: AgentAction;
  label?: string;
  why: string;
}

export interface NavigationResult {
  reached: boolean;
  target: string;
  /** Map activity where navigation ended. */
  activity: string | undefined;
  steps: NavigationStep[];
  /** The element that shows the target, when the target is an element. */
  element?: SnapshotElement;
  /** The snapshot of the screen it landed on (refs usable by the next action). */
  screen?: string;
}

type Where = { kind: 'screen'; activity: string } | { kind: 'element'; places: Goal[] };

function resolveTarget(planner: Planner, target: string): Where {
  const activity = planner.activity(target);
  if (activity !== undefined) return { kind: 'screen', activity };
  const places = planner.placesOf(target);
  if (places.length > 0) return { kind: 'element', places };
  throw new GlanceError('ELEMENT_NOT_FOUND', `"${target}" is neither a screen nor an element of the map`, {
    hint: 'give an activity name (SettingsActivity), an element id (settings_font_size) or a text the map knows; the map lists them',
    context: { target },
  });
}

/** The element on screen that shows the target (element targets), or true when on the target screen. */
function arrived(where: Where, obs: Observation, here: string | undefined): SnapshotElement | boolean {
  if (where.kind === 'screen') return here === where.activity && !isDialog(obs);
  for (const p of where.places) {
    const el = obs.elements.find((e) => showsMapElement(e, p.element.id, p.element.text ?? p.element.desc));
    if (el !== undefined) return el;
  }
  return false;
}

/** The next action towards the target from `here`, with the reason. */
function nextHop(
  planner: Planner,
  where: Where,
  obs: Observation,
  here: string | undefined,
): { action: AgentAction; why: string; label?: string } {
  const back = (why: string): { action: AgentAction; why: string } => ({ action: { kind: 'back' }, why });
  if (here === undefined) return back('this screen is not on the map');
  const goals = where.kind === 'screen' ? [{ activity: where.activity, target: undefined }] : where.places;
  let best: { steps: number; trigger?: { element?: string; kind: string } } | undefined;
  for (const g of goals) {
    const r = planner.route(here, g.activity);
    if (r === undefined) continue;
    const trigger = r.steps[0]?.trigger ?? g.target?.open;
    if (best === undefined || r.steps.length < best.steps) best = { steps: r.steps.length, ...(trigger === undefined ? {} : { trigger }) };
  }
  if (best === undefined) return back(`no route on the map from ${here}`);
  const t = best.trigger;
  if (t?.kind === 'up') return back('the map goes up from here');
  if (t?.element !== undefined) {
    const text = planner.label(here, t.element);
    const el = obs.elements.find((e) => showsMapElement(e, t.element, text) && e.actions.length > 0);
    if (el !== undefined)
      return { action: { kind: 'tap', target: el.ref }, why: `map trigger ${t.element}`, ...(labelOf(el) ? { label: labelOf(el)! } : {}) };
    const more = obs.elements.find(isMore);
    if (more !== undefined && (t.kind === 'menu' || where.kind === 'element')) {
      return {
        action: { kind: 'tap', target: more.ref },
        why: `${t.element} is in the overflow menu`,
        label: labelOf(more) ?? 'More options',
      };
    }
  }
  if (isDialog(obs)) return back('a dialog is in the way');
  return back(`the trigger ${t?.element ?? t?.kind ?? '?'} is not on screen`);
}

/** Drives `world` to the target; the result says whether it got there (never throws for an unreached target). */
export async function navigateWorld(world: World, planner: Planner, target: string, opts: NavigateOptions = {}): Promise<NavigationResult> {
  const where = resolveTarget(planner, target);
  const max = opts.maxSteps ?? 12;
  const steps: NavigationStep[] = [];
  const seen = new Map<string, number>();
  let obs = await world.observe();
  for (;;) {
    opts.signal?.throwIfAborted();
    const here = planner.localise(obs);
    const at = arrived(where, obs, here);
    if (at !== false) {
      return { reached: true, target, activity: here, steps, screen: obs.text, ...(typeof at === 'object' ? { element: at } : {}) };
    }
    if (steps.length >= max) return { reached: false, target, activity: here, steps };
    const hop = nextHop(planner, where, obs, here);
    // The same action on the same screen a third time: a loop the map cannot get out of.
    const key = `${here}|${obs.text.length}|${JSON.stringify(hop.action)}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n >= 3) return { reached: false, target, activity: here, steps };
    const step: NavigationStep = { from: here, action: hop.action, why: hop.why, ...(hop.label === undefined ? {} : { label: hop.label }) };
    steps.push(step);
    opts.onStep?.(step);
    const r = await world.act(hop.action);
    if (r.offPath === true) return { reached: false, target, activity: here, steps };
    obs = await world.observe();
  }
}

/** As navigateWorld, but an unreached target is NAVIGATION_FAILED naming the last screen. */
export async function navigateOrFail(
  world: World,
  planner: Planner,
  target: string,
  opts: NavigateOptions = {},
): Promise<NavigationResult> {
  const r = await navigateWorld(world, planner, target, opts);
  if (r.reached) return r;
  throw new GlanceError(
    'NAVIGATION_FAILED',
    `could not reach ${target}: stopped on ${r.activity ?? 'a screen that is not on the map'} after ${r.steps.length} steps`,
    {
      hint: "check the screen; a map built with the app's library sources too knows more screens",
      next: { tool: 'device_snapshot' },
      context: { target, activity: r.activity, steps: r.steps.map((s) => `${s.action.kind} ${s.label ?? ''}`.trim()) },
    },
  );
}
