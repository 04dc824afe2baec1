/**
 * The seam between policies and models: a policy asks for a JSON answer that fits a zod schema (and, optionally,
 * passes its own check, e.g. "the ref is on screen"); the provider returns the value and what the call cost.
 * One repair round: a malformed or unusable answer is shown back to the model with the reason, once.
 */
import type { z } from 'zod';
import type { LlmCall } from '../types.js';

export interface ModelRequest<T> {
  /** What the call is for in the policy's loop (plan, step, select…), for accounting. */
  role: string;
  /** Versioned prompt id (compass.step@1), recorded with the call. */
  promptId: string;
  system: string;
  prompt: string;
  schema: z.ZodType<T>;
  /** Why a well-formed answer still cannot be used (an unknown ref…), or undefined when it can. */
  check?: (value: T) => string | undefined;
  signal?: AbortSignal;
}

export interface ModelReply<T> {
  value: T;
  /** One entry per HTTP exchange that produced an answer (a repair round adds one). */
  calls: LlmCall[];
}

export interface Provider {
  /** The model as the user named it (openai:gpt-4o-mini), or the cassette's. */
  readonly name: string;
  ask<T>(req: ModelRequest<T>): Promise<ModelReply<T>>;
}

export const REPAIR_NOTE = 'Your answer could not be used';
