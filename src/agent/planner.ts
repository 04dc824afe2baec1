/**
 * The planner over a UI Map: where the device is (the foreground activity, else the activity whose element ids
 * the screen shows most), which map elements and screens a task is about (lexical match of texts, hints, ids
 * and activity names), and the route there as map transitions and as instructions a person could follow.
 */
import type { MapElement, MapText, UiMap, UiPath } from '../uimap/index.js';
import { findPaths, renderMapText, routeLines } from '../uimap/index.js';
import { elementsOf, launcherOf } from '../uimap/paths.js';
import type { PathTarget } from '../uimap/index.js';
import { relevance, taskTerms, terms, type TaskTerms } from './lexical.js';
import type { Observation } from './types.js';
import { words } from '../privacy/text.js';

export interface Goal {
  activity: string;
  element: MapElement;
  target: PathTarget;
  score: number;
}

/** `pkg/.ui.Main`, `pkg/pkg.ui.Main` or `pkg.ui.Main` → `pkg.ui.Main`. */
export function qualifiedActivity(component: string): string {
  const [pkg, cls] = component.includes('/') ? (component.split('/', 2) as [string, string]) : ['', component];
  return cls.startsWith('.') ? pkg + cls : cls;
}

const simple = (name: string): string => name.slice(name.lastIndexOf('.') + 1);

/** Map element label words (text, hint, description, id words). */
function mapWords(e: MapElement): string {
  return [e.text, e.hint, e.desc, words(e.id).join(' ')].filter((x) => x !== undefined).join(' ');
}

export class Planner {
  private readonly hits: Array<{ activity: string; element: MapElement; target: PathTarget; terms: ReturnType<typeof terms> }>;

  /** In how many map elements each word occurs (for inverse document frequency). */
  private readonly df = new Map<string, number>();

  constructor(readonly map: UiMap) {
    this.hits = map.activities.flatMap((a) => elementsOf(a).map((h) => ({ ...h, terms: terms(mapWords(h.element)) })));
    for (const h of this.hits) for (const t of [...h.terms.stems, ...h.terms.concepts]) this.df.set(t, (this.df.get(t) ?? 0) + 1);
  }

  /** A word on a handful of elements decides more than one on dozens (1 for rare words, down to ~0.4). */
  idf(term: string): number {
    return 1 / (1 + Math.log2(1 + (this.df.get(term) ?? 0) / 8) / 2);
  }

  /** The map activity the screen belongs to, by the foreground activity, else by the element ids it shows. */
  localise(obs: Pick<Observation, 'screen' | 'elements'>): string | undefined {
    const fg = obs.screen.activity === undefined ? undefined : qualifiedActivity(`${obs.screen.package ?? ''}/${obs.screen.activity}`);
    if (fg !== undefined) {
      const exact = this.map.activities.find((a) => a.name === fg || a.aliases?.includes(fg) === true);
      if (exact !== undefined) return exact.name;
      const bySimple = this.map.activities.filter((a) => simple(a.name) === simple(fg));
      if (bySimple.length === 1) return bySimple[0]!.name;
    }
    const ids = new Set(obs.elements.map((e) => e.id).filter((x): x is string => x !== undefined));
    let best: string | undefined;
    let bestCount = 1;
    for (const a of this.map.activities) {
      const n = new Set(
        elementsOf(a)
          .filter((h) => ids.has(h.element.id) && h.target.part === 'activity')
          .map((h) => h.element.id),
      ).size;
      if (n > bestCount) [best, bestCount] = [a.name, n];
    }
    return best;
  }

  /** Map elements the task is about, best first (at least one task word in their text, hint or id). */
  goals(tt: TaskTerms, limit = 12): Goal[] {
    const scored = this.hits
      .map((h) => ({ h, score: relevance(tt, h.terms, (t) => this.idf(t)) }))
      .filter((x) => x.score >= 0.5 && [...tt.stems.keys()].some((s) => x.h.terms.stems.has(s)));
    scored.sort((a, b) => b.score - a.score || a.h.activity.localeCompare(b.h.activity) || a.h.element.id.localeCompare(b.h.element.id));
    const top = scored[0]?.score ?? 0;
    return scored
      .filter((x) => x.score >= top * 0.75)
      .slice(0, limit)
      .map((x) => ({ activity: x.h.activity, element: x.h.element, target: x.h.target, score: x.score }));
  }

