// Device action tools (tap, type, swipe, scroll, keys, apps, waits, screenshot…): see device/actions.ts.
import type { ToolDef } from './registry.js';

export const deviceTools: ToolDef[] = [];
