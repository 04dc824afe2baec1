/**
 * The agent's data model: actions it can take, what it observes, what a policy decides, and the trajectory
 * a run leaves behind. Plain JSON-serialisable data; the trajectory file is one of these per line.
 */
import type { ScreenInfo, SnapshotElement } from '../snapshot/types.js';

export type ActionKind = 'tap' | 'long_press' | 'type' | 'scroll' | 'swipe' | 'key' | 'back' | 'launch' | 'done' | 'fail';

export type Direction = 'up' | 'down' | 'left' | 'right';

/** One thing the agent does. `target` is a ref (b12), a selector (#id, :has-text("…")) or a point X,Y. */
export interface AgentAction {
  kind: ActionKind;
  target?: string;
  /** Text to type (type), or the answer / reason for done and fail. */
  text?: string;
  direction?: Direction;
  /** Key name for `key` (BACK, ENTER…). */
  key?: string;
  /** Package (or label) for `launch`. */
  app?: string;
}

/** The screen as the agent sees it after a snapshot. */
export interface Observation {
  screen: ScreenInfo;
  elements: SnapshotElement[];
  /** The compact snapshot text (what a model would read). */
  text: string;
  /** Elements the dump holds outside the screen (same refs; `text` leaves them out): what lies beyond a fold. */
  offscreen?: SnapshotElement[];
  /** The raw dump the snapshot came from (for privacy blocks). */
  dump: string;
  /** The UI Map activity this screen was localised to, when a map is known. */
  mapNode?: string;
}

/** What acting did. */
export interface ActResult {
  ok: boolean;
  changed: boolean;
  newScreen: boolean;
  /** The tool's rendered diff, or the error message when not ok. */
  diff: string;
  /** The element acted on, when the target resolved to one. */
  element?: { ref?: string; label?: string };
  error?: { code: string; message: string; hint?: string };
  /** A replay world has no recorded outcome for this action (the episode cannot continue faithfully). */
  offPath?: boolean;
}

/** One model call, for accounting. */
export interface LlmCall {
  role: string;
  model: string;
  prompt: string;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
  costUsd: number;
  /** Read back from a cassette rather than asked (tokens and cost are the recorded call's). */
  replayed?: boolean;
  /** The prompt as sent and the answer as parsed (for the report). */
  request?: string;
  answer?: string;
  /**
   * Where the model runs: `local` calls (privacy's device side: a model on this machine proposing sub-tasks and
   * ranking blocks) expose nothing; absent means a cloud call, whose requests are what privacy accounts for.
   */
  side?: 'local';
}

/** CORE's co-planning at one step: the device side's sub-task per block, and the cloud's pick. */
export interface CoPlanRecord {
  /** Who proposed and ranked on the device side: `lexical`, or the local model's name. */
  local: string;
  proposals: Array<{ block: string; kind: string; subtask: string }>;
  /** The cloud model judged the task complete (no block was sent). */
  finished: boolean;
  /** The block whose sub-task the cloud chose, and the sub-task as confirmed (the cloud may reword it). */
  picked?: string;
  subtask?: string;
  /** Upload order the device side set for the sub-task (block ids, best first). */
  order?: string[];
}

/** What one step sent to a model in privacy mode, and what it kept back (from privacy's ledger). */
export interface StepLedger {
  /** Block ids in the order they were sent. */
  sentBlocks: string[];
  sent: LedgerExposure;
  withheld: LedgerExposure;
  /** Placeholders that stood for real values in what was sent. */
  masked: number;
}

export interface LedgerExposure {
  blocks: number;
  elements: number;
  chars: number;
  categories: Partial<Record<string, number>>;
}

export interface Decision {
  action: AgentAction;
  reason?: string;
  /** Taken without asking the model (the map's shortcut): the history marks it so a model never takes it for its own. */
  source?: 'map';
  /** The instruction the policy is carrying out (a plan step), for the report. */
  instruction?: string;
  llm?: LlmCall[];
  /** Elements and characters the policy sent to a model versus what was on screen (privacy exposure). */
  exposure?: Exposure;
  /** Privacy mode: the ledger of this step. */
  ledger?: StepLedger;
  /** The plan the policy follows after this decision (instructions), when it keeps one. */
  plan?: string[];
  /** Privacy mode: the co-planning that chose the sub-task of this step. */
  coplan?: CoPlanRecord;
}

export interface Exposure {
  sentElements: number;
  totalElements: number;
  sentChars: number;
  totalChars: number;
}

/** One step of a run. */
export interface TrajectoryStep {
  step: number;
  activity?: string;
  mapNode?: string;
  snapshot: string;
  decision: Decision;
  result?: ActResult;
  /** PNG of the screen before acting, base64, when the run records screenshots. */
  screenshot?: string;
  /** Bounds of the acted element on that screenshot. */
  box?: [number, number, number, number];
}

export type Outcome = 'done' | 'fail' | 'budget' | 'off-path' | 'error' | 'guard';

export interface Trajectory {
  task: string;
  policy: string;
  steps: TrajectoryStep[];
  outcome: Outcome;
  /** Why the run ended (the policy's reason, the guard's or the error's message). */
  reason?: string;
  seconds: number;
  /** Most actions the run was allowed. */
  budget?: number;
  /** Privacy mode: what left the machine over the whole run. */
  privacy?: PrivacyTotals;
}

export interface PrivacyTotals {
  steps: number;
  sent: LedgerExposure;
  withheld: LedgerExposure;
  /** Share of the screens' elements (characters) never sent. */
  elementReduction: number;
  charReduction: number;
}
