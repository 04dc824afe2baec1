/**
 * What each action returns: one typed outcome per action (the same facts the tools print and return as
 * structured data), all carrying how the screen settled and what changed.
 */
import type { Target } from '../../snapshot/target.js';
import type { DiffSummary } from '../snap.js';
import type { Point } from '../types.js';

export type Direction = 'up' | 'down' | 'left' | 'right';
export type TouchKind = 'tap' | 'long-press' | 'double-tap';

export interface TargetInfo {
  kind: Target['kind'];
  /** The target as given. */
  text: string;
  ref?: string;
  label?: string;
  /** Every part of the element is covered by another one: the touch may have reached that one. */
  covered?: boolean;
}

/** A dump that failed after the action: its message and the hint of the coded error. */
export interface Unread {
  message: string;
  hint?: string;
}

/** How the screen settled after an action, and what changed against the baseline. */
export interface Settled {
  settled: boolean;
  /** No dump could be read after the action (the diff is then against the screen shown before it). */
  unread?: Unread;
  /** The rendered diff against the baseline (an explicit "no change" when nothing changed). */
  diff: string;
  changed: boolean;
  /** True when the action led to another screen (then `diff` is that screen's whole snapshot). */
  newScreen?: boolean;
  /** The diff by ref, for programs. */
  changes?: DiffSummary;
}

/** An element named as an alternative: its ref, class and what it says. */
export interface ElementHint {
  ref: string;
  class: string;
  label?: string;
}

export interface TouchOutcome extends Settled {
  action: TouchKind;
  target: TargetInfo;
  point: Point;
  /** When nothing changed: whether the touched element takes taps itself. */
  tappable?: boolean;
  /** When nothing changed: the tappable elements at or nearest the point (the touched one left out). */
  nearby?: ElementHint[];
}

export interface TypeOutcome extends Settled {
  action: 'type';
  target?: TargetInfo;
  point?: Point;
  /** What the field holds afterwards, read back from the dump (absent for password fields or no field). */
  value?: string;
  /** A password field: how many characters it holds afterwards (its masked text counted; never the text). */
  length?: number;
  /** The text typed went into a password field. */
  password?: true;
}

export interface ClearOutcome extends Settled {
  action: 'clear';
  target: TargetInfo;
  point: Point;
  /** Characters deleted. */
  deleted: number;
}

export interface KeyOutcome extends Settled {
  action: 'key';
  code: number;
  name?: string;
}

export interface SwipeOutcome extends Settled {
  action: 'swipe';
  target?: TargetInfo;
  direction?: Direction;
  from: Point;
  to: Point;
}

export interface ScrollOutcome extends Settled {
  action: 'scroll';
  target?: TargetInfo;
  direction: Direction;
  swipes: number;
  /** The ref `until` found. */
  found?: string;
  /** False when the last swipe moved nothing: the content is at its end that way, or does not scroll there. */
  moved?: boolean;
  /** When nothing moved: the other scrollable containers on screen. */
  others?: ElementHint[];
}

export interface LaunchOutcome extends Settled {
  action: 'launch';
  /** How the app was found: as given, by its package's last name, or by its icon on the home screen. */
  via: 'package' | 'package name' | 'home screen';
  package?: string;
}

export type ActionOutcome = TouchOutcome | TypeOutcome | ClearOutcome | KeyOutcome | SwipeOutcome | ScrollOutcome | LaunchOutcome;
