/**
 * The UiAutomator2 server's error envelope (`{value: {error, message, stacktrace}}` with a W3C status) as coded
 * Glance errors: a missing element is ELEMENT_NOT_FOUND, an unknown route NOT_SUPPORTED, a lost session
 * UIA2_SESSION_LOST (the backend opens a new one), anything else UIA2_COMMAND_FAILED with the server's words.
 */
import { GlanceError } from '../../errors.js';
import type { Uia2ErrorValue } from './protocol.js';

export function uia2Error(status: number, err: Uia2ErrorValue | undefined, what: string): GlanceError {
  const name = err?.error ?? `HTTP ${status}`;
  const message = (err?.message ?? '').split('\n')[0]!;
  const text = `UiAutomator2 ${what}: ${name}${message ? ` (${message})` : ''}`;
  const context = { status, error: name, ...(message ? { message } : {}) };
  switch (name) {
    case 'no such element':
    case 'stale element reference':
      return new GlanceError('ELEMENT_NOT_FOUND', text, {
        hint: 'the element is not on the screen (any more): take a new snapshot',
        next: { tool: 'device_snapshot' },
        context,
      });
    case 'unknown command':
      return new GlanceError('NOT_SUPPORTED', text, {
        hint: 'this UiAutomator2 server version lacks the endpoint; update appium-uiautomator2-server or use the dump backend',
        context,
      });
    case 'invalid session id':
      return new GlanceError('UIA2_SESSION_LOST', text, {
        hint: 'another client replaced or ended the UiAutomator2 session; retry (a new session is opened)',
        context,
      });
    case 'invalid element state':
      return new GlanceError('UIA2_COMMAND_FAILED', text, {
        hint: 'the element cannot do that (typing into something that is not a text field?): check the target',
        next: { tool: 'device_snapshot' },
        context,
      });
    default:
      return new GlanceError('UIA2_COMMAND_FAILED', text, {
        hint: 'the UiAutomator2 server refused the command; retry, or use the dump backend',
        next: { tool: 'device_doctor' },
        context,
      });
  }
}
