/**
 * The agent from the library, on a connected phone: `navigate(phone, target, { map })` reaches a screen or an
 * element by the UI Map, `doTask(phone, task, { policy, model })` does a task — the same tools app_navigate and
 * app_run_task run for the CLI and MCP, on the phone's own connection.
 */
import type { ToolDef, ToolProgress } from '../tools/registry.js';
import type { NavigationResult } from './navigate.js';

/** What the functions need of a phone (the library's Phone is one): run a tool on its connection. */
export interface ToolRunner {
  callTool<D = unknown>(
    tool: ToolDef,
    input: Record<string, unknown>,
    options?: { signal?: AbortSignal; onProgress?: (p: ToolProgress) => void },
  ): Promise<{ text: string; data: D }>;
}

interface PhoneCallOptions {
  signal?: AbortSignal;
}

export interface MapOptions {
  /** UI Map JSON file. */
  map?: string;
  /** App source folder to map (built on the fly), with library sources in `lib`. */
  src?: string;
  lib?: string[];
}

export interface NavigateOptions extends MapOptions, PhoneCallOptions {
  /** Most actions (default 12). */
  maxSteps?: number;
}

/** Reaches `target` (activity, element id or text of the map); NAVIGATION_FAILED names the last screen. */
export async function navigate(phone: ToolRunner, target: string, o: NavigateOptions): Promise<{ text: string; data: NavigationResult }> {
  const { signal, ...input } = o;
  // The tool definitions carry zod schemas: loaded on first use, so importing the library stays light.
  const { navigateTool } = await import('./tooldefs.js');
  return phone.callTool<NavigationResult>(navigateTool, { target, ...input }, signal === undefined ? {} : { signal });
}

export interface TaskOptions extends MapOptions, PhoneCallOptions {
  policy?: 'heuristic' | 'compass' | 'single';
  /** openai:MODEL, anthropic:MODEL, ollama:MODEL or http://HOST:PORT/v1#MODEL (default GLANCE_MODEL). */
  model?: string;
  privacy?: boolean;
  /** With privacy: the device side's model (proposes sub-tasks per block, ranks blocks); default lexical. */
  localModel?: string;
  cassette?: string;
  app?: string;
  maxSteps?: number;
  yes?: boolean;
  /** Folder for trajectory.jsonl and report.html (created). */
  out?: string;
  onProgress?: (p: ToolProgress) => void;
}

export interface TaskResult {
  outcome: string;
  reason?: string;
  policy: string;
  steps: Array<{ step: number; action: { kind: string; target?: string; text?: string }; reason?: string; ok?: boolean }>;
  seconds: number;
  model?: string;
  usage?: { calls: number; replayed: number; inputTokens: number; outputTokens: number; costUsd: number };
}

/** Does `task` on the phone; the outcome is in `data.outcome` (done, fail, budget, guard…). */
export async function doTask(phone: ToolRunner, task: string, o: TaskOptions = {}): Promise<{ text: string; data: TaskResult }> {
  const { signal, onProgress, ...input } = o;
  const { runTaskTool } = await import('./tooldefs.js');
  return phone.callTool<TaskResult>(
    runTaskTool,
    { task, ...input },
    {
      ...(signal === undefined ? {} : { signal }),
      ...(onProgress === undefined ? {} : { onProgress }),
    },
  );
}
