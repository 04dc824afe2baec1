/**
 * What a trajectory line or a cassette exchange must look like when read back from a file. These files can be
 * edited by anyone who can write the folder, and their values end up in report.html, the terminal summary and
 * replayed actions: every field that is read is checked for its type here, on load, so a bad line is a coded
 * error naming the file and line instead of a crash deep inside rendering. Unknown fields are allowed (newer
 * writers add some).
 */
import { z } from 'zod';

const count = z.number().finite().nonnegative();

export const llmCallSchema = z.object({
  role: z.string(),
  model: z.string(),
  prompt: z.string(),
  inputTokens: count,
  outputTokens: count,
  latencyMs: count,
  costUsd: count,
  replayed: z.boolean().optional(),
  request: z.string().optional(),
  answer: z.string().optional(),
  side: z.literal('local').optional(),
});

const actionSchema = z.object({
  kind: z.enum(['tap', 'long_press', 'type', 'scroll', 'swipe', 'key', 'back', 'launch', 'done', 'fail']),
  target: z.string().optional(),
  text: z.string().optional(),
  direction: z.enum(['up', 'down', 'left', 'right']).optional(),
  key: z.string().optional(),
  app: z.string().optional(),
});

const exposureSchema = z.object({ sentElements: count, totalElements: count, sentChars: count, totalChars: count });

const ledgerExposureSchema = z.object({ blocks: count, elements: count, chars: count, categories: z.record(z.string(), count) });

const decisionSchema = z.object({
  action: actionSchema,
  reason: z.string().optional(),
  instruction: z.string().optional(),
  llm: z.array(llmCallSchema).optional(),
  exposure: exposureSchema.optional(),
  ledger: z
    .object({ sentBlocks: z.array(z.string()), sent: ledgerExposureSchema, withheld: ledgerExposureSchema, masked: count })
    .optional(),
  plan: z.array(z.string()).optional(),
  coplan: z
    .object({
      local: z.string(),
      proposals: z.array(z.object({ block: z.string(), kind: z.string(), subtask: z.string() })),
      finished: z.boolean(),
      picked: z.string().optional(),
      subtask: z.string().optional(),
      order: z.array(z.string()).optional(),
    })
    .optional(),
});

export const trajectoryStepSchema = z.object({
  step: z.number().int().nonnegative(),
  activity: z.string().optional(),
  mapNode: z.string().optional(),
  snapshot: z.string(),
  decision: decisionSchema,
  result: z
    .object({
      ok: z.boolean(),
      changed: z.boolean(),
      newScreen: z.boolean(),
      diff: z.string(),
      element: z.object({ ref: z.string().optional(), label: z.string().optional() }).optional(),
      error: z.object({ code: z.string(), message: z.string(), hint: z.string().optional() }).optional(),
      offPath: z.boolean().optional(),
    })
    .optional(),
  // A PNG in base64, nothing else: it goes into an img src.
  screenshot: z
    .string()
    .regex(/^[A-Za-z0-9+/]*={0,2}$/)
    .optional(),
  box: z.tuple([z.number().finite(), z.number().finite(), z.number().finite(), z.number().finite()]).optional(),
});

/** The last line: the run's outcome. */
export const trajectoryEndSchema = z.object({
  task: z.string(),
  policy: z.string().optional(),
  outcome: z.enum(['done', 'fail', 'budget', 'off-path', 'error', 'guard']).optional(),
  seconds: count.optional(),
  reason: z.string().optional(),
  width: z.number().finite().positive().optional(),
  height: z.number().finite().positive().optional(),
  privacy: z
    .object({
      steps: count,
      sent: ledgerExposureSchema,
      withheld: ledgerExposureSchema,
      elementReduction: z.number().finite(),
      charReduction: z.number().finite(),
    })
    .optional(),
});

export const cassetteExchangeSchema = z.object({
  key: z.string(),
  promptId: z.string(),
  role: z.string(),
  value: z.unknown(),
  calls: z.array(llmCallSchema),
});

/** The first problem zod found, as `field.path: message`. */
export function firstIssue(e: z.ZodError): string {
  const i = e.issues[0];
  if (i === undefined) return 'invalid';
  return `${i.path.length === 0 ? '(line)' : i.path.join('.')}: ${i.message}`;
}
