/**
 * The policies by name: the one list the CLI, the MCP tool's schema, the benchmark and the farm read. Kept apart
 * from the policies themselves so a tool schema can name them without loading any. A new policy is its file, a
 * line here and its case in makePolicy (index.ts), which the compiler then asks for.
 */
export const POLICY_NAMES = ['heuristic', 'compass', 'single', 'oracle', 'random'] as const;
export type PolicyName = (typeof POLICY_NAMES)[number];

/** The policies that run on a live device (the baselines need a recorded world's ground truth). */
export const LIVE_POLICY_NAMES = ['heuristic', 'compass', 'single'] as const satisfies readonly PolicyName[];

export function isPolicyName(s: string): s is PolicyName {
  return (POLICY_NAMES as readonly string[]).includes(s);
}
