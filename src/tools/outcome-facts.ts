/**
 * The lines an action's answer adds to say what happened when the diff alone would mislead: a touch or a scroll
 * that changed nothing (and what to try instead), and typing whose value cannot be shown (a password's length).
 */
import type { ElementHint, ScrollOutcome, TouchOutcome, TypeOutcome } from '../device/actions/index.js';

const named = (e: ElementHint): string => `${e.ref}${e.label === undefined ? ` ${e.class}` : ` ${JSON.stringify(e.label)}`}`;

export function touchFacts(o: TouchOutcome): string[] {
  if (o.changed || o.nearby === undefined) return [];
  const t = o.target;
  const what =
    t.ref === undefined ? `the point ${o.point.x},${o.point.y}` : `${t.ref}${t.label === undefined ? '' : ` ${JSON.stringify(t.label)}`}`;
  const own = o.tappable === false ? `${what} takes no taps itself` : `the ${o.action} on ${what} changed nothing on screen`;
  const near = o.nearby.length > 0 ? `; tappable there: ${o.nearby.map(named).join(', ')}` : '; nothing tappable near it';
  return [`${own}${near}`];
}

export function typeFacts(o: TypeOutcome): string[] {
  if (o.value !== undefined) return [`field now holds ${JSON.stringify(o.value)}`];
  if (o.password === true && o.length !== undefined)
    return [`password field now holds ${o.length} character${o.length === 1 ? '' : 's'} (hidden)`];
  return [];
}

export function scrollFacts(o: ScrollOutcome): string[] {
  if (o.found !== undefined) return [`found ${o.found} after ${o.swipes} swipe(s)`];
  if (o.moved !== false) return [];
  const back = { down: 'up', up: 'down', left: 'right', right: 'left' }[o.direction];
  const others = o.others ?? [];
  return [
    `the content did not move: nothing more ${o.direction} there (or it does not scroll); try direction ${back}${others.length > 0 ? `, or another container: ${others.map(named).join(', ')}` : ''}`,
  ];
}
