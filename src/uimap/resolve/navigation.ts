/** Navigation step: destinations and actions of every navigation graph, by id. */
import type { ResolveContext } from './context.js';

/** Step: fills ctx.nav (a later graph's id wins, as resource merging does). */
export function indexNavigation(ctx: ResolveContext): void {
  for (const g of ctx.resources.navigation.values()) {
    for (const d of g.destinations) ctx.nav.dest.set(d.id, d);
    for (const a of g.actions) ctx.nav.action.set(a.id, a.destination);
  }
}

/** `R.id.x` used in code → the activity it navigates to (directly or through an action), if any. */
export function navActivity(ctx: ResolveContext, id: string): string | undefined {
  const dest = ctx.nav.dest.get(ctx.nav.action.get(id) ?? id);
  return dest?.kind === 'activity' ? dest.className : undefined;
}
