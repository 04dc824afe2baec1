/**
 * Baselines with no model. `oracle` replays the world's ground truth (it validates the harness: its success
 * rate is the replay ceiling); `random` taps a random actionable element, seeded by the task so runs repeat.
 */
import { fnv1a } from '../../snapshot/refs.js';
import type { Policy } from '../policy.js';
import type { AgentAction, Decision } from '../types.js';
import type { GtStep } from '../world.js';

function centre(b: readonly [number, number, number, number]): string {
  return `${Math.floor((b[0] + b[2]) / 2)},${Math.floor((b[1] + b[3]) / 2)}`;
}

/** The ground-truth step as an action on the same point a person touched. */
export function gtAction(s: GtStep): AgentAction | undefined {
  if (s.kind === 'back') return { kind: 'back' };
  if (s.kind === 'swipe') return s.direction === undefined ? undefined : { kind: 'swipe', direction: s.direction };
  if (s.bounds === undefined) return undefined;
  if (s.kind === 'input') return { kind: 'type', target: centre(s.bounds), text: s.input ?? '' };
  return { kind: s.kind, target: centre(s.bounds) };
}

export const oraclePolicy: Policy = {
  name: 'oracle',
  async decide(_obs, ctx): Promise<Decision> {
    const gt = ctx.groundTruth;
    if (gt === undefined) return { action: { kind: 'fail', text: 'the oracle needs a world with a ground truth' } };
    const s = gt[ctx.step];
    if (s === undefined) return { action: { kind: 'done' }, reason: 'ground truth complete' };
    const action = gtAction(s);
    return action === undefined
      ? { action: { kind: 'fail', text: `ground-truth step ${ctx.step + 1} names no element` } }
      : { action, reason: `ground-truth step ${ctx.step + 1}` };
  },
};

/** mulberry32: a tiny seeded generator, so a benchmark run repeats exactly. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomPolicy(seed = 1): Policy {
  return {
    name: 'random',
    async decide(obs, ctx): Promise<Decision> {
      const rand = generator(fnv1a(`${seed}:${ctx.task}:${ctx.step}:${obs.text}`));
      const candidates = obs.elements.filter((e) => e.actions.includes('tap') && e.offscreen !== true);
      if (candidates.length === 0 || rand() < 0.1) return { action: { kind: 'done' }, reason: 'random stop' };
      const el = candidates[Math.floor(rand() * candidates.length)]!;
      return { action: { kind: 'tap', target: el.ref }, reason: 'random element' };
    },
  };
}
