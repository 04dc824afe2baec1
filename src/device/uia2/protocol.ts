/**
 * Facts about Appium's UiAutomator2 server that both sides share: Glance's backend (device/uia2/) and the
 * virtual device that emulates the server. Names and shapes follow appium-uiautomator2-server (server/
 * AppiumServlet.java for routes, http/AppiumResponse.java and model/api/server/ErrorModel.java for the envelope,
 * common/exceptions/*.java for the W3C error names and statuses). Pure: no I/O.
 */

/** The server app and its instrumentation (test) app, as installed on the device. */
export const UIA2_SERVER_PACKAGE = 'io.appium.uiautomator2.server';
export const UIA2_TEST_PACKAGE = 'io.appium.uiautomator2.server.test';
/** The instrumentation runner the test app declares (its target is the server package). */
export const UIA2_RUNNER = 'androidx.test.runner.AndroidJUnitRunner';
export const UIA2_INSTRUMENTATION = `${UIA2_TEST_PACKAGE}/${UIA2_RUNNER}`;
/** The test class whose one test runs the server until it is told to stop. */
export const UIA2_TEST_CLASS = 'io.appium.uiautomator2.server.test.AppiumUiAutomator2Server';
/** The device port the server listens on (ServerConfig.DEFAULT_SERVER_PORT). */
export const UIA2_PORT = 6790;
/** Android 8.0: the oldest release the server supports. */
export const UIA2_MIN_SDK = 26;

/** W3C element reference keys the server answers with (ElementModel). */
export const W3C_ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';
export const JWP_ELEMENT_KEY = 'ELEMENT';

/** The session settings Glance creates its session with: no idle wait (Glance settles itself), stay up unplugged. */
/**
 * An extension capability every Glance session carries: another Glance process that finds the device's one
 * UiAutomation connection held can tell a server Glance opened (and end its session, which stops it) from
 * one Appium or a test runner holds (left alone, and named in the error).
 */
export const GLANCE_OWNER_CAP = 'glance:owner';

export const GLANCE_SESSION_SETTINGS = { waitForIdleTimeout: 0, shutdownOnPowerDisconnect: false } as const;

/** Every reply: `{sessionId, value}`; on failure `value` is an ErrorModel and the HTTP status is set. */
export interface Uia2Envelope {
  sessionId?: string | null;
  value: unknown;
}

export interface Uia2ErrorValue {
  error: string;
  message: string;
  stacktrace?: string;
}

/** The W3C error names the server uses, with their HTTP statuses (UiAutomator2Exception subclasses). */
export const UIA2_ERRORS = {
  'unknown command': 404,
  'invalid session id': 404,
  'no such element': 404,
  'stale element reference': 404,
  'invalid argument': 400,
  'invalid element state': 400,
  'invalid selector': 400,
  'session not created': 500,
  'unknown error': 500,
} as const;

export type Uia2ErrorName = keyof typeof UIA2_ERRORS;

/** The error value of an envelope, when it is one. */
export function errorValueOf(body: unknown): Uia2ErrorValue | undefined {
  const v = (body as { value?: unknown } | null | undefined)?.value;
  if (typeof v !== 'object' || v === null) return undefined;
  const e = v as { error?: unknown; message?: unknown; stacktrace?: unknown };
  if (typeof e.error !== 'string') return undefined;
  return {
    error: e.error,
    message: typeof e.message === 'string' ? e.message : '',
    ...(typeof e.stacktrace === 'string' ? { stacktrace: e.stacktrace } : {}),
  };
}
