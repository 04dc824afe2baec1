/**
 * Where a screen's parts sit for a user: the page of a tabbed pager each tab shows, and the trail of screens
 * from the launcher to a screen (its breadcrumb). Pure: derived from a UiMap.
 */
import { idWords } from './words.js';
import type { MapActivity, UiMap } from './model.js';
import { pathsToAll } from './paths.js';

/** One tab of a pager and the page it shows. */
export interface PagerTab {
  /** The tab's title, as the user reads it. */
  title: string;
  /** The tab element's id in the map. */
  tab: string;
  /** The page's class: a fragment, or a view the pager inflates from a layout. */
  page: string;
  /** The layout of a page that is a view inflated from one. */
  layout?: string;
}

const simple = (name: string): string => name.slice(name.lastIndexOf('.') + 1);
const PAGE_CLASS = /(Fragment|Page)$/;

interface Page {
  cls: string;
  layout?: string;
}

/** The pages an activity's pager may show: its fragments, else the views named …Fragment/…Page its layouts hold. */
function pagesOf(a: MapActivity): Page[] {
  if (a.fragments.length > 0) return a.fragments.map((f) => ({ cls: f.name }));
  const out: Page[] = [];
  for (const e of a.elements) {
    if (!PAGE_CLASS.test(simple(e.class)) || e.layout === undefined || out.some((p) => p.cls === e.class)) continue;
    out.push({ cls: e.class, layout: e.layout });
  }
  return out;
}

/** `ContactsFragment` → "contacts"; `RecentCallsPage` → "recent calls". */
const pageWords = (cls: string): string => idWords(simple(cls).replace(PAGE_CLASS, ''));

/**
 * The tabs of an activity's pager, each with the page it shows: a page whose class names the tab's title
 * (`ContactsFragment` under "Contacts") pairs with it; the rest pair in order, when as many tabs as pages are
 * left (pagers and their tab bars are built from the same position, so order is what code keeps). Empty when
 * the activity has no tabs or no pages.
 */
export function pagerTabs(map: UiMap, activity: string): PagerTab[] {
  const a = map.activities.find((x) => x.name === activity);
  if (a === undefined) return [];
  const tabs = a.elements.filter((e) => e.kind === 'tab');
  const pages = pagesOf(a);
  if (tabs.length === 0 || pages.length === 0) return [];
  const pairs = new Map<number, Page>();
  const free = new Set(pages);
  tabs.forEach((t, i) => {
    const title = (t.text ?? idWords(t.id)).toLowerCase();
    const p = [...free].find((x) => pageWords(x.cls) !== '' && (title.includes(pageWords(x.cls)) || pageWords(x.cls).includes(title)));
    if (p === undefined) return;
    pairs.set(i, p);
    free.delete(p);
  });
  const unpaired = tabs.map((_, i) => i).filter((i) => !pairs.has(i));
  if (unpaired.length === free.size) [...free].forEach((p, k) => pairs.set(unpaired[k]!, p));
  return tabs.flatMap((t, i) => {
    const p = pairs.get(i);
    if (p === undefined) return [];
    const row: PagerTab = { title: t.text ?? idWords(t.id), tab: t.id, page: p.cls };
    if (p.layout !== undefined) row.layout = p.layout;
    return [row];
  });
}

/**
 * How one reaches each screen from the launcher: the screens a user passes on the best route, the screen itself
 * last, by activity name. A screen that moves on by itself (a splash) is passed without a stop, so it is left
 * out; screens the launcher never reaches are left out too.
 */
export function breadcrumbs(map: UiMap): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [to, p] of pathsToAll(map)) {
    const stops = p.steps.filter((s) => s.trigger?.kind !== 'auto').map((s) => s.from);
    out.set(to, [...stops, to]);
  }
  return out;
}
