/**
 * Taps that leave the app where the recording never tapped: a recording shows which views hand over to another
 * app (a menu's "Print" to the print spooler, a contact row to the contacts app). The same view on a screen the
 * recording did not tap it on (another note's menu, another contact's row) leaves the app too, so the world
 * shows another app in front, not "nothing changed".
 */
import type { UiNode } from '../../hierarchy/model.js';

/** One recorded click: the view it went to (resource id, text or description) and where it led. */
export interface RecordedClick {
  id: string;
  label: string;
  /** The activity in front after it (`pkg/pkg.Activity`). */
  to: string;
  /** It led to another app's screen (not the app's own, not the launcher). */
  foreign: boolean;
}

/** The activity a tap on the innermost of `path` (or a view around it) opens in another app, if the recording says so. */
export type LeavesApp = (path: readonly UiNode[]) => string | undefined;

const pkgOf = (activity: string): string => activity.split('/')[0] ?? '';

/**
 * Indexes recorded clicks two ways: by view id and label (the same menu item), and by view id alone when every
 * recorded click on that id left the app for the same package (rows of one list: each opens the same viewer).
 * A key any recorded click answered inside the app is never taken as leaving it. `guess` answers for views no
 * recorded click ever touched (a share button the recording never tapped).
 */
export function leavingIndex(clicks: readonly RecordedClick[], guess?: LeavesApp): LeavesApp {
  const byLabel = new Map<string, string | null>();
  const byId = new Map<string, string | null>();
  const add = (m: Map<string, string | null>, key: string, c: RecordedClick): void => {
    const known = m.get(key);
    if (!c.foreign || known === null) return void m.set(key, null);
    // Two different apps for one key: which one a new tap opens is unknown.
    if (known !== undefined && pkgOf(known) !== pkgOf(c.to)) return void m.set(key, null);
    m.set(key, known ?? c.to);
  };
  for (const c of clicks) {
    if (c.id === '') continue;
    add(byLabel, `${c.id}\n${c.label}`, c);
    add(byId, c.id, c);
  }
  return (path) => {
    let recorded = false;
    for (let i = path.length - 1; i >= 0; i--) {
      const n = path[i]!;
      if (n.id === '') continue;
      const hit = byLabel.get(`${n.id}\n${n.text || n.desc}`) ?? byId.get(n.id);
      if (hit !== undefined && hit !== null) return hit;
      if (hit === null) recorded = true;
    }
    // The recording clicked this view and stayed in the app: what it is called says nothing more.
    return recorded ? undefined : guess?.(path);
  };
}
