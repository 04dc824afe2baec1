/** What a function does to the screen graph, as the effects pass summarises it (effects.ts). */
import type { EdgeKind, MapElement, MapTrigger, MenuContext } from '../model.js';

/** One effect of a function (with its callees folded in). `trig` absent = whatever the caller's is. */
export type Effect = { trig?: MapTrigger; weak?: boolean; dialog?: string } & (
  | {
      k: 'start';
      to: string;
      /** Evidence: where the target is named (`module/path:line`). */
      at: string;
      kind: EdgeKind;
      /** Named in a helper outside the class, or inside a dialog built inline. */
      via?: 'helper' | 'dialog';
    }
  | { k: 'layout'; name: string }
  | { k: 'menu'; name: string; context?: MenuContext }
  | { k: 'nav'; name: string }
  | { k: 'xml'; name: string }
  /**
   * A class the code reaches (a fragment, dialog, adapter, custom view). `page`: the fragment whose code builds
   * it, so a list's rows stay on that fragment's page when a screen's code reaches them through it.
   */
  | { k: 'reach'; cls: string; toRoot?: boolean; page?: string }
  /**
   * `opener`: the element whose code built the element (an option handed to a shared dialog class); it goes
   * on that opener's own copy of the dialog, so each control lists its own options.
   */
  | { k: 'element'; element: MapElement; opener?: string }
  | { k: 'finish'; at: string }
  /** The code reacts to the trigger's element (a listener is set on it), whatever else it does. */
  | { k: 'act' }
  /** Text the code gives an element (by id) that its layout may leave empty. */
  | { k: 'label'; id: string; text: string }
  /** An intent sent with a framework action no screen of this app takes: another app answers it. */
  | { k: 'external'; action: string }
);

export function effectKey(e: Effect): string {
  const what =
    e.k === 'start'
      ? e.to
      : e.k === 'reach'
        ? `${e.cls}|${e.toRoot === true}|${e.page ?? ''}`
        : e.k === 'element'
          ? `${e.element.id}|${e.element.text ?? ''}`
          : e.k === 'label'
            ? `${e.id}|${e.text}`
            : e.k === 'external'
              ? e.action
              : e.k === 'finish' || e.k === 'act'
                ? ''
                : e.k === 'menu'
                  ? `${e.name}|${e.context ?? ''}`
                  : e.name;
  return `${e.k}|${what}|${e.trig?.kind ?? ''}|${e.trig?.element ?? ''}|${e.weak === true}|${e.dialog ?? ''}`;
}

/**
 * The trigger an effect runs under when reached from a context with trigger `outer`: its own when it has
 * one, except that a weak one (a constructor callback) yields to an outer trigger naming an element.
 */
export function substitute(e: Effect, outer: MapTrigger | undefined): MapTrigger | undefined {
  if (e.trig === undefined) return outer;
  if (e.weak === true && outer?.element !== undefined) return outer;
  return e.trig;
}
