/** Policies by name, as the CLI, the MCP server and the benchmark ask for them. */
import { GlanceError } from '../../errors.js';
import type { UiMap } from '../../uimap/index.js';
import type { Policy } from '../policy.js';
import { oraclePolicy, randomPolicy } from './baselines.js';
import type { Provider } from '../providers/provider.js';
import { MODEL_FORMS } from '../providers/spec.js';
import { CompassPolicy } from './compass.js';
import { heuristicPolicy } from './heuristic.js';
import { SinglePolicy } from './single.js';

import type { PolicyName } from './names.js';

export { isPolicyName, LIVE_POLICY_NAMES, POLICY_NAMES, type PolicyName } from './names.js';

export interface PolicyOptions {
  /** The app's UI Map, when one is known (map-guided policies use it). */
  map?: UiMap;
  /** Seed of the random policy. */
  seed?: number;
  /** The model the model policies ask (compass, single). */
  provider?: Provider;
  /** Model policies send the screen block by block, best first, only as far as the model asks (CORE). */
  privacy?: boolean;
  /** Privacy mode's device side: a local model proposing sub-tasks and ranking blocks (default: lexical). */
  local?: Provider;
}

export function makePolicy(name: PolicyName, o: PolicyOptions = {}): Policy {
  switch (name) {
    case 'oracle':
      return oraclePolicy;
    case 'random':
      return randomPolicy(o.seed);
    case 'heuristic':
      return heuristicPolicy(o.map);
    case 'compass':
    case 'single': {
      if (o.provider === undefined)
        throw new GlanceError('MODEL_NOT_CONFIGURED', `the ${name} policy needs a model`, {
          hint: `name one with the model option or GLANCE_MODEL (${MODEL_FORMS}), or use the heuristic policy`,
        });
      if (o.local !== undefined && o.privacy !== true)
        throw new GlanceError('USAGE', 'a local model works on the device side of privacy mode', {
          hint: 'add privacy (--privacy), or drop the local model',
        });
      const mo = {
        provider: o.provider,
        ...(o.map === undefined ? {} : { map: o.map }),
        ...(o.privacy === true ? { privacy: true } : {}),
        ...(o.local === undefined ? {} : { local: o.local }),
      };
      return name === 'compass' ? new CompassPolicy(mo) : new SinglePolicy(mo);
    }
  }
}