  /** The shortest route from an activity to another (empty when already there), or undefined when unreachable. */
  route(from: string, to: string): UiPath | undefined {
    if (from === to) return { activity: to, steps: [] };
    return findPaths(this.map, to, { from })[0];
  }

  /**
   * Instructions for a route, one per step, then the goal's control: the controls to act on as the map's route
   * rendering names them (`on Main: tap "Settings" (menu) → Settings`), so hints, `app_map` and `glance map
   * path` say the same words.
   */
  instructions(path: UiPath, goal?: Goal): string[] {
    return routeLines(this.map, goal === undefined ? path : { ...path, activity: goal.activity, target: goal.target });
  }

  /** A map element's visible label in an activity (its text, else its id). */
  label(activity: string, id: string): string {
    const h = this.hits.find((x) => x.activity === activity && x.element.id === id) ?? this.hits.find((x) => x.element.id === id);
    return h?.element.text ?? h?.element.desc ?? id;
  }

  /** The activity a name means (`com.x.ui.Main`, `.ui.Main`, `Main`, `MainActivity`), when unambiguous. */
  activity(name: string): string | undefined {
    const q = qualifiedActivity(name);
    const exact = this.map.activities.find((a) => a.name === q);
    if (exact !== undefined) return exact.name;
    const hits = this.map.activities.filter((a) => a.name.endsWith(q.startsWith('.') ? q : `.${q}`));
    return hits.length === 1 ? hits[0]!.name : undefined;
  }

  /** Where an element (by id, else by exact text, else by text containing it) sits on the map. */
  placesOf(target: string): Goal[] {
    const id = target.replace(/^[\w.]+:id\//, '');
    const t = target.toLowerCase();
    const label = (e: MapElement): string[] =>
      [e.text, e.desc, e.hint].filter((x): x is string => x !== undefined).map((x) => x.toLowerCase());
    for (const test of [
      (e: MapElement) => e.id === id,
      (e: MapElement) => label(e).includes(t),
      (e: MapElement) => label(e).some((l) => l.includes(t)),
    ]) {
      const hits = this.hits.filter((h) => test(h.element));
      if (hits.length > 0) return hits.map((h) => ({ activity: h.activity, element: h.element, target: h.target, score: 1 }));
    }
    return [];
  }

  /**
   * The map as the planner's prompt shows it: each screen's controls and where they lead, screens and controls
   * the task is about first, within a token budget (the cut is stated in the text).
   */
  mapText(task: string, here: string | undefined, o: { budget?: number | undefined; count: (text: string) => number }): MapText {
    const tt = taskTerms(task);
    const routes = this.taskRoutes(tt, here);
    return renderMapText(this.map, {
      count: o.count,
      relevance: (text) => relevance(tt, terms(text), (t) => this.idf(t)),
      ...(here === undefined ? {} : { here }),
      ...(o.budget === undefined ? {} : { budget: o.budget }),
      ...(routes.length === 0 ? {} : { routes }),
    });
  }

  /**
   * Routes from where the device is (else the launcher) to the best goals of a task, one per screen, at most
   * `limit`: the controls to act on in order, which the map text prints before the screens.
   */
  taskRoutes(tt: TaskTerms, here: string | undefined, limit = 2): UiPath[] {
    const start = here ?? launcherOf(this.map);
    if (start === undefined) return [];
    const out: UiPath[] = [];
    for (const g of this.goals(tt)) {
      if (out.length >= limit) break;
      if (out.some((p) => p.activity === g.activity)) continue;
      const r = this.route(start, g.activity);
      if (r !== undefined) out.push({ ...r, target: g.target });
    }
    return out;
  }

  /** The map elements with this id (any activity), for matching a trigger to what is on screen. */
  elementsWithId(id: string): MapElement[] {
    return this.hits.filter((h) => h.element.id === id).map((h) => h.element);
  }
}
