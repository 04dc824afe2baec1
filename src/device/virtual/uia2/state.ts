/**
 * The emulated UiAutomator2 server's state as its routes see it, the faults a test can inject, and the
 * server's error type (a W3C error name that becomes the envelope and the HTTP status).
 */
import type { UiNode } from '../../../hierarchy/model.js';
import type { Uia2ErrorName } from '../../uia2/protocol.js';
import type { DeviceContext } from '../commands/context.js';

/**
 * Faults the next server requests or starts produce: `idle-timeout` — the next `/source` never answers (a
 * server stuck waiting for an idle screen); `crash` — the next `/source` kills the instrumentation process;
 * `no-start` — the next `am instrument` crashes before serving.
 */
export type Uia2Fault = 'idle-timeout' | 'crash' | 'no-start';

export type StopReason = 'deleted' | 'crashed' | 'killed' | 'closed';

/** The server's state on the device (DeviceContext.uia2). */
export interface VirtualUia2 {
  /** The running server; while set, it holds the device's UiAutomation connection. */
  server: { running: boolean; stop(reason: StopReason): void } | undefined;
  faults: Uia2Fault[];
  /** Milliseconds from `am instrument` until the server answers (a phone needs about 1–3 s). */
  startMs: number;
  /** Servers started so far (tests count restarts with it). */
  starts: number;
}

export class Uia2HttpError extends Error {
  constructor(
    readonly error: Uia2ErrorName,
    message: string,
  ) {
    super(message);
  }
}

export interface Session {
  id: string;
  capabilities: Record<string, unknown>;
}

/** Settings the server has (model/settings/*) with their defaults; the emulation honours the first group. */
export const DEFAULT_SETTINGS: Readonly<Record<string, unknown>> = {
  waitForIdleTimeout: 10000,
  snapshotMaxDepth: 70,
  enableMultiWindows: false,
  ignoreUnimportantViews: false,
  allowInvisibleElements: false,
  shutdownOnPowerDisconnect: true,
  actionAcknowledgmentTimeout: 3000,
  keyInjectionDelay: 0,
  scrollAcknowledgmentTimeout: 200,
  waitForSelectorTimeout: 10000,
  normalizeTagNames: false,
  enableTopmostWindowFromActivePackage: false,
  includeExtrasInPageSource: false,
  includeA11yActionsInPageSource: false,
};

/** What a route may read and change. */
export interface ServerState {
  readonly dev: DeviceContext;
  readonly version: { name: string; code: number };
  session: Session | undefined;
  settings: Map<string, unknown>;
  readonly elements: Map<string, UiNode>;
  newId(): string;
  stop(reason: StopReason): void;
}
