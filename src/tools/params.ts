/**
 * Params many tools take, defined once. Front-ends that list every tool at once (the MCP tool list) say what
 * these mean one time instead of once per tool: a tool that uses the very schema here shares its description.
 */
import { z } from 'zod';

export { DEFAULT_MAX_LABEL } from '../snapshot/snapshot.js';

export const target = z
  .string()
  .min(1)
  .describe(
    'a ref from the snapshot (b12), a selector (`#id`, `[text=OK]`, `Button:has-text("Save")`, `EditText:below([text=Name])`) or a point X,Y',
  );

export const element = z.string().optional().describe('human-readable description of the element (for logs; not used to find it)');

export const settleMs = z
  .number()
  .int()
  .min(0)
  .max(60_000)
  .optional()
  .describe('how long to wait for the screen to settle after the action, in ms (default 2000)');

/** A saved screen instead of the device's (device_snapshot, device_find). */
export const from = z
  .string()
  .optional()
  .describe('read a saved dump (uiautomator XML, uiautomator2 XML or DroidBot JSON; - for stdin) instead of the device');

// The app a UI Map is made of, for the agent's tools. Paths a model names are confined by some front-ends (the
// MCP server's roots), which the descriptions say, so a model asks the user rather than guessing.
export const map = z.string().optional().describe('UI Map JSON file');
export const src = z.string().optional().describe('app source folder to map (without map)');
export const lib = z.array(z.string()).optional().describe('library source folders the app uses (e.g. Simple-Commons), with src');

/** The shared params by name: a tool whose param of that name is this schema shares the description. */
export const sharedParams: Readonly<Record<string, z.ZodType>> = { target, element, settleMs, from, map, src, lib };
