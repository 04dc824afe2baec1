/**
 * Code facts: what one Java or Kotlin file refers to, per function — calls, constructor calls, class
 * literals, `R.<type>.<name>` references, view-binding classes, dialog buttons — each tagged with the UI
 * trigger it runs under. Names are kept as written; the resolver links them.
 */
import type { Lang } from '../syntax.js';

export type TriggerContextKind = 'click' | 'long-click' | 'menu' | 'item' | 'check' | 'preference' | 'up' | 'callback';

export interface TriggerContext {
  kind: TriggerContextKind;
  /** As written: an id name, a view variable, a binding property (camelCase) or a preference key. */
  element?: string;
  /** For `callback`: the class whose constructor received the lambda. */
  via?: string;
}

export type ResType = 'layout' | 'menu' | 'navigation' | 'xml' | 'id' | 'string';

export type Use = UseBody & {
  /** Start offset of the innermost lambda or anonymous class the use sits in; absent = the function body. */
  scope?: number;
  /** 1-based line of the syntax node the use comes from: the evidence an edge of the map points at. */
  line?: number;
  /** Runs from a dialog's button or list listener. */
  dialog?: true;
};

export type UseBody =
  | {
      t: 'call';
      name: string;
      receiver: 'none' | 'this' | 'super' | 'other';
      /** The receiver when it names a type (`Helpers.open(…)`, `DetailActivity.start(…)`), as written. */
      receiverType?: string;
      trig?: TriggerContext;
    }
  | { t: 'new'; cls: string; trig?: TriggerContext }
  | { t: 'classref'; cls: string; trig?: TriggerContext }
  | { t: 'res'; type: ResType; name: string; call?: string; trig?: TriggerContext }
  | { t: 'binding'; name: string }
  | { t: 'button'; which: 1 | 2 | 3; text?: string; trig?: TriggerContext }
  | { t: 'message'; text?: string; trig?: TriggerContext }
  | { t: 'str'; value: string; trig?: TriggerContext }
  /**
   * Text set from code on a view (`element` as written: an id, view variable or binding property) or on a tab
   * built in code (`tab`): the string resource's name.
   */
  | { t: 'label'; text: string; element?: string; tab?: true; trig?: TriggerContext }
  /**
   * A string resource handed to a list item's constructor (`RadioItem(id, getString(R.string.left))`): an
   * option of the dialog the same code opens with those items.
   */
  | { t: 'option'; text: string; trig?: TriggerContext };

export interface FunctionFacts {
  name: string;
  /** Qualified name of the declaring class; undefined for top-level functions. */
  owner?: string;
  /** Receiver type of a Kotlin extension function, as written. */
  receiver?: string;
  /** Declared `override` / `@Override`: it implements a supertype's method (often a framework one). */
  overrides?: true;
  uses: Use[];
  /** Lambda / anonymous class scopes → the scope enclosing each (0 = the body). */
  scopes?: Record<number, number>;
}

export interface ClassFacts {
  /** Qualified: package + enclosing classes + name. */
  name: string;
  simple: string;
  outer?: string;
  /** Supertypes as written (`SimpleActivity`, `View.OnClickListener`). */
  supers: string[];
  /** View variables and properties assigned from `findViewById(R.id.x)`: variable → id. */
  viewVars: Record<string, string>;
}

export interface FileFacts {
  path: string;
  lang: Lang;
  package: string;
  /** Simple name → qualified, from single-type imports. */
  imports: Record<string, string>;
  /** Packages imported with `.*`. */
  wildcardImports: string[];
  classes: ClassFacts[];
  functions: FunctionFacts[];
  /** Members skipped because their syntax tree nests too deep to walk. */
  skipped: number;
}
