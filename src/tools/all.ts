// The registry's list: every tool, in the order front-ends show them.
import { deviceTools } from './device.js';
import type { ToolDef } from './registry.js';
import { snapshotTools } from './snapshot.js';

export const allTools: readonly ToolDef[] = [...snapshotTools, ...deviceTools];
